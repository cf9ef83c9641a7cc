// What the embedded order unit of work (unitOfWork.ts) knows of the placements' data: a batch's View (its products,
// open orders and address books, read once and kept in step as orders are accepted), and, between batches, what the
// last committed batch left (issue 42): its view, reused by the next batch when nothing but placements wrote since
// (so a sale's hot product and shared client address are read once, not once per batch), and its stock, from which
// a placement whose stock is known to be gone is refused before any transaction work.
import {
  ADDRESS_MODEL,
  applyBookChange,
  HoldTally,
  stockRefusal,
  type DomainError,
  type RequestedLine,
  type SavedAddress,
  type StockedProduct,
  type StockedVariant,
  type UnpaidOrder,
} from '../../domain/index.js';
import type { OrderChangeSet, PlacementReads } from '../../ports.js';
import { loadOwned } from './modelStore.js';
import type { Database } from './db.js';
import { str } from './mapping.js';
import type { Transaction } from './sql.js';
import { readStockedProducts } from './variants.js';

/** A kept view serves at most this many placements, so a long sale's view (every customer's open orders) stays
 *  bounded; then the next batch reads afresh. */
const KEPT_VIEW_PLACEMENTS = 2000;

/** What a transaction read for its placements, kept in step as they are accepted. */
export class View {
  products = new Map<string, StockedProduct>();
  open = {
    customer: new Map<string, UnpaidOrder[]>(),
    address: new Map<string, UnpaidOrder[]>(),
    // A client address's, tallied (domain/holdTally.ts): a sale behind one address holds thousands.
    client: new Map<string, HoldTally>(),
  };
  books = new Map<string, SavedAddress[]>();
  /** Placements accepted into this view (a kept view is bounded by them). */
  accepted = 0;
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
    for (const kind of ['customer', 'address'] as const) {
      const keys = missing(this.read[kind], all.map(keysOf[kind]));
      if (keys.length)
        for (const [k, orders] of await readOpenOrders(tx, keys, columns[kind])) this.open[kind].set(k, orders);
    }
    const clients = missing(this.read.client, all.map(keysOf.client));
    if (clients.length)
      for (const [k, orders] of await readOpenOrders(tx, clients, columns.client))
        this.open.client.set(k, HoldTally.of(orders));
    const owners = missing(
      this.read.books,
      all.map((r) => r.addressBookOf),
    );
    if (owners.length) for (const [k, book] of await loadOwned(tx, ADDRESS_MODEL, owners)) this.books.set(k, book);
  }

  /** An accepted placement's change set moves the view on: stock, holds, the book. */
  accept(changes: OrderChangeSet): void {
    this.accepted++;
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
      if (placed.clientKey) {
        const tally = this.open.client.get(placed.clientKey);
        if (tally) tally.add(placed);
        else this.open.client.set(placed.clientKey, HoldTally.of([placed]));
      }
    }
    const book = changes.addressBook;
    if (book) this.books.set(book.userId, applyBookChange(this.books.get(book.userId) ?? [], book.change));
  }
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
  // Pushed in place (a copy per order made this quadratic: thousands of open orders at one client address).
  for (const { key, ...order } of byId.values()) {
    const list = byKey.get(key);
    if (list) list.push(order);
    else byKey.set(key, [order]);
  }
  return byKey;
}

/**
 * What the last committed placement batch left, valid while no other write began since. Placements only take
 * stock, so stock a committed batch saw gone stays gone until some other write (a cancellation, an expiry, an
 * admin's edit: every write goes through Database.write, which counts them) begins; then it is forgotten. Like the
 * catalogue cache, it assumes this process is the database's only writer (the embedded server's premise).
 */
export class CommittedPlacements {
  private placementBatches = 0;
  private kept: { view: View; otherWrites: number } | undefined;
  private stock: { products: ReadonlyMap<string, StockedProduct>; otherWrites: number } | undefined;

  constructor(private readonly db: Database) {}

  /** Writes begun that were not placement batches. */
  private otherWrites(): number {
    return this.db.writesStarted - this.placementBatches;
  }

  /** A placement batch's transaction began: its view, the last committed one's when nothing else wrote since. */
  batchStarted(): View {
    this.placementBatches++;
    const kept = this.kept;
    this.kept = undefined; // until this batch commits, its view is not the database's
    this.stock = undefined;
    return kept && kept.otherWrites === this.otherWrites() ? kept.view : new View();
  }

  /** The batch committed: its view is the database's now. */
  committed(view: View): void {
    const otherWrites = this.otherWrites();
    if (view.accepted < KEPT_VIEW_PLACEMENTS) this.kept = { view, otherWrites };
    // A copy: the kept view moves on with the next batch, before that batch commits.
    const products = new Map<string, StockedProduct>();
    for (const [id, p] of view.products)
      products.set(id, { ...p, ...(p.variants ? { variants: new Map(p.variants) } : {}) });
    this.stock = { products, otherWrites };
  }

  /** The batch failed: nothing it saw is known to be the database's. */
  failed(): void {
    this.kept = undefined;
    this.stock = undefined;
  }

  /** The 409 these lines get for stock known to be gone (domain/orderDecisions.ts stockRefusal), else null. */
  refusal(lines: readonly RequestedLine[] | undefined): DomainError | null {
    if (!lines || !this.stock || this.stock.otherWrites !== this.otherWrites()) return null;
    return stockRefusal(lines, this.stock.products);
  }
}
