// The CouponStore port on Firestore: coupons/{CODE} holds a code's terms and its redemptions (`uses`);
// coupons/{CODE}/customers/{uid} one customer's. Orders redeem and release inside their own transactions
// (orders.ts, with the helpers below: reads first, then writes).
import type { DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import {
  conflict,
  COUPON_MESSAGES,
  couponCustomerKeys,
  couponKey,
  notFound,
  type Coupon,
  type LoadedCoupon,
} from '../../../domain/index.js';
import type { Clock, CouponStore } from '../../../ports.js';
import { COLLECTIONS, isDocId, keyId, MAX_ATTEMPTS } from './mapping.js';

interface CouponDoc extends Coupon {
  createdAt: string;
  updatedAt: string;
}

const CUSTOMERS = 'customers';

const toCoupon = (snap: DocumentSnapshot): Coupon => {
  const { createdAt: _c, updatedAt: _u, ...coupon } = snap.data() as CouponDoc;
  return coupon;
};

/** The code's document and one per key of the customer (couponCustomerKeys: the account's id and its email's). */
export function couponRefs(db: Firestore, code: string, customer: { _id: string; email: string }) {
  const coupon = db.collection(COLLECTIONS.coupons).doc(code);
  return {
    coupon,
    customers: couponCustomerKeys(customer).map((key) => coupon.collection(CUSTOMERS).doc(keyId(key))),
  };
}

const usesOf = (snap: DocumentSnapshot) => (snap.exists ? Number(snap.get('uses') ?? 0) : 0);

/** Reads a code and this customer's uses of it in `tx` (the most among its keys; a read: before the transaction's
 *  writes). */
export async function loadCouponIn(
  tx: Transaction,
  db: Firestore,
  code: string,
  customer: { _id: string; email: string },
) {
  if (!isDocId(code)) return { loaded: { code, coupon: null, customerUses: 0 } satisfies LoadedCoupon, snaps: null };
  const refs = couponRefs(db, code, customer);
  const [coupon, ...customers] = await tx.getAll(refs.coupon, ...refs.customers);
  const loaded: LoadedCoupon = {
    code,
    coupon: coupon!.exists ? toCoupon(coupon!) : null,
    customerUses: Math.max(0, ...customers.map(usesOf)),
  };
  return { loaded, snaps: { coupon: coupon!, customers } };
}

type Loaded = Awaited<ReturnType<typeof loadCouponIn>>;

/** Writes a redemption (`change` +1) or its release (-1) onto what loadCouponIn read; a code deleted since keeps
 *  nothing to release. */
export function writeCouponUse(tx: Transaction, loaded: Loaded, change: 1 | -1): void {
  if (!loaded.snaps || !loaded.snaps.coupon.exists) return;
  const uses = Number(loaded.snaps.coupon.get('uses') ?? 0);
  tx.update(loaded.snaps.coupon.ref, { uses: Math.max(0, uses + change) });
  for (const customer of loaded.snaps.customers) tx.set(customer.ref, { uses: Math.max(0, usesOf(customer) + change) });
}

export class FirestoreCoupons implements CouponStore {
  constructor(
    private readonly db: Firestore,
    private readonly clock: Clock,
  ) {}

  private get col() {
    return this.db.collection(COLLECTIONS.coupons);
  }

  async list(): Promise<Coupon[]> {
    const snap = await this.col.orderBy('code').get();
    return snap.docs.map(toCoupon);
  }

  async get(code: string): Promise<Coupon | null> {
    const key = couponKey(code);
    if (!isDocId(key)) return null;
    const snap = await this.col.doc(key).get();
    return snap.exists ? toCoupon(snap) : null;
  }

  async create(terms: Omit<Coupon, 'uses'>): Promise<Coupon> {
    const coupon: Coupon = { ...terms, code: couponKey(terms.code), uses: 0 };
    const at = this.clock.now().toISOString();
    // Read in a transaction (rather than create()'s ALREADY_EXISTS, which not every emulator reports as such).
    await this.db.runTransaction(
      async (tx) => {
        const ref = this.col.doc(coupon.code);
        if ((await tx.get(ref)).exists) throw conflict(COUPON_MESSAGES.exists(coupon.code));
        tx.create(ref, { ...coupon, createdAt: at, updatedAt: at } satisfies CouponDoc);
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    return coupon;
  }

  async update(terms: Omit<Coupon, 'uses'>): Promise<Coupon> {
    const code = couponKey(terms.code);
    const at = this.clock.now().toISOString();
    return this.db.runTransaction(
      async (tx) => {
        const snap = await tx.get(this.col.doc(code));
        if (!snap.exists) throw notFound(COUPON_MESSAGES.notFound);
        const coupon: Coupon = { ...terms, code, uses: Number(snap.get('uses') ?? 0) };
        tx.set(snap.ref, { ...coupon, createdAt: String(snap.get('createdAt')), updatedAt: at } satisfies CouponDoc);
        return coupon;
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
  }

  async remove(code: string): Promise<void> {
    const key = couponKey(code);
    if (!isDocId(key)) throw notFound(COUPON_MESSAGES.notFound);
    const ref = this.col.doc(key);
    if (!(await ref.get()).exists) throw notFound(COUPON_MESSAGES.notFound);
    // The code, then its customers' counts (a code made again later starts afresh), in batches of at most 500.
    await ref.delete();
    const customers = await ref.collection(CUSTOMERS).select().get();
    for (let i = 0; i < customers.docs.length; i += 500) {
      const batch = this.db.batch();
      for (const doc of customers.docs.slice(i, i + 500)) batch.delete(doc.ref);
      await batch.commit();
    }
  }

  async customerUses(code: string, customer: { _id: string; email: string }): Promise<number> {
    const key = couponKey(code);
    if (!isDocId(key)) return 0;
    const snaps = await this.db.getAll(...couponRefs(this.db, key, customer).customers);
    return Math.max(0, ...snaps.map(usesOf));
  }
}
