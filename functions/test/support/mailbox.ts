// Reads the development mailbox of a test shop (GET /api/dev/mail), waiting for the outbox worker.
import type { TestShop } from './shop.js';

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export async function mails(shop: TestShop): Promise<Mail[]> {
  return (await shop.call<Mail[]>('GET', '/api/dev/mail')).body;
}

/** The newest mail to `to` whose subject matches, waiting up to `timeoutMs` for the worker to deliver it. */
export async function waitForMail(shop: TestShop, to: string, subject: RegExp, timeoutMs = 5_000): Promise<Mail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mails(shop)).find((m) => m.to === to && subject.test(m.subject));
    if (found) return found;
    if (Date.now() > until) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The path of the first link to `prefix` (e.g. /reset-password/) in the mail's text part. */
export function linkIn(mail: Mail, prefix: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s/]+(${prefix.replace(/\//g, '\\/')}[A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${prefix} link in: ${mail.text}`);
  return match[1];
}
