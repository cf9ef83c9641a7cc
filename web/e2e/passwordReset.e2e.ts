// Password reset end to end in Chromium, on the embedded server's development mailbox: ask on /login's "Forgot
// password?", open the mail at /dev/mailbox, follow its link, set a password, sign in with it; the old password
// and the used link fail. Screenshots of the mailbox and a message at 1366 and 390 px (test-results/screenshots).
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, screenshot, signIn, signOut, uniqueEmail, waitForMail } from './support/browser';

const base = inject('shopUrl');
const { open } = browserPerFile(base);
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The reset link's path in the newest mail to `email`, read from the message page's frame. */
async function resetPathFromMailbox(page: Page, email: string): Promise<string> {
  await waitForMail(base, email, /^Reset your Voltshop password/);
  await page.goto('/dev/mailbox');
  const item = page.getByRole('link', {
    name: new RegExp(`Reset your Voltshop password.*${email.replace(/[.+]/g, '\\$&')}`),
  });
  await item.first().click();
  await page.getByRole('heading', { name: 'Reset your Voltshop password' }).waitFor();
  const frame = page.frameLocator('iframe[title="The message as HTML"]');
  const href = await frame.getByRole('link', { name: 'Choose a new password' }).getAttribute('href');
  expect(href).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}$/);
  return new URL(href!).pathname;
}

describe('password reset', () => {
  it('asks, opens the mailbox, follows the link, sets a password and signs in with it', async () => {
    const email = uniqueEmail('forgetful');
    const registered = await fetch(`${base}/api/users`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Fran Forgetful', email, password: 'old-secret1' }),
    });
    expect(registered.status).toBe(201);

    const page = await open(WIDE);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
    await page.getByLabel('Email Address').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText(/If an account uses this email/).waitFor();

    const resetPath = await resetPathFromMailbox(page, email);
    await screenshot(page, 'mailbox-message-1366');
    await page.goto('/dev/mailbox');
    await screenshot(page, 'mailbox-list-1366');

    await page.goto(resetPath);
    await page.getByRole('heading', { name: 'Choose a New Password' }).waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('new-secret2');
    await page.getByLabel('Confirm Password').fill('new-secret2');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByText('Your password was changed. Sign in with the new one.').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL(/\/login$/);
    await signIn(page, email, 'new-secret2');
    await page.waitForURL(`${base}/`);
    expect(await page.locator('#username').textContent()).toBe('Fran Forgetful');

    // The old password fails now, and so does the used link.
    await signOut(page);
    await signIn(page, email, 'old-secret1');
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/Invalid email or password/);
    await page.goto(resetPath);
    await page.getByLabel('New Password', { exact: true }).fill('third-secret3');
    await page.getByLabel('Confirm Password').fill('third-secret3');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByText(/invalid, used or expired/).waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();

    // "Password changed" arrived too.
    await waitForMail(base, email, /^Your Voltshop password was changed/);
    await page.goto('/dev/mailbox');
    await page
      .getByRole('link', { name: /Your Voltshop password was changed/ })
      .first()
      .waitFor();
  });

  it('shows the mailbox and a message usably at 390 px', async () => {
    const page = await open(PHONE);
    await page.goto('/dev/mailbox');
    await page
      .getByRole('link', { name: /Voltshop/ })
      .first()
      .waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'mailbox-list-390');
    await page
      .getByRole('link', { name: /Reset your Voltshop password/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Reset your Voltshop password' }).waitFor();
    const frame = page.frameLocator('iframe[title="The message as HTML"]');
    await frame.getByRole('link', { name: 'Choose a new password' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'mailbox-message-390');
    await page.goto('/dev/mailbox');
    await page
      .getByRole('link', { name: /Your Voltshop password was changed/ })
      .first()
      .click();
    await page
      .frameLocator('iframe[title="The message as HTML"]')
      .getByRole('heading', { name: 'Your password was changed' })
      .waitFor();
    await screenshot(page, 'mailbox-password-changed-390');
  });
});
