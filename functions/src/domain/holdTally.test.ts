import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HoldTally, type UnpaidOrder } from './holdTally.js';
import { isOpenHold, type HeldTotals } from './orders.js';

const T0 = Date.parse('2030-01-01T00:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

/** What the per-address limits judged before the tally: the orders open at `now`, summed. */
/** The model: the totals of the orders open at `now`, summed one by one. */
function summed(orders: readonly UnpaidOrder[], now: Date): HeldTotals {
  const open = orders.filter((o) => isOpenHold(o, now));
  const units = new Map<string, number>();
  for (const o of open) for (const l of o.orderItems) units.set(l.product, (units.get(l.product) ?? 0) + l.qty);
  return { orders: open.length, totalCents: open.reduce((sum, o) => sum + o.totalCents, 0), units };
}
const plain = (t: HeldTotals) => ({ ...t, units: Object.fromEntries(t.units) });

const unpaidOrder: fc.Arbitrary<UnpaidOrder> = fc.record({
  status: fc.constantFrom('awaiting_payment', 'awaiting_payment', 'awaiting_payment', 'expired', 'paid', 'cancelled'),
  expiresAt: fc.oneof(
    fc.integer({ min: 0, max: 60 }).map((m) => at(m).toISOString()),
    fc.constant(null),
    fc.constant('not a date'),
  ),
  totalCents: fc.integer({ min: 0, max: 100_000 }),
  orderItems: fc.array(fc.record({ product: fc.constantFrom('a', 'b', 'c'), qty: fc.integer({ min: 1, max: 5 }) }), {
    minLength: 1,
    maxLength: 3,
  }),
}) as fc.Arbitrary<UnpaidOrder>;

describe('HoldTally', () => {
  it('answers what summing the open orders answers, orders added and times asked in any order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(unpaidOrder, fc.integer({ min: -1, max: 61 })), { maxLength: 60 }),
        fc.array(unpaidOrder, { maxLength: 10 }),
        (steps, read) => {
          const tally = HoldTally.of(read);
          const orders = [...read];
          for (const step of steps) {
            if (typeof step !== 'number') {
              tally.add(step);
              orders.push(step);
              continue;
            }
            expect(plain(tally.at(at(step)))).toEqual(plain(summed(orders, at(step))));
          }
          expect(plain(tally.at(at(30)))).toEqual(plain(summed(orders, at(30))));
        },
      ),
    );
  });

  it('takes out the holds that ended and puts them back for an earlier time', () => {
    const order = (product: string, minutes: number): UnpaidOrder => ({
      status: 'awaiting_payment',
      expiresAt: at(minutes).toISOString(),
      totalCents: 100,
      orderItems: [{ product, qty: 2 }],
    });
    const tally = HoldTally.of([order('a', 10), order('b', 20)]);
    expect(plain(tally.at(at(5)))).toEqual({ orders: 2, totalCents: 200, units: { a: 2, b: 2 } });
    expect(plain(tally.at(at(10)))).toEqual({ orders: 1, totalCents: 100, units: { b: 2 } });
    tally.add(order('a', 15));
    expect(plain(tally.at(at(10)))).toEqual({ orders: 2, totalCents: 200, units: { a: 2, b: 2 } });
    expect(plain(tally.at(at(9)))).toEqual({ orders: 3, totalCents: 300, units: { a: 4, b: 2 } });
    expect(plain(tally.at(at(20)))).toEqual({ orders: 0, totalCents: 0, units: {} });
  });
});
