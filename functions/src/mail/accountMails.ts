// The account messages: which email each account event sends, to whom, under which key. One decision for both
// backends (issue 37): the embedded links (adapters/embedded/accountLinks.ts: the shop's own hashed tokens) and the
// Firebase ones (adapters/firebase/accountLinks.ts: Firebase Auth's action codes) only make the link and record what
// this answers, in the transaction of the change it reports. Pure: no read, no clock, no rendering.
import { EMAIL_VERIFICATION_TTL_HOURS, PASSWORD_RESET_TTL_MINUTES } from '../domain/accounts.js';
import type { QueuedMail } from '../ports.js';
import type { MailData, MailTemplate } from './templates/index.js';

/** Whom the message is about: the account as it is after the event (its new email after an email change). */
export interface MailAccount {
  id: string;
  name: string;
  email: string;
}

/** A one-time link: its path on the shop (the renderer adds PUBLIC_URL) and what tells it from every other (a
 *  token's hash, an action code's hash): a new link is a new message, the same link recorded twice is one. */
export interface AccountLink {
  path: string;
  ref: string;
}

export type AccountEvent =
  /** A new account: the welcome, with the link confirming its address. Once per account (keyed by its id). */
  | { type: 'signed-up'; account: MailAccount; link: AccountLink }
  /** "Send again" on the profile: a new confirmation link. */
  | { type: 'verification-requested'; account: MailAccount; link: AccountLink }
  /** "Forgot password?" or an admin's "Send password reset link". */
  | { type: 'password-reset-requested'; account: MailAccount; link: AccountLink }
  /** The password changed, through a reset link or on the profile; `ref` tells this change from others. */
  | { type: 'password-changed'; account: MailAccount; how: 'reset' | 'profile'; ref: string }
  /** The email changed: a notice to the old address (its owner hears of it even if someone else did it) and a link
   *  confirming the new one, which is unconfirmed from now on. */
  | { type: 'email-changed'; account: MailAccount; previousEmail: string; link: AccountLink; ref: string };

function mail<T extends MailTemplate>(key: string, to: string, template: T, data: MailData[T]): QueuedMail<T> {
  return { key, to, template, data: data as unknown as Record<string, unknown> };
}

/** The messages an account event records, in the order they are recorded. */
export function accountMails(event: AccountEvent): QueuedMail<MailTemplate>[] {
  const { account } = event;
  const confirm = (template: 'welcome' | 'verify-email', key: string, link: AccountLink) =>
    mail(key, account.email, template, {
      name: account.name,
      verifyPath: link.path,
      expiresInHours: EMAIL_VERIFICATION_TTL_HOURS,
    });
  switch (event.type) {
    case 'signed-up':
      return [confirm('welcome', `welcome:${account.id}`, event.link)];
    case 'verification-requested':
      return [confirm('verify-email', `verify-email:${event.link.ref}`, event.link)];
    case 'password-reset-requested':
      return [
        mail(`password-reset:${event.link.ref}`, account.email, 'password-reset', {
          name: account.name,
          resetPath: event.link.path,
          expiresInMinutes: PASSWORD_RESET_TTL_MINUTES,
        }),
      ];
    case 'password-changed':
      return [
        mail(`password-changed:${event.ref}`, account.email, 'password-changed', {
          name: account.name,
          how: event.how,
        }),
      ];
    case 'email-changed':
      return [
        mail(`email-changed:${event.ref}`, event.previousEmail, 'email-changed', {
          name: account.name,
          newEmail: account.email,
        }),
        confirm('verify-email', `verify-email:${event.link.ref}`, event.link),
      ];
  }
}
