// The abandoned-cart reminders on the embedded database (issue 41, migration 37): which carts a sweep considers,
// the reminder remembered with its message in one transaction, the account's opt-out, the dashboard's read. The
// rule is domain/cartReminders.ts; the sweep features/cartReminders/sweep.ts.
import type { CartLine } from '../../domain/cart.js';
import type { CartReminderCandidate, SentCartReminder } from '../../domain/cartReminders.js';
import type { CartReminderStore, QueuedMail } from '../../ports.js';
import type { Database } from './db.js';
import { recordMail } from './mailOutbox.js';

export class SqlCartReminders implements CartReminderStore {
  constructor(
    private readonly db: Database,
    /** Called after a reminder's message was recorded (the outbox worker's wake-up). */
    private readonly onRecorded: () => void = () => undefined,
  ) {}

  async candidates({
    after,
    until,
    limit,
    cursor,
  }: Parameters<CartReminderStore['candidates']>[0]): Promise<CartReminderCandidate[]> {
    // Carts the rule refuses for good (reminded for this version, an order since, opted out) are left out here,
    // so a page holds carts worth deciding; the rule still decides each.
    const rs = await this.db.client.execute({
      sql: `SELECT c.user_id, c.items, c.updated_at, u.email, u.name, u.cart_reminders_off,
              (SELECT MAX(r.cart_version) FROM cart_reminders r WHERE r.user_id = c.user_id) AS reminded_version,
              (SELECT MAX(o.created_at) FROM orders o WHERE o.user_id = c.user_id) AS last_order_at
            FROM carts c JOIN users u ON u.id = c.user_id
            WHERE c.updated_at > ? AND c.updated_at <= ? AND c.items <> '[]' AND u.cart_reminders_off = 0
              AND (c.updated_at, c.user_id) > (?, ?)
              AND NOT EXISTS (SELECT 1 FROM cart_reminders r WHERE r.user_id = c.user_id AND r.cart_version = c.updated_at)
              AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = c.user_id AND o.created_at >= c.updated_at)
            ORDER BY c.updated_at, c.user_id LIMIT ?`,
      args: [after, until, cursor?.version ?? '', cursor?.userId ?? '', limit],
    });
    return rs.rows.map((r) => ({
      userId: String(r.user_id),
      email: String(r.email),
      name: String(r.name),
      items: JSON.parse(String(r.items)) as CartLine[],
      version: String(r.updated_at),
      remindedVersion: r.reminded_version == null ? null : String(r.reminded_version),
      optedOut: Number(r.cart_reminders_off) === 1,
      lastOrderAt: r.last_order_at == null ? null : String(r.last_order_at),
    }));
  }

  async record(userId: string, version: string, mail: QueuedMail, now: Date): Promise<boolean> {
    const recorded = await this.db.write(async (tx) => {
      // Still this version (a write since re-arms the cart and waits for its own idle time), still subscribed.
      const current = await tx.execute({
        sql: `SELECT 1 FROM carts c JOIN users u ON u.id = c.user_id
              WHERE c.user_id = ? AND c.updated_at = ? AND u.cart_reminders_off = 0`,
        args: [userId, version],
      });
      if (!current.rows.length) return false;
      const inserted = await tx.execute({
        sql: `INSERT INTO cart_reminders (user_id, cart_version, sent_at) VALUES (?, ?, ?)
              ON CONFLICT (user_id, cart_version) DO NOTHING`,
        args: [userId, version, now.toISOString()],
      });
      if (inserted.rowsAffected !== 1) return false;
      await recordMail(tx, mail, now);
      return true;
    });
    if (recorded) this.onRecorded();
    return recorded;
  }

  async subscribed(userId: string): Promise<boolean> {
    const rs = await this.db.client.execute({
      sql: 'SELECT cart_reminders_off FROM users WHERE id = ?',
      args: [userId],
    });
    return rs.rows[0] ? Number(rs.rows[0].cart_reminders_off) !== 1 : false;
  }

  async setSubscribed(userId: string, subscribed: boolean): Promise<boolean> {
    const rs = await this.db.write((tx) =>
      tx.execute({ sql: 'UPDATE users SET cart_reminders_off = ? WHERE id = ?', args: [subscribed ? 0 : 1, userId] }),
    );
    return rs.rowsAffected === 1;
  }

  async sentSince(since: Date): Promise<SentCartReminder[]> {
    const rs = await this.db.client.execute({
      sql: `SELECT r.sent_at,
              (SELECT MIN(o.created_at) FROM orders o WHERE o.user_id = r.user_id AND o.created_at >= r.sent_at)
                AS next_order_at
            FROM cart_reminders r WHERE r.sent_at >= ? ORDER BY r.sent_at`,
      args: [since.toISOString()],
    });
    return rs.rows.map((r) => ({
      sentAt: String(r.sent_at),
      nextOrderAt: r.next_order_at == null ? null : String(r.next_order_at),
    }));
  }
}
