// The store contract of issue 41's wishlist (GET/PUT /api/wishlist): the list is the account's own, replaced whole,
// read back in order with variants, published as WishlistSaved once written (the live frame another device hears),
// and forgotten with the account. Same cases on every store adapter (embedded: contract/embedded.test.ts;
// Firestore: firebase/firestore.*.test.ts).
import { afterEach, beforeEach, describe, expect } from 'vitest';
import type { Store } from '../../src/ports.js';
import { MovableClock } from '../support/clock.js';
import { contractCase, type ContractRun } from './cases.js';
import type { StoreUnderTest } from './store.contract.js';

export function wishlistContract(
  name: string,
  factory: (clock: MovableClock) => Promise<StoreUnderTest>,
  run: ContractRun = {},
) {
  const it = contractCase(run);
  describe(`Store contract, wishlist: ${name}`, () => {
    let sut: StoreUnderTest;
    let store: Store;
    let clock: MovableClock;
    beforeEach(async () => {
      clock = new MovableClock();
      sut = await factory(clock);
      store = sut.store;
    });
    afterEach(async () => {
      await sut?.dispose();
    });

    it('an item added on one device appears on another: read back in order, with its variant, and published', async () => {
      expect(await store.wishlists.get('uid-ann')).toEqual({ items: [], updatedAt: null });
      const first = await store.wishlists.put('uid-ann', [{ product: 'p-phone' }], clock.now());
      clock.advance(60_000);
      // The other device reads the list, adds to it and saves the whole list.
      const seen = await store.wishlists.get('uid-ann');
      expect(seen).toEqual(first);
      const items = [...seen.items, { product: 'p-case', variant: 'v-black' }];
      const second = await store.wishlists.put('uid-ann', items, clock.now());
      expect(second).toEqual({ items, updatedAt: clock.now().toISOString() });
      expect(await store.wishlists.get('uid-ann')).toEqual(second);
      expect(sut.events.filter((e) => e.type === 'WishlistSaved')).toEqual([
        { type: 'WishlistSaved', userId: 'uid-ann', wishlist: first },
        { type: 'WishlistSaved', userId: 'uid-ann', wishlist: second },
      ]);
      // Another account's list is its own.
      expect(await store.wishlists.get('uid-bob')).toEqual({ items: [], updatedAt: null });
      // Emptied, it stays empty (not "never saved").
      expect((await store.wishlists.put('uid-ann', [], clock.now())).items).toEqual([]);
      expect((await store.wishlists.get('uid-ann')).items).toEqual([]);
    });

    it("goes with the account's deletion", async () => {
      const user = await store.users.create({
        _id: 'uid-dana',
        name: 'Dana',
        email: 'dana@example.com',
        isAdmin: false,
      });
      await store.wishlists.put(user._id, [{ product: 'p-phone' }], clock.now());
      await store.users.forget(user._id);
      expect(await store.wishlists.get(user._id)).toEqual({ items: [], updatedAt: null });
    });
  });
}
