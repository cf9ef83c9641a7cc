// Issue 40's Firestore backfills (npm run backfill:firebase, scripts/firebase/backfill.mjs), Firestore only (the
// embedded store has nothing to backfill: it reads its figures by SQL): products written before `lowestStock` get it
// (store/lowStock.ts backfillLowestStock), and the customers documents are recomputed from the orders and accounts
// (store/customers.ts backfillCustomers). Each is run twice: a second run changes nothing, never counts an order
// twice. (Default page sizes: the community emulator ignores cursors.) Run on the community emulator (firestore.community.test.ts) and Google's (firestore.contract.test.ts).
import { afterEach, beforeEach, describe, expect } from 'vitest';
import { backfillCustomers } from '../../src/adapters/firebase/store/customers.js';
import { COLLECTIONS, createFirestoreStore } from '../../src/adapters/firebase/store/index.js';
import { backfillLowestStock } from '../../src/adapters/firebase/store/lowStock.js';
import {
  DEFAULT_HOLD_LIMITS,
  DEFAULT_HOLD_MINUTES,
  guestCustomer,
  holdUntil,
  type PaymentResult,
} from '../../src/domain/index.js';
import type { PlaceOrderCommand, Store } from '../../src/ports.js';
import { CUSTOMERS_COLLECTION } from '../../src/firestore/schema.js';
import { contractCase, type ContractRun } from '../contract/cases.js';
import { MovableClock } from '../support/clock.js';
import { productInput } from '../support/products.js';
import type { FirestoreUnderTest } from './firestoreReads.contract.js';

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

export function backfillsContract(name: string, factory: () => Promise<FirestoreUnderTest>, run: ContractRun = {}) {
  const it = contractCase(run);
  describe(`Firestore backfills (issue 40): ${name}`, () => {
    let sut: FirestoreUnderTest;
    let store: Store;
    beforeEach(async () => {
      sut = await factory();
      store = createFirestoreStore(sut.db, { clock: new MovableClock() });
    });
    afterEach(async () => {
      await store?.close();
      await sut?.dispose();
    });

    const order = (user: PlaceOrderCommand['user'], product: string, qty: number, when: Date, over = {}) =>
      store.orders.place({
        user,
        lines: [{ product, qty }],
        shippingAddress: home,
        paymentMethod: 'PayPal',
        now: when,
        expiresAt: holdUntil(when, DEFAULT_HOLD_MINUTES),
        holdLimits: DEFAULT_HOLD_LIMITS,
        ...over,
      });

    it('lowestStock: a product written before it lists its low non-default variant once backfilled; twice is once', async () => {
      const tablet = await store.products.create(
        productInput('Volt Tablet', {
          options: [{ name: 'Storage', values: ['256 GB', '512 GB'] }],
          variants: [
            { sku: 'VT-256', options: { Storage: '256 GB' }, price: 499, countInStock: 50 },
            { sku: 'VT-512', options: { Storage: '512 GB' }, price: 599, countInStock: 2 },
          ],
        }),
        'owner-1',
      );
      const plain = await store.products.create(productInput('Cable', { countInStock: 40 }), 'owner-1');
      const products = sut.db.collection(COLLECTIONS.products);
      // As documents written before the field: none has it (deleted and written again: the community
      // emulator keeps a field that FieldValue.delete() or a whole set leaves out); the tablet's default (50) hides its 512 GB at 2.
      for (const id of [tablet._id, plain._id]) {
        const { lowestStock, ...before } = (await products.doc(id).get()).data()!;
        expect(lowestStock).toBeTypeOf('number');
        await products.doc(id).delete();
        await products.doc(id).set(before);
      }
      expect((await products.doc(tablet._id).get()).get('lowestStock')).toBeUndefined();
      expect(await store.products.lowStock(5, 20)).toEqual([]);

      expect(await backfillLowestStock(sut.db)).toEqual({ products: 2, written: 2 });
      expect((await products.doc(tablet._id).get()).get('lowestStock')).toBe(2);
      expect((await products.doc(plain._id).get()).get('lowestStock')).toBe(40);
      expect((await store.products.lowStock(5, 20)).map((r) => [r.sku, r.countInStock])).toEqual([['VT-512', 2]]);
      // Again: nothing to write, the same rows.
      expect(await backfillLowestStock(sut.db)).toEqual({ products: 2, written: 0 });
      expect((await store.products.lowStock(5, 20)).map((r) => r.sku)).toEqual(['VT-512']);
    });

    it('customers: recomputed from the orders and accounts, never added to: two runs count each order once', async () => {
      const p = await store.products.create(productInput('Volt Lamp', { price: 10 }), 'owner-1');
      await store.users.create({ _id: 'ann-uid', name: 'Ann Archer', email: 'ann@example.com', isAdmin: false });
      await store.users.create({ _id: 'bob-uid', name: 'Bob Brown', email: 'bob@example.com', isAdmin: false });
      const ann = { _id: 'ann-uid', name: 'Ann Archer', email: 'ann@example.com' };
      const paid = await order(ann, p._id, 2, at(1));
      await store.orders.markPaid(paid._id, paidWith('cap-ann', at(2)), at(2));
      await order(ann, p._id, 1, at(3));
      const g = await order(guestCustomer('gail@example.com'), p._id, 1, at(4), {
        guest: { email: 'gail@example.com', sign: (id: string) => `${id}.signed` },
        shippingAddress: { ...home, recipientName: 'Gail Green' },
      });
      await store.orders.markPaid(g._id, paidWith('cap-gail', at(5)), at(5));
      const everyone = { search: '', page: 1, pageSize: 50 };
      const live = await store.customers.list(everyone);
      expect(live.total).toBe(3);

      // The first run over documents already counted live sets the same figures (an increment would double them).
      expect(await backfillCustomers(sut.db)).toBe(3);
      expect(await store.customers.list(everyone)).toEqual(live);
      // A project from before the documents: none at all; two runs rebuild them, once.
      const docs = await sut.db.collection(CUSTOMERS_COLLECTION).get();
      await Promise.all(docs.docs.map((d) => d.ref.delete()));
      expect((await store.customers.list(everyone)).total).toBe(0);
      await backfillCustomers(sut.db);
      await backfillCustomers(sut.db);
      expect(await store.customers.list(everyone)).toEqual(live);
      const annRow = live.customers.find((c) => c._id === 'ann-uid')!;
      expect(annRow).toMatchObject({ orders: 2, guest: false, lastOrderAt: at(3).toISOString() });
      expect(live.customers.find((c) => c.guest)).toMatchObject({ name: 'Gail Green', orders: 1 });
      // Later changes still add up on the rebuilt figures.
      await order(ann, p._id, 1, at(6));
      expect(await store.customers.get('ann-uid')).toMatchObject({ orders: 3, totalSpent: annRow.totalSpent });
    });

    it('customers: a deleted account is not listed again from its anonymised orders', async () => {
      const p = await store.products.create(productInput('Volt Lamp', { price: 10 }), 'owner-1');
      await store.users.create({ _id: 'dan-uid', name: 'Dan Dee', email: 'dan@example.com', isAdmin: false });
      await order({ _id: 'dan-uid', name: 'Dan Dee', email: 'dan@example.com' }, p._id, 1, at(1));
      await sut.db.collection(COLLECTIONS.users).doc('dan-uid').delete();
      await sut.db.collection(CUSTOMERS_COLLECTION).doc('dan-uid').delete();
      expect(await backfillCustomers(sut.db)).toBe(0);
      expect((await store.customers.list({ search: '', page: 1, pageSize: 50 })).total).toBe(0);
    });
  });
}
