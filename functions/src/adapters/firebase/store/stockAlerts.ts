// Back-in-stock alerts on Firestore (issue 41): stockAlerts/{keyId(product|variant|email key)}, one document per
// product, variant ('' for the product itself) and email key, so subscribing twice finds the same document; and
// stockAlertLevels/{keyId(product|variant)}, the last stock level heard of each watched product or variant (a rise is
// a restock). Each write runs in a transaction (reads first), with the mails it records (store/mailOutbox.ts): an
// alert is notified exactly when its mail is recorded. Server only (firestore.rules: no client access).
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { Clock, QueuedMail, StockAlertStore } from '../../../ports.js';
import { emailKey } from '../../../domain/search.js';
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
} from '../../../domain/stockAlerts.js';
import {
  LOW_STOCK_MARKS_COLLECTION,
  STOCK_ALERTS_COLLECTION,
  STOCK_ALERT_LEVELS_COLLECTION,
} from '../../../firestore/schema.js';
import { COLLECTIONS, isDocId, keyId, MAX_ATTEMPTS } from './mapping.js';
import { recordMails } from './mailOutbox.js';

/** stockAlerts/{id}. */
export interface StockAlertDoc {
  product: string;
  variantKey: string;
  email: string;
  emailKey: string;
  status: StockAlertStatus;
  createdAt: string;
  notifiedAt: string | null;
}

/** stockAlertLevels/{id}. */
export interface StockAlertLevelDoc {
  product: string;
  variantKey: string;
  level: number;
}

const toAlert = (snap: DocumentSnapshot): StockAlert => {
  const d = snap.data() as StockAlertDoc;
  return {
    _id: snap.id,
    product: d.product,
    variant: d.variantKey || null,
    email: d.email,
    status: d.status,
    createdAt: d.createdAt,
    notifiedAt: d.notifiedAt ?? null,
  };
};

const toDoc = (a: StockAlert): StockAlertDoc => ({
  product: a.product,
  variantKey: alertVariantKey(a.variant),
  email: a.email,
  emailKey: emailKey(a.email),
  status: a.status,
  createdAt: a.createdAt,
  notifiedAt: a.notifiedAt ?? null,
});

export class FirestoreStockAlerts implements StockAlertStore {
  constructor(
    private readonly db: Firestore,
    private readonly clock: Clock,
  ) {}

  private alerts() {
    return this.db.collection(STOCK_ALERTS_COLLECTION);
  }

  private level(product: string, variant: string | null) {
    return this.db.collection(STOCK_ALERT_LEVELS_COLLECTION).doc(keyId(`${product}|${alertVariantKey(variant)}`));
  }

  async subscribe(input: NewStockAlert, confirmMail: (alert: StockAlert) => QueuedMail | null) {
    const now = this.clock.now();
    const ref = this.alerts().doc(keyId(`${input.product}|${alertVariantKey(input.variant)}|${emailKey(input.email)}`));
    const levelRef = this.level(input.product, input.variant);
    return this.db.runTransaction(
      async (tx) => {
        const [snap, levelSnap] = await tx.getAll(ref, levelRef);
        let alert: StockAlert;
        let created = false;
        let write = false;
        if (!snap!.exists) {
          alert = {
            _id: ref.id,
            product: input.product,
            variant: input.variant,
            email: input.email.trim(),
            status: input.confirmed ? 'waiting' : 'pending',
            createdAt: now.toISOString(),
            notifiedAt: null,
          };
          created = write = true;
        } else {
          alert = toAlert(snap!);
          const status = renewedStatus(alert.status, input.confirmed);
          if (status) {
            const createdAt = alert.status === 'notified' ? now.toISOString() : alert.createdAt;
            alert = { ...alert, status, createdAt, notifiedAt: null };
            write = true;
          }
        }
        const mail = alert.status === 'pending' ? confirmMail(alert) : null;
        await recordMails(tx, this.db, mail ? [mail] : [], now);
        if (write) tx.set(ref, toDoc(alert));
        if (!levelSnap!.exists)
          tx.set(levelRef, {
            product: input.product,
            variantKey: alertVariantKey(input.variant),
            level: 0,
          } satisfies StockAlertLevelDoc);
        return { alert, created };
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
  }

  async get(id: string) {
    if (!isDocId(id)) return null;
    const snap = await this.alerts().doc(id).get();
    return snap.exists ? toAlert(snap) : null;
  }

  async confirm(id: string) {
    if (!isDocId(id)) return null;
    const ref = this.alerts().doc(id);
    return this.db.runTransaction(
      async (tx) => {
        const snap = await tx.get(ref);
        if (!snap.exists) return null;
        const alert = toAlert(snap);
        if (alert.status !== 'pending') return alert;
        tx.update(ref, { status: 'waiting' });
        return { ...alert, status: 'waiting' as const };
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
  }

  async unsubscribe(id: string) {
    if (!isDocId(id)) return false;
    const ref = this.alerts().doc(id);
    return this.db.runTransaction(
      async (tx) => {
        const snap = await tx.get(ref);
        if (!snap.exists) return false;
        tx.delete(ref);
        return true;
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
  }

  async watching(product: string) {
    const snap = await this.db
      .collection(STOCK_ALERT_LEVELS_COLLECTION)
      .where('product', '==', product)
      .select()
      .limit(1)
      .get();
    return !snap.empty;
  }

  async restocked(
    level: { product: string; variant: string | null; countInStock: number },
    mail: (alert: StockAlert) => QueuedMail,
  ) {
    const now = this.clock.now();
    const levelRef = this.level(level.product, level.variant);
    return this.db.runTransaction(
      async (tx) => {
        const known = await tx.get(levelRef);
        if (!known.exists) return 0;
        const before = (known.data() as StockAlertLevelDoc).level;
        const batch = restockBatchSize(unitsBack(before, level.countInStock));
        const due = batch
          ? (
              await tx.get(
                this.alerts()
                  .where('product', '==', level.product)
                  .where('variantKey', '==', alertVariantKey(level.variant))
                  .where('status', '==', 'waiting')
                  .orderBy('createdAt')
                  .limit(batch),
              )
            ).docs
          : [];
        const alerts = due.map(toAlert);
        await recordMails(tx, this.db, alerts.map(mail), now);
        tx.update(levelRef, { level: level.countInStock });
        for (const alert of alerts)
          tx.update(this.alerts().doc(alert._id), { status: 'notified', notifiedAt: now.toISOString() });
        return alerts.length;
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
  }

  /** Issue 40: lowStockMarks/{keyId(product|variant)} exists while an item is marked low. */
  async lowStock(
    levels: readonly StockLevelOf[],
    threshold: number,
    mails: (level: StockLevelOf, admins: string[]) => QueuedMail[],
  ) {
    if (levels.length === 0) return 0;
    const now = this.clock.now();
    const refs = levels.map((l) =>
      this.db.collection(LOW_STOCK_MARKS_COLLECTION).doc(keyId(`${l.product}|${alertVariantKey(l.variant)}`)),
    );
    const markedIn = (snaps: { exists: boolean }[]) =>
      new Set(levels.filter((_, i) => snaps[i]!.exists).map((l) => alertVariantKey(l.variant)));
    // A read first: most stock moves cross nothing.
    const seen = lowStockCrossings(levels, markedIn(await this.db.getAll(...refs)), threshold);
    if (seen.mark.length === 0 && seen.clear.length === 0) return 0;
    return this.db.runTransaction(
      async (tx) => {
        const { mark, clear } = lowStockCrossings(levels, markedIn(await tx.getAll(...refs)), threshold);
        const admins = mark.length
          ? (await tx.get(this.db.collection(COLLECTIONS.users).where('isAdmin', '==', true))).docs
              .map((d) => d.data() as { email: string; createdAt: string })
              .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))
              .map((u) => u.email)
          : [];
        await recordMails(
          tx,
          this.db,
          mark.flatMap((level) => mails(level, admins)),
          now,
        );
        const refOf = (key: string) => refs[levels.findIndex((l) => alertVariantKey(l.variant) === key)]!;
        for (const key of clear) tx.delete(refOf(key));
        for (const level of mark)
          tx.set(refOf(alertVariantKey(level.variant)), {
            product: level.product,
            variantKey: alertVariantKey(level.variant),
            markedAt: now.toISOString(),
          });
        return mark.length;
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
  }

  async demand(productIds: readonly string[]): Promise<StockAlertDemand[]> {
    const ids = [...new Set(productIds)].filter(isDocId);
    const counts = new Map<string, StockAlertDemand>();
    // `in` takes 30 values at a time; only the two fields counted are read.
    for (let i = 0; i < ids.length; i += 30) {
      const snap = await this.alerts()
        .where('product', 'in', ids.slice(i, i + 30))
        .where('status', '==', 'waiting')
        .select('product', 'variantKey')
        .get();
      for (const d of snap.docs) {
        const { product, variantKey } = d.data() as Pick<StockAlertDoc, 'product' | 'variantKey'>;
        const key = `${product}|${variantKey}`;
        const entry = counts.get(key) ?? { product, variant: variantKey || null, waiting: 0 };
        entry.waiting += 1;
        counts.set(key, entry);
      }
    }
    return [...counts.values()].sort((a, b) =>
      a.product === b.product
        ? alertVariantKey(a.variant).localeCompare(alertVariantKey(b.variant))
        : a.product < b.product
          ? -1
          : 1,
    );
  }
}
