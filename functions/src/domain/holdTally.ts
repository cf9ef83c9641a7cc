// What a client address's unpaid orders hold together (issue 36's per-address hold limits), kept as orders are placed
// and their holds end, so a placement judges it without going over every order (issue 42: a sale behind one address,
// the bench's shoppers all on 127.0.0.1 with HOLD_ADDRESS_FACTOR raised, summed thousands of open orders per order,
// parsing each one's hold end). The same figures as summing the orders that are open at `now` (orders.ts isOpenHold).
import type { HeldOrder, HeldTotals, OrderRecord } from './orders.js';

/** An order the customer has not paid, as the hold limits read it (isOpenHold decides whether it still holds). */
export type UnpaidOrder = HeldOrder & Pick<OrderRecord, 'status' | 'expiresAt'> & { cancelledAt?: string | null };

/** When a hold ends, in ms: never (Infinity) without an end or with one that is not a date (orders.ts holdHasEnded:
 *  `new Date(expiresAt) <= now` is false for both). */
const endOf = (o: UnpaidOrder) => {
  const end = o.expiresAt === null ? NaN : Date.parse(o.expiresAt);
  return Number.isNaN(end) ? Infinity : end;
};

/**
 * Unpaid orders, by the end of their holds, with the totals of those still held at the last time asked. Asking at a
 * later time takes out the holds ended since; at an earlier one (requests' clocks race a little) puts them back, so
 * `at(now)` is always the totals of the orders open at `now`, whatever was asked before.
 */
export class HoldTally {
  /** The orders held (status awaiting_payment), by the end of their holds. */
  private readonly orders: { end: number; order: UnpaidOrder }[] = [];
  /** orders[0..ended) had ended at `asOf`; the totals are those of the others. */
  private ended = 0;
  private asOf = -Infinity;
  private count = 0;
  private totalCents = 0;
  private readonly units = new Map<string, number>();

  /** The tally of orders read together (sorted once: they come in any order). */
  static of(orders: Iterable<UnpaidOrder>): HoldTally {
    const tally = new HoldTally();
    for (const order of orders)
      if (order.status === 'awaiting_payment') tally.orders.push({ end: endOf(order), order });
    tally.orders.sort((a, b) => (a.end < b.end ? -1 : a.end > b.end ? 1 : 0));
    for (const { order } of tally.orders) tally.move(order, 1);
    return tally;
  }

  /** An order placed (or read): only an unpaid one holds anything. */
  add(order: UnpaidOrder): void {
    if (order.status !== 'awaiting_payment') return;
    const end = endOf(order);
    // After every order ending at the same time or sooner: a placement's hold usually ends last, an append.
    let lo = 0;
    let hi = this.orders.length;
    if (hi > 0 && this.orders[hi - 1]!.end > end)
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.orders[mid]!.end <= end) lo = mid + 1;
        else hi = mid;
      }
    else lo = hi;
    this.orders.splice(lo, 0, { end, order });
    if (end <= this.asOf) this.ended++;
    else this.move(order, 1);
  }

  /** The totals of the orders whose holds have not ended at `now` (read them before the tally changes again). */
  at(now: Date): HeldTotals {
    const t = now.getTime();
    while (this.ended < this.orders.length && this.orders[this.ended]!.end <= t)
      this.move(this.orders[this.ended++]!.order, -1);
    while (this.ended > 0 && !(this.orders[this.ended - 1]!.end <= t)) this.move(this.orders[--this.ended]!.order, 1);
    this.asOf = t;
    return { orders: this.count, totalCents: this.totalCents, units: this.units };
  }

  private move(order: UnpaidOrder, sign: 1 | -1): void {
    this.count += sign;
    this.totalCents += sign * order.totalCents;
    for (const l of order.orderItems) {
      const qty = (this.units.get(l.product) ?? 0) + sign * l.qty;
      if (qty === 0) this.units.delete(l.product);
      else this.units.set(l.product, qty);
    }
  }
}
