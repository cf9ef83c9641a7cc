// SMTP delivery through nodemailer (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465, and MAIL_FROM).
import { createTransport, type Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from '../ports.js';

export interface SmtpSettings {
  url: string;
  from: string;
  /** Per-connection timeouts (ms): a hung server must not hold the outbox worker. */
  timeoutMs?: number;
}

export class SmtpMailer implements Mailer {
  readonly mode = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(private readonly settings: SmtpSettings) {
    const timeout = settings.timeoutMs ?? 20_000;
    this.transport = createTransport({
      url: settings.url,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
  }

  /** The outbox id becomes the Message-ID: should a crash after the server's "250 OK" make the worker send the
   *  message again, it is the same message to every mail system that deduplicates by Message-ID. */
  async send(id: string, message: MailMessage): Promise<void> {
    const domain = this.settings.from.match(/@([^>\s]+)/)?.[1] ?? 'voltshop.invalid';
    await this.transport.sendMail({
      from: this.settings.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: `<${id}@${domain}>`,
    });
  }

  close(): void {
    this.transport.close();
  }
}

/** Production without SMTP settings: nothing is pretended sent (the outbox keeps the messages, failing). */
export const unconfiguredMailer: Mailer = {
  mode: 'none',
  async send() {
    throw new Error('No mail server configured (set SMTP_URL and MAIL_FROM)');
  },
};
