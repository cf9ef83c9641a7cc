// The CouponStore port on Firestore: coupons/{CODE} holds a code's terms and the redemptions made before its uses
// were sharded (`uses`); coupons/{CODE}/useShards/{k} the redemptions since (issue 37, "Hot documents" in
// docs/firebase.md: each shard `{ uses, allotment }`, allotments summing to the code's limit, so orders with one code
// write different documents); coupons/{CODE}/customers/{uid} one customer's. Orders redeem and release inside their
// own transactions (orders.ts, with the helpers below: reads first, then writes). A code's uses = `uses` + the shards'.
import type { DocumentReference, DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import {
  conflict,
  COUPON_MESSAGES,
  COUPON_USE_SHARDS,
  pickUseShard,
  useShardAllotments,
  useShardProbeOrder,
  type UseShard,
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
const USE_SHARDS = 'useShards';

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

const shardRef = (coupon: DocumentReference, k: number) => coupon.collection(USE_SHARDS).doc(String(k));

/** A shard as stored; one not written yet: no uses, and its share of what the code's limit leaves after the
 *  uses counted on the code's document (a code from before the shards; create and update write every shard). */
function shardOf(snap: DocumentSnapshot, k: number, coupon: Coupon): UseShard {
  if (snap.exists) {
    const allotment = snap.get('allotment') as number | null | undefined;
    return { uses: usesOf(snap), allotment: allotment ?? null };
  }
  const total = coupon.maxUses == null ? null : coupon.maxUses - coupon.uses;
  const zeros = Array.from({ length: COUPON_USE_SHARDS }, () => 0);
  return { uses: 0, allotment: useShardAllotments(total, zeros)[k] ?? null };
}

interface ShardTaken {
  k: number;
  ref: DocumentReference;
  shard: UseShard;
  /** Given back (a release) to a shard that no longer exists: nothing to write. */
  exists: boolean;
}

/** Reads a code and this customer's uses of it in `tx` (the most among its keys; a read: before the transaction's
 *  writes). `releaseShard`: the shard an order being released took its use from (read too); undefined for a place. */
export async function loadCouponIn(
  tx: Transaction,
  db: Firestore,
  code: string,
  customer: { _id: string; email: string },
  releaseShard?: number | null,
) {
  if (!isDocId(code))
    return {
      loaded: { code, coupon: null, customerUses: 0 } satisfies LoadedCoupon,
      snaps: null,
      shard: null as ShardTaken | null,
    };
  const refs = couponRefs(db, code, customer);
  const release = releaseShard != null && Number.isInteger(releaseShard) ? shardRef(refs.coupon, releaseShard) : null;
  const [coupon, ...rest] = await tx.getAll(refs.coupon, ...refs.customers, ...(release ? [release] : []));
  const customers = release ? rest.slice(0, -1) : rest;
  const loaded: LoadedCoupon = {
    code,
    coupon: coupon!.exists ? toCoupon(coupon!) : null,
    customerUses: Math.max(0, ...customers.map(usesOf)),
  };
  let shard: ShardTaken | null = null;
  if (release && loaded.coupon) {
    const snap = rest[rest.length - 1]!;
    shard = { k: releaseShard!, ref: release, shard: shardOf(snap, releaseShard!, loaded.coupon), exists: snap.exists };
  }
  return { loaded, snaps: { coupon: coupon!, customers }, shard };
}

type Loaded = Awaited<ReturnType<typeof loadCouponIn>>;

const shardRefs = (coupon: DocumentReference) =>
  Array.from({ length: COUPON_USE_SHARDS }, (_, k) => shardRef(coupon, k));

/** Writes every shard of a code: `uses` (each shard's so far; none: a new code) and the allotments splitting what
 *  the code's limit leaves after the uses on its document (domain useShardAllotments). */
function writeAllotments(tx: Transaction, coupon: DocumentReference, terms: Coupon, uses: readonly number[]): void {
  const counts = shardRefs(coupon).map((_, k) => uses[k] ?? 0);
  const total = terms.maxUses == null ? null : Math.max(0, terms.maxUses - terms.uses);
  const allotments = useShardAllotments(total, counts);
  shardRefs(coupon).forEach((ref, k) => tx.set(ref, { uses: counts[k]!, allotment: allotments[k] ?? null }));
}

/** For a place: loadCouponIn, then the code's use shards one at a time in a random order until one has room
 *  (domain/couponShards.ts pickUseShard), so an order locks only the shard it writes. The code as the domain sees
 *  it counts the uses read; every shard full: at least its limit (refused as used up). */
export async function loadCouponForPlaceIn(
  tx: Transaction,
  db: Firestore,
  code: string,
  customer: { _id: string; email: string },
  random: () => number = Math.random,
): Promise<Loaded> {
  const base = await loadCouponIn(tx, db, code, customer);
  const coupon = base.loaded.coupon;
  if (!coupon || !base.snaps) return base;
  const order = useShardProbeOrder(COUPON_USE_SHARDS, random);
  const read = new Map<number, UseShard>();
  const exists = new Map<number, boolean>();
  for (;;) {
    const pick = pickUseShard(order, read);
    if ('read' in pick) {
      const snap = await tx.get(shardRef(base.snaps.coupon.ref, pick.read));
      read.set(pick.read, shardOf(snap, pick.read, coupon));
      exists.set(pick.read, snap.exists);
      continue;
    }
    const seen = coupon.uses + [...read.values()].reduce((sum, s) => sum + s.uses, 0);
    if ('exhausted' in pick) {
      const uses = coupon.maxUses == null ? seen : Math.max(seen, coupon.maxUses);
      return { ...base, loaded: { ...base.loaded, coupon: { ...coupon, uses } } };
    }
    const k = pick.take;
    const shard: ShardTaken = {
      k,
      ref: shardRef(base.snaps.coupon.ref, k),
      shard: read.get(k)!,
      exists: exists.get(k)!,
    };
    return { ...base, loaded: { ...base.loaded, coupon: { ...coupon, uses: seen } }, shard };
  }
}

/** Writes a redemption (`change` +1, onto the shard loadCouponForPlaceIn picked) or its release (-1, onto the shard
 *  the order took it from; an order from before the shards: the code's document) onto what was read; a code
 *  deleted since keeps nothing to release. Answers the shard written, for the order to record. */
export function writeCouponUse(tx: Transaction, loaded: Loaded, change: 1 | -1): number | null {
  if (!loaded.snaps || !loaded.snaps.coupon.exists) return null;
  let written: number | null = null;
  if (loaded.shard) {
    const { ref, shard, exists, k } = loaded.shard;
    if (change === 1 || exists) {
      tx.set(ref, { uses: Math.max(0, shard.uses + change), allotment: shard.allotment });
      written = k;
    }
  } else if (change === -1) {
    const uses = Number(loaded.snaps.coupon.get('uses') ?? 0);
    tx.update(loaded.snaps.coupon.ref, { uses: Math.max(0, uses + change) });
  } else {
    throw new Error('writeCouponUse: a redemption needs the shard loadCouponForPlaceIn picked');
  }
  for (const customer of loaded.snaps.customers) tx.set(customer.ref, { uses: Math.max(0, usesOf(customer) + change) });
  return written;
}

/** The uses counted on a code's shards (one query of at most COUPON_USE_SHARDS documents). */
async function shardUses(ref: DocumentReference): Promise<number> {
  const snap = await ref.collection(USE_SHARDS).get();
  return snap.docs.reduce((sum, d) => sum + usesOf(d), 0);
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
    return Promise.all(
      snap.docs.map(async (doc) => {
        const coupon = toCoupon(doc);
        return { ...coupon, uses: coupon.uses + (await shardUses(doc.ref)) };
      }),
    );
  }

  async get(code: string): Promise<Coupon | null> {
    const key = couponKey(code);
    if (!isDocId(key)) return null;
    const snap = await this.col.doc(key).get();
    if (!snap.exists) return null;
    const coupon = toCoupon(snap);
    return { ...coupon, uses: coupon.uses + (await shardUses(snap.ref)) };
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
        writeAllotments(tx, ref, coupon, []);
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
        const shards = await tx.getAll(...shardRefs(snap.ref));
        const coupon: Coupon = { ...terms, code, uses: Number(snap.get('uses') ?? 0) };
        tx.set(snap.ref, { ...coupon, createdAt: String(snap.get('createdAt')), updatedAt: at } satisfies CouponDoc);
        // The limit may have changed: the shards' allotments split it again (each at least its uses).
        const uses = shards.map(usesOf);
        writeAllotments(tx, snap.ref, coupon, uses);
        return { ...coupon, uses: coupon.uses + uses.reduce((sum, u) => sum + u, 0) };
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
    const shards = await ref.collection(USE_SHARDS).select().get();
    const docs = [...shards.docs, ...customers.docs];
    for (let i = 0; i < docs.length; i += 500) {
      const batch = this.db.batch();
      for (const doc of docs.slice(i, i + 500)) batch.delete(doc.ref);
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
