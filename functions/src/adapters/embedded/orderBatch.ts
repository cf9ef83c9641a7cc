// Group commit of placed orders (docs/benchmarks.md, checkout): orders that arrive while the database is busy
// wait together and are checked and written in ONE write transaction, each in its own SAVEPOINT so a refusal or a
// failure undoes only that order. What every order needs is read once per batch (the products of all its lines,
// the customers' open orders), then kept in step in memory as orders are accepted. An order is answered only after
// its batch committed: an acknowledged order is on disk, and its events (the order, the stock it left) are published
// before it is answered. Each accepted order records its "order placed" email in its savepoint (a refused order
// records none); the outbox worker is woken once the batch committed.
import type { InStatement, Transaction } from './sql.js';
import {
  customerOf,
  couponCustomerKeys,
  guestAddressKey,
  orderEvents,
  orderFromRecord,
  placeOrder,
  stockChanges,
  shortOfStock,
  type DomainEvent,
  type Order,
  type OrderRecord,
  type StockedProduct,
  type StockedVariant,
  type StockLevel,
  type ProductOption,
  type UnpaidOrder,
  levelKey,
  applyBookChange,
  rememberAddress,
  stockedVariantsOf,
  type SavedAddress,
} from '../../domain/index.js';
import { customerOrderMail } from '../../mail/orderMails.js';
import { placeOrderRequest, type EventPublisher, type PlaceOrderCommand } from '../../ports.js';
import { bookChangeStatements, loadBooks } from './addresses.js';
import type { Database } from './db.js';
import { loadCoupon, redeemStatements } from './coupons.js';
import { recordMailStatement } from './mailOutbox.js';
import { newId, str } from './mapping.js';
import { firstStaleChange, stockStatements, variantMirrors } from './stock.js';
import { groupVariants, VARIANT_COLUMNS } from './variants.js';

/** At most this many orders per transaction, so one batch's answer never waits on an unbounded queue. */
export const MAX_BATCH_ORDERS = 200;

type Outcome = { order: Order; events: DomainEvent[] } | { error: unknown };

interface Waiting {
  command: PlaceOrderCommand;
  resolve(order: Order): void;
  reject(error: unknown): void;
}

export class OrderBatcher {
  private waiting: Waiting[] = [];
  private scheduled = false;

  constructor(
    private readonly db: Database,
    private readonly events: EventPublisher,
    /** Called once a committed batch recorded mail (the outbox worker's wake-up). */
    private readonly onMailRecorded: () => void = () => undefined,
  ) {}

  place(command: PlaceOrderCommand): Promise<Order> {
    return new Promise<Order>((resolve, reject) => {
      this.waiting.push({ command, resolve, reject });
      if (!this.scheduled) this.schedule();
    });
  }

  /** Queues one write transaction; when its turn comes it takes every order waiting by then. */
  private schedule(): void {
    this.scheduled = true;
    let batch: Waiting[] | undefined;
    let outcomes: Outcome[] = [];
    this.db
      .write(async (tx) => {
        batch = this.waiting.splice(0, MAX_BATCH_ORDERS);
        this.scheduled = false;
        if (this.waiting.length) this.schedule();
        outcomes = await placeBatch(
          tx,
          batch.map((w) => w.command),
        );
      })
      .then(
        () => {
          // Committed: each accepted order's events, in the batch's order, then the answers.
          for (const outcome of outcomes) if ('events' in outcome) this.events.publish(outcome.events);
          if (outcomes.some((o) => 'order' in o)) this.onMailRecorded();
          batch!.forEach((w, i) => settle(w, outcomes[i]!));
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

function settle(waiting: Waiting, outcome: Outcome): void {
  if ('order' in outcome) waiting.resolve(outcome.order);
  else waiting.reject(outcome.error);
}

/**
 * Checks and writes each order in its own savepoint; answers one outcome per command, in order. A batch of one (orders
 * not queueing) needs no savepoint: its refusal or failure is thrown, and the whole transaction rolls back.
 */
export async function placeBatch(tx: Transaction, commands: PlaceOrderCommand[]): Promise<Outcome[]> {
  const products = await readProducts(tx, [...new Set(commands.flatMap((c) => c.lines.map((l) => l.product)))]);
  const openOrders = await readOpenOrders(tx, [...new Set(commands.map((c) => customerOf(c)._id))]);
  const guestAddresses = commands.filter((c) => c.guest).map((c) => guestAddressKey(c.shippingAddress));
  const openAtAddress = guestAddresses.length
    ? await readOpenOrders(tx, [...new Set(guestAddresses)], 'guest_address_key')
    : new Map<string, UnpaidOrder[]>();
  // The open orders placed from each command's client address, any account or guest (issue 36).
  const clientKeys = commands.flatMap((c) => (c.clientHold ? [c.clientHold.key] : []));
  const openAtClient = clientKeys.length
    ? await readOpenOrders(tx, [...new Set(clientKeys)], 'client_key')
    : new Map<string, UnpaidOrder[]>();
  // The customers' address books: each order's address is remembered in its own savepoint (a guest has none).
  const books = await loadBooks(tx, [...new Set(commands.filter((c) => !c.guest).map((c) => c.user._id))]);
  const outcomes: Outcome[] = [];
  const isolate = commands.length > 1;
  for (const command of commands) {
    try {
      outcomes.push(await placeOne(tx, command, { products, openOrders, openAtAddress, openAtClient, books }, isolate));
    } catch (error) {
      if (!isolate) throw error;
      outcomes.push({ error });
    }
  }
  return outcomes;
}

/** The rows of a placed order: the order and its lines (one INSERT each). */
function orderInserts(id: string, record: OrderRecord): InStatement[] {
  return [
    {
      sql: `INSERT INTO orders (id, user_id, user_name, user_email, shipping_json, payment_method, items_cents,
              shipping_cents, tax_cents, total_cents, currency, status, expires_at, created_at, discount_cents,
              coupon_code, guest_email, guest_address_key, guest_token, client_key)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        id,
        record.user._id,
        record.user.name,
        record.user.email,
        JSON.stringify(record.shippingAddress),
        record.paymentMethod,
        record.itemsCents,
        record.shippingCents,
        record.taxCents,
        record.totalCents,
        record.currency,
        record.status,
        record.expiresAt,
        record.createdAt,
        record.discountCents ?? 0,
        record.couponCode ?? null,
        record.guestEmail ?? null,
        record.guestAddressKey ?? null,
        record.guestToken ?? null,
        record.clientKey ?? null,
      ],
    },
    {
      sql: `INSERT INTO order_items (order_id, line, product_id, name, image, price_cents, qty, variant_id,
              variant_label, sku, discount_cents, tax_cents)
            VALUES ${record.orderItems.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      args: record.orderItems.flatMap((l, index) => [
        id,
        index,
        l.product,
        l.name,
        l.image,
        l.priceCents,
        l.qty,
        l.variant ?? null,
        l.variantLabel ?? null,
        l.sku ?? null,
        l.discountCents ?? null,
        l.taxCents ?? null,
      ]),
    },
  ];
}

/** What a batch read once, kept in step as its orders are accepted. */
interface BatchView {
  products: Map<string, StockedProduct>;
  openOrders: Map<string, UnpaidOrder[]>;
  openAtAddress: Map<string, UnpaidOrder[]>;
  openAtClient: Map<string, UnpaidOrder[]>;
  books: Map<string, SavedAddress[]>;
}

async function placeOne(
  tx: Transaction,
  cmd: PlaceOrderCommand,
  { products, openOrders, openAtAddress, openAtClient, books }: BatchView,
  /** In a savepoint of its own (a batch of several), so that a refusal undoes this order only. */
  isolate: boolean,
): Promise<{ order: Order; events: DomainEvent[] }> {
  const customerId = customerOf(cmd)._id;
  // Decided on the batch's view of stock and holds (every earlier order of the batch included).
  const customerOrders = openOrders.get(customerId) ?? [];
  // A guest's: also the open guest orders to the same address (whatever email).
  const addressKey = cmd.guest ? guestAddressKey(cmd.shippingAddress) : null;
  const addressOrders = addressKey ? (openAtAddress.get(addressKey) ?? []) : [];
  const clientKey = cmd.clientHold?.key ?? null;
  const clientOrders = clientKey ? (openAtClient.get(clientKey) ?? []) : [];
  // The code as this transaction sees it (every earlier order of the batch's redemption included).
  const coupon = cmd.couponCode ? await loadCoupon(tx, cmd.couponCode, couponCustomerKeys(customerOf(cmd))) : null;
  const id = newId();
  const { record, taken, stock, redemption } = placeOrder(
    placeOrderRequest(cmd, id),
    products,
    customerOrders,
    coupon,
    addressOrders,
    clientOrders,
  );
  const placedAt = new Date(record.createdAt);
  // The customer's book keeps the address (once; marked last used, so the next checkout starts from it).
  const remembered = cmd.guest
    ? null
    : rememberAddress(books.get(customerId) ?? [], cmd.shippingAddress, newId(), placedAt);
  // Guarded (stock.ts): even if the batch's view were wrong, a row's stock cannot be miscounted or go below zero.
  const before = new Map(taken.map((units) => [levelKey(units), stockOfBatch(products, units)]));
  const changes = stockChanges(stock, before);
  const takes = stockStatements(changes, {
    cause: 'order',
    by: customerId,
    at: record.createdAt,
    orderId: id,
  });
  const savepoint = isolate ? ['SAVEPOINT place_order'] : [];
  try {
    // One call into the database for the order's writes, its savepoint first, its email last.
    const results = await tx.batch([
      ...savepoint,
      ...takes,
      ...variantMirrors(changes),
      ...orderInserts(id, record),
      ...(redemption ? redeemStatements(redemption.code, redemption.customerKeys) : []),
      ...(remembered ? bookChangeStatements(customerId, remembered) : []),
      recordMailStatement(customerOrderMail('placed', id, record, placedAt), placedAt),
    ]);
    const short = firstStaleChange(results.slice(savepoint.length, savepoint.length + takes.length));
    if (short >= 0) throw shortOfStock(products.get(taken[short]!.product)!.name, 0, taken[short]!.qty);
    if (isolate) await tx.execute('RELEASE place_order');
  } catch (error) {
    // Undo this order only. Should even that fail, the error ends the whole batch's transaction: nothing half-written.
    // (Alone in its batch, the order's error ends the transaction, which rolls back.)
    if (isolate) {
      await tx.execute('ROLLBACK TO place_order');
      await tx.execute('RELEASE place_order');
    }
    throw error;
  }
  // Accepted: the batch's view moves on.
  for (const level of stock) setStockOfBatch(products, level);
  customerOrders.push(record);
  openOrders.set(customerId, customerOrders);
  if (addressKey) openAtAddress.set(addressKey, [...addressOrders, record]);
  if (clientKey) openAtClient.set(clientKey, [...clientOrders, record]);
  if (remembered) books.set(customerId, applyBookChange(books.get(customerId) ?? [], remembered));
  const order = orderFromRecord(id, record);
  return { order, events: orderEvents('OrderPlaced', order, stock) };
}

/** The batch's products, read once, with their variants (issue 29). One bound JSON array each: no IN list whose size
 *  a request controls. */
async function readProducts(tx: Transaction, ids: string[]): Promise<Map<string, StockedProduct>> {
  const [rs, variantRows] = await Promise.all([
    tx.execute({
      sql: `SELECT id, name, image, price_cents, count_in_stock, category, options_json FROM products
            WHERE id IN (SELECT value FROM json_each(?))`,
      args: [JSON.stringify(ids)],
    }),
    tx.execute({
      sql: `SELECT ${VARIANT_COLUMNS} FROM product_variants
            WHERE product_id IN (SELECT value FROM json_each(?)) ORDER BY product_id, position`,
      args: [JSON.stringify(ids)],
    }),
  ]);
  const variantsOf = groupVariants(variantRows.rows);
  return new Map(
    rs.rows.map((r) => {
      const product: StockedProduct = {
        name: str(r.name),
        image: str(r.image),
        priceCents: Number(r.price_cents),
        countInStock: Number(r.count_in_stock),
        category: str(r.category),
      };
      const options = JSON.parse(str(r.options_json ?? '[]')) as ProductOption[];
      Object.assign(product, stockedVariantsOf(options, variantsOf.get(str(r.id)) ?? []));
      return [str(r.id), product];
    }),
  );
}

/** The stock a batch's view has for a product or one of its variants. */
function stockOfBatch(products: Map<string, StockedProduct>, at: { product: string; variant?: string }): number {
  const product = products.get(at.product)!;
  return at.variant ? product.variants!.get(at.variant)!.countInStock : product.countInStock;
}

/** The batch's view after an accepted order (a default variant's stock is its product's countInStock too). */
function setStockOfBatch(products: Map<string, StockedProduct>, level: StockLevel): void {
  const product = products.get(level.product)!;
  if (!level.variant) {
    product.countInStock = level.countInStock;
    return;
  }
  const variants = product.variants as Map<string, StockedVariant>;
  variants.set(level.variant, { ...variants.get(level.variant)!, countInStock: level.countInStock });
  if (level.variant === product.defaultVariant) product.countInStock = level.countInStock;
}

/** The batch's customers' unpaid orders with their lines (whether each is still open is decided per command's time),
 *  by customer id, or by guest address key (`by` = 'guest_address_key': the per-address limits of guest orders), or
 *  by client address key (`client_key`: the per-client-address limits across accounts, issue 36). */
async function readOpenOrders(
  tx: Transaction,
  keys: string[],
  by: 'user_id' | 'guest_address_key' | 'client_key' = 'user_id',
): Promise<Map<string, UnpaidOrder[]>> {
  const rs = await tx.execute({
    sql: `SELECT o.id, o.${by} AS user_id, o.expires_at, o.total_cents, i.product_id, i.qty
          FROM orders o JOIN order_items i ON i.order_id = o.id
          WHERE o.${by} IN (SELECT value FROM json_each(?)) AND o.status = 'awaiting_payment'`,
    args: [JSON.stringify(keys)],
  });
  const byId = new Map<string, UnpaidOrder & { userId: string }>();
  for (const r of rs.rows) {
    const id = str(r.id);
    let order = byId.get(id);
    if (!order) {
      order = {
        userId: str(r.user_id),
        status: 'awaiting_payment',
        expiresAt: r.expires_at === null ? null : str(r.expires_at),
        totalCents: Number(r.total_cents),
        orderItems: [],
      };
      byId.set(id, order);
    }
    order.orderItems.push({ product: str(r.product_id), qty: Number(r.qty) });
  }
  const byUser = new Map<string, UnpaidOrder[]>();
  for (const { userId, ...order } of byId.values()) {
    const list = byUser.get(userId);
    if (list) list.push(order);
    else byUser.set(userId, [order]);
  }
  return byUser;
}
