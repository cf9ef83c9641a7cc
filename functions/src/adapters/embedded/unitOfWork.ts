// The order unit of work on the embedded database (ports.ts OrderUnitOfWork; the use cases are orders/): each run
// is one queued write transaction (db.ts) that reads what the use case asks and writes the change set it answers.
// Placements are group-committed (docs/benchmarks.md, checkout): those that arrive while the database is busy wait
// together and run in ONE transaction, which reads what all of them need once (their products, open orders and
// address books), serves each placement from that view, writes each in its own SAVEPOINT (a refusal or failure
// undoes that order only; a batch of one needs none) and keeps the view in step with each order accepted. A run is
// answered only after its transaction committed; its events are published first, in order; the outbox worker is
// woken once per transaction that recorded mail.
import type { InStatement, Transaction } from './sql.js';
import {
  ADDRESS_MODEL,
  applyBookChange,
  couponCustomerKeys,
  notFound,
  ORDER_MESSAGES,
  shortOfStock,
  stockKey,
  type DomainEvent,
  type OrderRecord,
  type SavedAddress,
  type StockedProduct,
  type StockedVariant,
  type UnpaidOrder,
} from '../../domain/index.js';
import type { EventPublisher, OrderChangeSet, OrderUnit, OrderUnitOfWork, PlacementReads } from '../../ports.js';
import { changeStatements, loadOwned } from './modelStore.js';
import { loadCoupon, redeemStatements, releaseStatements } from './coupons.js';
import type { Database } from './db.js';
import { recordMailStatement } from './mailOutbox.js';
import { newId, orderInserts, patchStatements, str, toOrderRecord } from './mapping.js';
import { reverifyReviews } from './purchases.js';
import { firstStaleChange, stockStatements, variantMirrors } from './stock.js';
import { readStockedProducts } from './variants.js';

/** At most this many placements per transaction, so one batch's answer never waits on an unbounded queue. */
export const MAX_BATCH_ORDERS = 200;

type Work<T> = (unit: OrderUnit) => Promise<{ changes: OrderChangeSet; result: T }>;

interface Waiting {
  work: Work<unknown>;
  reads: PlacementReads;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { result: unknown; events: DomainEvent[]; mailed: boolean } | { error: unknown };

/** What a transaction read for its placements, kept in step as they are accepted. */
class View {
  products = new Map<string, StockedProduct>();
  open = {
    customer: new Map<string, UnpaidOrder[]>(),
    address: new Map<string, UnpaidOrder[]>(),
    client: new Map<string, UnpaidOrder[]>(),
  };
  books = new Map<string, SavedAddress[]>();
  private read = {
    customer: new Set<string>(),
    address: new Set<string>(),
    client: new Set<string>(),
    books: new Set<string>(),
  };

  /** Reads, once, what these placements need and the view lacks. */
  async load(tx: Transaction, all: readonly PlacementReads[]): Promise<void> {
    const missing = (seen: Set<string>, keys: (string | null)[]) => {
      const fresh = [...new Set(keys.filter((k): k is string => k !== null && !seen.has(k)))];
      fresh.forEach((k) => seen.add(k));
      return fresh;
    };
    const products = [...new Set(all.flatMap((r) => r.productIds).filter((id) => !this.products.has(id)))];
    if (products.length) for (const [id, p] of await readStockedProducts(tx, products)) this.products.set(id, p);
    const columns = { customer: 'user_id', address: 'guest_address_key', client: 'client_key' } as const;
    const keysOf = {
      customer: (r: PlacementReads) => r.customerId,
      address: (r: PlacementReads) => r.addressKey,
      client: (r: PlacementReads) => r.clientKey,
    };
    for (const kind of ['customer', 'address', 'client'] as const) {
      const keys = missing(this.read[kind], all.map(keysOf[kind]));
      if (keys.length)
        for (const [k, orders] of await readOpenOrders(tx, keys, columns[kind])) this.open[kind].set(k, orders);
    }
    const owners = missing(
      this.read.books,
      all.map((r) => r.addressBookOf),
    );
    if (owners.length) for (const [k, book] of await loadOwned(tx, ADDRESS_MODEL, owners)) this.books.set(k, book);
  }

  /** An accepted placement's change set moves the view on: stock, holds, the book. */
  accept(changes: OrderChangeSet): void {
    for (const c of changes.stock?.changes ?? []) {
      const product = this.products.get(c.product);
      if (!product) continue;
      if (!c.variant) product.countInStock = c.after;
      else {
        const variants = product.variants as Map<string, StockedVariant>;
        variants.set(c.variant, { ...variants.get(c.variant)!, countInStock: c.after });
        if (c.variant === product.defaultVariant) product.countInStock = c.after;
      }
    }
    const placed = changes.placed?.record;
    if (placed) {
      const push = (map: Map<string, UnpaidOrder[]>, key: string | null | undefined) => {
        if (key) map.set(key, [...(map.get(key) ?? []), placed]);
      };
      push(this.open.customer, placed.user._id);
      push(this.open.address, placed.guestAddressKey);
      push(this.open.client, placed.clientKey);
    }
    const book = changes.addressBook;
    if (book) this.books.set(book.userId, applyBookChange(this.books.get(book.userId) ?? [], book.change));
  }
}

/** What a use case reads, in `tx`; a placement's reads are served from the transaction's view. */
class SqlOrderUnit implements OrderUnit {
  constructor(
    private readonly tx: Transaction,
    readonly view: View,
  ) {}

  newId = newId;

  async order(id: string): Promise<OrderRecord> {
    const rows = await this.tx.execute({ sql: 'SELECT * FROM orders WHERE id = ?', args: [id] });
    if (!rows.rows[0]) throw notFound(ORDER_MESSAGES.notFound);
    const items = await this.tx.execute({
      sql: 'SELECT * FROM order_items WHERE order_id = ? ORDER BY line',
      args: [id],
    });
    return toOrderRecord(rows.rows[0], items.rows);
  }

  async stockOf(order: Pick<OrderRecord, 'orderItems'>): Promise<ReadonlyMap<string, number>> {
    const plain = [...new Set(order.orderItems.filter((i) => !i.variant).map((i) => i.product))];
    const variants = [...new Set(order.orderItems.flatMap((i) => (i.variant ? [i.variant] : [])))];
    const stock = new Map<string, number>();
    if (plain.length) {
      const rs = await this.tx.execute({
        sql: 'SELECT id, count_in_stock FROM products WHERE id IN (SELECT value FROM json_each(?))',
        args: [JSON.stringify(plain)],
      });
      for (const r of rs.rows) stock.set(str(r.id), Number(r.count_in_stock));
    }
    if (variants.length) {
      const rs = await this.tx.execute({
        sql: 'SELECT id, product_id, count_in_stock FROM product_variants WHERE id IN (SELECT value FROM json_each(?))',
        args: [JSON.stringify(variants)],
      });
      for (const r of rs.rows) stock.set(stockKey(str(r.product_id), str(r.id)), Number(r.count_in_stock));
    }
    return stock;
  }

  async products(ids: readonly string[]) {
    await this.view.load(this.tx, [
      { productIds: [...ids], customerId: '', addressKey: null, clientKey: null, addressBookOf: null },
    ]);
    return new Map(
      ids.flatMap((id) => (this.view.products.has(id) ? [[id, this.view.products.get(id)!] as const] : [])),
    );
  }

  async openOrders(keys: { customerId: string; addressKey: string | null; clientKey: string | null }) {
    await this.view.load(this.tx, [{ productIds: [], ...keys, addressBookOf: null }]);
    const { customer, address, client } = this.view.open;
    return {
      customer: customer.get(keys.customerId) ?? [],
      address: (keys.addressKey && address.get(keys.addressKey)) || [],
      client: (keys.clientKey && client.get(keys.clientKey)) || [],
    };
  }

  async coupon(code: string, customer: { _id: string; email: string }) {
    // Read in the transaction: every earlier order of the batch's use included.
    return loadCoupon(this.tx, code, couponCustomerKeys(customer));
  }

  async addressBook(userId: string) {
    await this.view.load(this.tx, [
      { productIds: [], customerId: '', addressKey: null, clientKey: null, addressBookOf: userId },
    ]);
    return this.view.books.get(userId) ?? [];
  }

  async captureUsed(captureId: string) {
    const rs = await this.tx.execute({ sql: 'SELECT 1 FROM orders WHERE capture_id = ?', args: [captureId] });
    return rs.rows.length > 0;
  }

  async mailRecorded(key: string) {
    const rs = await this.tx.execute({ sql: 'SELECT 1 FROM mail_outbox WHERE idempotency_key = ?', args: [key] });
    return rs.rows.length > 0;
  }

  async adminEmails() {
    const rs = await this.tx.execute('SELECT email FROM users WHERE is_admin = 1 ORDER BY created_at, id');
    return rs.rows.map((r) => str(r.email));
  }
}

export class SqlOrderUnitOfWork implements OrderUnitOfWork {
  private waiting: Waiting[] = [];
  private scheduled = false;

  constructor(
    private readonly db: Database,
    private readonly events: EventPublisher,
    /** Called once a committed transaction recorded mail (the outbox worker's wake-up). */
    private readonly onMailRecorded: () => void = () => undefined,
  ) {}

  run<T>(work: Work<T>, placement?: PlacementReads): Promise<T> {
    if (placement)
      return new Promise<T>((resolve, reject) => {
        this.waiting.push({ work, reads: placement, resolve: resolve as (r: unknown) => void, reject });
        if (!this.scheduled) this.schedule();
      });
    return this.db
      .write(async (tx) => {
        const { changes, result } = await work(new SqlOrderUnit(tx, new View()));
        return { result, events: await writeChanges(tx, changes, null), mailed: !!changes.mails?.length };
      })
      .then((done) => {
        this.published([done]);
        return done.result;
      });
  }

  private published(outcomes: Outcome[]): void {
    for (const outcome of outcomes) if ('events' in outcome) this.events.publish(outcome.events);
    if (outcomes.some((o) => 'mailed' in o && o.mailed)) this.onMailRecorded();
  }

  /** Queues one write transaction; when its turn comes it takes every placement waiting by then. */
  private schedule(): void {
    this.scheduled = true;
    let batch: Waiting[] | undefined;
    let outcomes: Outcome[] = [];
    this.db
      .write(async (tx) => {
        batch = this.waiting.splice(0, MAX_BATCH_ORDERS);
        this.scheduled = false;
        if (this.waiting.length) this.schedule();
        outcomes = await runBatch(tx, batch);
      })
      .then(
        () => {
          // Committed: each accepted placement's events, in the batch's order, then the answers.
          this.published(outcomes);
          batch!.forEach((w, i) => {
            const outcome = outcomes[i]!;
            if ('error' in outcome) w.reject(outcome.error);
            else w.resolve(outcome.result);
          });
        },
        (error: unknown) => {
          // The transaction failed (or never began): nothing of the batch was written.
          if (!batch) {
            batch = this.waiting.splice(0);
            this.scheduled = false;
          }
          for (const w of batch) w.reject(error);
        },
      );
  }
}

/** Runs each placement on the batch's view and writes it in its own savepoint; one outcome per placement, in order.
 *  A batch of one needs no savepoint: its refusal or failure is thrown, and the transaction rolls back. */
async function runBatch(tx: Transaction, batch: Waiting[]): Promise<Outcome[]> {
  const view = new View();
  await view.load(
    tx,
    batch.map((w) => w.reads),
  );
  const isolate = batch.length > 1;
  const outcomes: Outcome[] = [];
  for (const { work } of batch) {
    try {
      const { changes, result } = await work(new SqlOrderUnit(tx, view));
      if (isolate) await tx.execute('SAVEPOINT place_order');
      try {
        const events = await writeChanges(tx, changes, view);
        if (isolate) await tx.execute('RELEASE place_order');
        view.accept(changes);
        outcomes.push({ result, events, mailed: !!changes.mails?.length });
      } catch (error) {
        // Undo this order only. Should even that fail, the error ends the whole batch's transaction.
        if (isolate) {
          await tx.execute('ROLLBACK TO place_order');
          await tx.execute('RELEASE place_order');
        }
        throw error;
      }
    } catch (error) {
      if (!isolate) throw error;
      outcomes.push({ error });
    }
  }
  return outcomes;
}

/** Writes a change set in `tx` (one call into the database for its statements); answers the events to publish. */
async function writeChanges(tx: Transaction, changes: OrderChangeSet, view: View | null): Promise<DomainEvent[]> {
  const stock = changes.stock;
  const takes = stock ? stockStatements(stock.changes, stock.context) : [];
  const keys = changes.codeUse && couponCustomerKeys(changes.codeUse.customer);
  const statements: InStatement[] = [
    ...takes,
    ...(stock ? variantMirrors(stock.changes) : []),
    ...(changes.placed ? orderInserts(changes.placed.id, changes.placed.record) : []),
    ...(changes.patch ? patchStatements(changes.patch.id, changes.patch.change) : []),
    ...(changes.codeUse
      ? (changes.codeUse.delta > 0 ? redeemStatements : releaseStatements)(changes.codeUse.code, keys!)
      : []),
    ...(changes.addressBook
      ? changeStatements(ADDRESS_MODEL, changes.addressBook.userId, changes.addressBook.change)
      : []),
    ...(changes.mails ?? []).map((m) => recordMailStatement(m, changes.at ?? new Date())),
  ];
  if (statements.length) {
    const results = await tx.batch(statements);
    // Guarded (stock.ts): even if a view were wrong, a row's stock cannot be miscounted or go below zero.
    const short = firstStaleChange(results.slice(0, takes.length));
    if (short >= 0) {
      const moved = stock!.changes.filter((c) => c.after !== c.before)[short]!;
      if (stock!.context.cause === 'order')
        throw shortOfStock(view?.products.get(moved.product)?.name ?? moved.product, 0, moved.before - moved.after);
      throw new Error(`Stock of a product changed under its write (${stock!.context.cause})`);
    }
  }
  const events = [...(changes.events ?? [])];
  if (changes.reverifyReviews) {
    const { userId, productIds } = changes.reverifyReviews;
    const changed = await reverifyReviews(tx, userId, productIds);
    if (changed.length) events.push({ type: 'ReviewsReverified', productIds: changed });
  }
  return events;
}

/** The unpaid orders with their lines (whether each still holds is the decision's), by customer id, guest address
 *  key or client address key. */
async function readOpenOrders(
  tx: Transaction,
  keys: string[],
  by: 'user_id' | 'guest_address_key' | 'client_key',
): Promise<Map<string, UnpaidOrder[]>> {
  const rs = await tx.execute({
    sql: `SELECT o.id, o.${by} AS k, o.expires_at, o.total_cents, i.product_id, i.qty
          FROM orders o JOIN order_items i ON i.order_id = o.id
          WHERE o.${by} IN (SELECT value FROM json_each(?)) AND o.status = 'awaiting_payment'`,
    args: [JSON.stringify(keys)],
  });
  const byId = new Map<string, UnpaidOrder & { key: string }>();
  for (const r of rs.rows) {
    const id = str(r.id);
    let order = byId.get(id);
    if (!order) {
      order = {
        key: str(r.k),
        status: 'awaiting_payment',
        expiresAt: r.expires_at === null ? null : str(r.expires_at),
        totalCents: Number(r.total_cents),
        orderItems: [],
      };
      byId.set(id, order);
    }
    order.orderItems.push({ product: str(r.product_id), qty: Number(r.qty) });
  }
  const byKey = new Map<string, UnpaidOrder[]>();
  for (const { key, ...order } of byId.values()) byKey.set(key, [...(byKey.get(key) ?? []), order]);
  return byKey;
}
