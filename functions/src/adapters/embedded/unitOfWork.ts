// The order unit of work on the embedded database (ports.ts OrderUnitOfWork; the use cases are orders/): each run
// is one queued write transaction (db.ts) that reads what the use case asks and writes the change set it answers.
// Placements are group-committed (docs/benchmarks.md, checkout): those that arrive while the database is busy wait
// together and run in ONE transaction, which reads what all of them need once (their products, open orders and
// address books), serves each placement from that view, writes each in its own SAVEPOINT (a refusal or failure
// undoes that order only; a batch of one needs none) and keeps the view in step with each order accepted. A run is
// answered only after its transaction committed; its events are published first, in order; the outbox worker is
// woken once per transaction that recorded mail. Between batches (issue 42, placementView.ts): the next batch reuses
// the last committed view when nothing but placements wrote since, and a placement whose stock that commit saw gone
// is refused (the same 409) before any transaction work.
import type { InStatement, Transaction } from './sql.js';
import {
  ADDRESS_MODEL,
  couponCustomerKeys,
  HoldTally,
  notFound,
  ORDER_MESSAGES,
  shortOfStock,
  stockKey,
  type DomainError,
  type RequestedLine,
  type DomainEvent,
  type OrderRecord,
} from '../../domain/index.js';
import type { AnyModel, ModelRecord } from '../../domain/model.js';
import type { EventPublisher, OrderChangeSet, OrderUnit, OrderUnitOfWork, PlacementReads } from '../../ports.js';
import { changeStatements, getIn, putStatement } from './modelStore.js';
import { loadCoupon, redeemStatements, releaseStatements } from './coupons.js';
import type { Database } from './db.js';
import { recordMailStatement } from './mailOutbox.js';
import { newId, orderInserts, patchStatements, str, toOrderRecord } from './mapping.js';
import { reverifyReviews } from './purchases.js';
import { firstStaleChange, stockStatements, variantMirrors } from './stock.js';
import { CommittedPlacements, View } from './placementView.js';

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
      client: (keys.clientKey && client.get(keys.clientKey)) || new HoldTally(),
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

  // In the write transaction (one at a time; a batch's placements run in turn): each sees the one before's write.
  record<M extends AnyModel>(model: M, key: string) {
    return getIn(this.tx, model, key);
  }
}

export class SqlOrderUnitOfWork implements OrderUnitOfWork {
  private waiting: Waiting[] = [];
  private scheduled = false;
  private readonly last: CommittedPlacements;

  constructor(
    private readonly db: Database,
    private readonly events: EventPublisher,
    /** Called once a committed transaction recorded mail (the outbox worker's wake-up). */
    private readonly onMailRecorded: () => void = () => undefined,
  ) {
    this.last = new CommittedPlacements(db);
  }

  run<T>(work: Work<T>, placement?: PlacementReads): Promise<T> {
    if (placement) {
      // Stock the last committed batch saw gone, and nothing but placements wrote since: the same 409 the
      // transaction would answer, before any of its work (issue 42; unsure: the transaction decides).
      const refusal = this.last.refusal(placement.lines);
      if (refusal) return Promise.reject(refusal);
      return new Promise<T>((resolve, reject) => {
        this.waiting.push({ work, reads: placement, resolve: resolve as (r: unknown) => void, reject });
        if (!this.scheduled) this.schedule();
      });
    }
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

  knownStockRefusal(lines: readonly RequestedLine[]): DomainError | null {
    return this.last.refusal(lines);
  }

  private published(outcomes: Outcome[]): void {
    for (const outcome of outcomes) if ('events' in outcome) this.events.publish(outcome.events);
    if (outcomes.some((o) => 'mailed' in o && o.mailed)) this.onMailRecorded();
  }

  /** Queues one write transaction; when its turn comes it takes every placement waiting by then. The transaction is
   *  queued after the event loop's current turn: the SQL runs synchronously, so a transaction begun at once took
   *  only its own order, and a burst's orders, parsed in the same turn, were committed one by one (issue 42). */
  private schedule(): void {
    this.scheduled = true;
    setImmediate(() => this.begin());
  }

  private begin(): void {
    let batch: Waiting[] | undefined;
    let outcomes: Outcome[] = [];
    let view: View | undefined;
    this.db
      .write(async (tx) => {
        batch = this.waiting.splice(0, MAX_BATCH_ORDERS);
        this.scheduled = false;
        if (this.waiting.length) this.schedule();
        view = this.last.batchStarted();
        outcomes = await runBatch(tx, batch, view);
      })
      .then(
        () => {
          this.last.committed(view!);
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
          this.last.failed();
          if (!batch) {
            batch = this.waiting.splice(0);
            this.scheduled = false;
          }
          for (const w of batch) w.reject(error);
        },
      );
  }
}

/** Runs each placement on the batch's view (the last batch's when nothing else wrote since: placementView.ts) and writes it in its own savepoint; one outcome per placement, in order.
 *  A refusal (the work's: it only reads) is that placement's outcome, and the batch commits what the others wrote,
 *  so what the batch read is known after it (a lone late order in a sale teaches the next one its stock is gone).
 *  A batch of one needs no savepoint: its failure while writing is thrown, and the transaction rolls back. */
async function runBatch(tx: Transaction, batch: Waiting[], view: View): Promise<Outcome[]> {
  await view.load(
    tx,
    batch.map((w) => w.reads),
  );
  const isolate = batch.length > 1;
  const outcomes: Outcome[] = [];
  for (const { work } of batch) {
    let decided: Awaited<ReturnType<Work<unknown>>>;
    try {
      decided = await work(new SqlOrderUnit(tx, view));
    } catch (error) {
      outcomes.push({ error });
      continue;
    }
    const { changes, result } = decided;
    if (isolate) await tx.execute('SAVEPOINT place_order');
    try {
      const events = await writeChanges(tx, changes, view);
      if (isolate) await tx.execute('RELEASE place_order');
      view.accept(changes);
      outcomes.push({ result, events, mailed: !!changes.mails?.length });
    } catch (error) {
      if (!isolate) throw error;
      // Undo this order only. Should even that fail, the error ends the whole batch's transaction.
      await tx.execute('ROLLBACK TO place_order');
      await tx.execute('RELEASE place_order');
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
    // A tender's record (a card's balance): its table's CHECK refuses a balance below zero, failing the order.
    ...(changes.records ?? []).map((r) => putStatement(r.model, r.record as ModelRecord<AnyModel>, r.owner)),
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
