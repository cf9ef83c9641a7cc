// The admin's customers on Firestore (issue 40, domain/customers.ts), without a collection-group query and without
// reading orders per request: customers/{keyId(customer id)} is an index document per customer, kept in the same
// transactions as what it sums. The order unit of work (unitOfWork.ts) adds each placement (an order, its time, the
// customer's name and email as ordered) and each change of what an order counts toward the total (payment,
// refunds: customerSpentCents), and moves a claimed guest order to its account; the users store (users.ts) writes
// an account's document with its profile (so accounts without orders are listed) and deletes it with the account.
// A list is one count aggregation and a page (store/paging.ts); a customer one read. docs/firebase.md "Customers".
import {
  FieldPath,
  FieldValue,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  customerSearchKeys,
  customerSpentCents,
  guestNameOf,
  isGuestCustomerId,
  toDollars,
  type Customer,
  type CustomerListQuery,
  type CustomerPage,
  type OrderRecord,
} from '../../../domain/index.js';
import { CUSTOMERS_COLLECTION } from '../../../firestore/schema.js';
import { CUSTOMER_ORDER_FIELD, customerListFilters } from '../../../firestore/queries.js';
import type { CustomerStore } from '../../../ports.js';
import { COLLECTIONS, isDocId, keyId, MAX_ATTEMPTS } from './mapping.js';
import { readPage } from './paging.js';

/** customers/{keyId(id)}: one customer's figures. */
export interface CustomerDoc {
  /** The store's customer id: the account id, or the guest's `guest:<email key>`. */
  id: string;
  guest: boolean;
  name: string;
  email: string;
  searchKeys: string[];
  orders: number;
  spentCents: number;
  lastOrderAt: string | null;
  /** lastOrderAt, or '' without one: the list's order field (descending: those without an order last). */
  lastOrderSort: string;
}

export const customerRef = (db: Firestore, id: string) => db.collection(CUSTOMERS_COLLECTION).doc(keyId(id));

const toCustomer = (d: CustomerDoc): Customer => ({
  ...(d.guest ? {} : { _id: d.id }),
  name: d.name,
  email: d.email,
  guest: d.guest,
  orders: d.orders ?? 0,
  totalSpent: toDollars(d.spentCents ?? 0),
  lastOrderAt: d.lastOrderAt ?? null,
});

type Counted = Pick<OrderRecord, 'user' | 'paidAt' | 'totalCents' | 'refunds' | 'createdAt' | 'shippingAddress'>;

/** Who a claimed order leaves (its guest), read before the commit's writes: the guest's document goes when its
 *  last order does, as the embedded store lists only guests with orders. */
export async function readClaimedGuest(
  tx: Transaction,
  db: Firestore,
  before: Counted,
  after: Counted,
): Promise<DocumentSnapshot | null> {
  return before.user._id !== after.user._id && isGuestCustomerId(before.user._id)
    ? tx.get(customerRef(db, before.user._id))
    : null;
}

function add(tx: Transaction, db: Firestore, record: Counted, orders: number, spentCents: number, placed: boolean) {
  const id = record.user._id;
  const guest = isGuestCustomerId(id);
  const fields: Record<string, unknown> = {
    id,
    guest,
    orders: FieldValue.increment(orders),
    spentCents: FieldValue.increment(spentCents),
  };
  if (placed) {
    // Placements come in time order: the latest sets the time, and the name and email ordered with.
    const name = guest ? guestNameOf(record) : record.user.name;
    Object.assign(fields, {
      name,
      email: record.user.email,
      searchKeys: customerSearchKeys(name, record.user.email),
      lastOrderAt: record.createdAt,
      lastOrderSort: record.createdAt,
    });
  }
  tx.set(customerRef(db, id), fields, { merge: true });
}

/**
 * Adds what the change from `before` (null: placed) to `after` moves to its customer's document, as writes of `tx`
 * (`claimed`: readClaimedGuest's read). Writes nothing when nothing moves.
 */
export function recordCustomer(
  tx: Transaction,
  db: Firestore,
  before: Counted | null,
  after: Counted,
  claimed: DocumentSnapshot | null = null,
): void {
  if (!before) return add(tx, db, after, 1, customerSpentCents(after), true);
  if (before.user._id !== after.user._id) {
    const left = claimed?.exists ? Number(claimed.get('orders') ?? 0) - 1 : 1;
    if (claimed && left <= 0) tx.delete(claimed.ref);
    else add(tx, db, before, -1, -customerSpentCents(before), false);
    add(tx, db, after, 1, customerSpentCents(after), false);
    return;
  }
  const spent = customerSpentCents(after) - customerSpentCents(before);
  if (spent !== 0) add(tx, db, after, 0, spent, false);
}

/** An account's document with its profile (users.ts create and update, which read `current` first; the figures
 *  untouched, a new one listed with no order yet). */
export function writeAccountCustomer(
  tx: Transaction,
  db: Firestore,
  current: DocumentSnapshot,
  user: { id: string; name: string; email: string },
) {
  const profile = {
    id: user.id,
    guest: false,
    name: user.name,
    email: user.email,
    searchKeys: customerSearchKeys(user.name, user.email),
  };
  if (current.exists) tx.update(current.ref, profile);
  else tx.set(current.ref, { ...profile, orders: 0, spentCents: 0, lastOrderAt: null, lastOrderSort: '' });
}

export class FirestoreCustomers implements CustomerStore {
  constructor(private readonly db: Firestore) {}

  async list(query: CustomerListQuery): Promise<CustomerPage> {
    let filtered: Query = this.db.collection(CUSTOMERS_COLLECTION);
    for (const f of customerListFilters(query)) filtered = filtered.where(f.field, f.op, f.value);
    const { rows, ...page } = await readPage(
      filtered,
      { field: CUSTOMER_ORDER_FIELD, descending: true },
      query.page,
      query.pageSize,
      (d) => toCustomer(d.data() as CustomerDoc),
    );
    return { customers: rows, ...page };
  }

  async get(id: string): Promise<Customer | null> {
    const snap = await customerRef(this.db, id).get();
    return snap.exists ? toCustomer(snap.data() as CustomerDoc) : null;
  }
}

/** A customer's document as recomputed from all their orders (the backfill): the latest order names a guest; an
 *  account keeps the name and email of its profile. */
export function customerDocFrom(
  id: string,
  orders: readonly Counted[],
  profile: { name: string; email: string } | null,
): CustomerDoc | null {
  const guest = isGuestCustomerId(id);
  const latest = orders.reduce<Counted | null>((l, o) => (!l || o.createdAt > l.createdAt ? o : l), null);
  if (guest ? !latest : !profile) return null; // a guest without orders, or a deleted account: not listed
  const name = guest ? guestNameOf(latest!) : profile!.name;
  const email = guest ? latest!.user.email : profile!.email;
  const lastOrderAt = latest?.createdAt ?? null;
  return {
    id,
    guest,
    name,
    email,
    searchKeys: customerSearchKeys(name, email),
    orders: orders.length,
    spentCents: orders.reduce((sum, o) => sum + customerSpentCents(o), 0),
    lastOrderAt,
    lastOrderSort: lastOrderAt ?? '',
  };
}

/** The ids of a collection's documents, or of the values of one field of them, in pages (select: no field read). */
async function idsIn(db: Firestore, collection: string, field: string | null, pageSize: number, into: Set<string>) {
  let after: DocumentSnapshot | undefined;
  for (;;) {
    const q = db
      .collection(collection)
      .orderBy(FieldPath.documentId())
      .select(...(field ? [field] : []))
      .limit(pageSize);
    const page = await (after ? q.startAfter(after) : q).get();
    for (const d of page.docs) {
      const id = field ? d.get(field) : d.id;
      if (typeof id === 'string' && id) into.add(id);
    }
    if (page.size < pageSize) return;
    // A cursor that moved nothing would read the same page forever (the community emulator ignores cursors).
    if (after && page.docs.at(-1)!.id === after.id) throw new Error('Customers backfill: the cursor made no progress');
    after = page.docs.at(-1);
  }
}

/**
 * The one-off backfill (npm run backfill:firebase) of a store with orders or accounts from before the customers
 * documents: every customer's document is recomputed from all their orders and set whole, never incremented, so a
 * second run (or a run after some orders were already counted live) counts each order once. One transaction per
 * customer reads the document, the account and the orders before writing: an order change meanwhile either is in
 * what it read or retries it, and a change committed after it adds to the recomputed figures. Answers how many
 * customers it wrote.
 */
export async function backfillCustomers(db: Firestore, pageSize = 1000): Promise<number> {
  const ids = new Set<string>();
  await idsIn(db, COLLECTIONS.orders, 'userId', pageSize, ids);
  await idsIn(db, COLLECTIONS.users, null, pageSize, ids);
  let written = 0;
  for (const id of ids) {
    const guest = isGuestCustomerId(id);
    if (!guest && !isDocId(id)) continue; // not a document id: no account
    const wrote = await db.runTransaction(
      async (tx) => {
        const ref = customerRef(db, id);
        const [current, user] = await tx.getAll(ref, ...(guest ? [] : [db.collection(COLLECTIONS.users).doc(id)]));
        const orders = await tx.get(db.collection(COLLECTIONS.orders).where('userId', '==', id));
        // An account keeps the name and email its document holds (its profile's, or as last ordered), else its
        // profile's; a deleted account (no users document) is not listed, as the embedded store lists none.
        const known = current!.exists ? current! : user;
        const profile = user?.exists
          ? { name: String(known!.get('name') ?? ''), email: String(known!.get('email') ?? '') }
          : null;
        const doc = customerDocFrom(
          id,
          orders.docs.map((d) => d.data() as Counted),
          profile,
        );
        if (!doc) return false;
        tx.set(ref, doc);
        return true;
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    if (wrote) written++;
  }
  return written;
}
