// Register, sign out, sign in with redirect, signed-out redirects, profile with My Orders, any 401 signs out.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { pagePerTest, register, signIn, signOut, submitRegistration, uniqueEmail } from './support/browser';

const base = inject('shopUrl');
let page: Page;
pagePerTest(base, (p) => (page = p));

const storedUser = (p: Page) => p.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null'));

describe('accounts', () => {
  it('registers (with a password mismatch first), signs out, and signs in again with a redirect', async () => {
    const email = uniqueEmail('carol');
    await page.goto('/register');
    await page.getByLabel('Name').fill('Carol Jones');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm Password').fill('secret999');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Password do not match').first().waitFor();

    await page.getByLabel('Confirm Password').fill('secret123');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(`${base}/`);
    expect(await page.locator('#username').textContent()).toBe('Carol Jones');
    expect((await storedUser(page)).email).toBe(email);

    await signOut(page);
    expect(await storedUser(page)).toBeNull();
    expect(await page.getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true);

    await page.goto('/profile');
    await page.waitForURL(/\/login\?redirect=%2Fprofile$/);
    await signIn(page, email, 'secret123');
    await page.waitForURL(/\/profile$/);
    await page.getByRole('heading', { name: 'User Profile' }).waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('Carol Jones');
    await page.getByText('You have no orders yet.').waitFor();
  });

  it('shows the API message for a wrong password and stays signed out', async () => {
    await page.goto('/login');
    await signIn(page, 'alice@voltshop.test', 'wrong-password');
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/invalid|incorrect|password/i);
    expect(await storedUser(page)).toBeNull();
  });

  it('refuses a second account with the same email with the API message', async () => {
    await page.goto('/register');
    await page.getByLabel('Name').fill('Alice Again');
    await page.getByLabel('Email Address').fill('alice@voltshop.test');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm Password').fill('secret123');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('User already exists').waitFor();
  });

  it('keeps ?redirect between login and register (spec defect fixed)', async () => {
    await page.goto('/login?redirect=/shipping');
    await page.getByRole('link', { name: 'Register' }).click();
    await page.waitForURL(/\/register\?redirect=%2Fshipping$/);
    await page.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(/\/login\?redirect=%2Fshipping$/);
    await page.getByRole('link', { name: 'Register' }).click();
    const email = uniqueEmail('dave');
    await submitRegistration(page, 'Dave', email);
    await page.waitForURL(/\/shipping$/);
    await page.getByRole('heading', { name: 'Shipping' }).waitFor();
  });

  it('redirects signed-out visitors of protected pages to /login?redirect=…', async () => {
    for (const path of ['/profile', '/shipping', '/payment', '/placeorder', '/order/0123456789abcdef01234567']) {
      await page.goto(path);
      await page.waitForURL(`${base}/login?redirect=${encodeURIComponent(path)}`);
      await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    }
    await page.goto('/admin/userlist');
    await page.waitForURL(`${base}/login?redirect=${encodeURIComponent('/admin/userlist')}`);
  });

  it('sends signed-in customers away from admin pages', async () => {
    await register(page, 'Erin', uniqueEmail('erin'));
    await page.goto('/admin/orderlist');
    await page.waitForURL(`${base}/`);
    expect(await page.getByRole('button', { name: 'Admin' }).count()).toBe(0);
  });

  it('signs out cleanly when the token is no longer valid (401)', async () => {
    await register(page, 'Frank', uniqueEmail('frank'));
    await page.evaluate(() => {
      const u = JSON.parse(localStorage.getItem('userInfo')!);
      localStorage.setItem('userInfo', JSON.stringify({ ...u, token: 'expired.or.forged' }));
    });
    await page.goto('/profile');
    await page.waitForURL(/\/login\?redirect=%2Fprofile$/);
    expect(await storedUser(page)).toBeNull();
    expect(await page.getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true);
  });

  it('updates the profile name', async () => {
    await register(page, 'Gina', uniqueEmail('gina'));
    await page.goto('/profile');
    await page.getByLabel('Name').fill('Gina Rossi');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Profile Updated').waitFor();
    expect(await page.locator('#username').textContent()).toBe('Gina Rossi');
    expect((await storedUser(page)).name).toBe('Gina Rossi');
  });
});
