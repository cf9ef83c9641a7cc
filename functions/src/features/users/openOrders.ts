import { countOpenOrders, LIST_PAGE_SIZE, type OpenOrders } from '../../domain/index.js';
import type { OrderStore } from '../../ports.js';

/** A customer's open orders (domain countOpenOrders), read through the store's bounded order list: the same two
 *  filtered counts on either backend. The hold limits keep a customer's unpaid orders far below one page. */
export async function openOrdersOf(orders: OrderStore, userId: string, now: Date): Promise<OpenOrders> {
  const query = { userId, search: '', sort: 'oldest', page: 1 } as const;
  // Not delivered yet: waiting to ship (paid) or on its way (shipped, issue 38).
  const [unpaid, toShip, onTheWay] = await Promise.all([
    orders.list({ ...query, status: 'awaiting_payment', pageSize: LIST_PAGE_SIZE }),
    orders.list({ ...query, status: 'paid', pageSize: 1 }),
    orders.list({ ...query, status: 'shipped', pageSize: 1 }),
  ]);
  return countOpenOrders(unpaid, toShip.total + onTheWay.total, now);
}
