// Which Mailer the shop uses (config.ts `mail`): SMTP when SMTP_URL is set; else the development outbox outside
// production; else none (production without settings: a warning at start, and no message is pretended sent).
import type { Config } from '../config.js';
import type { Mailer } from '../ports.js';
import { SmtpMailer, unconfiguredMailer } from './smtp.js';

export function chooseMailer(config: Config, devMailbox: () => Mailer): Mailer {
  if (config.mail.smtpUrl) {
    if (config.production && !config.mail.fromSet)
      throw new Error('MAIL_FROM must be set with SMTP_URL in production (e.g. "Voltshop <orders@shop.example.com>")');
    return new SmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from });
  }
  if (config.production) return unconfiguredMailer;
  return devMailbox();
}

/** One line for the start-up log. */
export function describeMailer(mailer: Mailer, origin: string): string {
  if (mailer.mode === 'smtp') return 'SMTP (SMTP_URL)';
  if (mailer.mode === 'devbox') return `development mailbox at ${origin}/dev/mailbox (set SMTP_URL to send for real)`;
  return 'NONE: no SMTP_URL in production, so no email is sent (password resets, order emails wait in the outbox)';
}
