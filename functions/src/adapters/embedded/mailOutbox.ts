// The mail outbox on the embedded database (migration 12). `recordMail(tx, ...)` records a message inside the
// caller's write transaction, so it exists exactly when the change it reports committed; the worker
// (mail/outboxWorker.ts) sends what is due through this store.
//
// A store write that reports something by mail calls
//   recordMail(tx, { key: `order-placed:${orderId}`, to, template: 'order-placed', data }, now)
// inside its `db.write((tx) => ...)` (the order messages: unitOfWork.ts, from the use cases' change sets, built by mail/orderMails.ts);
// a rolled-back change then records nothing, and the key makes a retried change record one message. The worker
// finds it on its next poll (OUTBOX_DEFAULTS.pollMs, 5 s); to send at once, the writer calls `outbox.wake()` after
// the commit (accountLinks.ts onMailRecorded, the store's `orderMail.onRecorded`). The templates' data types are
// mail/templates/index.ts MailData.
import type { InStatement, Transaction } from './sql.js';
import type { Clock, MailFailure, MailQueue, OutboxEntry, OutboxStore, QueuedMail } from '../../ports.js';
import type { Database } from './db.js';
import { newId } from './mapping.js';

/** Records a message in `tx` (a store's write transaction). The same key twice records it once. */
export async function recordMail(tx: Transaction, mail: QueuedMail, now: Date): Promise<void> {
  await tx.execute(recordMailStatement(mail, now));
}

/** recordMail as a statement, for a caller that sends its writes in one `tx.batch` (unitOfWork.ts). */
export function recordMailStatement(mail: QueuedMail, now: Date): InStatement {
  const at = now.toISOString();
  return {
    sql: `INSERT INTO mail_outbox (id, idempotency_key, to_address, template, data_json, status, attempts, next_attempt_at, created_at)
          VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?)
          ON CONFLICT (idempotency_key) DO NOTHING`,
    args: [newId(), mail.key, mail.to, mail.template, JSON.stringify(mail.data), at, at],
  };
}

export class SqlMailOutbox implements OutboxStore, MailQueue {
  /** Called after a message was recorded through enqueue() (the worker's wake-up). */
  onRecorded: () => void = () => undefined;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async enqueue(mail: QueuedMail): Promise<void> {
    await this.db.write((tx) => recordMail(tx, mail, this.clock.now()));
    this.onRecorded();
  }

  /** Tells the worker that a transaction recorded mail (recordMail), so it sends now rather than on its next poll. */
  wake(): void {
    this.onRecorded();
  }

  async due(now: Date, limit: number): Promise<OutboxEntry[]> {
    const rs = await this.db.client.execute({
      sql: `SELECT id, to_address, template, data_json, attempts, next_attempt_at FROM mail_outbox
            WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, created_at LIMIT ?`,
      args: [now.toISOString(), limit],
    });
    return rs.rows.map((r) => ({
      id: String(r.id),
      to: String(r.to_address),
      template: String(r.template),
      data: JSON.parse(String(r.data_json ?? '{}')) as Record<string, unknown>,
      attempts: Number(r.attempts),
      dueAt: String(r.next_attempt_at),
    }));
  }

  async failing(since: Date, limit: number): Promise<MailFailure[]> {
    // Index mail_outbox_failing (migration 44): only the messages whose last attempt failed.
    const rs = await this.db.client.execute({
      sql: `SELECT to_address, template, attempts, last_error, status, next_attempt_at FROM mail_outbox
            WHERE last_error IS NOT NULL AND status <> 'sent' AND next_attempt_at >= ?
            ORDER BY next_attempt_at DESC LIMIT ?`,
      args: [since.toISOString(), limit],
    });
    return rs.rows.map((r) => ({
      to: String(r.to_address),
      template: String(r.template),
      attempts: Number(r.attempts),
      lastError: String(r.last_error),
      givenUp: r.status === 'failed',
      at: String(r.next_attempt_at),
    }));
  }

  /** Takes the message for one attempt: counts it and moves its due time to the lease's end, only if it is still
   *  as `due()` read it (another worker, or a crashed one's lease, cannot make two attempts at once). */
  async claim(entry: OutboxEntry, leaseUntil: Date): Promise<boolean> {
    const rs = await this.db.write((tx) =>
      tx.execute({
        sql: `UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = ?
              WHERE id = ? AND status = 'pending' AND next_attempt_at = ?`,
        args: [leaseUntil.toISOString(), entry.id, entry.dueAt],
      }),
    );
    return rs.rowsAffected === 1;
  }

  async markSent(id: string, now: Date): Promise<void> {
    await this.db.write((tx) =>
      tx.execute({
        sql: `UPDATE mail_outbox SET status = 'sent', sent_at = ?, data_json = NULL, last_error = NULL WHERE id = ?`,
        args: [now.toISOString(), id],
      }),
    );
  }

  async markFailed(id: string, error: string, retryAt: Date | null): Promise<void> {
    await this.db.write((tx) =>
      tx.execute({
        sql: retryAt
          ? `UPDATE mail_outbox SET last_error = ?, next_attempt_at = ? WHERE id = ?`
          : `UPDATE mail_outbox SET last_error = ?, status = 'failed' WHERE id = ?`,
        args: retryAt ? [error, retryAt.toISOString(), id] : [error, id],
      }),
    );
  }

  async resendGivenUp(since: Date, now: Date, except: readonly string[]): Promise<number> {
    // The rows `failing` reports as given up (index mail_outbox_failing), but the templates excepted.
    const rs = await this.db.write((tx) =>
      tx.execute({
        sql: `UPDATE mail_outbox SET status = 'pending', attempts = 0, next_attempt_at = ?
              WHERE status = 'failed' AND last_error IS NOT NULL AND next_attempt_at >= ?
                AND template NOT IN (SELECT value FROM json_each(?))`,
        args: [now.toISOString(), since.toISOString(), JSON.stringify(except)],
      }),
    );
    if (rs.rowsAffected > 0) this.onRecorded();
    return rs.rowsAffected;
  }

  /** Counts by status (tests, the start-up log). */
  async counts(): Promise<Record<'pending' | 'sent' | 'failed', number>> {
    const rs = await this.db.client.execute('SELECT status, count(*) AS n FROM mail_outbox GROUP BY status');
    const out = { pending: 0, sent: 0, failed: 0 };
    for (const r of rs.rows) out[String(r.status) as keyof typeof out] = Number(r.n);
    return out;
  }
}
