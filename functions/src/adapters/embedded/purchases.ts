// What the verified-purchase decision reads (domain/reviewDecisions.ts verifiedPurchase): one customer's orders
// holding one product, with their lines and refunds. Read inside the review's write transaction (and by migration 25).
import type { Transaction } from './sql.js';
import type { OrderStatus, Purchase, RefundRecord } from '../../domain/index.js';

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
