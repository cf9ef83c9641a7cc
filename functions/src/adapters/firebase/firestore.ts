// The Store port on Cloud Firestore (Admin SDK: the server bypasses the security rules; clients only ever
// read what firestore.rules allows). Same semantics, errors and messages as adapters/embedded/store.ts:
// the shared contract suite (functions/test/contract) runs against both.
//
// Collections (the schema is documented in docs/firebase.md):
//   products/{id}                 name, nameKey, nameGrams, image, brand, category, description, priceCents,
//                                 countInStock, ratingSum, numReviews, rating, user, createdAt, updatedAt
//   products/{id}/reviews/{uid}   one review per user: the document id IS the author's user id
//   users/{uid}                   name, email, emailKey, isAdmin, createdAt
//   userEmails/{emailKey}         { uid }: makes emails unique case-insensitively (claimed in transactions)
//   orders/{id}                   userId, user, orderItems (priceCents), shippingAddress, amounts in cents, status, ...
//   captures/{captureId}          { orderId }: created in the pay transaction, so a capture pays one order once
import { createHash } from 'node:crypto';
import type { DocumentReference, DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import {
  assertDeliverable,
  assertPayable,
  badInput,
  conflict,
  holdHasEnded,
  isPaidStatus,
  notFound,
  ORDER_MESSAGES,
  orderFromRecord,
  searchKey,
  priceOrder,
  shortOfStock,
  toCents,
  toDollars,
  type Order,
  type OrderStatus,
  type PaymentResult,
  type Product,
  type ProductDetail,
  type OrderRecord,
  type ProductUpdateInput,
  type Review,
} from '../../domain/index.js';
import type { NewReview, OrderStore, PlaceOrderCommand, ProductQuery, ProductStore, Store, StoredUser, UserStore } from '../../ports.js';
import { gramsOf, queryGram } from './search.js';

export const COLLECTIONS = {
  products: 'products',
  reviews: 'reviews',
  users: 'users',
  userEmails: 'userEmails',
  orders: 'orders',
  captures: 'captures',
} as const;

/** Retries of a contended transaction (stock of a popular product) before giving up. */
const MAX_ATTEMPTS = 20;

/** A string that can never name a document (empty, '/', '.', '..', `__x__`): such an id simply does not exist. */
function isDocId(id: string): boolean {
  return id.length > 0 && id.length <= 1500 && !id.includes('/') && id !== '.' && id !== '..' && !/^__.*__$/.test(id);
}

/** Document ids for values chosen elsewhere (emails, provider capture ids): kept readable when safe, hashed otherwise. */
function keyId(value: string): string {
  return /^[A-Za-z0-9@._+-]{1,200}$/.test(value) && isDocId(value) ? value : `h-${createHash('sha256').update(value).digest('hex')}`;
}

interface ProductDoc {
  name: string;
  nameKey: string;
  nameGrams: string[];
  image: string;
  brand: string;
  category: string;
  description: string;
  priceCents: number;
  countInStock: number;
  ratingSum: number;
  numReviews: number;
  rating: number;
  user: string;
  createdAt: string;
  updatedAt: string;
}

interface ReviewDoc {
  user: string;
  name: string;
  rating: number;
  comment: string;
  createdAt: string;
}

interface UserDoc {
  name: string;
  email: string;
  emailKey: string;
  isAdmin: boolean;
  createdAt: string;
}

/** The domain's OrderRecord, plus the fields queries and the capture check need. */
interface OrderDoc extends OrderRecord {
  userId: string;
  captureId: string | null;
}

function toProduct(id: string, d: ProductDoc): Product {
  return {
    _id: id,
    name: d.name,
    image: d.image,
    brand: d.brand,
    category: d.category,
    description: d.description,
    price: toDollars(d.priceCents),
    countInStock: d.countInStock,
    rating: Math.round((d.numReviews ? d.ratingSum / d.numReviews : 0) * 100) / 100,
    numReviews: d.numReviews,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

const productOf = (s: DocumentSnapshot) => toProduct(s.id, s.data() as ProductDoc);

function toReview(id: string, d: ReviewDoc): Review {
  return { _id: id, user: d.user, name: d.name, rating: d.rating, comment: d.comment, createdAt: d.createdAt };
}

function toUser(id: string, d: UserDoc): StoredUser {
  return { _id: id, name: d.name, email: d.email, isAdmin: d.isAdmin === true, createdAt: d.createdAt };
}

const toOrder = orderFromRecord;

const orderOf = (s: DocumentSnapshot) => toOrder(s.id, s.data() as OrderDoc);

/** Newest first, ties by id descending: the embedded store's `ORDER BY created_at DESC, id DESC`. */
const newestFirst = (a: { id: string; createdAt: string }, b: { id: string; createdAt: string }) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

function productFields(input: ProductUpdateInput) {
  const nameKey = searchKey(input.name);
  return {
    name: input.name,
    nameKey,
    nameGrams: gramsOf(nameKey),
    image: input.image,
    brand: input.brand,
    category: input.category,
    description: input.description,
    priceCents: toCents(input.price),
    countInStock: input.countInStock,
  };
}

class FirestoreProducts implements ProductStore {
  constructor(private readonly db: Firestore) {}

  private get col() {
    return this.db.collection(COLLECTIONS.products);
  }

  async list({ keyword, page, pageSize }: ProductQuery) {
    const skip = (page - 1) * pageSize;
    if (!keyword) {
      // Newest first; single-field ordering breaks ties by document id in the same direction (id DESC).
      const [count, snap] = await Promise.all([
        this.col.count().get(),
        this.col.orderBy('createdAt', 'desc').offset(skip).limit(pageSize).get(),
      ]);
      return { products: snap.docs.map(productOf), page, pages: Math.ceil(count.data().count / pageSize) };
    }
    const key = searchKey(keyword);
    const candidates = await this.col.where('nameGrams', 'array-contains', queryGram(key)).select('nameKey', 'createdAt').get();
    const hits = candidates.docs
      .filter((d) => String(d.get('nameKey') ?? '').includes(key))
      .map((d) => ({ id: d.id, createdAt: String(d.get('createdAt')) }))
      .sort(newestFirst);
    const slice = hits.slice(skip, skip + pageSize);
    const docs = slice.length ? await this.db.getAll(...slice.map((h) => this.col.doc(h.id))) : [];
    return { products: docs.filter((d) => d.exists).map(productOf), page, pages: Math.ceil(hits.length / pageSize) };
  }

  async top(limit: number) {
    const snap = await this.col.orderBy('rating', 'desc').orderBy('numReviews', 'desc').orderBy('createdAt', 'desc').limit(limit).get();
    return snap.docs.map(productOf);
  }

  async get(id: string): Promise<ProductDetail | null> {
    if (!isDocId(id)) return null;
    const ref = this.col.doc(id);
    const [p, reviews] = await Promise.all([ref.get(), ref.collection(COLLECTIONS.reviews).orderBy('createdAt', 'desc').get()]);
    if (!p.exists) return null;
    return { ...productOf(p), reviews: reviews.docs.map((r) => toReview(r.id, r.data() as ReviewDoc)) };
  }

  async create(input: ProductUpdateInput, ownerId: string) {
    const ref = this.col.doc();
    const now = new Date().toISOString();
    const doc: ProductDoc = { ...productFields(input), ratingSum: 0, numReviews: 0, rating: 0, user: ownerId, createdAt: now, updatedAt: now };
    await ref.create(doc);
    return toProduct(ref.id, doc);
  }

  async update(id: string, input: ProductUpdateInput) {
    if (!isDocId(id)) return null;
    const ref = this.col.doc(id);
    try {
      await ref.update({ ...productFields(input), updatedAt: new Date().toISOString() });
    } catch (error) {
      if (grpcCode(error) === NOT_FOUND) return null;
      throw error;
    }
    const snap = await ref.get();
    return snap.exists ? productOf(snap) : null;
  }

  async remove(id: string) {
    if (!isDocId(id)) return false;
    const ref = this.col.doc(id);
    if (!(await ref.get()).exists) return false;
    // The reviews, then the product (orders keep their own copy of the lines), in batches of at most 500 writes.
    const reviews = await ref.collection(COLLECTIONS.reviews).select().get();
    const refs = [...reviews.docs.map((d) => d.ref), ref];
    for (let i = 0; i < refs.length; i += 400) {
      const batch = this.db.batch();
      for (const r of refs.slice(i, i + 400)) batch.delete(r);
      await batch.commit();
    }
    return true;
  }

  async addReview(productId: string, review: NewReview): Promise<Review> {
    if (!isDocId(productId)) throw notFound('Product not found');
    const productRef = this.col.doc(productId);
    const reviewRef = productRef.collection(COLLECTIONS.reviews).doc(review.userId);
    const createdAt = new Date().toISOString();
    await this.db.runTransaction(
      async (tx) => {
        const [p, existing] = await tx.getAll(productRef, reviewRef);
        if (!p.exists) throw notFound('Product not found');
        if (existing.exists) throw badInput('Product already reviewed'); // 400, as the spec's clients expect
        const d = p.data() as ProductDoc;
        const ratingSum = (d.ratingSum ?? 0) + review.rating;
        const numReviews = (d.numReviews ?? 0) + 1;
        const doc: ReviewDoc = { user: review.userId, name: review.name, rating: review.rating, comment: review.comment, createdAt };
        tx.create(reviewRef, doc);
        // Integer sum + count in the same transaction as the review: the average never drifts from the reviews.
        tx.update(productRef, { ratingSum, numReviews, rating: ratingSum / numReviews, updatedAt: createdAt });
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    return { _id: review.userId, user: review.userId, name: review.name, rating: review.rating, comment: review.comment, createdAt };
  }

  async lowStock(threshold: number, limit: number) {
    const snap = await this.col.where('countInStock', '<=', threshold).orderBy('countInStock', 'asc').orderBy('name', 'asc').limit(limit).get();
    return snap.docs.map(productOf);
  }
}

class FirestoreUsers implements UserStore {
  constructor(private readonly db: Firestore) {}

  private get col() {
    return this.db.collection(COLLECTIONS.users);
  }

  private emailRef(emailKey: string) {
    return this.db.collection(COLLECTIONS.userEmails).doc(keyId(emailKey));
  }

  async get(id: string) {
    if (!isDocId(id)) return null;
    const snap = await this.col.doc(id).get();
    return snap.exists ? toUser(snap.id, snap.data() as UserDoc) : null;
  }

  async findByEmail(email: string) {
    const key = email.trim().toLowerCase();
    const claim = await this.emailRef(key).get();
    const uid = claim.exists ? String(claim.get('uid')) : null;
    if (!uid) return null;
    const user = await this.get(uid);
    return user && user.email.toLowerCase() === key ? user : null;
  }

  async list() {
    const snap = await this.col.orderBy('createdAt', 'asc').get();
    return snap.docs.map((d) => toUser(d.id, d.data() as UserDoc));
  }

  /** Creates (or, for an existing uid, overwrites) the profile, claiming the email in the same transaction. */
  async create(user: { _id: string; name: string; email: string; isAdmin: boolean }) {
    if (!isDocId(user._id)) throw badInput('Invalid user id');
    const ref = this.col.doc(user._id);
    const emailKey = user.email.toLowerCase();
    const created = await this.db.runTransaction(
      async (tx) => {
        const [current, claim] = await tx.getAll(ref, this.emailRef(emailKey));
        if (claim.exists && claim.get('uid') !== user._id) throw conflict('Email already in use');
        const previous = current.exists ? (current.data() as UserDoc) : null;
        if (previous && previous.emailKey !== emailKey) await this.releaseEmail(tx, previous.emailKey, user._id);
        const doc: UserDoc = { name: user.name, email: user.email, emailKey, isAdmin: user.isAdmin, createdAt: previous?.createdAt ?? new Date().toISOString() };
        tx.set(this.emailRef(emailKey), { uid: user._id });
        tx.set(ref, doc);
        return doc;
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    return toUser(user._id, created);
  }

  async update(id: string, patch: { name?: string; email?: string; isAdmin?: boolean }) {
    if (!isDocId(id)) return null;
    const ref = this.col.doc(id);
    const updated = await this.db.runTransaction(
      async (tx) => {
        const current = await tx.get(ref);
        if (!current.exists) return null;
        const doc = { ...(current.data() as UserDoc) };
        const emailKey = patch.email !== undefined ? patch.email.toLowerCase() : doc.emailKey;
        if (emailKey !== doc.emailKey) {
          const claim = await tx.get(this.emailRef(emailKey));
          if (claim.exists && claim.get('uid') !== id) throw conflict('Email already in use');
          await this.releaseEmail(tx, doc.emailKey, id);
          tx.set(this.emailRef(emailKey), { uid: id });
        }
        if (patch.name !== undefined) doc.name = patch.name;
        if (patch.email !== undefined) Object.assign(doc, { email: patch.email, emailKey });
        if (patch.isAdmin !== undefined) doc.isAdmin = patch.isAdmin;
        tx.set(ref, doc);
        return doc;
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    return updated ? toUser(id, updated) : null;
  }

  async remove(id: string) {
    if (!isDocId(id)) return false;
    const ref = this.col.doc(id);
    return this.db.runTransaction(
      async (tx) => {
        const current = await tx.get(ref);
        if (!current.exists) return false;
        await this.releaseEmail(tx, (current.data() as UserDoc).emailKey, id);
        tx.delete(ref);
        return true;
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
  }

  /** Deletes the email claim if this user holds it. Reads only, so call it before the transaction's writes. */
  private async releaseEmail(tx: Transaction, emailKey: string, uid: string) {
    const ref = this.emailRef(emailKey);
    const claim = await tx.get(ref);
    if (claim.exists && claim.get('uid') === uid) tx.delete(ref);
  }
}

class FirestoreOrders implements OrderStore {
  constructor(private readonly db: Firestore) {}

  private get col() {
    return this.db.collection(COLLECTIONS.orders);
  }

  private products() {
    return this.db.collection(COLLECTIONS.products);
  }

  async get(id: string) {
    if (!isDocId(id)) return null;
    const snap = await this.col.doc(id).get();
    return snap.exists ? orderOf(snap) : null;
  }

  async listForUser(userId: string) {
    return (await this.col.where('userId', '==', userId).orderBy('createdAt', 'desc').get()).docs.map(orderOf);
  }

  async listAll() {
    return (await this.col.orderBy('createdAt', 'desc').get()).docs.map(orderOf);
  }

  async place(cmd: PlaceOrderCommand): Promise<Order> {
    const ref = this.col.doc();
    const doc = await this.db.runTransaction(
      async (tx) => {
        for (const line of cmd.lines) if (!isDocId(line.product)) throw notFound(`Product not found: ${line.product}`);
        const refs = cmd.lines.map((l) => this.products().doc(l.product));
        const snaps = refs.length ? await tx.getAll(...refs) : [];
        // All reads happen first (Firestore's rule); the stock each line sees includes what earlier lines took.
        const left = new Map<string, number>();
        const lines = cmd.lines.map((line, i) => {
          const snap = snaps[i] as DocumentSnapshot;
          if (!snap.exists) throw notFound(`Product not found: ${line.product}`);
          const p = snap.data() as ProductDoc;
          const stock = left.get(line.product) ?? p.countInStock;
          if (stock < line.qty) throw shortOfStock(p.name, stock, line.qty);
          left.set(line.product, stock - line.qty);
          return { product: line.product, name: p.name, image: p.image, priceCents: p.priceCents, qty: line.qty };
        });
        for (const [product, stock] of left) tx.update(this.products().doc(product), { countInStock: stock });
        const price = priceOrder(lines);
        const order: OrderDoc = {
          userId: cmd.user._id,
          user: { _id: cmd.user._id, name: cmd.user.name, email: cmd.user.email },
          orderItems: lines,
          shippingAddress: { ...cmd.shippingAddress },
          paymentMethod: cmd.paymentMethod,
          itemsCents: price.itemsCents,
          shippingCents: price.shippingCents,
          taxCents: price.taxCents,
          totalCents: price.totalCents,
          currency: 'USD',
          status: 'awaiting_payment',
          paidAt: null,
          paymentResult: null,
          captureId: null,
          deliveredAt: null,
          expiresAt: cmd.expiresAt.toISOString(),
          createdAt: cmd.now.toISOString(),
        };
        tx.create(ref, order);
        return order;
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    return toOrder(ref.id, doc);
  }

  async markPaid(id: string, payment: PaymentResult, now: Date): Promise<Order> {
    if (!isDocId(id)) throw notFound(ORDER_MESSAGES.notFound);
    const ref = this.col.doc(id);
    const captureRef = this.db.collection(COLLECTIONS.captures).doc(keyId(payment.id));
    const paymentResult = JSON.parse(JSON.stringify(payment)) as PaymentResult; // Firestore refuses `undefined` fields
    const doc = await this.db.runTransaction(
      async (tx) => {
        const [snap, capture] = await tx.getAll(ref, captureRef);
        if (!snap.exists) throw notFound(ORDER_MESSAGES.notFound);
        const order = snap.data() as OrderDoc;
        assertPayable(order, now);
        if (capture.exists) throw conflict(ORDER_MESSAGES.captureUsed);
        // create() fails the commit if the capture document appeared meanwhile: a capture pays one order, once.
        tx.create(captureRef, { captureId: payment.id, orderId: id, provider: payment.provider, at: now.toISOString() });
        const patch = { status: 'paid' as const, paidAt: now.toISOString(), paymentResult, captureId: payment.id };
        tx.update(ref, patch);
        return { ...order, ...patch };
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    return toOrder(id, doc);
  }

  async markDelivered(id: string, now: Date): Promise<Order> {
    if (!isDocId(id)) throw notFound(ORDER_MESSAGES.notFound);
    const ref = this.col.doc(id);
    const doc = await this.db.runTransaction(
      async (tx) => {
        const snap = await tx.get(ref);
        if (!snap.exists) throw notFound(ORDER_MESSAGES.notFound);
        const order = snap.data() as OrderDoc;
        assertDeliverable(order);
        const patch = { status: 'delivered' as const, deliveredAt: now.toISOString() };
        tx.update(ref, patch);
        return { ...order, ...patch };
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    return toOrder(id, doc);
  }

  async expireStale(now: Date): Promise<number> {
    const at = now.toISOString();
    const stale = await this.col.where('status', '==', 'awaiting_payment').where('expiresAt', '<=', at).select().get();
    let expired = 0;
    // One transaction per order: each gives its stock back exactly once even if two sweeps overlap.
    for (const s of stale.docs) if (await this.expireOne(s.ref, now)) expired++;
    return expired;
  }

  private expireOne(ref: DocumentReference, now: Date): Promise<boolean> {
    return this.db.runTransaction(
      async (tx) => {
        const snap = await tx.get(ref);
        const order = snap.data() as OrderDoc | undefined;
        if (!order || !holdHasEnded(order, now)) return false;
        const qtyBy = new Map<string, number>();
        for (const item of order.orderItems) qtyBy.set(item.product, (qtyBy.get(item.product) ?? 0) + item.qty);
        const ids = [...qtyBy.keys()].filter(isDocId);
        const products = ids.length ? await tx.getAll(...ids.map((pid) => this.products().doc(pid))) : [];
        for (const p of products) {
          // Products deleted since keep nothing to return.
          if (p.exists) tx.update(p.ref, { countInStock: (p.data() as ProductDoc).countInStock + (qtyBy.get(p.id) ?? 0) });
        }
        tx.update(ref, { status: 'expired' });
        return true;
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
  }

  async dailyStats(since: Date) {
    const snap = await this.col.where('createdAt', '>=', since.toISOString()).select('createdAt', 'status', 'totalCents').get();
    const byDay = new Map<string, { orders: number; revenueCents: number }>();
    for (const d of snap.docs) {
      const day = String(d.get('createdAt')).slice(0, 10);
      const row = byDay.get(day) ?? { orders: 0, revenueCents: 0 };
      row.orders++;
      const status = d.get('status') as OrderStatus;
      if (isPaidStatus(status)) row.revenueCents += Number(d.get('totalCents'));
      byDay.set(day, row);
    }
    return [...byDay.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([day, r]) => ({ day, orders: r.orders, revenue: toDollars(r.revenueCents) }));
  }
}

const NOT_FOUND = 5;
const grpcCode = (error: unknown) => (error as { code?: unknown })?.code;

export interface FirestoreStoreOptions {
  /** Terminate the client on close() (when this store owns it; not when the app shares it). */
  ownsClient?: boolean;
}

/** The Store port on Firestore. */
export function createFirestoreStore(db: Firestore, options: FirestoreStoreOptions = {}): Store {
  return {
    products: new FirestoreProducts(db),
    users: new FirestoreUsers(db),
    orders: new FirestoreOrders(db),
    ping: async () => {
      await db.collection(COLLECTIONS.products).select().limit(1).get();
    },
    close: async () => {
      if (options.ownsClient) await db.terminate();
    },
  };
}

