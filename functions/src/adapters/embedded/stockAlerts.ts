// Back-in-stock alerts on the embedded database (issue 41, migration 35): `stock_alerts`, one row per product,
// variant ('' for the product itself) and email key; `stock_alert_levels`, the last stock level heard of each watched
// product or variant, so a rise (a restock) is told from a fall. Each write loads, asks domain/stockAlerts.ts, and
// saves in one write transaction, with the mails it records (recordMail): an alert is notified exactly when its mail
// is recorded.
import type { Row, Transaction } from './sql.js';
import type { Clock, QueuedMail, StockAlertStore } from '../../ports.js';
import type { Database } from './db.js';
import { newId } from './mapping.js';
import { recordMail } from './mailOutbox.js';
import { emailKey } from '../../domain/search.js';
import {
  alertVariantKey,
  lowStockCrossings,
  type StockLevelOf,
  renewedStatus,
  restockBatchSize,
  unitsBack,
  type NewStockAlert,
  type StockAlert,
  type StockAlertDemand,
  type StockAlertStatus,
} from '../../domain/stockAlerts.js';

const toAlert = (r: Row): StockAlert => ({
  _id: String(r.id),
  product: String(r.product_id),
  variant: r.variant_key ? String(r.variant_key) : null,
  email: String(r.email),
  status: String(r.status) as StockAlertStatus,
  createdAt: String(r.created_at),
  notifiedAt: r.notified_at == null ? null : String(r.notified_at),
});

export class SqlStockAlerts implements StockAlertStore {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    /** Wakes the outbox worker after a write recorded mail. */
    private readonly onMailRecorded: () => void = () => undefined,
  ) {}

  async subscribe(input: NewStockAlert, confirmMail: (alert: StockAlert) => QueuedMail | null) {
    const now = this.clock.now();
    const variantKey = alertVariantKey(input.variant);
    const result = await this.db.write(async (tx) => {
      const found = (
        await tx.execute({
          sql: 'SELECT * FROM stock_alerts WHERE product_id = ? AND variant_key = ? AND email_key = ?',
          args: [input.product, variantKey, emailKey(input.email)],
        })
      ).rows[0];
      let alert: StockAlert;
      let created = false;
      if (!found) {
        alert = {
          _id: newId(),
          product: input.product,
          variant: input.variant,
          email: input.email.trim(),
          status: input.confirmed ? 'waiting' : 'pending',
          createdAt: now.toISOString(),
          notifiedAt: null,
        };
        created = true;
        await tx.execute({
          sql: `INSERT INTO stock_alerts (id, product_id, variant_key, email, email_key, status, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)`,
          args: [
            alert._id,
            alert.product,
            variantKey,
            alert.email,
            emailKey(alert.email),
            alert.status,
            alert.createdAt,
          ],
        });
      } else {
        alert = toAlert(found);
        const status = renewedStatus(alert.status, input.confirmed);
        if (status) {
          // A renewed wish joins the queue's end (a notified one), or keeps its place (a pending one confirmed).
          const createdAt = alert.status === 'notified' ? now.toISOString() : alert.createdAt;
          alert = { ...alert, status, createdAt, notifiedAt: null };
          await tx.execute({
            sql: 'UPDATE stock_alerts SET status = ?, created_at = ?, notified_at = NULL WHERE id = ?',
            args: [status, createdAt, alert._id],
          });
        }
      }
      // Sold out when asked (the route checked): the level starts at 0 unless one is known already.
      await tx.execute({
        sql: `INSERT INTO stock_alert_levels (product_id, variant_key, level) VALUES (?, ?, 0)
              ON CONFLICT (product_id, variant_key) DO NOTHING`,
        args: [input.product, variantKey],
      });
      const mail = alert.status === 'pending' ? confirmMail(alert) : null;
      if (mail) await recordMail(tx, mail, now);
      return { alert, created, mailed: mail !== null };
    });
    if (result.mailed) this.onMailRecorded();
    return { alert: result.alert, created: result.created };
  }

  async get(id: string) {
    const row = (await this.db.client.execute({ sql: 'SELECT * FROM stock_alerts WHERE id = ?', args: [id] })).rows[0];
    return row ? toAlert(row) : null;
  }

  async confirm(id: string) {
    return this.db.write(async (tx) => {
      const row = (await tx.execute({ sql: 'SELECT * FROM stock_alerts WHERE id = ?', args: [id] })).rows[0];
      if (!row) return null;
      const alert = toAlert(row);
      if (alert.status !== 'pending') return alert;
      await tx.execute({ sql: "UPDATE stock_alerts SET status = 'waiting' WHERE id = ?", args: [id] });
      return { ...alert, status: 'waiting' as const };
    });
  }

  async unsubscribe(id: string) {
    const rs = await this.db.write((tx) => tx.execute({ sql: 'DELETE FROM stock_alerts WHERE id = ?', args: [id] }));
    return rs.rowsAffected > 0;
  }

  async watching(product: string) {
    const rs = await this.db.client.execute({
      sql: 'SELECT 1 FROM stock_alert_levels WHERE product_id = ? LIMIT 1',
      args: [product],
    });
    return rs.rows.length > 0;
  }

  async restocked(
    level: { product: string; variant: string | null; countInStock: number },
    mail: (alert: StockAlert) => QueuedMail,
  ) {
    const now = this.clock.now();
    const variantKey = alertVariantKey(level.variant);
    const sent = await this.db.write(async (tx) => {
      const known = (
        await tx.execute({
          sql: 'SELECT level FROM stock_alert_levels WHERE product_id = ? AND variant_key = ?',
          args: [level.product, variantKey],
        })
      ).rows[0];
      if (!known) return 0;
      await tx.execute({
        sql: 'UPDATE stock_alert_levels SET level = ? WHERE product_id = ? AND variant_key = ?',
        args: [level.countInStock, level.product, variantKey],
      });
      const batch = restockBatchSize(unitsBack(Number(known.level), level.countInStock));
      if (batch === 0) return 0;
      return notifyOldest(tx, level.product, variantKey, batch, mail, now);
    });
    if (sent > 0) this.onMailRecorded();
    return sent;
  }

  async lowStock(
    levels: readonly StockLevelOf[],
    threshold: number,
    mails: (level: StockLevelOf, admins: string[]) => QueuedMail[],
  ) {
    const marked = await recordLowStock(this.db, this.clock.now(), levels, threshold, mails);
    if (marked > 0) this.onMailRecorded();
    return marked;
  }

  async demand(productIds: readonly string[]): Promise<StockAlertDemand[]> {
    if (productIds.length === 0) return [];
    const rs = await this.db.client.execute({
      sql: `SELECT product_id, variant_key, COUNT(*) AS waiting FROM stock_alerts
            WHERE status = 'waiting' AND product_id IN (SELECT value FROM json_each(?))
            GROUP BY product_id, variant_key ORDER BY product_id, variant_key`,
      args: [JSON.stringify(productIds)],
    });
    return rs.rows.map((r) => ({
      product: String(r.product_id),
      variant: r.variant_key ? String(r.variant_key) : null,
      waiting: Number(r.waiting),
    }));
  }
}

/** The variant keys of a product marked low (issue 40). */
async function lowMarks(db: Pick<Transaction, 'execute'>, product: string): Promise<Set<string>> {
  const rs = await db.execute({ sql: 'SELECT variant_key FROM low_stock_marks WHERE product_id = ?', args: [product] });
  return new Set(rs.rows.map((r) => String(r.variant_key)));
}

/** Marks a product's items that fell to the threshold (recording the owner's mails) and clears those back above. */
export async function recordLowStock(
  db: Database,
  now: Date,
  levels: readonly StockLevelOf[],
  threshold: number,
  mails: (level: StockLevelOf, admins: string[]) => QueuedMail[],
): Promise<number> {
  const product = levels[0]?.product;
  if (!product) return 0;
  // A read first: most stock moves cross nothing, and then nothing queues behind the write lock.
  const seen = lowStockCrossings(levels, await lowMarks(db.client, product), threshold);
  if (seen.mark.length === 0 && seen.clear.length === 0) return 0;
  return db.write(async (tx) => {
    const { mark, clear } = lowStockCrossings(levels, await lowMarks(tx, product), threshold);
    for (const key of clear)
      await tx.execute({
        sql: 'DELETE FROM low_stock_marks WHERE product_id = ? AND variant_key = ?',
        args: [product, key],
      });
    if (mark.length === 0) return 0;
    const admins = (await tx.execute('SELECT email FROM users WHERE is_admin = 1 ORDER BY created_at, id')).rows.map(
      (r) => String(r.email),
    );
    for (const level of mark) {
      await tx.execute({
        sql: 'INSERT INTO low_stock_marks (product_id, variant_key, marked_at) VALUES (?, ?, ?)',
        args: [product, alertVariantKey(level.variant), now.toISOString()],
      });
      for (const mail of mails(level, admins)) await recordMail(tx, mail, now);
    }
    return mark.length;
  });
}

/** Marks the `batch` oldest waiting alerts of a level notified and records their mails, in `tx`. */
async function notifyOldest(
  tx: Transaction,
  product: string,
  variantKey: string,
  batch: number,
  mail: (alert: StockAlert) => QueuedMail,
  now: Date,
): Promise<number> {
  const rows = (
    await tx.execute({
      sql: `SELECT * FROM stock_alerts WHERE product_id = ? AND variant_key = ? AND status = 'waiting'
            ORDER BY created_at, id LIMIT ?`,
      args: [product, variantKey, batch],
    })
  ).rows;
  for (const row of rows) {
    const alert = toAlert(row);
    await tx.execute({
      sql: "UPDATE stock_alerts SET status = 'notified', notified_at = ? WHERE id = ?",
      args: [now.toISOString(), alert._id],
    });
    await recordMail(tx, mail(alert), now);
  }
  return rows.length;
}
