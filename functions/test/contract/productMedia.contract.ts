// The store contract of issue 29: a product's specification rows and gallery round trip (and are kept by a save
// that does not send them, as the original clients' saves), and a review is marked a verified purchase from the
// store's own orders, decided in the review's transaction. Same cases on every store adapter (embedded:
// contract/embedded.test.ts; Firestore: firebase/firestore.*.test.ts).
import { afterEach, beforeEach, describe, expect } from 'vitest';
import {
  DEFAULT_HOLD_LIMITS,
  DEFAULT_HOLD_MINUTES,
  holdUntil,
  type Order,
  type PaymentResult,
  type RefundRequest,
} from '../../src/domain/index.js';
import type { Store } from '../../src/ports.js';
import { MovableClock } from '../support/clock.js';
import { productInput } from '../support/products.js';
import { contractCase, type ContractRun } from './cases.js';
import type { StoreUnderTest } from './store.contract.js';

const address = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };
const alice = { _id: 'alice-uid', name: 'Alice', email: 'alice@example.com' };
const admin = { _id: 'admin-uid', name: 'Shop Admin' };
const now = new Date('2026-03-01T10:00:00.000Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

const specs = [
  { name: 'Display', value: '6.1" OLED, 120 Hz' },
  { name: 'Battery', value: '4,000 mAh' },
];
const images = [
  { url: '/images/phone-front.webp', alt: 'Front' },
  { url: '/images/phone-back.webp', alt: 'Back, graphite' },
  { url: 'https://cdn.example.com/phone-side.webp', alt: '' },
];

export function productMediaContract(
  name: string,
  factory: (clock: MovableClock) => Promise<StoreUnderTest>,
  run: ContractRun = {},
) {
  const it = contractCase(run);
  describe(`Store contract, specs, galleries and verified reviews: ${name}`, () => {
    let sut: StoreUnderTest;
    let store: Store;
    beforeEach(async () => {
      sut = await factory(new MovableClock());
      store = sut.store;
    });
    afterEach(async () => {
      await sut?.dispose();
    });

    const phone = () =>
      store.products.create(productInput('Volt Phone', { image: images[0]!.url, specs, images }), 'owner-1');

    it('specs and the gallery round trip in order, in the product, its detail and the lists', async () => {
      const created = await phone();
      expect(created).toMatchObject({ specs, images, image: images[0]!.url });
      expect(await store.products.get(created._id)).toMatchObject({ specs, images });
      const listed = (await store.products.list({ keyword: '', sort: 'newest', page: 1, pageSize: 10 })).products;
      expect(listed.find((p) => p._id === created._id)).toMatchObject({ specs, images });
    });

    it('a save without specs or images keeps them; a save with them replaces them (reordered, emptied)', async () => {
      const created = await phone();
      const kept = await store.products.update(created._id, productInput('Volt Phone 2', { image: images[0]!.url }));
      expect(kept).toMatchObject({ name: 'Volt Phone 2', specs, images });
      const reordered = [images[2]!, images[0]!];
      const replaced = await store.products.update(
        created._id,
        productInput('Volt Phone 2', { image: reordered[0]!.url, images: reordered, specs: [specs[1]!] }),
      );
      expect(replaced).toMatchObject({ image: reordered[0]!.url, images: reordered, specs: [specs[1]!] });
      const emptied = await store.products.update(
        created._id,
        productInput('Volt Phone 2', { image: '/images/only.webp', images: [], specs: [] }),
      );
      expect(emptied).toMatchObject({ specs: [], images: [{ url: '/images/only.webp', alt: '' }] });
      expect(await store.products.get(created._id)).toMatchObject({ specs: [], images: emptied!.images });
    });

    it('issue 40: accessories round trip in order (product, detail, lists, a draft), kept by a save without them', async () => {
      const strap = await store.products.create(productInput('Strap'), 'owner-1');
      const card = await store.products.create(productInput('Card'), 'owner-1');
      const created = await phone();
      expect(created.accessories).toEqual([]);
      const saved = await store.products.update(
        created._id,
        productInput('Volt Phone', { image: images[0]!.url, accessories: [card._id, strap._id] }),
      );
      expect(saved!.accessories).toEqual([card._id, strap._id]);
      expect((await store.products.get(created._id))!.accessories).toEqual([card._id, strap._id]);
      const listed = (await store.products.list({ keyword: '', sort: 'newest', page: 1, pageSize: 10 })).products;
      expect(listed.find((p) => p._id === created._id)!.accessories).toEqual([card._id, strap._id]);
      const kept = await store.products.update(created._id, productInput('Volt Phone', { image: images[0]!.url }));
      expect(kept!.accessories).toEqual([card._id, strap._id]);
      const emptied = await store.products.update(
        created._id,
        productInput('Volt Phone', { image: images[0]!.url, accessories: [] }),
      );
      expect(emptied!.accessories).toEqual([]);
      const draft = await store.products.createDraft(productInput('Draft'), 'owner-1');
      expect(draft.accessories).toEqual([]);
      const published = await store.products.update(draft._id, productInput('Kit', { accessories: [strap._id] }));
      expect(published!.accessories).toEqual([strap._id]);
    });

    it('an original client changing only `image` gets it first in the gallery, the other pictures kept', async () => {
      const created = await phone();
      const updated = await store.products.update(
        created._id,
        productInput('Volt Phone', { image: '/images/new.webp' }),
      );
      expect(updated!.images).toEqual([{ url: '/images/new.webp', alt: '' }, images[1], images[2]]);
    });

    it('a product without a gallery answers its main image alone; a draft keeps what its first save sends', async () => {
      const plain = await store.products.create(productInput('Plain'), 'owner-1');
      expect(plain).toMatchObject({ specs: [], images: [{ url: '/images/sample.svg', alt: '' }] });
      const draft = await store.products.createDraft(productInput('Draft'), 'owner-1');
      expect(draft).toMatchObject({ specs: [], images: [{ url: '/images/sample.svg', alt: '' }] });
      const published = await store.products.update(
        draft._id,
        productInput('Published', { image: images[0]!.url, images, specs }),
      );
      expect(published).toMatchObject({ specs, images });
      expect(await store.products.get(draft._id)).toMatchObject({ specs, images });
    });

    describe('verified purchase', () => {
      async function placed(productIds: string[], user = alice): Promise<Order> {
        return store.orders.place({
          user,
          lines: productIds.map((product) => ({ product, qty: 1 })),
          shippingAddress: address,
          paymentMethod: 'PayPal',
          now,
          expiresAt: holdUntil(now, DEFAULT_HOLD_MINUTES),
          holdLimits: DEFAULT_HOLD_LIMITS,
        });
      }
      async function paid(order: Order): Promise<Order> {
        const payment: PaymentResult = {
          id: `CAPTURE-${order._id}`,
          provider: 'simulated',
          status: 'COMPLETED',
          amount: order.totalPrice.toFixed(2),
          currency: 'USD',
          updateTime: now.toISOString(),
        };
        return store.orders.markPaid(order._id, payment, later(1));
      }
      const review = (productId: string, userId = alice._id) =>
        store.products.addReview(productId, { userId, name: 'Alice', rating: 1, comment: 'Meh' });

      it('a customer with a paid order of the product gets the mark, in the answer and the product', async () => {
        const p = await store.products.create(productInput('Bought'), 'owner-1');
        await paid(await placed([p._id]));
        expect(await review(p._id)).toMatchObject({ verified: true });
        expect((await store.products.get(p._id))!.reviews).toEqual([expect.objectContaining({ verified: true })]);
        // (reviewsBy carries it too: its collection-group query cannot run on the community emulator, see
        // communityEmulatorGaps.ts, so the data export's case is left to the store contract's.)
      });

      it('no mark without an order, with an unpaid order, or with a paid order of another product', async () => {
        const [never, unpaid, other, bought] = await Promise.all(
          ['Never', 'Unpaid', 'Other', 'Bought'].map((n) => store.products.create(productInput(n), 'owner-1')),
        );
        await placed([unpaid!._id]);
        await paid(await placed([bought!._id]));
        for (const product of [never!, unpaid!, other!])
          expect(await review(product._id)).toMatchObject({ verified: false });
        // Another customer's paid order does not mark Alice's review, nor Alice's order Bob's.
        expect(await review(bought!._id, 'bob-uid')).toMatchObject({ verified: false });
      });

      it('no mark when the paid order was cancelled with a full refund', async () => {
        const p = await store.products.create(productInput('Refunded'), 'owner-1');
        const order = await paid(await placed([p._id]));
        await store.orders.reserveRefund(order._id, {
          refundId: 'cancel-1',
          cancel: true,
          restock: true,
          reason: 'Changed mind',
          by: admin,
          now: later(2),
        });
        await store.orders.completeRefund(order._id, 'cancel-1', 'PROVIDER-1', later(3));
        expect(await review(p._id)).toMatchObject({ verified: false });
      });

      it('the mark is decided again when its order is cancelled, refunded in full, or the product returned (issue 36)', async () => {
        const refundOf = async (order: Order, refundId: string, over: Partial<RefundRequest>) => {
          await store.orders.reserveRefund(order._id, {
            refundId,
            restock: false,
            reason: 'x',
            by: admin,
            now: later(2),
            ...over,
          });
          return store.orders.completeRefund(order._id, refundId, `P-${refundId}`, later(3));
        };
        const verifiedOf = async (productId: string, userId = alice._id) =>
          (await store.products.get(productId))!.reviews.find((r) => r.user === userId)?.verified;
        const [cancelled, returned, kept, refunded, twice] = await Promise.all(
          ['Cancelled', 'Returned', 'Kept', 'Refunded', 'Twice'].map((n) =>
            store.products.create(productInput(n), 'owner-1'),
          ),
        );
        const first = await paid(await placed([cancelled!._id]));
        const second = await paid(await placed([returned!._id, kept!._id]));
        const third = await paid(await placed([refunded!._id]));
        const fourth = await paid(await placed([twice!._id]));
        await paid(await placed([twice!._id]));
        for (const p of [cancelled!, returned!, kept!, refunded!, twice!]) await review(p._id);
        // Bob's review of the same product stays as it was decided (no order: unverified).
        await review(cancelled!._id, 'bob-uid');
        for (const p of [cancelled!, returned!, kept!, refunded!, twice!]) expect(await verifiedOf(p._id)).toBe(true);

        await refundOf(first, 'c1', { cancel: true, restock: true });
        expect(await verifiedOf(cancelled!._id)).toBe(false);
        expect(await verifiedOf(cancelled!._id, 'bob-uid')).toBe(false);
        // Every unit of one product returned: that review loses the mark, the other line's keeps it.
        await refundOf(second, 'r1', { items: [{ product: returned!._id, qty: 1 }] });
        expect([await verifiedOf(returned!._id), await verifiedOf(kept!._id)]).toEqual([false, true]);
        // Refunded in full by amount (not cancelled).
        await refundOf(third, 'f1', {});
        expect(await verifiedOf(refunded!._id)).toBe(false);
        // Another paid order of the product still stands: the mark stays.
        await refundOf(fourth, 't1', { cancel: true, restock: true });
        expect(await verifiedOf(twice!._id)).toBe(true);
        // The catalogue hears that the reviews changed (its cached product pages show the mark).
        expect(sut.events).toContainEqual({
          type: 'ReviewsReverified',
          productIds: [cancelled!._id],
        });
      });

      it('an unpaid order cancelled gives no mark; an admin reviewing without buying gets none either', async () => {
        const p = await store.products.create(productInput('Cancelled'), 'owner-1');
        const order = await placed([p._id]);
        await store.orders.cancel(order._id, later(2));
        expect(await review(p._id)).toMatchObject({ verified: false });
        expect(await review(p._id, admin._id)).toMatchObject({ verified: false });
      });
    });
  });
}
