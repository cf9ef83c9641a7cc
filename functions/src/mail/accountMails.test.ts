// The one decision of which email an account event sends (both backends record what it answers).
import { describe, expect, it } from 'vitest';
import { EMAIL_VERIFICATION_TTL_HOURS, PASSWORD_RESET_TTL_MINUTES } from '../domain/accounts.js';
import { accountMails } from './accountMails.js';
import { isMailTemplate } from './templates/index.js';

const ann = { id: 'u1', name: 'Ann', email: 'ann@example.com' };
const link = { path: '/auth/action?mode=verifyEmail&oobCode=C1', ref: 'h1' };

describe('accountMails', () => {
  it('welcomes a new account once per account (keyed by its id, whatever link it carries)', () => {
    const first = accountMails({ type: 'signed-up', account: ann, link });
    const again = accountMails({ type: 'signed-up', account: ann, link: { path: '/verify-email/x', ref: 'h2' } });
    expect(first).toEqual([
      {
        key: 'welcome:u1',
        to: 'ann@example.com',
        template: 'welcome',
        data: { name: 'Ann', verifyPath: link.path, expiresInHours: EMAIL_VERIFICATION_TTL_HOURS },
      },
    ]);
    expect(again.map((m) => m.key)).toEqual(['welcome:u1']);
  });

  it('sends a new confirmation link as its own message per link', () => {
    expect(accountMails({ type: 'verification-requested', account: ann, link })).toEqual([
      {
        key: 'verify-email:h1',
        to: 'ann@example.com',
        template: 'verify-email',
        data: { name: 'Ann', verifyPath: link.path, expiresInHours: EMAIL_VERIFICATION_TTL_HOURS },
      },
    ]);
  });

  it('sends a reset link to the account', () => {
    const reset = { path: '/auth/action?mode=resetPassword&oobCode=R1', ref: 'r1' };
    expect(accountMails({ type: 'password-reset-requested', account: ann, link: reset })).toEqual([
      {
        key: 'password-reset:r1',
        to: 'ann@example.com',
        template: 'password-reset',
        data: { name: 'Ann', resetPath: reset.path, expiresInMinutes: PASSWORD_RESET_TTL_MINUTES },
      },
    ]);
  });

  it('tells the account its password changed, saying how', () => {
    expect(accountMails({ type: 'password-changed', account: ann, how: 'profile', ref: 'u1:t' })).toEqual([
      {
        key: 'password-changed:u1:t',
        to: 'ann@example.com',
        template: 'password-changed',
        data: { name: 'Ann', how: 'profile' },
      },
    ]);
  });

  it('on an email change: a notice to the OLD address, then a confirmation link to the new one (no welcome)', () => {
    const moved = { ...ann, email: 'ann.new@example.com' };
    const mails = accountMails({
      type: 'email-changed',
      account: moved,
      previousEmail: 'ann@example.com',
      link,
      ref: 'u1:t',
    });
    expect(mails).toEqual([
      {
        key: 'email-changed:u1:t',
        to: 'ann@example.com',
        template: 'email-changed',
        data: { name: 'Ann', newEmail: 'ann.new@example.com' },
      },
      {
        key: 'verify-email:h1',
        to: 'ann.new@example.com',
        template: 'verify-email',
        data: { name: 'Ann', verifyPath: link.path, expiresInHours: EMAIL_VERIFICATION_TTL_HOURS },
      },
    ]);
  });

  it('names only templates the renderer knows', () => {
    const all = [
      ...accountMails({ type: 'signed-up', account: ann, link }),
      ...accountMails({ type: 'password-changed', account: ann, how: 'reset', ref: 'x' }),
      ...accountMails({ type: 'email-changed', account: ann, previousEmail: 'o@example.com', link, ref: 'y' }),
    ];
    for (const m of all) expect(isMailTemplate(m.template)).toBe(true);
  });
});
