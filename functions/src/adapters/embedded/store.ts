import { randomBytes } from 'node:crypto';
import type { InValue, Row, Transaction } from '@libsql/client';
import {
  assertDeliverable,
  assertPayable,
  badInput,
  conflict,
  notFound,
  ORDER_MESSAGES,
  orderFromRecord,
  priceOrder,
  searchKey,
  shortOfStock,
  toCents,
  toDollars,
  type Order,
  type OrderStatus,
  type PaymentResult,
  type Product,
  type ProductDetail,
  type Review,
} from '../../domain/index.js';
import type { NewReview, OrderStore, PlaceOrderCommand, ProductQuery, ProductStore, Store, StoredUser, UserStore } from '../../ports.js';
import type { Database } from './db.js';
import { gramToken, indexNameGrams } from './nameGrams.js';

/** 24 hex characters, like the ids the spec's clients know. */
export const newId = () => randomBytes(12).toString('hex');

const str = (v: unknown) => String(v);
const optStr = (v: unknown) => (v === null || v === undefined ? null : String(v));

const PRODUCT_COLUMNS =
  'id, name, image, brand, category, description, price_cents, count_in_stock, rating, num_reviews, created_at, updated_at';

function toProduct(r: Row): Product {
  return {
    _id: str(r.id),
    name: str(r.name),
    image: str(r.image),
    brand: str(r.brand),
    category: str(r.category),
    description: str(r.description),
    price: toDollars(Number(r.price_cents)),
    countInStock: Number(r.count_in_stock),
    rating: Math.round(Number(r.rating) * 100) / 100,
    numReviews: Number(r.num_reviews),
    createdAt: str(r.created_at),
    updatedAt: str(r.updated_at),
  };
}

function toReview(r: Row): Review {
  return {
    _id: str(r.id),
    user: str(r.user_id),
    name: str(r.name),
    rating: Number(r.rating),
    comment: str(r.comment),
    createdAt: str(r.created_at),
  };
}

function toUser(r: Row): StoredUser {
  return { _id: str(r.id), name: str(r.name), email: str(r.email), isAdmin: Number(r.is_admin) === 1, createdAt: str(r.created_at) };
}

function isUniqueViolation(error: unknown): boolean {
  return /UNIQUE constraint failed/i.test(String((error as Error)?.message ?? error));
}

/** Up to this many search matches are collected and sorted; with more, a page is found by walking the catalogue
 *  order (see SqlProducts.list), where they are dense enough to fill a page quickly. */
const SPARSE_MATCHES = 2000;
const LATEST = 'ORDER BY created_at DESC, id DESC';

class SqlProducts implements ProductStore {
  constructor(
    private readonly db: Database,
    private readonly sparseMatches = SPARSE_MATCHES,
  ) {}

  async list({ keyword, page, pageSize }: ProductQuery): Promise<{ products: Product[]; page: number; pages: number }> {
    const c = this.db.client;
    const offset = (page - 1) * pageSize;
    const pageOf = (total: number, rows: Row[]) => ({ products: rows.map(toProduct), page, pages: Math.ceil(total / pageSize) });
    // A page in one statement (one snapshot): the key of its first row is found by walking the index
    // products_latest (covering: no table reads for the skipped rows, ~2x faster than OFFSET on the rows), then
    // the page's rows are read from that key on.
    const fromKey = (filter: string) =>
      `SELECT ${PRODUCT_COLUMNS} FROM products WHERE ${filter ? `${filter} AND ` : ''}(created_at, id) <=
         (SELECT created_at, id FROM products INDEXED BY products_latest ${filter ? `WHERE ${filter}` : ''} ${LATEST} LIMIT 1 OFFSET ?)
       ${LATEST} LIMIT ?`;

    if (!keyword) {
      const count = await c.execute('SELECT count(*) AS n FROM products');
      const rows = await c.execute({ sql: fromKey(''), args: [offset, pageSize] });
      return pageOf(Number(count.rows[0]?.n ?? 0), rows.rows);
    }

    // The search is a case-insensitive literal substring of the name: instr() on the lower-cased name, never a
    // pattern ('(' or '.*' are just text). Indexes only narrow down where to look; instr() has the last word.
    const needle = searchKey(keyword);
    const match = 'instr(name_key, ?) > 0';
    const sorted = (source: string, sourceArg: InValue) =>
      c.execute({
        sql: `SELECT ${PRODUCT_COLUMNS} FROM products WHERE rowid IN (${source}) AND ${match} ${LATEST} LIMIT ? OFFSET ?`,
        args: [sourceArg, needle, pageSize, offset],
      });
    // Each index answers with the exact set of names containing the keyword, so its count is the total.
    const length = [...needle].length;
    const index =
      length <= 2
        ? // 1-2 characters: one token of the short-piece index (migration 3, nameGrams.ts).
          { sql: 'SELECT rowid FROM products_name_grams WHERE products_name_grams MATCH ?', query: `"${gramToken(needle)}"` }
        : !needle.includes('\u0000')
          ? // 3+ characters: the trigram index, a phrase of consecutive trigrams. Inside an FTS5 string
            // everything is literal text (a '"' is doubled); a NUL cannot be quoted, so such keywords scan below.
            { sql: 'SELECT rowid FROM products_name_trigrams WHERE products_name_trigrams MATCH ?', query: `"${needle.replaceAll('"', '""')}"` }
          : null;
    let total: number;
    if (index) {
      // Its cost grows with the matches, not with the catalogue.
      const count = await c.execute({ sql: `SELECT count(*) AS n FROM (${index.sql})`, args: [index.query] });
      total = Number(count.rows[0]?.n ?? 0);
      if (total <= this.sparseMatches) return pageOf(total, (await sorted(index.sql, index.query)).rows);
    } else {
      const count = await c.execute({ sql: `SELECT count(*) AS n FROM products INDEXED BY products_names WHERE ${match}`, args: [needle] });
      total = Number(count.rows[0]?.n ?? 0);
    }
    // Many matches: walk the catalogue order, where about one row in (catalogue size / total) matches.
    const rows = await c.execute({ sql: fromKey(match), args: [needle, needle, offset, pageSize] });
    return pageOf(total, rows.rows);
  }

  async top(limit: number): Promise<Product[]> {
    const rs = await this.db.client.execute({
      sql: `SELECT ${PRODUCT_COLUMNS} FROM products ORDER BY rating DESC, num_reviews DESC, created_at DESC LIMIT ?`,
      args: [limit],
    });
    return rs.rows.map(toProduct);
  }

  async get(id: string): Promise<ProductDetail | null> {
    const c = this.db.client;
    const [p, reviews] = await Promise.all([
      c.execute({ sql: `SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = ?`, args: [id] }),
      c.execute({
        sql: 'SELECT id, user_id, name, rating, comment, created_at FROM reviews WHERE product_id = ? ORDER BY created_at DESC',
        args: [id],
      }),
    ]);
    const row = p.rows[0];
    return row ? { ...toProduct(row), reviews: reviews.rows.map(toReview) } : null;
  }

  async create(input: Parameters<ProductStore['create']>[0], ownerId: string): Promise<Product> {
    const id = newId();
    const now = new Date().toISOString();
    const nameKey = searchKey(input.name);
    await this.db.write(async (tx) => {
      await tx.execute({
        sql: `INSERT INTO products (id, user_id, name, name_key, image, brand, category, description, price_cents, count_in_stock, created_at, updated_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        args: [id, ownerId, input.name, nameKey, input.image, input.brand, input.category, input.description,
          toCents(input.price), input.countInStock, now, now],
      });
      await indexNameGrams(tx, [{ id, nameKey }]);
    });
    return (await this.get(id)) as Product;
  }

  async update(id: string, input: Parameters<ProductStore['update']>[1]): Promise<Product | null> {
    const nameKey = searchKey(input.name);
    const rs = await this.db.write(async (tx) => {
      const updated = await tx.execute({
        sql: `UPDATE products SET name = ?, name_key = ?, image = ?, brand = ?, category = ?, description = ?,
                price_cents = ?, count_in_stock = ?, updated_at = ? WHERE id = ?`,
        args: [input.name, nameKey, input.image, input.brand, input.category, input.description,
          toCents(input.price), input.countInStock, new Date().toISOString(), id],
      });
      await indexNameGrams(tx, [{ id, nameKey }]);
      return updated;
    });
    if (rs.rowsAffected === 0) return null;
    const product = await this.get(id);
    if (!product) return null;
    const { reviews: _reviews, ...rest } = product;
    void _reviews;
    return rest;
  }

  async remove(id: string): Promise<boolean> {
    const rs = await this.db.write(async (tx) => {
      await tx.execute({ sql: 'DELETE FROM reviews WHERE product_id = ?', args: [id] });
      return tx.execute({ sql: 'DELETE FROM products WHERE id = ?', args: [id] });
    });
    return rs.rowsAffected > 0;
  }

  async addReview(productId: string, review: NewReview): Promise<Review> {
    const id = newId();
    const createdAt = new Date().toISOString();
    await this.db.write(async (tx) => {
      const exists = await tx.execute({ sql: 'SELECT 1 FROM products WHERE id = ?', args: [productId] });
      if (!exists.rows.length) throw notFound('Product not found');
      const dup = await tx.execute({ sql: 'SELECT 1 FROM reviews WHERE product_id = ? AND user_id = ?', args: [productId, review.userId] });
      if (dup.rows.length) throw badInput('Product already reviewed'); // 400, as the spec's clients expect
      await tx.execute({
        sql: 'INSERT INTO reviews (id, product_id, user_id, name, rating, comment, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        args: [id, productId, review.userId, review.name, review.rating, review.comment, createdAt],
      });
      // Recomputed from the reviews in the same transaction, so rating and numReviews never disagree with them.
      await tx.execute({
        sql: `UPDATE products SET
                rating = (SELECT avg(rating) FROM reviews WHERE product_id = ?1),
                num_reviews = (SELECT count(*) FROM reviews WHERE product_id = ?1),
                updated_at = ?2
              WHERE id = ?1`,
        args: [productId, createdAt],
      });
    });
    return { _id: id, user: review.userId, name: review.name, rating: review.rating, comment: review.comment, createdAt };
  }

  async lowStock(threshold: number, limit: number): Promise<Product[]> {
    const rs = await this.db.client.execute({
      sql: `SELECT ${PRODUCT_COLUMNS} FROM products WHERE count_in_stock <= ? ORDER BY count_in_stock ASC, name ASC LIMIT ?`,
      args: [threshold, limit],
    });
    return rs.rows.map(toProduct);
  }
}

class SqlUsers implements UserStore {
  constructor(private readonly db: Database) {}

  async get(id: string) {
    const rs = await this.db.client.execute({ sql: 'SELECT * FROM users WHERE id = ?', args: [id] });
    return rs.rows[0] ? toUser(rs.rows[0]) : null;
  }

  async findByEmail(email: string) {
    const rs = await this.db.client.execute({ sql: 'SELECT * FROM users WHERE email_key = ?', args: [email.trim().toLowerCase()] });
    return rs.rows[0] ? toUser(rs.rows[0]) : null;
  }

  async list() {
    const rs = await this.db.client.execute('SELECT * FROM users ORDER BY created_at ASC');
    return rs.rows.map(toUser);
  }

  /** With the embedded auth the row (with the credentials) exists already and this fills the profile; with another
   *  auth (Firebase Auth + this store, or the store alone) it inserts a profile whose password never verifies ('!'). */
  async create(user: { _id: string; name: string; email: string; isAdmin: boolean }) {
    try {
      await this.db.write((tx) =>
        tx.execute({
          sql: `INSERT INTO users (id, name, email, email_key, password_hash, is_admin, created_at) VALUES (?, ?, ?, ?, '!', ?, ?)
                ON CONFLICT (id) DO UPDATE SET name = excluded.name, email = excluded.email, email_key = excluded.email_key,
                  is_admin = excluded.is_admin`,
          args: [user._id, user.name, user.email, user.email.toLowerCase(), user.isAdmin ? 1 : 0, new Date().toISOString()],
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('Email already in use');
      throw error;
    }
    const created = await this.get(user._id);
    if (!created) throw notFound('User not found');
    return created;
  }

  async update(id: string, patch: { name?: string; email?: string; isAdmin?: boolean }) {
    const sets: string[] = [];
    const args: InValue[] = [];
    if (patch.name !== undefined) {
      sets.push('name = ?');
      args.push(patch.name);
    }
    if (patch.email !== undefined) {
      sets.push('email = ?', 'email_key = ?');
      args.push(patch.email, patch.email.toLowerCase());
    }
    if (patch.isAdmin !== undefined) {
      sets.push('is_admin = ?');
      args.push(patch.isAdmin ? 1 : 0);
    }
    if (sets.length) {
      try {
        await this.db.write((tx) => tx.execute({ sql: `UPDATE users SET ${sets.join(', ')} WHERE id = ?`, args: [...args, id] }));
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('Email already in use');
        throw error;
      }
    }
    return this.get(id);
  }

  async remove(id: string) {
    const rs = await this.db.write((tx) => tx.execute({ sql: 'DELETE FROM users WHERE id = ?', args: [id] }));
    return rs.rowsAffected > 0;
  }
}

interface OrderRow {
  order: Row;
  items: Row[];
}

/** The stored row and its lines as the domain's OrderRecord. */
function toOrder({ order: r, items }: OrderRow): Order {
  return orderFromRecord(str(r.id), {
    user: { _id: str(r.user_id), name: str(r.user_name), email: str(r.user_email) },
    orderItems: items.map((i) => ({
      product: str(i.product_id),
      name: str(i.name),
      image: str(i.image),
      priceCents: Number(i.price_cents),
      qty: Number(i.qty),
    })),
    shippingAddress: JSON.parse(str(r.shipping_json)),
    paymentMethod: str(r.payment_method),
    itemsCents: Number(r.items_cents),
    shippingCents: Number(r.shipping_cents),
    taxCents: Number(r.tax_cents),
    totalCents: Number(r.total_cents),
    currency: str(r.currency),
    status: str(r.status) as OrderStatus,
    paidAt: optStr(r.paid_at),
    paymentResult: r.payment_json ? (JSON.parse(str(r.payment_json)) as PaymentResult) : null,
    deliveredAt: optStr(r.delivered_at),
    expiresAt: optStr(r.expires_at),
    createdAt: str(r.created_at),
  });
}

type Reader = Pick<Transaction, 'execute'>;

class SqlOrders implements OrderStore {
  constructor(private readonly db: Database) {}

  private async load(reader: Reader, where: string, args: InValue[]): Promise<Order[]> {
    const orders = await reader.execute({ sql: `SELECT * FROM orders ${where}`, args });
    if (!orders.rows.length) return [];
    const ids = orders.rows.map((r) => str(r.id));
    const items = await reader.execute({
      sql: `SELECT * FROM order_items WHERE order_id IN (${ids.map(() => '?').join(',')}) ORDER BY order_id, line`,
      args: ids,
    });
    const byOrder = new Map<string, Row[]>();
    for (const item of items.rows) {
      const list = byOrder.get(str(item.order_id)) ?? [];
      list.push(item);
      byOrder.set(str(item.order_id), list);
    }
    return orders.rows.map((order) => toOrder({ order, items: byOrder.get(str(order.id)) ?? [] }));
  }

  async get(id: string) {
    return (await this.load(this.db.client, 'WHERE id = ?', [id]))[0] ?? null;
  }

  listForUser(userId: string) {
    return this.load(this.db.client, 'WHERE user_id = ? ORDER BY created_at DESC', [userId]);
  }

  listAll() {
    return this.load(this.db.client, 'ORDER BY created_at DESC', []);
  }

  async place(cmd: PlaceOrderCommand): Promise<Order> {
    const id = newId();
    await this.db.write(async (tx) => {
      const lines = [];
      for (const line of cmd.lines) {
        const rs = await tx.execute({
          sql: 'SELECT id, name, image, price_cents, count_in_stock FROM products WHERE id = ?',
          args: [line.product],
        });
        const p = rs.rows[0];
        if (!p) throw notFound(`Product not found: ${line.product}`);
        const stock = Number(p.count_in_stock);
        if (stock < line.qty) throw shortOfStock(str(p.name), stock, line.qty);
        // Guarded decrement: even if a check above were wrong, the row cannot go below zero.
        const taken = await tx.execute({
          sql: 'UPDATE products SET count_in_stock = count_in_stock - ? WHERE id = ? AND count_in_stock >= ?',
          args: [line.qty, line.product, line.qty],
        });
        if (taken.rowsAffected !== 1) throw shortOfStock(str(p.name), 0, line.qty);
        lines.push({ product: line.product, name: str(p.name), image: str(p.image), priceCents: Number(p.price_cents), qty: line.qty });
      }
      const price = priceOrder(lines);
      await tx.execute({
        sql: `INSERT INTO orders (id, user_id, user_name, user_email, shipping_json, payment_method, items_cents, shipping_cents,
                tax_cents, total_cents, currency, status, expires_at, created_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'USD', 'awaiting_payment', ?, ?)`,
        args: [id, cmd.user._id, cmd.user.name, cmd.user.email, JSON.stringify(cmd.shippingAddress), cmd.paymentMethod,
          price.itemsCents, price.shippingCents, price.taxCents, price.totalCents, cmd.expiresAt.toISOString(), cmd.now.toISOString()],
      });
      for (const [index, l] of lines.entries()) {
        await tx.execute({
          sql: 'INSERT INTO order_items (order_id, line, product_id, name, image, price_cents, qty) VALUES (?, ?, ?, ?, ?, ?, ?)',
          args: [id, index, l.product, l.name, l.image, l.priceCents, l.qty],
        });
      }
    });
    return (await this.get(id)) as Order;
  }

  async markPaid(id: string, payment: PaymentResult, now: Date): Promise<Order> {
    await this.db.write(async (tx) => {
      const [order] = await this.load(tx, 'WHERE id = ?', [id]);
      if (!order) throw notFound(ORDER_MESSAGES.notFound);
      assertPayable(order, now);
      const used = await tx.execute({ sql: 'SELECT id FROM orders WHERE capture_id = ?', args: [payment.id] });
      if (used.rows.length) throw conflict(ORDER_MESSAGES.captureUsed);
      await tx.execute({
        sql: "UPDATE orders SET status = 'paid', paid_at = ?, payment_json = ?, capture_id = ? WHERE id = ? AND status = 'awaiting_payment'",
        args: [now.toISOString(), JSON.stringify(payment), payment.id, id],
      });
    });
    return (await this.get(id)) as Order;
  }

  async markDelivered(id: string, now: Date): Promise<Order> {
    await this.db.write(async (tx) => {
      const rs = await tx.execute({ sql: 'SELECT status FROM orders WHERE id = ?', args: [id] });
      const row = rs.rows[0];
      if (!row) throw notFound(ORDER_MESSAGES.notFound);
      assertDeliverable({ status: str(row.status) as OrderStatus });
      await tx.execute({ sql: "UPDATE orders SET status = 'delivered', delivered_at = ? WHERE id = ?", args: [now.toISOString(), id] });
    });
    return (await this.get(id)) as Order;
  }

  async expireStale(now: Date): Promise<number> {
    return this.db.write(async (tx) => {
      const stale = await tx.execute({
        sql: "SELECT id FROM orders WHERE status = 'awaiting_payment' AND expires_at <= ?",
        args: [now.toISOString()],
      });
      for (const row of stale.rows) {
        // Give the held stock back to products that still exist.
        await tx.execute({
          sql: `UPDATE products SET count_in_stock = count_in_stock +
                  (SELECT qty FROM order_items WHERE order_id = ?1 AND product_id = products.id)
                WHERE id IN (SELECT product_id FROM order_items WHERE order_id = ?1)`,
          args: [str(row.id)],
        });
        await tx.execute({ sql: "UPDATE orders SET status = 'expired' WHERE id = ?", args: [str(row.id)] });
      }
      return stale.rows.length;
    });
  }

  async dailyStats(since: Date) {
    const rs = await this.db.client.execute({
      sql: `SELECT substr(created_at, 1, 10) AS day, count(*) AS orders,
                   sum(CASE WHEN status IN ('paid', 'delivered') THEN total_cents ELSE 0 END) AS revenue
            FROM orders WHERE created_at >= ? GROUP BY day ORDER BY day`,
      args: [since.toISOString()],
    });
    return rs.rows.map((r) => ({ day: str(r.day), orders: Number(r.orders), revenue: toDollars(Number(r.revenue)) }));
  }
}

/** `tuning.sparseMatches` (tests): how many search matches are sorted directly (see SqlProducts.list). */
export function createSqlStore(db: Database, tuning: { sparseMatches?: number } = {}): Store {
  return {
    products: new SqlProducts(db, tuning.sparseMatches),
    users: new SqlUsers(db),
    orders: new SqlOrders(db),
    ping: async () => {
      await db.client.execute('SELECT 1');
    },
    close: async () => db.close(),
  };
}
