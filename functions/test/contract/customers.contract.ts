// The store contract of the admin's customers (issue 40, domain/customers.ts): accounts (with or without orders) and
// guests (one per email key, from their orders) with exact keys; orders counted whatever their status, the total
// spent only from paid orders less completed refunds; newest order first; searched by name word or email prefix;
// paged; a claimed guest order moving to its account. Same cases on every store adapter (embedded:
// contract/embedded.test.ts; Firestore: firebase/firestore.community.test.ts and firestore.contract.test.ts).
import { endpoints } from '../../src/api/endpoints.js';
import { expectShape } from '../support/shapes.js';
import { afterEach, beforeEach, describe, expect } from 'vitest';
import {
  DEFAULT_HOLD_LIMITS,
  DEFAULT_HOLD_MINUTES,
  guestCustomer,
  holdUntil,
  type PaymentResult,
} from '../../src/domain/index.js';
import type { PlaceOrderCommand, Store } from '../../src/ports.js';
import { MovableClock } from '../support/clock.js';
import { productInput } from '../support/products.js';
import { contractCase, type ContractRun } from './cases.js';
import type { StoreUnderTest } from './store.contract.js';

const home = { address: '1 Shop St', city: 'Springfield', postalCode: '12345', country: 'US' };
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute));
const paidWith = (id: string, when: Date): PaymentResult => ({
  id,
  provider: 'simulated',
  status: 'COMPLETED',
  amount: '0.00',
  currency: 'USD',
  updateTime: when.toISOString(),
});
const page = (search = '', n = 1, pageSize = 50) => ({ search, page: n, pageSize });

export function customersContract(
  name: string,
  factory: (clock: MovableClock) => Promise<StoreUnderTest>,
  run: ContractRun = {},
) {
  const it = contractCase(run);
  describe(`Store contract, customers: ${name}`, () => {
    let sut: StoreUnderTest;
    let store: Store;
    beforeEach(async () => {
      sut = await factory(new MovableClock());
      store = sut.store;
    });
    afterEach(async () => {
      await sut?.dispose();
    });

    const command = (
      user: PlaceOrderCommand['user'],
      productId: string,
      qty: number,
      when: Date,
      over: Partial<PlaceOrderCommand> = {},
    ): PlaceOrderCommand => ({
      user,
      lines: [{ product: productId, qty }],
      shippingAddress: home,
      paymentMethod: 'PayPal',
      now: when,
      expiresAt: holdUntil(when, DEFAULT_HOLD_MINUTES),
      holdLimits: DEFAULT_HOLD_LIMITS,
      ...over,
    });
    const guest = (email: string, productId: string, qty: number, when: Date, recipientName?: string) =>
      command(guestCustomer(email), productId, qty, when, {
        guest: { email, sign: (id) => `${id}.signed` },
        shippingAddress: { ...home, ...(recipientName ? { recipientName } : {}) },
      });

    it('customers: accounts with and without orders and guests, exact keys, counted as the rules say', async () => {
      const p = await store.products.create(productInput('Volt Lamp', { price: 10 }), 'owner-1');
      await store.users.create({ _id: 'ann-uid', name: 'Ann Archer', email: 'ann@example.com', isAdmin: false });
      await store.users.create({ _id: 'bob-uid', name: 'Bob Brown', email: 'bob@example.com', isAdmin: false });
      const ann = { _id: 'ann-uid', name: 'Ann Archer', email: 'ann@example.com' };
      // Ann: one paid order, one left unpaid (an order, but nothing spent).
      const paid = await store.orders.place(command(ann, p._id, 2, at(1)));
      await store.orders.markPaid(paid._id, paidWith('cap-ann', at(2)), at(2));
      await store.orders.place(command(ann, p._id, 1, at(3)));
      // A guest, twice under one email however typed; the latest recipient names them.
      const g1 = await store.orders.place(guest('Gail@Example.com', p._id, 1, at(4), 'Gail G'));
      await store.orders.markPaid(g1._id, paidWith('cap-gail', at(5)), at(5));
      await store.orders.place(guest(' gail+shop@example.com', p._id, 1, at(6), 'Gail Green'));

      const list = await store.customers.list(page());
      expectShape(endpoints.customerList, list);
      expect(list).toEqual({
        customers: [
          {
            name: 'Gail Green',
            email: 'gail+shop@example.com',
            guest: true,
            orders: 2,
            totalSpent: g1.totalPrice,
            lastOrderAt: at(6).toISOString(),
          },
          {
            _id: 'ann-uid',
            name: 'Ann Archer',
            email: 'ann@example.com',
            guest: false,
            orders: 2,
            totalSpent: paid.totalPrice,
            lastOrderAt: at(3).toISOString(),
          },
          {
            _id: 'bob-uid',
            name: 'Bob Brown',
            email: 'bob@example.com',
            guest: false,
            orders: 0,
            totalSpent: 0,
            lastOrderAt: null,
          },
        ],
        page: 1,
        pages: 1,
        total: 3,
      });
      // Keys exactly: a guest has no _id.
      expect(Object.keys(list.customers[0]!).sort()).toEqual(
        ['email', 'guest', 'lastOrderAt', 'name', 'orders', 'totalSpent'].sort(),
      );
      expect(await store.customers.get('ann-uid')).toEqual(list.customers[1]);
      expect(await store.customers.get('guest:gail@example.com')).toEqual(list.customers[0]);
      expect(await store.customers.get('bob-uid')).toEqual(list.customers[2]);
      expect(await store.customers.get('nobody-uid')).toBeNull();
      expect(await store.customers.get('guest:nobody@example.com')).toBeNull();
    });

    it('customers: a cancelled unpaid order spends nothing; a renamed account lists under its new name', async () => {
      const p = await store.products.create(productInput('Volt Lamp', { price: 10 }), 'owner-1');
      await store.users.create({ _id: 'cy-uid', name: 'Cy Young', email: 'cy@example.com', isAdmin: false });
      const cy = { _id: 'cy-uid', name: 'Cy Young', email: 'cy@example.com' };
      const placed = await store.orders.place(command(cy, p._id, 3, at(1)));
      await store.orders.cancel(placed._id, at(2));
      await store.users.update('cy-uid', { name: 'Cyrus Young' });
      expect(await store.customers.get('cy-uid')).toEqual({
        _id: 'cy-uid',
        name: 'Cyrus Young',
        email: 'cy@example.com',
        guest: false,
        orders: 1,
        totalSpent: 0,
        lastOrderAt: at(1).toISOString(),
      });
      await store.users.remove('cy-uid');
      expect(await store.customers.get('cy-uid')).toBeNull();
      expect((await store.customers.list(page())).total).toBe(0);
    });

    it('customers: searched by a name word or an email prefix, and paged', async () => {
      for (const [i, [id, n, email]] of [
        ['u1', 'Dana Scully', 'dana@fbi.example'],
        ['u2', 'Fox Mulder', 'fox@fbi.example'],
        ['u3', 'Walter Skinner', 'skinner@fbi.example'],
      ].entries()) {
        await store.users.create({ _id: id!, name: n!, email: email!, isAdmin: false });
        expect(i).toBeGreaterThanOrEqual(0);
      }
      const p = await store.products.create(productInput('Volt Lamp'), 'owner-1');
      await store.orders.place(guest('smoking@man.example', p._id, 1, at(1), 'Cancer Man'));
      const names = async (search: string) => (await store.customers.list(page(search))).customers.map((c) => c.name);
      expect(await names('mulder')).toEqual(['Fox Mulder']);
      expect(await names('sk')).toEqual(['Walter Skinner']);
      expect(await names('smok')).toEqual(['Cancer Man']);
      expect(await names('cancer')).toEqual(['Cancer Man']);
      expect(await names('nobody')).toEqual([]);
      // Pages of 2: the guest with an order first, the three accounts without after (their order not promised).
      const first = await store.customers.list(page('', 1, 2));
      const second = await store.customers.list(page('', 2, 2));
      expect(first).toMatchObject({ page: 1, pages: 2, total: 4 });
      expect(second).toMatchObject({ page: 2, pages: 2, total: 4 });
      expect(first.customers[0]!.name).toBe('Cancer Man');
      expect([...first.customers, ...second.customers].map((c) => c.name).sort()).toEqual(
        ['Cancer Man', 'Dana Scully', 'Fox Mulder', 'Walter Skinner'].sort(),
      );
      expect((await store.customers.list(page('', 3, 2))).customers).toEqual([]);
    });

    it('customers: a claimed guest order moves to its account, and the guest goes with its last order', async () => {
      const p = await store.products.create(productInput('Volt Lamp', { price: 10 }), 'owner-1');
      await store.users.create({ _id: 'eve-uid', name: 'Eve', email: 'eve@example.com', isAdmin: false });
      const placed = await store.orders.place(guest('eve@example.com', p._id, 1, at(1), 'Eve E'));
      await store.orders.markPaid(placed._id, paidWith('cap-eve', at(2)), at(2));
      expect((await store.customers.get('guest:eve@example.com'))?.orders).toBe(1);
      await store.orders.claimGuestOrder(placed._id, { _id: 'eve-uid', name: 'Eve', email: 'eve@example.com' });
      expect(await store.customers.get('guest:eve@example.com')).toBeNull();
      expect(await store.customers.get('eve-uid')).toMatchObject({
        orders: 1,
        totalSpent: placed.totalPrice,
      });
      expect((await store.customers.list(page())).customers.map((c) => c.name)).toEqual(['Eve']);
    });
  });
}
