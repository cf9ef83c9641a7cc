// The back-in-stock alerts' store (issue 41), written once over the generic stores (both backends): each write
// loads, asks domain/stockAlerts.ts and saves in one transaction with the mails it records, so an alert is notified
// exactly when its mail is recorded (at most once: the restock's read of the queue and its writes are one
// transaction). Issue 40's low-stock marks too.
import type { ModelRecord } from '../../domain/model.js';
import { emailKey } from '../../domain/search.js';
import {
  alertVariantKey,
  lowStockCrossings,
  renewedStatus,
  restockBatchSize,
  unitsBack,
  type NewStockAlert,
  type StockAlert,
  type StockAlertDemand,
  type StockAlertStatus,
  type StockLevelOf,
} from '../../domain/stockAlerts.js';
import type { Clock, QueuedMail } from '../../ports.js';
import type { ModelStores, ModelTransaction } from '../module.js';
import {
  alertKey,
  itemKey,
  LOW_STOCK_MARK_MODEL,
  STOCK_ADMIN_MODEL,
  STOCK_ALERT_LEVEL_MODEL,
  STOCK_ALERT_MODEL,
} from './model.js';

/** Back-in-stock alerts (issue 41, domain/stockAlerts.ts). The subscriptions and, per watched product or variant,
 *  the last stock level heard of, so a rise (a restock) is told from a fall. */
export interface StockAlertStore {
  /** Subscribes the email (one alert per product, variant and email key: asking again answers the same alert,
   *  renewed when it was notified). `confirmMail`: the confirmation message of an alert left pending, recorded in
   *  the same write. Starts watching the level at 0 (the route checked it is sold out). */
  subscribe(
    alert: NewStockAlert,
    confirmMail: (alert: StockAlert) => QueuedMail | null,
  ): Promise<{ alert: StockAlert; created: boolean }>;
  get(id: string): Promise<StockAlert | null>;
  /** A pending alert starts waiting; null for an unknown id (an unsubscribed one). */
  confirm(id: string): Promise<StockAlert | null>;
  /** Deletes the alert; false when there was none. */
  unsubscribe(id: string): Promise<boolean>;
  /** Whether any alert watches a level of this product (a cheap read before `restocked`). */
  watching(product: string): Promise<boolean>;
  /** The level is now `countInStock`: when it rose, marks the oldest waiting alerts notified, at most
   *  domain restockBatchSize(units back), and records each one's `mail` in the same write. Answers how many. */
  restocked(
    level: { product: string; variant: string | null; countInStock: number },
    mail: (alert: StockAlert) => QueuedMail,
  ): Promise<number>;
  /** Waiting (confirmed, not yet mailed) alerts per product and variant of these products. */
  demand(productIds: readonly string[]): Promise<StockAlertDemand[]>;
  /** Issue 40: a product's levels as they are now, against the low-stock `threshold` (domain lowStockCrossings):
   *  each item newly at or below it is marked and its `mails` (to the admins, oldest account first) recorded in the
   *  same write; an item back above it is cleared. Writes nothing when nothing crossed. Answers the items marked. */
  lowStock(
    levels: readonly StockLevelOf[],
    threshold: number,
    mails: (level: StockLevelOf, admins: string[]) => QueuedMail[],
  ): Promise<number>;
}

type AlertRecord = ModelRecord<typeof STOCK_ALERT_MODEL>;

const toAlert = (r: AlertRecord): StockAlert => ({
  _id: r._id,
  product: r.product,
  variant: r.variantKey || null,
  email: r.email,
  status: r.status as StockAlertStatus,
  createdAt: r.createdAt,
  notifiedAt: r.notifiedAt,
});

const recordOf = (a: StockAlert): AlertRecord => ({
  _id: a._id,
  product: a.product,
  variantKey: alertVariantKey(a.variant),
  email: a.email,
  emailKey: emailKey(a.email),
  status: a.status,
  createdAt: a.createdAt,
  notifiedAt: a.notifiedAt ?? null,
});

const byAccountAge = (a: { createdAt?: string; id: string }, b: { createdAt?: string; id: string }) =>
  (a.createdAt ?? '').localeCompare(b.createdAt ?? '') || a.id.localeCompare(b.id);

export function stockAlertStore(models: ModelStores, transaction: ModelTransaction, clock: Clock): StockAlertStore {
  const alerts = models(STOCK_ALERT_MODEL);
  const levels = models(STOCK_ALERT_LEVEL_MODEL);
  const marks = models(LOW_STOCK_MARK_MODEL);
  const markedVariants = (records: readonly { variantKey: string }[]) => new Set(records.map((m) => m.variantKey));

  return {
    subscribe: (input, confirmMail) => {
      const now = clock.now();
      const variantKey = alertVariantKey(input.variant);
      const key = alertKey(input.product, input.variant, input.email);
      return transaction(async (tx) => {
        // By its key (read in the transaction: two asking at once make one alert), else one kept before issue 39.
        const found =
          (await tx.get(STOCK_ALERT_MODEL, key)) ??
          (
            await tx.query(STOCK_ALERT_MODEL, {
              where: { product: input.product, variantKey, emailKey: emailKey(input.email) },
              limit: 1,
            })
          )[0] ??
          null;
        const level = await tx.get(STOCK_ALERT_LEVEL_MODEL, itemKey(input.product, input.variant));
        let alert: StockAlert;
        let write = true;
        if (!found)
          alert = {
            _id: key,
            product: input.product,
            variant: input.variant,
            email: input.email.trim(),
            status: input.confirmed ? 'waiting' : 'pending',
            createdAt: now.toISOString(),
            notifiedAt: null,
          };
        else {
          alert = toAlert(found);
          const status = renewedStatus(alert.status, input.confirmed);
          // A renewed wish joins the queue's end (a notified one), or keeps its place (a pending one confirmed).
          if (status) {
            const createdAt = alert.status === 'notified' ? now.toISOString() : alert.createdAt;
            alert = { ...alert, status, createdAt, notifiedAt: null };
          } else write = false;
        }
        if (write) tx.put(STOCK_ALERT_MODEL, recordOf(alert));
        // Sold out when asked (the route checked): the level starts at 0 unless one is known already.
        if (!level)
          tx.put(STOCK_ALERT_LEVEL_MODEL, {
            id: itemKey(input.product, input.variant),
            product: input.product,
            variantKey,
            level: 0,
          });
        const mail = alert.status === 'pending' ? confirmMail(alert) : null;
        if (mail) tx.mail(mail, now);
        return { alert, created: !found };
      });
    },

    get: async (id) => {
      const found = await alerts.get(id);
      return found ? toAlert(found) : null;
    },

    confirm: async (id) => {
      const written = await alerts.update(id, (r) => r && (r.status === 'pending' ? { ...r, status: 'waiting' } : r));
      return written ? toAlert(written) : null;
    },

    unsubscribe: async (id) => {
      let existed = false;
      await alerts.update(id, (r) => {
        existed = r !== null;
        return null;
      });
      return existed;
    },

    // firestore/queries.ts STOCK_ALERT_WATCH_SHAPE
    watching: async (product) => (await levels.query({ where: { product }, limit: 1 })).length > 0,

    restocked: (level, mail) => {
      const now = clock.now();
      return transaction(async (tx) => {
        const known = await tx.get(STOCK_ALERT_LEVEL_MODEL, itemKey(level.product, level.variant));
        if (!known) return 0;
        tx.put(STOCK_ALERT_LEVEL_MODEL, { ...known, level: level.countInStock });
        const batch = restockBatchSize(unitsBack(known.level, level.countInStock));
        if (batch === 0) return 0;
        // The queue's head, oldest first, read in the transaction (firestore/queries.ts STOCK_ALERT_QUEUE_SHAPE): an
        // alert is marked notified with its mail recorded, once.
        const due = await tx.query(STOCK_ALERT_MODEL, {
          where: { product: level.product, variantKey: alertVariantKey(level.variant), status: 'waiting' },
          by: 'createdAt',
          limit: batch,
        });
        for (const record of due) {
          const notified = { ...record, status: 'notified', notifiedAt: now.toISOString() };
          tx.put(STOCK_ALERT_MODEL, notified);
          tx.mail(mail(toAlert(notified)), now);
        }
        return due.length;
      });
    },

    lowStock: async (items, threshold, mails) => {
      const product = items[0]?.product;
      if (!product) return 0;
      const now = clock.now();
      // A read first: most stock moves cross nothing, and then nothing waits for a write.
      const seen = lowStockCrossings(items, markedVariants(await marks.query({ where: { product } })), threshold);
      if (seen.mark.length === 0 && seen.clear.length === 0) return 0;
      return transaction(async (tx) => {
        const marked = markedVariants(await tx.query(LOW_STOCK_MARK_MODEL, { where: { product } }));
        const { mark, clear } = lowStockCrossings(items, marked, threshold);
        const admins = mark.length
          ? (await tx.query(STOCK_ADMIN_MODEL, { where: { isAdmin: true } })).sort(byAccountAge).map((u) => u.email)
          : [];
        for (const variantKey of clear) tx.remove(LOW_STOCK_MARK_MODEL, itemKey(product, variantKey || null));
        for (const level of mark) {
          tx.put(LOW_STOCK_MARK_MODEL, {
            id: itemKey(product, level.variant),
            product,
            variantKey: alertVariantKey(level.variant),
            markedAt: now.toISOString(),
          });
          for (const message of mails(level, admins)) tx.mail(message, now);
        }
        return mark.length;
      });
    },

    demand: async (productIds) => {
      const ids = [...new Set(productIds)];
      if (ids.length === 0) return [];
      // firestore/queries.ts STOCK_ALERT_DEMAND_SHAPE
      const waiting = await alerts.query({ where: { product: ids, status: 'waiting' } });
      const counts = new Map<string, StockAlertDemand>();
      for (const { product, variantKey } of waiting) {
        const entry = counts.get(`${product}|${variantKey}`) ?? { product, variant: variantKey || null, waiting: 0 };
        entry.waiting += 1;
        counts.set(`${product}|${variantKey}`, entry);
      }
      return [...counts.values()].sort(
        (a, b) =>
          a.product.localeCompare(b.product) || alertVariantKey(a.variant).localeCompare(alertVariantKey(b.variant)),
      );
    },
  };
}
