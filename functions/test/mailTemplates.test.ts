// The email templates rendered (React Email), checked against snapshots kept beside this file
// (__snapshots__/mail/, the HTML indented for reading: open one in a browser to look at it). Update with `npx vitest run -u`.
import { pretty } from '@react-email/render';
import { describe, expect, it } from 'vitest';
import { mailRenderer, renderMail } from '../src/mail/render.js';
import { TEMPLATES, type MailData, type MailTemplate } from '../src/mail/templates/index.js';

const ORIGIN = 'https://shop.example.com';
const url = (path: string) => new URL(path, ORIGIN).href;

const SAMPLES: { [T in MailTemplate]: MailData[T] } = {
  'password-reset': { name: 'Ann <Admin>', resetPath: '/reset-password/abc123', expiresInMinutes: 60 },
  'password-changed': { name: 'Ann', how: 'reset' },
  welcome: { name: 'Ann', verifyPath: '/verify-email/def456', expiresInHours: 72 },
  'verify-email': { name: 'Ann', verifyPath: '/verify-email/ghi789', expiresInHours: 72 },
};

describe('mail templates', () => {
  for (const template of Object.keys(TEMPLATES) as MailTemplate[]) {
    it(`renders ${template} as HTML and plain text, links from the shop's origin`, async () => {
      const mail = await renderMail(template, SAMPLES[template] as never, url);
      await expect(await pretty(mail.html)).toMatchFileSnapshot(`__snapshots__/mail/${template}.html`);
      await expect(`Subject: ${mail.subject}\n\n${mail.text}\n`).toMatchFileSnapshot(
        `__snapshots__/mail/${template}.txt`,
      );
      expect(mail.html).toMatch(/^<!DOCTYPE html/); // a whole document
      expect(mail.html).toContain(`href="${ORIGIN}/"`);
      expect(mail.text).toContain(`${ORIGIN}/`);
      expect(mail.html).not.toMatch(/http:\/\/localhost/);
    });
  }

  it('escapes what the shopper typed (the name)', async () => {
    const mail = await renderMail('password-reset', SAMPLES['password-reset'], url);
    expect(mail.html).toContain('Ann &lt;Admin&gt;');
    expect(mail.html).not.toContain('<Admin>');
  });

  it('puts the reset link in both parts, absolute', async () => {
    const mail = await mailRenderer('http://127.0.0.1:4000')('password-reset', SAMPLES['password-reset']);
    expect(mail.html).toContain('href="http://127.0.0.1:4000/reset-password/abc123"');
    expect(mail.text).toContain('http://127.0.0.1:4000/reset-password/abc123');
  });

  it('refuses an unknown template', async () => {
    await expect(mailRenderer(ORIGIN)('nope', {})).rejects.toThrow(/Unknown mail template/);
  });
});
