// The account messages: which email each account event sends, to whom, under which key. One decision for both
// backends (issue 37): the embedded links (adapters/embedded/accountLinks.ts: the shop's own hashed tokens) and the
// Firebase ones (adapters/firebase/accountLinks.ts: Firebase Auth's action codes) only make the link and record what
// this answers, in the transaction of the change it reports. Pure: no read, no clock, no rendering.
import { EMAIL_VERIFICATION_TTL_HOURS, PASSWORD_RESET_TTL_MINUTES } from '../domain/accounts.js';
import type { AccountEvent, AccountLink, QueuedMail } from '../ports.js';
import type { MailData, MailTemplate } from './templates/index.js';

export type { AccountEvent, AccountLink, MailAccount } from '../ports.js';

function mail<T extends MailTemplate>(key: string, to: string, template: T, data: MailData[T]): QueuedMail<T> {
  return { key, to, template, data: data as unknown as Record<string, unknown> };
}

/** The messages whose one-time link expires (EMAIL_VERIFICATION_TTL_HOURS, PASSWORD_RESET_TTL_MINUTES) and which say
 *  when: the dashboard's "Send again" leaves them out (a late copy would carry a dead link and a wrong promise); the
 *  customer asks for a new link from the site. */
export const EXPIRING_LINK_TEMPLATES = [
  'welcome',
  'verify-email',
  'password-reset',
] as const satisfies readonly MailTemplate[];

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
