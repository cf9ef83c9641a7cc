// The store contract of holds (issue 13): the hold limits checked inside place(), and the owner's cancel. Same
// cases on every store adapter (embedded: contract/embedded.test.ts; Firestore: firebase/firestore.contract.test.ts).
import { afterEach, beforeEach, describe, expect } from 'vitest';
import {
  addressHoldLimits,
  DEFAULT_HOLD_LIMITS,
  DEFAULT_HOLD_MINUTES,
  holdUntil,
  type HoldLimits,
  type ProductUpdateInput,
} from '../../src/domain/index.js';
import type { PlaceOrderCommand, Store } from '../../src/ports.js';
import { MovableClock } from '../support/clock.js';
import { contractCase, type ContractRun } from './cases.js';
import { productInput } from '../support/products.js';
import { allOrders, expectDomainError, type StoreUnderTest } from './store.contract.js';

const address = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };
const alice = { _id: 'alice-uid', name: 'Alice', email: 'alice@example.com' };
const bob = { _id: 'bob-uid', name: 'Bob', email: 'bob@example.com' };
const now = new Date('2026-03-01T10:00:00.000Z');
const PAY_OR_CANCEL = /Pay for or cancel one of your unpaid orders/;

export function holdsContract(
  name: string,
  factory: (clock: MovableClock) => Promise<StoreUnderTest>,
  run: ContractRun = {},
) {
  const it = contractCase(run);
  describe(`Store contract, holds: ${name}`, () => {
    let sut: StoreUnderTest;
    let store: Store;
    beforeEach(async () => {
      sut = await factory(new MovableClock());
      store = sut.store;
    });
    afterEach(async () => {
      await sut?.dispose();
    });

    async function product(name: string, over: Partial<ProductUpdateInput> = {}) {
      return store.products.create(productInput(name, over), 'owner-1');
    }

    const order = (
      lines: PlaceOrderCommand['lines'],
      over: Partial<PlaceOrderCommand> = {},
      holdLimits: HoldLimits = DEFAULT_HOLD_LIMITS,
    ): PlaceOrderCommand => ({
      user: alice,
      lines,
      shippingAddress: address,
      paymentMethod: 'PayPal',
      now: over.now ?? now,
      expiresAt: holdUntil(over.now ?? now, DEFAULT_HOLD_MINUTES),
      holdLimits,
      ...over,
    });

    const stockOf = async (id: string) => (await store.products.get(id))!.countInStock;

    describe('hold limits', () => {
      it('at most 5 units of one product across open orders: the 6th is a 409 naming it, nothing taken', async () => {
        const p = await product('Hoarded Phone');
        await store.orders.place(order([{ product: p._id, qty: 3 }]));
        await store.orders.place(order([{ product: p._id, qty: 2 }]));
        await expectDomainError(
          store.orders.place(order([{ product: p._id, qty: 1 }])),
          'conflict',
          /At most 5 of Hoarded Phone may be held per customer: your unpaid orders already hold 5\. Pay for or cancel/,
        );
        expect(await stockOf(p._id)).toBe(95);
        // Another product, and another customer, are not affected.
        const q = await product('Other');
        await expect(store.orders.place(order([{ product: q._id, qty: 1 }]))).resolves.toBeTruthy();
        await expect(store.orders.place(order([{ product: p._id, qty: 5 }], { user: bob }))).resolves.toBeTruthy();
      });

      it('the unpaid orders from one client address, any account or guest, stay within the address’s limits (issue 36)', async () => {
        const p = await product('Scarce Console', { countInStock: 20 });
        const fromHere = { key: 'client-key-a', limits: addressHoldLimits(DEFAULT_HOLD_LIMITS, 2) };
        const fresh = (n: number) => ({ _id: `fresh-${n}`, name: `Fresh ${n}`, email: `fresh${n}@example.com` });
        await store.orders.place(order([{ product: p._id, qty: 5 }], { user: fresh(1), clientHold: fromHere }));
        await store.orders.place(order([{ product: p._id, qty: 5 }], { user: fresh(2), clientHold: fromHere }));
        await expectDomainError(
          store.orders.place(order([{ product: p._id, qty: 1 }], { user: fresh(3), clientHold: fromHere })),
          'conflict',
          /Too many unpaid orders are held from your network/,
        );
        await expectDomainError(
          store.orders.place(
            order([{ product: p._id, qty: 1 }], {
              user: fresh(4),
              guest: { email: 'hoarder@example.com', sign: (id) => `token-${id}` },
              clientHold: fromHere,
            }),
          ),
          'conflict',
          /held from your network/,
        );
        expect(await stockOf(p._id)).toBe(10);
        // Another client address buys; and the address makes room once one of its orders is cancelled.
        const elsewhere = { ...fromHere, key: 'client-key-b' };
        await store.orders.place(order([{ product: p._id, qty: 5 }], { user: fresh(5), clientHold: elsewhere }));
        expect(await stockOf(p._id)).toBe(5);
        const [first] = (await allOrders(store)).filter((o) => o.user._id === 'fresh-1');
        await store.orders.cancel(first!._id, now);
        await expect(
          store.orders.place(order([{ product: p._id, qty: 1 }], { user: fresh(3), clientHold: fromHere })),
        ).resolves.toBeTruthy();
      });

      it('one order beyond a limit on its own is a 400 (no payment could make room)', async () => {
        const p = await product('Bulk Cable');
        const [line, repeated] = [
          [{ product: p._id, qty: 6 }],
          [
            { product: p._id, qty: 3 },
            { product: p._id, qty: 3 },
          ],
        ];
        await expectDomainError(
          store.orders.place(order(line!)),
          'bad_input',
          'At most 5 of Bulk Cable per customer (you asked for 6)',
        );
        await expectDomainError(store.orders.place(order(repeated!)), 'bad_input', /At most 5 of Bulk Cable/);
        const big = await product('Server Rack', { price: 9000 });
        await expectDomainError(
          store.orders.place(order([{ product: big._id, qty: 1 }])),
          'bad_input',
          'An order may total at most $10,000.00 (this one is $10,350.00). Please place smaller orders and pay each one.',
        );
        expect(await stockOf(p._id)).toBe(100);
        expect(await stockOf(big._id)).toBe(100);
        expect(await allOrders(store, alice._id)).toHaveLength(0);
      });

      it('at most $10,000 held in total (tax and shipping included)', async () => {
        const p = await product('Laptop', { price: 2000 });
        const q = await product('Monitor', { price: 2000 });
        await store.orders.place(order([{ product: p._id, qty: 2 }])); // $4,600
        await store.orders.place(order([{ product: q._id, qty: 2 }])); // $9,200 held
        await expectDomainError(
          store.orders.place(order([{ product: q._id, qty: 1 }])),
          'conflict',
          /^Your unpaid orders may total at most \$10,000\.00: they already total \$9,200\.00 and this one is \$2,300\.00\. Pay for or cancel/,
        );
        expect(await stockOf(q._id)).toBe(98);
      });

      it('at most 3 open orders; paying, cancelling or expiry makes room', async () => {
        const p = await product('Socks', { price: 1 });
        const placed = [];
        for (let i = 0; i < 3; i++) placed.push(await store.orders.place(order([{ product: p._id, qty: 1 }])));
        await expectDomainError(
          store.orders.place(order([{ product: p._id, qty: 1 }])),
          'conflict',
          /^You already have 3 unpaid orders, the most one customer may hold at once\. Pay for or cancel/,
        );
        // Paid orders hold nothing against the limits.
        await store.orders.markPaid(placed[0]!._id, payment('CAP-H1'), now);
        const fourth = await store.orders.place(order([{ product: p._id, qty: 1 }]));
        await expectDomainError(store.orders.place(order([{ product: p._id, qty: 1 }])), 'conflict', PAY_OR_CANCEL);
        // Cancelled orders neither.
        await store.orders.cancel(fourth._id, now);
        await store.orders.place(order([{ product: p._id, qty: 1 }]));
        // Orders whose hold ended count no more, even before the sweeper ran.
        const afterHold = new Date(now.getTime() + DEFAULT_HOLD_MINUTES * 60_000);
        await expect(
          store.orders.place(order([{ product: p._id, qty: 1 }], { now: afterHold })),
        ).resolves.toMatchObject({ status: 'awaiting_payment' });
      });

      it('takes the limits from the command (configurable)', async () => {
        const p = await product('Tight');
        const tight = { maxUnitsPerProduct: 1, maxHeldCents: 100_000_00, maxOpenOrders: 1 };
        await store.orders.place(order([{ product: p._id, qty: 1 }], {}, tight));
        await expectDomainError(
          store.orders.place(order([{ product: p._id, qty: 1 }], {}, tight)),
          'conflict',
          /1 unpaid order,/,
        );
        const loose = { maxUnitsPerProduct: 50, maxHeldCents: 100_000_00, maxOpenOrders: 10 };
        await store.orders.place(order([{ product: p._id, qty: 20 }], {}, loose));
        expect(await stockOf(p._id)).toBe(79);
      });

      it('concurrent places by one customer never exceed the limits together', async () => {
        const p = await product('Drop Sneaker', { price: 100 });
        const results = await Promise.allSettled(
          Array.from({ length: 12 }, () => store.orders.place(order([{ product: p._id, qty: 2 }]))),
        );
        const ok = results.filter((r) => r.status === 'fulfilled');
        // 5 units of a product: two orders of 2 fit, a third would hold 6.
        expect(ok).toHaveLength(2);
        for (const r of results)
          if (r.status === 'rejected') expect(r.reason).toMatchObject({ kind: 'conflict', message: PAY_OR_CANCEL });
        expect(await stockOf(p._id)).toBe(96);
        expect(await allOrders(store, alice._id)).toHaveLength(2);

        const q = await product('Cheap', { price: 1 });
        const spread = await Promise.allSettled(
          Array.from({ length: 8 }, () => store.orders.place(order([{ product: q._id, qty: 1 }], { user: bob }))),
        );
        expect(spread.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
        expect(await stockOf(q._id)).toBe(97);
      });
    });

    describe('cancel', () => {
      it('gives the stock back at once and marks the order cancelled (status expired: it holds nothing)', async () => {
        const p = await product('Returned', { countInStock: 4 });
        const q = await product('Also Returned', { countInStock: 4 });
        const o = await store.orders.place(
          order([
            { product: p._id, qty: 3 },
            { product: q._id, qty: 1 },
          ]),
        );
        expect(o).toMatchObject({ isCancelled: false, cancelledAt: null });
        expect(await stockOf(p._id)).toBe(1);
        const at = new Date(now.getTime() + 60_000);
        const cancelled = await store.orders.cancel(o._id, at);
        expect(cancelled).toMatchObject({
          _id: o._id,
          status: 'cancelled',
          isPaid: false,
          isCancelled: true,
          cancelledAt: at.toISOString(),
        });
        expect(await store.orders.get(o._id)).toEqual(cancelled);
        expect(await stockOf(p._id)).toBe(4);
        expect(await stockOf(q._id)).toBe(4);
        // Nothing is returned twice: not by a second cancel, not by the sweeper.
        await expectDomainError(store.orders.cancel(o._id, at), 'conflict', 'Order is already cancelled');
        expect(await store.orders.expireStale(new Date(now.getTime() + 86_400_000))).toBe(0);
        expect(await stockOf(p._id)).toBe(4);
        await expectDomainError(store.orders.markPaid(o._id, payment('CAP-C1'), at), 'conflict', /cancelled/);
      });

      it('refuses paid and expired orders, and unknown ids', async () => {
        const p = await product('Kept', { countInStock: 10 });
        const paid = await store.orders.place(order([{ product: p._id, qty: 1 }]));
        await store.orders.markPaid(paid._id, payment('CAP-C2'), now);
        await expectDomainError(
          store.orders.cancel(paid._id, now),
          'conflict',
          'Order is already paid; a paid order cannot be cancelled',
        );
        const late = await store.orders.place(order([{ product: p._id, qty: 1 }]));
        const afterHold = new Date(now.getTime() + DEFAULT_HOLD_MINUTES * 60_000);
        await expectDomainError(store.orders.cancel(late._id, afterHold), 'conflict', /expired/);
        expect(await stockOf(p._id)).toBe(8); // the sweeper returns the expired one's stock, once
        expect(await store.orders.expireStale(afterHold)).toBe(1);
        expect(await stockOf(p._id)).toBe(9);
        await expectDomainError(store.orders.cancel('nope0000000000000000', now), 'not_found', 'Order not found');
      });

      it('a cancel racing a pay: exactly one wins, and the stock is either sold or back', async () => {
        const p = await product('Contested', { countInStock: 3 });
        const o = await store.orders.place(order([{ product: p._id, qty: 2 }]));
        const [cancel, pay] = await Promise.allSettled([
          store.orders.cancel(o._id, now),
          store.orders.markPaid(o._id, payment('CAP-RACE'), now),
        ]);
        expect([cancel.status, pay.status].sort()).toEqual(['fulfilled', 'rejected']);
        const final = (await store.orders.get(o._id))!;
        if (final.isPaid) expect(await stockOf(p._id)).toBe(1);
        else expect([final.isCancelled, await stockOf(p._id)]).toEqual([true, 3]);
      });
    });
  });
}

function payment(id: string) {
  return {
    id,
    provider: 'simulated' as const,
    status: 'COMPLETED',
    amount: '0.00',
    currency: 'USD',
    updateTime: '2026-03-01T10:00:00.000Z',
  };
}
