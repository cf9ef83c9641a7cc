// The store contract of the account's address book (issue 30): add, list (last used first), edit, remove, the
// owner's only; an order's address remembered once and marked last used; at most MAX_SAVED_ADDRESSES even when
// saved at once; the book goes with the account. Same cases on every store adapter (embedded:
// contract/embedded.test.ts; Firestore: firebase/firestore.community.test.ts, firestore.contract.test.ts).
import { endpoints } from '../../src/api/endpoints.js';
import { expectShape } from '../support/shapes.js';
import { afterEach, beforeEach, describe, expect } from 'vitest';
import { ADDRESS_MESSAGES, MAX_SAVED_ADDRESSES, type ShippingAddress } from '../../src/domain/index.js';
import type { Store } from '../../src/ports.js';
import { MovableClock } from '../support/clock.js';
import { productInput } from '../support/products.js';
import { contractCase, type ContractRun } from './cases.js';
import type { StoreUnderTest } from './store.contract.js';

const alice = { _id: 'alice-uid', name: 'Alice', email: 'alice@example.com' };
const bob = { _id: 'bob-uid', name: 'Bob', email: 'bob@example.com' };
const home: ShippingAddress = {
  recipientName: 'Alice Liddell',
  phone: '+44 20 7946 0000',
  address: '1 Rabbit Hole',
  city: 'Oxford',
  postalCode: 'OX1 1AA',
  country: 'GB',
};
const work: ShippingAddress = { address: '5 Main St', city: 'Springfield', postalCode: '12345', country: 'US' };
const street = (n: number): ShippingAddress => ({ ...work, address: `${n} Main St` });

export function addressesContract(
  name: string,
  factory: (clock: MovableClock) => Promise<StoreUnderTest>,
  run: ContractRun = {},
) {
  const it = contractCase(run);
  describe(`Store contract, saved addresses: ${name}`, () => {
    let sut: StoreUnderTest;
    let store: Store;
    let clock: MovableClock;
    beforeEach(async () => {
      clock = new MovableClock(new Date('2026-03-01T10:00:00.000Z'));
      sut = await factory(clock);
      store = sut.store;
    });
    afterEach(async () => {
      await sut?.dispose();
    });

    /** Places an order of one unit for `user` shipped `to`, at `now` (hold limits wide: these cases count addresses). */
    async function shipTo(to: ShippingAddress, now: Date, user = alice, stock = 100) {
      const product = await store.products.create(productInput('Lamp', { countInStock: stock }), 'owner-1');
      return store.orders.place({
        user,
        lines: [{ product: product._id, qty: 1 }],
        shippingAddress: to,
        paymentMethod: 'PayPal',
        now,
        expiresAt: new Date(now.getTime() + 3_600_000),
        holdLimits: { maxUnitsPerProduct: 100, maxHeldCents: 1e9, maxOpenOrders: 100 },
      });
    }

    it('addresses: added, listed, edited and removed, the owner only', async () => {
      expect(await store.addresses.list(alice._id)).toEqual([]);
      const saved = await store.addresses.add(alice._id, home);
      expect(saved).toMatchObject({ ...home, lastUsedAt: null, createdAt: '2026-03-01T10:00:00.000Z' });
      expect(saved._id).toEqual(expect.any(String));
      expect(await store.addresses.list(alice._id)).toEqual([saved]);
      expectShape(endpoints.addressList, await store.addresses.list(alice._id));
      // The same place again (case and spaces aside) is refused.
      await expect(store.addresses.add(alice._id, { ...home, city: ' OXFORD ' })).rejects.toMatchObject({
        kind: 'conflict',
        message: ADDRESS_MESSAGES.duplicate,
      });
      // Bob sees none of it and can change none of it.
      expect(await store.addresses.list(bob._id)).toEqual([]);
      await expect(store.addresses.update(bob._id, saved._id, work)).rejects.toMatchObject({ kind: 'not_found' });
      await expect(store.addresses.remove(bob._id, saved._id)).rejects.toMatchObject({ kind: 'not_found' });

      clock.advance(60_000);
      const edited = await store.addresses.update(alice._id, saved._id, { ...home, address: '2 Rabbit Hole' });
      expect(edited).toMatchObject({ _id: saved._id, address: '2 Rabbit Hole', createdAt: saved.createdAt });
      expect(edited.updatedAt).toBe('2026-03-01T10:01:00.000Z');
      expect(await store.addresses.list(alice._id)).toEqual([edited]);

      await store.addresses.remove(alice._id, saved._id);
      expect(await store.addresses.list(alice._id)).toEqual([]);
      await expect(store.addresses.remove(alice._id, saved._id)).rejects.toMatchObject({ kind: 'not_found' });
      await expect(store.addresses.update(alice._id, 'no-such-id', home)).rejects.toMatchObject({ kind: 'not_found' });
    });

    it("addresses: an order's address is saved once and marked last used; the last used lists first", async () => {
      const t1 = new Date('2026-03-02T10:00:00.000Z');
      const t2 = new Date('2026-03-03T10:00:00.000Z');
      const t3 = new Date('2026-03-04T10:00:00.000Z');
      await shipTo(home, t1);
      const [first] = await store.addresses.list(alice._id);
      expect(first).toMatchObject({ ...home, lastUsedAt: t1.toISOString() });
      await shipTo(work, t2);
      // The same place (the country's name, spacing and case aside) is the one saved, now last used.
      await shipTo({ ...home, country: 'United Kingdom' }, t3);
      const book = await store.addresses.list(alice._id);
      expect(book).toHaveLength(2);
      expect(book.map((a) => a.address)).toEqual([home.address, work.address]);
      expect(book[0]).toMatchObject({ _id: first!._id, lastUsedAt: t3.toISOString() });
      // Another customer's orders and a guest's keep no address in Alice's book (a guest has none).
      await shipTo(street(7), t3, bob);
      await store.orders.place({
        user: { _id: 'guest:carol@example.com', name: 'Guest', email: 'carol@example.com' },
        guest: { email: 'carol@example.com', sign: (id) => `token-${id}` },
        lines: [{ product: (await store.products.create(productInput('Mug'), 'owner-1'))._id, qty: 1 }],
        shippingAddress: street(8),
        paymentMethod: 'PayPal',
        now: t3,
        expiresAt: new Date(t3.getTime() + 3_600_000),
        holdLimits: { maxUnitsPerProduct: 100, maxHeldCents: 1e9, maxOpenOrders: 100 },
      });
      expect(await store.addresses.list(alice._id)).toHaveLength(2);
      expect((await store.addresses.list(bob._id)).map((a) => a.address)).toEqual([street(7).address]);
    });

    it('addresses: a refused order keeps no address', async () => {
      await expect(shipTo(home, new Date('2026-03-02T10:00:00.000Z'), alice, 0)).rejects.toMatchObject({
        kind: 'conflict',
      });
      expect(await store.addresses.list(alice._id)).toEqual([]);
    });

    it(`addresses: at most ${MAX_SAVED_ADDRESSES}; an order's new address makes room by the stalest`, async () => {
      const first = await store.addresses.add(alice._id, street(0));
      for (let i = 1; i < MAX_SAVED_ADDRESSES; i++) await store.addresses.add(alice._id, street(i));
      await expect(store.addresses.add(alice._id, street(99))).rejects.toMatchObject({
        kind: 'conflict',
        message: ADDRESS_MESSAGES.full,
      });
      // Used ones are kept; the never-used, oldest one gives way.
      for (let i = 1; i < MAX_SAVED_ADDRESSES; i++)
        await shipTo(street(i), new Date(`2026-03-0${2 + (i % 7)}T10:00:00.000Z`));
      await shipTo(home, new Date('2026-03-10T10:00:00.000Z'));
      const book = await store.addresses.list(alice._id);
      expect(book).toHaveLength(MAX_SAVED_ADDRESSES);
      expect(book.some((a) => a._id === first._id)).toBe(false);
      expect(book[0]).toMatchObject({ address: home.address });
    });

    it(`addresses: saved at once, never more than ${MAX_SAVED_ADDRESSES}`, async () => {
      const results = await Promise.allSettled(
        Array.from({ length: MAX_SAVED_ADDRESSES + 4 }, (_, i) => store.addresses.add(alice._id, street(i))),
      );
      const added = results.filter((r) => r.status === 'fulfilled');
      expect(added).toHaveLength(MAX_SAVED_ADDRESSES);
      for (const r of results)
        if (r.status === 'rejected')
          expect(r.reason).toMatchObject({ kind: 'conflict', message: ADDRESS_MESSAGES.full });
      expect(await store.addresses.list(alice._id)).toHaveLength(MAX_SAVED_ADDRESSES);
    });

    it('addresses: deleting the account deletes its book, and only its book', async () => {
      await store.users.create({ ...alice, isAdmin: false });
      await store.users.create({ ...bob, isAdmin: false });
      await store.addresses.add(alice._id, home);
      await store.addresses.add(bob._id, work);
      await store.users.forget(alice._id);
      expect(await store.addresses.list(alice._id)).toEqual([]);
      expect(await store.addresses.list(bob._id)).toHaveLength(1);
      await store.users.remove(bob._id);
      expect(await store.addresses.list(bob._id)).toEqual([]);
    });
  });
}
