// Rows of the embedded database -> the API's shapes (orders through the domain's orderFromRecord), and an order's
// record -> its rows (a placement's INSERTs, a change's UPDATE).
import { randomFillSync } from 'node:crypto';
import type { InStatement, InValue, Row } from './sql.js';
import {
  waitingRequests,
  EDITABLE_PRODUCT_FIELDS,
  orderFromRecord,
  PRODUCT_FIELD_NAMES,
  PRODUCT_FIELDS,
  productFromStored,
  storedValue,
  type ProductEditValues,
  normalizedRecord,
  type CancellationRequest,
  type OrderReturn,
  type OrderShippingMethod,
  type RefundRecord,
  type Tender,
  type Order,
  type OrderRecord,
  type OrderStatus,
  type OrderUndelivery,
  type PaymentResult,
  type Product,
  type Review,
} from '../../domain/index.js';
import type { OrderChange, StoredUser } from '../../ports.js';

/** Random bytes drawn for many ids at once: `randomBytes(12)` cost ~5.7 µs per call here (Node makes a crypto job
 *  object for each), a slice of this pool ~0.1 µs; the bytes are the same CSPRNG's, and each is used once. */
const idBytes = Buffer.alloc(12 * 341);
let idBytesUsed = idBytes.length;

/** 24 hex characters, like the ids the spec's clients know. */
export function newId(): string {
  if (idBytesUsed === idBytes.length) {
    randomFillSync(idBytes);
    idBytesUsed = 0;
  }
  idBytesUsed += 12;
  return idBytes.toString('hex', idBytesUsed - 12, idBytesUsed);
}

export const str = (v: unknown) => String(v);
const optStr = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** The products table's columns of the API's Product, by domain/productFields.ts, after the id. */
export const PRODUCT_COLUMNS = ['id', ...PRODUCT_FIELD_NAMES.map((name) => PRODUCT_FIELDS[name].column)].join(', ');

export function toProduct(r: Row): Product {
  return productFromStored(str(r.id), (name) => r[PRODUCT_FIELDS[name].column]);
}

/**
 * The columns a product's editable fields write (domain/productFields.ts) and their values, but countInStock: the
 * stores write stock through the edit rule (domain/productEdits.ts). A list is written as JSON, and only when sent.
 */
export function editedRow(input: ProductEditValues): Record<string, string | number> {
  const names = EDITABLE_PRODUCT_FIELDS.filter((name) => name !== 'countInStock' && input[name] !== undefined);
  return Object.fromEntries(
    names.map((name) => {
      const value = storedValue(name, input[name]!);
      return [PRODUCT_FIELDS[name].column, typeof value === 'object' ? JSON.stringify(value) : value];
    }),
  );
}

/** An INSERT of one row, its columns named by `row`'s keys. */
export function insertRow(table: string, row: Record<string, string | number>) {
  const columns = Object.keys(row);
  return {
    sql: `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    args: Object.values(row),
  };
}

/** An UPDATE of one row by id, setting `row`'s columns. */
export function updateRow(table: string, id: string, row: Record<string, string | number>) {
  const columns = Object.keys(row);
  return {
    sql: `UPDATE ${table} SET ${columns.map((column) => `${column} = ?`).join(', ')} WHERE id = ?`,
    args: [...Object.values(row), id],
  };
}

export function toReview(r: Row): Review {
  return {
    _id: str(r.id),
    user: str(r.user_id),
    name: str(r.name),
    rating: Number(r.rating),
    comment: str(r.comment),
    createdAt: str(r.created_at),
    verified: Boolean(Number(r.verified ?? 0)),
  };
}

export function toUser(r: Row): StoredUser {
  return {
    _id: str(r.id),
    name: str(r.name),
    email: str(r.email),
    isAdmin: Number(r.is_admin) === 1,
    createdAt: str(r.created_at),
  };
}

export function isUniqueViolation(error: unknown): boolean {
  return /UNIQUE constraint failed/i.test(String((error as Error)?.message ?? error));
}

/** An orders row and its order_items rows (by line), as the API's Order. */
export function toOrder(r: Row, items: Row[]): Order {
  return orderFromRecord(str(r.id), toOrderRecord(r, items));
}

/** An orders row and its order_items rows (by line), as the domain's OrderRecord (what decisions read). */
export function toOrderRecord(r: Row, items: Row[]): OrderRecord {
  return normalizedRecord({
    user: { _id: str(r.user_id), name: str(r.user_name), email: str(r.user_email) },
    orderItems: items.map((i) => ({
      product: str(i.product_id),
      name: str(i.name),
      image: str(i.image),
      priceCents: Number(i.price_cents),
      qty: Number(i.qty),
      ...(i.variant_id
        ? { variant: str(i.variant_id), variantLabel: str(i.variant_label ?? ''), sku: str(i.sku ?? '') }
        : {}),
      ...(Number(i.discount_cents ?? 0) > 0 ? { discountCents: Number(i.discount_cents) } : {}),
      ...(i.tax_cents != null ? { taxCents: Number(i.tax_cents) } : {}),
    })),
    shippingAddress: JSON.parse(str(r.shipping_json)),
    paymentMethod: str(r.payment_method),
    itemsCents: Number(r.items_cents),
    discountCents: Number(r.discount_cents ?? 0),
    couponCode: optStr(r.coupon_code),
    shippingCents: Number(r.shipping_cents),
    taxCents: Number(r.tax_cents),
    totalCents: Number(r.total_cents),
    currency: str(r.currency),
    status: str(r.status) as OrderStatus,
    paidAt: optStr(r.paid_at),
    paymentResult: r.payment_json ? (JSON.parse(str(r.payment_json)) as PaymentResult) : null,
    deliveredAt: optStr(r.delivered_at),
    shippedAt: optStr(r.shipped_at),
    expiresAt: optStr(r.expires_at),
    cancelledAt: optStr(r.cancelled_at),
    shippingMethod: r.shipping_method_json ? (JSON.parse(str(r.shipping_method_json)) as OrderShippingMethod) : null,
    carrier: optStr(r.carrier),
    trackingNumber: optStr(r.tracking_number),
    undeliveries: r.undeliveries_json ? (JSON.parse(str(r.undeliveries_json)) as OrderUndelivery[]) : [],
    createdAt: str(r.created_at),
    refunds: r.refunds_json ? (JSON.parse(str(r.refunds_json)) as RefundRecord[]) : [],
    tenders: r.tenders_json ? (JSON.parse(str(r.tenders_json)) as Tender[]) : [],
    cancellationRequest: r.cancellation_json ? (JSON.parse(str(r.cancellation_json)) as CancellationRequest) : null,
    returns: r.returns_json ? (JSON.parse(str(r.returns_json)) as OrderReturn[]) : [],
    guestEmail: optStr(r.guest_email),
    guestAddressKey: optStr(r.guest_address_key),
    guestToken: optStr(r.guest_token),
  });
}

/** LIKE's wildcards and its escape character, taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * SQL for domain/listQuery's customer search (`search` already lower-cased, one word): the email or a word of the
 * name starts with it, the rule customerSearchKeys gives the Firestore store.
 */
export function customerMatch(emailColumn: string, nameColumn: string, search: string) {
  const term = likeLiteral(search);
  return {
    sql: `(lower(${emailColumn}) LIKE ? ESCAPE '\\' OR (' ' || replace(replace(replace(lower(${nameColumn}), char(9), ' '), char(10), ' '), char(13), ' ')) LIKE ? ESCAPE '\\')`,
    args: [`${term}%`, `% ${term}%`],
  };
}

/** The rows of a placed order: the order and its lines (one INSERT each). */
export function orderInserts(id: string, record: OrderRecord): InStatement[] {
  return [
    {
      sql: `INSERT INTO orders (id, user_id, user_name, user_email, shipping_json, payment_method, items_cents,
              shipping_cents, tax_cents, total_cents, currency, status, expires_at, created_at, discount_cents,
              coupon_code, guest_email, guest_address_key, guest_token, client_key, shipping_method_json, paid_at,
              tenders_json)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
        record.shippingMethod ? JSON.stringify(record.shippingMethod) : null,
        // Paid at placement when its tenders cover it (domain/tenders.ts withTenders).
        record.paidAt,
        JSON.stringify(record.tenders ?? []),
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

/** The UPDATE of the fields a change sets (a JSON column per list; the capture id beside the payment). */
export function patchStatements(id: string, change: OrderChange): InStatement[] {
  const json = (v: unknown) => (v === null ? null : JSON.stringify(v));
  const columns: [keyof OrderChange, string, (v: never) => InValue][] = [
    ['status', 'status', (v: string) => v],
    ['paidAt', 'paid_at', (v: string | null) => v],
    ['paymentResult', 'payment_json', json],
    ['deliveredAt', 'delivered_at', (v: string | null) => v],
    ['shippedAt', 'shipped_at', (v: string | null) => v],
    ['cancelledAt', 'cancelled_at', (v: string | null) => v],
    ['refunds', 'refunds_json', json],
    ['tenders', 'tenders_json', json],
    ['returns', 'returns_json', json],
    ['cancellationRequest', 'cancellation_json', json],
    ['carrier', 'carrier', (v: string | null) => v],
    ['trackingNumber', 'tracking_number', (v: string | null) => v],
    ['undeliveries', 'undeliveries_json', json],
    ['guestEmail', 'guest_email', (v: string | null) => v],
    ['guestAddressKey', 'guest_address_key', (v: string | null) => v],
  ];
  const sets: string[] = [];
  const args: InValue[] = [];
  for (const [field, column, toColumn] of columns)
    if (change[field] !== undefined) {
      sets.push(`${column} = ?`);
      args.push(toColumn(change[field] as never));
    }
  if (change.paymentResult !== undefined) {
    sets.push('capture_id = ?');
    args.push(change.paymentResult?.id ?? null);
  }
  // The waiting flags beside what they mirror (domain/lifecycle.ts waitingRequests; migration 31): the admin's count
  // and ?requests=waiting read an index rather than every order's JSON.
  if (change.returns !== undefined) {
    sets.push('waiting_returns = ?');
    args.push(waitingRequests({ returns: change.returns }).returns);
  }
  if (change.cancellationRequest !== undefined) {
    sets.push('waiting_cancellation = ?');
    args.push(waitingRequests({ cancellationRequest: change.cancellationRequest }).cancellation ? 1 : 0);
  }
  if (change.user) {
    sets.push('user_id = ?', 'user_name = ?', 'user_email = ?');
    args.push(change.user._id, change.user.name, change.user.email);
  }
  return sets.length ? [{ sql: `UPDATE orders SET ${sets.join(', ')} WHERE id = ?`, args: [...args, id] }] : [];
}
