import { countOpenOrders, LIST_PAGE_SIZE, type OpenOrders } from '../../domain/index.js';
import type { OrderStore } from '../../ports.js';

/** A customer's open orders (domain countOpenOrders), read through the store's bounded order list: the same two
 *  filtered counts on either backend. The hold limits keep a customer's unpaid orders far below one page. */
export async function openOrdersOf(orders: OrderStore, userId: string, now: Date): Promise<OpenOrders> {
  const query = { userId, search: '', sort: 'oldest', page: 1 } as const;
  const [unpaid, undelivered] = await Promise.all([
    orders.list({ ...query, status: 'awaiting_payment', pageSize: LIST_PAGE_SIZE }),
    orders.list({ ...query, status: 'paid', pageSize: 1 }),
  ]);
  return countOpenOrders(unpaid, undelivered.total, now);
}
