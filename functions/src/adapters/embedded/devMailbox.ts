// The development outbox: the Mailer used outside production when no SMTP server is configured. "Delivering" a
// message stores it in the shop's database, where /dev/mailbox and GET /api/dev/mail show it (mail/devRoutes.ts).
import type { Clock, DevMail, DevMailboxReader, Mailer, MailMessage } from '../../ports.js';
import type { Database } from './db.js';

export class DevMailbox implements Mailer, DevMailboxReader {
  readonly mode = 'devbox' as const;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** Keyed by the outbox id: a message redelivered after a crash is still one message here. */
  async send(id: string, message: MailMessage): Promise<void> {
    await this.db.write((tx) =>
      tx.execute({
        sql: `INSERT INTO dev_mailbox (id, to_address, subject, text, html, created_at) VALUES (?, ?, ?, ?, ?, ?)
              ON CONFLICT (id) DO NOTHING`,
        args: [id, message.to, message.subject, message.text, message.html, this.clock.now().toISOString()],
      }),
    );
  }

  async list(limit: number): Promise<DevMail[]> {
    const rs = await this.db.client.execute({
      sql: 'SELECT * FROM dev_mailbox ORDER BY created_at DESC, rowid DESC LIMIT ?',
      args: [limit],
    });
    return rs.rows.map(toDevMail);
  }

  async get(id: string): Promise<DevMail | null> {
    const rs = await this.db.client.execute({ sql: 'SELECT * FROM dev_mailbox WHERE id = ?', args: [id] });
    return rs.rows[0] ? toDevMail(rs.rows[0]) : null;
  }
}

function toDevMail(row: Record<string, unknown>): DevMail {
  return {
    id: String(row.id),
    to: String(row.to_address),
    subject: String(row.subject),
    text: String(row.text),
    html: String(row.html),
    createdAt: String(row.created_at),
  };
}
