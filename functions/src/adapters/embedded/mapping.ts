// Rows of the embedded database -> the API's shapes (orders through the domain's orderFromRecord).
import { randomBytes } from 'node:crypto';
import type { Row } from '@libsql/client';
import {
  orderFromRecord,
  toDollars,
  type Order,
  type OrderRecord,
  type OrderStatus,
  type OrderUndelivery,
  type PaymentResult,
  type Product,
  type Review,
} from '../../domain/index.js';
import type { StoredUser } from '../../ports.js';

/** 24 hex characters, like the ids the spec's clients know. */
export const newId = () => randomBytes(12).toString('hex');

export const str = (v: unknown) => String(v);
const optStr = (v: unknown) => (v === null || v === undefined ? null : String(v));

export const PRODUCT_COLUMNS =
  'id, name, image, brand, category, description, price_cents, count_in_stock, rating, num_reviews, created_at, updated_at';

export function toProduct(r: Row): Product {
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

export function toReview(r: Row): Review {
  return {
    _id: str(r.id),
    user: str(r.user_id),
    name: str(r.name),
    rating: Number(r.rating),
    comment: str(r.comment),
    createdAt: str(r.created_at),
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
  return {
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
    cancelledAt: optStr(r.cancelled_at),
    carrier: optStr(r.carrier),
    trackingNumber: optStr(r.tracking_number),
    undeliveries: r.undeliveries_json ? (JSON.parse(str(r.undeliveries_json)) as OrderUndelivery[]) : [],
    createdAt: str(r.created_at),
  };
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
