// What the verified-purchase decision reads (domain/reviewDecisions.ts verifiedPurchase): one customer's orders
// holding one product, with their lines and refunds. Read inside the review's write transaction (and by migration 25).
import type { Transaction } from './sql.js';
import { reverifiedReviews, type OrderStatus, type Purchase, type RefundRecord } from '../../domain/index.js';

export async function purchasesOf(tx: Transaction, userId: string, productId: string): Promise<Purchase[]> {
  const orders = await tx.execute({
    sql: `SELECT id, status, cancelled_at, total_cents, paid_at, refunds_json FROM orders
          WHERE user_id = ?1 AND EXISTS (SELECT 1 FROM order_items WHERE order_id = orders.id AND product_id = ?2)`,
    args: [userId, productId],
  });
  const purchases: Purchase[] = [];
  for (const order of orders.rows) {
    const items = await tx.execute({
      sql: 'SELECT product_id, qty FROM order_items WHERE order_id = ? AND product_id = ?',
      args: [order.id, productId],
    });
    purchases.push({
      status: String(order.status) as OrderStatus,
      cancelledAt: order.cancelled_at === null ? null : String(order.cancelled_at),
      totalCents: Number(order.total_cents),
      paidAt: order.paid_at === null ? null : String(order.paid_at),
      refunds: order.refunds_json ? (JSON.parse(String(order.refunds_json)) as RefundRecord[]) : [],
      orderItems: items.rows.map((item) => ({ product: String(item.product_id), qty: Number(item.qty) })),
    });
  }
  return purchases;
}

/**
 * Issue 36: the customer's reviews of these products decided again (domain/reviewDecisions.ts reverifiedReviews)
 * inside the transaction that completed a refund of their order, after the order's new state is written (so
 * purchasesOf reads it). Answers the products whose review changed its mark.
 */
export async function reverifyReviews(
  tx: Transaction,
  userId: string,
  productIds: readonly string[],
): Promise<string[]> {
  const products = [...new Set(productIds)];
  if (products.length === 0) return [];
  const rows = await tx.execute({
    sql: `SELECT product_id, verified FROM reviews WHERE user_id = ? AND product_id IN (${products.map(() => '?').join(', ')})`,
    args: [userId, ...products],
  });
  const reviews = rows.rows.map((r) => ({ product: String(r.product_id), verified: Boolean(Number(r.verified ?? 0)) }));
  const purchases = new Map<string, Purchase[]>();
  for (const review of reviews) purchases.set(review.product, await purchasesOf(tx, userId, review.product));
  const changed = reverifiedReviews(reviews, (product) => purchases.get(product) ?? []);
  for (const review of changed)
    await tx.execute({
      sql: 'UPDATE reviews SET verified = ? WHERE user_id = ? AND product_id = ?',
      args: [review.verified ? 1 : 0, userId, review.product],
    });
  return changed.map((review) => review.product);
}
