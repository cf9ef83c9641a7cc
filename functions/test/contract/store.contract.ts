// The Store port's contract: the same cases run against every store adapter
// (embedded: contract/embedded.test.ts, in `npm test`; Firestore: firebase/firestore.community.test.ts on the
// community emulator, in `npm test`, but the cases of firebase/communityEmulatorGaps.ts, and all of them in
// firebase/firestore.contract.test.ts on Google's emulator, `npm run test:firebase`). Each case gets a fresh, empty
// store from the factory.
import { endpoints } from '../../src/api/endpoints.js';
import { expectShape } from '../support/shapes.js';
import { afterEach, beforeEach, describe, expect } from 'vitest';
import {
  DEFAULT_HOLD_LIMITS,
  DEFAULT_HOLD_MINUTES,
  DELETED_CUSTOMER_NAME,
  deletedCustomerEmail,
  DomainError,
  holdUntil,
  MAX_STOCK,
  orderNumber,
  PRODUCT_CHANGED_MESSAGE,
  REMOVED_ADDRESS,
  type DomainEvent,
  type OrderListQuery,
  type PaymentResult,
  type ProductUpdateInput,
} from '../../src/domain/index.js';
import type { EventPublisher, PlaceOrderCommand, Store } from '../../src/ports.js';
import { openOrdersOf } from '../../src/features/users/openOrders.js';
import { MovableClock } from '../support/clock.js';
import { contractCase, type ContractRun } from './cases.js';

export interface StoreUnderTest {
  store: Store;
  /** The events the store has published so far (its factory passes it an eventRecorder's publisher). */
  events: DomainEvent[];
  /** Called after each case (close, delete files, clear the emulator). */
  dispose(): Promise<void>;
}

/** A publisher keeping what a store publishes, in order. */
export function eventRecorder(): EventPublisher & { events: DomainEvent[] } {
  const events: DomainEvent[] = [];
  return { events, publish: (published) => void events.push(...published) };
}

/** Awaits a rejection with a DomainError of this kind (and message, when given). */
export async function expectDomainError(
  promise: Promise<unknown>,
  kind: DomainError['kind'],
  message?: string | RegExp,
) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'expected a DomainError').toBeInstanceOf(DomainError);
  expect((error as DomainError).kind).toBe(kind);
  if (typeof message === 'string') expect((error as DomainError).message).toBe(message);
  else if (message) expect((error as DomainError).message).toMatch(message);
}

const input = (name: string, over: Partial<ProductUpdateInput> = {}): ProductUpdateInput => ({
  name,
  price: 10,
  image: '/images/sample.svg',
  brand: 'Brand',
  category: 'Category',
  description: 'Description',
  countInStock: 10,
  ...over,
});

/** The first page of orders (of one customer, or all), newest first. */
export async function firstOrders(store: Store, userId?: string) {
  return (await store.orders.list({ userId, search: '', sort: 'newest', page: 1, pageSize: 50 })).orders;
}

/** Every order (of `userId`, or everyone's), newest first, read page by page. */
export async function allOrders(store: Store, userId?: string) {
  const orders = [];
  for (let page = 1; ; page++) {
    const answer = await store.orders.list({ userId, search: '', sort: 'newest', page, pageSize: 50 });
    orders.push(...answer.orders);
    if (page >= answer.pages) return orders;
  }
}

const address = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };

const payment = (id: string, amount = '0.00'): PaymentResult => ({
  id,
  provider: 'simulated',
  status: 'COMPLETED',
  amount,
  currency: 'USD',
  email: undefined, // as the simulated gateway answers: stores must cope with undefined fields
  updateTime: '2026-03-01T10:00:00.000Z',
});

/** `factory` builds the store on `clock`, which stamps createdAt / updatedAt: the cases move it rather than sleep. */
export function storeContract(
  name: string,
  factory: (clock: MovableClock) => Promise<StoreUnderTest>,
  run: ContractRun = {},
) {
  const it = contractCase(run);
  describe(`Store contract: ${name}`, () => {
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

    /** Creates products one by one, a second apart (newest last). */
    async function products(names: string[], over: Partial<ProductUpdateInput> = {}) {
      const out = [];
      for (const n of names) {
        out.push(await store.products.create(input(n, over), 'owner-1'));
        clock.advance(1000);
      }
      return out;
    }

    const alice = { _id: 'alice-uid', name: 'Alice', email: 'alice@example.com' };
    const bob = { _id: 'bob-uid', name: 'Bob', email: 'bob@example.com' };
    const now = new Date('2026-03-01T10:00:00.000Z');
    const later = new Date('2026-03-03T10:00:00.000Z');

    const order = (lines: PlaceOrderCommand['lines'], over: Partial<PlaceOrderCommand> = {}): PlaceOrderCommand => ({
      user: alice,
      lines,
      shippingAddress: address,
      paymentMethod: 'PayPal',
      now,
      expiresAt: holdUntil(over.now ?? now, DEFAULT_HOLD_MINUTES),
      holdLimits: DEFAULT_HOLD_LIMITS,
      ...over,
    });

    describe('products', () => {
      it('creates, reads, updates and removes a product', async () => {
        const created = await store.products.create(input('Volt Phone', { price: 19.99, countInStock: 3 }), 'owner-1');
        expect(created).toMatchObject({ name: 'Volt Phone', price: 19.99, countInStock: 3, rating: 0, numReviews: 0 });
        expect(typeof created._id).toBe('string');
        expect(created.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
        const read = await store.products.get(created._id);
        expect(read).toMatchObject({ ...created, reviews: [] });

        const updated = await store.products.update(
          created._id,
          input('Volt Phone 2', { price: 1234.5, countInStock: 0 }),
        );
        expect(updated).toMatchObject({
          _id: created._id,
          name: 'Volt Phone 2',
          price: 1234.5,
          countInStock: 0,
          createdAt: created.createdAt,
        });
        expect(updated).not.toHaveProperty('reviews');

        expect(await store.products.remove(created._id)).toBe(true);
        expect(await store.products.get(created._id)).toBeNull();
        expect(await store.products.remove(created._id)).toBe(false);
      });

      it("stamps createdAt, updatedAt and reviews' times from the store's clock", async () => {
        const created = await store.products.create(input('Clocked'), 'owner-1');
        expect(created).toMatchObject({ createdAt: '2026-03-01T09:00:00.000Z', updatedAt: '2026-03-01T09:00:00.000Z' });
        clock.advance(60_000);
        const updated = await store.products.update(created._id, input('Clocked 2'));
        expect(updated).toMatchObject({ createdAt: '2026-03-01T09:00:00.000Z', updatedAt: '2026-03-01T09:01:00.000Z' });
        clock.advance(60_000);
        const review = await store.products.addReview(created._id, {
          userId: 'u1',
          name: 'Ann',
          rating: 5,
          comment: 'Great',
        });
        expect(review.createdAt).toBe('2026-03-01T09:02:00.000Z');
        expect((await store.products.get(created._id))!.reviews[0]!.createdAt).toBe('2026-03-01T09:02:00.000Z');
        expect((await store.users.create({ ...alice, isAdmin: false })).createdAt).toBe('2026-03-01T09:02:00.000Z');
      });

      describe('versioned edits (editedFrom)', () => {
        const loaded = (p: { updatedAt: string; countInStock: number }) => ({
          updatedAt: p.updatedAt,
          countInStock: p.countInStock,
        });
        const sell = (product: string, qty: number, i: number) =>
          store.orders.place(order([{ product, qty }], { user: { ...alice, _id: `seller-${i}` } }));

        it('a stale form does not restore sold stock (the measured bug: 9 units sold from 5)', async () => {
          const [p] = await products(['Sold Out Soon'], { countInStock: 5 });
          const form = loaded(p!); // the admin opens the edit page: 5 in stock
          await sell(p!._id, 3, 1); // 3 sell while the form is open: 2 left
          const saved = await store.products.update(
            p!._id,
            input('Sold Out Soon', { description: 'New text', countInStock: 5 }),
            form,
          );
          expect(saved).toMatchObject({ description: 'New text', countInStock: 2 });
          expect((await store.products.get(p!._id))!.countInStock).toBe(2);
        });

        it('applies the stock the admin changed as a delta on the stock now (5 -> 7 while 3 sold: 4)', async () => {
          const [p] = await products(['Restocked'], { countInStock: 5 });
          const form = loaded(p!);
          await sell(p!._id, 3, 1);
          const saved = await store.products.update(p!._id, input('Restocked', { countInStock: 7 }), form);
          expect(saved!.countInStock).toBe(4);
          // Taking away more than is left (sold meanwhile) leaves none, never below zero.
          const again = loaded(saved!);
          await sell(p!._id, 3, 2);
          expect(
            (await store.products.update(p!._id, input('Restocked', { countInStock: 0 }), again))!.countInStock,
          ).toBe(0);
        });

        it('refuses a save from a form opened before another save (conflict), keeping the other save', async () => {
          const [p] = await products(['Contested'], { countInStock: 5 });
          const formA = loaded(p!);
          const formB = loaded(p!);
          // No clock move: two saves in the same millisecond still get distinct versions.
          await store.products.update(p!._id, input('Contested by A', { countInStock: 6 }), formA);
          await expectDomainError(
            store.products.update(p!._id, input('Contested by B', { countInStock: 9 }), formB),
            'conflict',
            PRODUCT_CHANGED_MESSAGE,
          );
          expect(await store.products.get(p!._id)).toMatchObject({ name: 'Contested by A', countInStock: 6 });
        });

        it('a delta never pushes stock past MAX_STOCK (two saves of +1,000,000), and the form saves it again', async () => {
          const [p] = await products(['Overstocked'], { countInStock: 0 });
          const first = await store.products.update(
            p!._id,
            input('Overstocked', { countInStock: MAX_STOCK }),
            loaded(p!),
          );
          expect(first!.countInStock).toBe(MAX_STOCK);
          // A second tab still holding the first save's version adds another 1,000,000 on top.
          const second = await store.products.update(p!._id, input('Overstocked', { countInStock: MAX_STOCK }), {
            updatedAt: first!.updatedAt,
            countInStock: 0,
          });
          expect(second!.countInStock).toBe(MAX_STOCK);
          const resaved = await store.products.update(
            p!._id,
            input('Overstocked', { description: 'Resaved', countInStock: second!.countInStock }),
            loaded(second!),
          );
          expect(resaved).toMatchObject({ description: 'Resaved', countInStock: MAX_STOCK });
        });

        it('without editedFrom (the original clients) writes the values as sent', async () => {
          const [p] = await products(['Legacy'], { countInStock: 5 });
          await sell(p!._id, 2, 1);
          expect((await store.products.update(p!._id, input('Legacy', { countInStock: 8 })))!.countInStock).toBe(8);
        });
      });

      describe('drafts (a created product is not in the shop until its first save)', () => {
        it('a draft is in no list, search, facet, top or low-stock answer, and reads only as a draft', async () => {
          await products(['Volt Lamp']);
          const draft = await store.products.createDraft(input('Sample name', { countInStock: 0 }), 'owner-1');
          expect(draft).toMatchObject({ name: 'Sample name', isDraft: true, rating: 0, numReviews: 0 });
          expect(await store.products.get(draft._id)).toBeNull();
          expect(await store.products.getDraft(draft._id)).toEqual(draft);
          const page = await store.products.list({ keyword: '', page: 1, pageSize: 10 });
          expect(page.products.map((p) => p.name)).toEqual(['Volt Lamp']);
          expect((await store.products.list({ keyword: 'sample', page: 1, pageSize: 10 })).products).toEqual([]);
          expect((await store.products.top(10)).map((p) => p.name)).toEqual(['Volt Lamp']);
          expect((await store.products.lowStock(5, 10)).map((p) => p.product)).not.toContain(draft._id);
          expect((await store.products.facets({ keyword: '' })).brands.map((b) => b.count)).toEqual([1]);
        });

        it('cannot be ordered or reviewed', async () => {
          const draft = await store.products.createDraft(input('Sample name', { countInStock: 9 }), 'owner-1');
          await expect(store.orders.place(order([{ product: draft._id, qty: 1 }]))).rejects.toMatchObject({
            kind: 'not_found',
          });
          await expect(
            store.products.addReview(draft._id, { userId: 'u1', name: 'U', rating: 5, comment: 'Early' }),
          ).rejects.toMatchObject({ kind: 'not_found' });
        });

        it('its first save publishes it as the newest product, under the same id; the draft is gone', async () => {
          await products(['Older']);
          const draft = await store.products.createDraft(input('Sample name', { countInStock: 0 }), 'owner-1');
          clock.advance(60_000);
          const saved = await store.products.update(draft._id, input('Volt Desk', { price: 120, countInStock: 4 }), {
            updatedAt: draft.updatedAt,
            countInStock: 0,
          });
          expect(saved).toMatchObject({ _id: draft._id, name: 'Volt Desk', price: 120, countInStock: 4 });
          expect(saved!.isDraft).toBeUndefined();
          expect(await store.products.getDraft(draft._id)).toBeNull();
          expect(await store.products.listDrafts(10)).toEqual([]);
          const page = await store.products.list({ keyword: 'desk', page: 1, pageSize: 10 });
          expect(page.products.map((p) => p._id)).toEqual([draft._id]);
          expect((await store.products.list({ keyword: '', page: 1, pageSize: 10 })).products[0]!._id).toBe(draft._id);
        });

        it('lists drafts newest first, bounded; removes a draft', async () => {
          const a = await store.products.createDraft(input('Sample name'), 'owner-1');
          clock.advance(1000);
          const b = await store.products.createDraft(input('Sample name'), 'owner-1');
          expect((await store.products.listDrafts(10)).map((d) => d._id)).toEqual([b._id, a._id]);
          expect((await store.products.listDrafts(1)).map((d) => d._id)).toEqual([b._id]);
          expect(await store.products.remove(a._id)).toBe(true);
          expect(await store.products.remove(a._id)).toBe(false);
          expect((await store.products.listDrafts(10)).map((d) => d._id)).toEqual([b._id]);
        });

        it('a stale save of a draft is refused like any stale form', async () => {
          const draft = await store.products.createDraft(input('Sample name'), 'owner-1');
          await expect(
            store.products.update(draft._id, input('Late'), { updatedAt: '2020-01-01T00:00:00.000Z', countInStock: 0 }),
          ).rejects.toMatchObject({ kind: 'conflict' });
          expect(await store.products.getDraft(draft._id)).not.toBeNull();
        });
      });

      it('answers null / false for unknown and impossible ids', async () => {
        for (const id of ['doesnotexist0000000000000', '__x__', 'a']) {
          expect(await store.products.get(id)).toBeNull();
          expect(await store.products.update(id, input('X'))).toBeNull();
          expect(await store.products.remove(id)).toBe(false);
        }
      });

      it('lists newest first with pages', async () => {
        const made = await products(['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9', 'P10']);
        const p1 = await store.products.list({ keyword: '', page: 1, pageSize: 4 });
        expect(p1.pages).toBe(3);
        expect(p1.page).toBe(1);
        expect(p1.products.map((p) => p.name)).toEqual(['P10', 'P9', 'P8', 'P7']);
        const p3 = await store.products.list({ keyword: '', page: 3, pageSize: 4 });
        expect(p3.products.map((p) => p.name)).toEqual(['P2', 'P1']);
        expect(p3.products[1]).toMatchObject({ _id: made[0]!._id, price: 10 });
        const past = await store.products.list({ keyword: '', page: 4, pageSize: 4 });
        expect(past).toEqual({ products: [], page: 4, pages: 3 });
        for (const page of [p1, p3, past]) expectShape(endpoints.productList, page);
      });

      it('answers an empty shop with no pages', async () => {
        expect(await store.products.list({ keyword: '', page: 1, pageSize: 8 })).toEqual({
          products: [],
          page: 1,
          pages: 0,
        });
        expect(await store.products.list({ keyword: 'x', page: 1, pageSize: 8 })).toEqual({
          products: [],
          page: 1,
          pages: 0,
          total: 0,
        });
      });

      it('searches a case-insensitive literal substring of the name', async () => {
        await products([
          'Volt Phone X',
          'volt-watch',
          'Quantum Laptop (Pro)',
          'Wide.*Screen',
          'Ärger Über Kabel',
          'Plain Cable',
        ]);
        const names = async (keyword: string) =>
          (await store.products.list({ keyword, page: 1, pageSize: 20 })).products.map((p) => p.name);
        expect(await names('VOLT')).toEqual(['volt-watch', 'Volt Phone X']);
        expect(await names('olt')).toEqual(['volt-watch', 'Volt Phone X']);
        expect(await names('(')).toEqual(['Quantum Laptop (Pro)']);
        expect(await names('top (pro)')).toEqual(['Quantum Laptop (Pro)']);
        expect(await names('.*')).toEqual(['Wide.*Screen']);
        expect(await names('e.*s')).toEqual(['Wide.*Screen']);
        expect(await names('über')).toEqual(['Ärger Über Kabel']);
        expect(await names('x')).toEqual(['Volt Phone X']);
        expect(await names('CABLE')).toEqual(['Plain Cable']);
        expect(await names('phone x!')).toEqual([]);
        expect(await names('%')).toEqual([]);
        expect(await names('_')).toEqual([]);
        expect(await names('volt phone x and more words')).toEqual([]);
      });

      it('pages search results with an exact page count', async () => {
        await products(['Gadget 1', 'Gadget 2', 'Other', 'Gadget 3', 'Gadget 4', 'Gadget 5']);
        const page2 = await store.products.list({ keyword: 'gadget', page: 2, pageSize: 2 });
        expect(page2.pages).toBe(3);
        expect(page2.products.map((p) => p.name)).toEqual(['Gadget 3', 'Gadget 2']);
        const page3 = await store.products.list({ keyword: 'gadget', page: 3, pageSize: 2 });
        expect(page3.products.map((p) => p.name)).toEqual(['Gadget 1']);
      });

      it('answers a deep page exactly (the Firestore store reaches it by cursor, not offset) and past the last, nothing', async () => {
        await products(Array.from({ length: 30 }, (_, i) => `P${i + 1}`));
        const deep = await store.products.list({ keyword: '', page: 7, pageSize: 4 });
        expect(deep).toMatchObject({ page: 7, pages: 8 });
        expect(deep.products.map((p) => p.name)).toEqual(['P6', 'P5', 'P4', 'P3']);
        const last = await store.products.list({ keyword: '', page: 8, pageSize: 4 });
        expect(last.products.map((p) => p.name)).toEqual(['P2', 'P1']);
        expect(await store.products.list({ keyword: '', page: 9, pageSize: 4 })).toEqual({
          products: [],
          page: 9,
          pages: 8,
        });
        expect(await store.products.list({ keyword: '', page: 1_000_000, pageSize: 4 })).toEqual({
          products: [],
          page: 1_000_000,
          pages: 8,
        });
      });

      it('keeps a broad keyword and a long one on a broad piece exact, page by page', async () => {
        await products([...Array.from({ length: 12 }, (_, i) => `Cable ${i + 1}`), 'Other', 'Lamp']);
        // 'e': one character in most names (the index answers it with a bounded query; the count is exact).
        const broad = await store.products.list({ keyword: 'E', page: 3, pageSize: 5 });
        expect(broad.pages).toBe(3);
        expect(broad.products.map((p) => p.name)).toEqual(['Cable 3', 'Cable 2', 'Cable 1']);
        // 'cable 1': longer than the index's pieces; every name holds its pieces' broad ones ('cab', 'ble', ...).
        // (Newest first asked for: with a keyword and no sort, the embedded store ranks by relevance.)
        const long = await store.products.list({ keyword: 'cable 1', page: 1, pageSize: 3, sort: 'newest' });
        expect(long.pages).toBe(2);
        expect(long.total).toBe(4);
        expect(long.products.map((p) => p.name)).toEqual(['Cable 12', 'Cable 11', 'Cable 10']);
        const long2 = await store.products.list({ keyword: 'cable 1', page: 2, pageSize: 3, sort: 'newest' });
        expect(long2.products.map((p) => p.name)).toEqual(['Cable 1']);
        expect(await store.products.list({ keyword: 'cable 1', page: 3, pageSize: 3, sort: 'newest' })).toEqual({
          products: [],
          page: 3,
          pages: 2,
          total: 4,
        });
      });

      it('finds a product by its new name after a rename, not by the old one', async () => {
        const [p] = await products(['Old Name']);
        await store.products.update(p!._id, input('Shiny Thing'));
        expect((await store.products.list({ keyword: 'old', page: 1, pageSize: 8 })).products).toEqual([]);
        expect(
          (await store.products.list({ keyword: 'shiny', page: 1, pageSize: 8 })).products.map((x) => x._id),
        ).toEqual([p!._id]);
      });

      it('answers the best rated: rating, then review count, then newest', async () => {
        const [a, b, c, d] = await products(['A', 'B', 'C', 'D']);
        await store.products.addReview(a!._id, { userId: 'u1', name: 'U1', rating: 4, comment: 'ok' });
        await store.products.addReview(b!._id, { userId: 'u1', name: 'U1', rating: 5, comment: 'great' });
        await store.products.addReview(c!._id, { userId: 'u1', name: 'U1', rating: 4, comment: 'ok' });
        await store.products.addReview(c!._id, { userId: 'u2', name: 'U2', rating: 4, comment: 'ok' });
        const top = await store.products.top(3);
        expect(top.map((p) => p.name)).toEqual(['B', 'C', 'A']);
        expect((await store.products.top(10)).map((p) => p._id)).toEqual([b!._id, c!._id, a!._id, d!._id]);
        expectShape(endpoints.productTop, top);
      });

      it('lists low stock, lowest first then by name', async () => {
        await store.products.create(input('Zeta', { countInStock: 2 }), 'o');
        await store.products.create(input('Alpha', { countInStock: 2 }), 'o');
        await store.products.create(input('Empty', { countInStock: 0 }), 'o');
        await store.products.create(input('Plenty', { countInStock: 50 }), 'o');
        expect((await store.products.lowStock(5, 10)).map((p) => p.name)).toEqual(['Empty', 'Alpha', 'Zeta']);
        expect((await store.products.lowStock(5, 2)).map((p) => p.name)).toEqual(['Empty', 'Alpha']);
      });
    });

    describe('reviews', () => {
      it('adds reviews and keeps rating and numReviews in step; newest first', async () => {
        const [p] = await products(['Reviewed']);
        const r1 = await store.products.addReview(p!._id, { userId: 'u1', name: 'Ann', rating: 5, comment: 'Great' });
        expect(r1).toMatchObject({ user: 'u1', name: 'Ann', rating: 5, comment: 'Great' });
        clock.advance(1000);
        await store.products.addReview(p!._id, { userId: 'u2', name: 'Ben', rating: 4, comment: 'Good' });
        clock.advance(1000);
        await store.products.addReview(p!._id, { userId: 'u3', name: 'Cy', rating: 4, comment: 'Fine' });
        const read = await store.products.get(p!._id);
        expect(read).toMatchObject({ rating: 4.33, numReviews: 3 });
        expect(read!.reviews.map((r) => r.name)).toEqual(['Cy', 'Ben', 'Ann']);
        expectShape(endpoints.productGet, read);
        expectShape(endpoints.productGet, await store.products.get(p!._id, { reviews: false }));
        expect((await store.products.list({ keyword: 'reviewed', page: 1, pageSize: 8 })).products[0]).toMatchObject({
          rating: 4.33,
          numReviews: 3,
        });
      });

      it("lists one user's reviews across products, oldest first, with each product's id and name (data export)", async () => {
        const [a, b] = await products(['Export Lamp', 'Export Phone']);
        await store.products.addReview(b!._id, { userId: 'u1', name: 'Ann', rating: 4, comment: 'Good phone' });
        clock.advance(1000);
        await store.products.addReview(a!._id, { userId: 'u2', name: 'Ben', rating: 2, comment: 'Not mine' });
        clock.advance(1000);
        await store.products.addReview(a!._id, { userId: 'u1', name: 'Ann', rating: 5, comment: 'Bright' });
        const mine = await store.products.reviewsBy('u1');
        expect(mine.map((r) => [r.product, r.productName, r.rating, r.comment, r.user])).toEqual([
          [b!._id, 'Export Phone', 4, 'Good phone', 'u1'],
          [a!._id, 'Export Lamp', 5, 'Bright', 'u1'],
        ]);
        expect(await store.products.reviewsBy('nobody')).toEqual([]);
      });

      it("refuses a second review by the same user ('Product already reviewed'), changing nothing", async () => {
        const [p] = await products(['Once']);
        await store.products.addReview(p!._id, { userId: 'u1', name: 'Ann', rating: 5, comment: 'Great' });
        await expectDomainError(
          store.products.addReview(p!._id, { userId: 'u1', name: 'Ann', rating: 1, comment: 'Again' }),
          'bad_input',
          'Product already reviewed',
        );
        const read = await store.products.get(p!._id);
        expect(read).toMatchObject({ rating: 5, numReviews: 1 });
        expect(read!.reviews).toHaveLength(1);
      });

      it('lets concurrent reviews of different users all count', async () => {
        const [p] = await products(['Busy']);
        await Promise.all(
          [1, 2, 3, 4, 5].map((i) =>
            store.products.addReview(p!._id, { userId: `u${i}`, name: `U${i}`, rating: i, comment: 'c' }),
          ),
        );
        expect(await store.products.get(p!._id)).toMatchObject({ rating: 3, numReviews: 5 });
      });

      it('refuses a review of an unknown product (not found)', async () => {
        await expectDomainError(
          store.products.addReview('nope0000000000000000', { userId: 'u1', name: 'A', rating: 5, comment: 'c' }),
          'not_found',
          'Product not found',
        );
      });

      it('removes the reviews with the product', async () => {
        const [p] = await products(['Gone']);
        await store.products.addReview(p!._id, { userId: 'u1', name: 'A', rating: 5, comment: 'c' });
        await store.products.remove(p!._id);
        expect(await store.products.get(p!._id)).toBeNull();
      });
    });

    describe('users', () => {
      it('forgets an account: its orders kept anonymised (name, email, address), the profile and its email freed', async () => {
        const [p] = await products(['Forget Lamp']);
        await store.users.create({ ...alice, isAdmin: false });
        await store.users.create({ ...bob, isAdmin: false });
        const mine = await store.orders.place(order([{ product: p!._id, qty: 1 }]));
        await store.orders.markPaid(mine._id, payment('cap-forget'), now);
        const bobs = await store.orders.place(order([{ product: p!._id, qty: 1 }], { user: bob }));
        await store.users.forget(alice._id);
        await store.users.forget(alice._id); // idempotent
        expect(await store.users.get(alice._id)).toBeNull();
        expect(await store.users.findByEmail(alice.email)).toBeNull();
        const kept = await store.orders.get(mine._id);
        expect(kept).toMatchObject({
          user: { _id: alice._id, name: DELETED_CUSTOMER_NAME, email: deletedCustomerEmail(alice._id) },
          shippingAddress: REMOVED_ADDRESS,
          isPaid: true,
          totalPrice: mine.totalPrice,
        });
        expect(JSON.stringify(kept)).not.toContain(alice.email);
        // Still the shop's books: listed for the admin, found by the new name, not by the old email.
        const all = (q: Partial<OrderListQuery>) =>
          store.orders.list({ search: '', sort: 'newest', page: 1, pageSize: 10, ...q });
        expect((await all({})).orders.map((o) => o._id).sort()).toEqual([mine._id, bobs._id].sort());
        expect((await all({ search: 'alice' })).orders).toEqual([]);
        expect((await all({ search: 'deleted' })).orders.map((o) => o._id)).toEqual([mine._id]);
        expect(await store.orders.get(bobs._id)).toMatchObject({ user: bob, shippingAddress: address });
        // The address is free for a new account.
        await expect(store.users.create({ ...alice, _id: 'alice-2', isAdmin: false })).resolves.toBeTruthy();
      });

      it("forgets an account's reviews' name ('Deleted customer'); the product's rating stays", async () => {
        const [p] = await products(['Forget Review']);
        await store.users.create({ ...alice, isAdmin: false });
        await store.products.addReview(p!._id, { userId: alice._id, name: 'Alice', rating: 4, comment: 'Nice' });
        await store.products.addReview(p!._id, { userId: bob._id, name: 'Bob', rating: 2, comment: 'Meh' });
        await store.users.forget(alice._id);
        const read = await store.products.get(p!._id);
        expect(read).toMatchObject({ rating: 3, numReviews: 2 });
        expect(read!.reviews.map((r) => r.name).sort()).toEqual([DELETED_CUSTOMER_NAME, 'Bob'].sort());
      });

      it('creates, reads, finds by email case-insensitively, lists oldest first', async () => {
        const a = await store.users.create({ ...alice, isAdmin: false });
        expect(a).toMatchObject({ ...alice, isAdmin: false });
        clock.advance(1000);
        await store.users.create({ ...bob, isAdmin: true });
        expect(await store.users.get(alice._id)).toMatchObject({ ...alice, isAdmin: false });
        expect(await store.users.findByEmail('ALICE@Example.com')).toMatchObject({ _id: alice._id });
        expect(await store.users.findByEmail(' alice@example.com ')).toMatchObject({ _id: alice._id });
        expect(await store.users.findByEmail('nobody@example.com')).toBeNull();
        expect((await store.users.list({ search: '', page: 1, pageSize: 50 })).users.map((u) => u._id)).toEqual([
          alice._id,
          bob._id,
        ]);
        expect(await store.users.get('unknown-user')).toBeNull();
      });

      it('keeps emails unique case-insensitively on create and update', async () => {
        await store.users.create({ ...alice, isAdmin: false });
        await expectDomainError(
          store.users.create({ _id: 'other', name: 'O', email: 'ALICE@example.COM', isAdmin: false }),
          'conflict',
          'Email already in use',
        );
        await store.users.create({ ...bob, isAdmin: false });
        await expectDomainError(
          store.users.update(bob._id, { email: 'Alice@Example.com' }),
          'conflict',
          'Email already in use',
        );
        expect(await store.users.get(bob._id)).toMatchObject({ email: bob.email });
        expect(await store.users.get('other')).toBeNull();
      });

      it('frees the old email when a user changes it, and on removal', async () => {
        await store.users.create({ ...alice, isAdmin: false });
        const moved = await store.users.update(alice._id, {
          email: 'alice.new@example.com',
          name: 'Alice N',
          isAdmin: true,
        });
        expect(moved).toMatchObject({ _id: alice._id, email: 'alice.new@example.com', name: 'Alice N', isAdmin: true });
        expect(await store.users.findByEmail('alice@example.com')).toBeNull();
        expect(await store.users.findByEmail('ALICE.NEW@example.com')).toMatchObject({ _id: alice._id });
        await store.users.create({ _id: 'taker', name: 'T', email: 'alice@example.com', isAdmin: false });
        // Changing only the case of one's own email is fine.
        expect(await store.users.update(alice._id, { email: 'Alice.New@example.com' })).toMatchObject({
          email: 'Alice.New@example.com',
        });

        expect(await store.users.remove(alice._id)).toBe(true);
        expect(await store.users.remove(alice._id)).toBe(false);
        expect(await store.users.get(alice._id)).toBeNull();
        expect(await store.users.findByEmail('alice.new@example.com')).toBeNull();
        await store.users.create({ _id: 'again', name: 'A', email: 'alice.new@example.com', isAdmin: false });
      });

      it('answers null when updating an unknown user', async () => {
        expect(await store.users.update('unknown-user', { name: 'X' })).toBeNull();
      });
    });

    describe('orders', () => {
      it('prices from the stored prices, takes the stock and saves the order', async () => {
        const [p, q] = await products(['Laptop', 'Mouse']);
        await store.products.update(p!._id, input('Laptop', { price: 89.99, countInStock: 10 }));
        await store.products.update(q!._id, input('Mouse', { price: 0.1, countInStock: 5 }));
        const o = await store.orders.place(
          order([
            { product: p!._id, qty: 3 },
            { product: q!._id, qty: 3 },
          ]),
        );
        expect(o).toMatchObject({
          user: alice,
          itemsPrice: 270.27,
          shippingPrice: 0,
          taxPrice: 40.54,
          totalPrice: 310.81,
          currency: 'USD',
          isPaid: false,
          paidAt: null,
          paymentResult: null,
          isDelivered: false,
          deliveredAt: null,
          status: 'awaiting_payment',
          shippingAddress: address,
          paymentMethod: 'PayPal',
          createdAt: now.toISOString(),
          expiresAt: holdUntil(now, DEFAULT_HOLD_MINUTES).toISOString(),
        });
        expect(o.orderItems).toEqual([
          // Each line's share of the tax (the ledger's, issue 38): 40.54 = 40.50 + 0.04.
          { product: p!._id, name: 'Laptop', image: '/images/sample.svg', price: 89.99, qty: 3, tax: 40.5 },
          { product: q!._id, name: 'Mouse', image: '/images/sample.svg', price: 0.1, qty: 3, tax: 0.04 },
        ]);
        expect((await store.products.get(p!._id))!.countInStock).toBe(7);
        expect((await store.products.get(q!._id))!.countInStock).toBe(2);
        expect(await store.orders.get(o._id)).toEqual(o);
        expectShape(endpoints.orderPlace, o);
      });

      it('charges shipping on small orders', async () => {
        const [p] = await products(['Cable'], { price: 50 });
        expect(await store.orders.place(order([{ product: p!._id, qty: 1 }]))).toMatchObject({
          itemsPrice: 50,
          shippingPrice: 100,
          taxPrice: 7.5,
          totalPrice: 157.5,
        });
      });

      it('refuses short stock naming the product, taking nothing from any line', async () => {
        const [p, q, r] = await products(['Camera', 'Drone', 'Tripod']);
        await store.products.update(q!._id, input('Drone', { countInStock: 2 }));
        await store.products.update(r!._id, input('Tripod', { countInStock: 0 }));
        await expectDomainError(
          store.orders.place(
            order([
              { product: p!._id, qty: 1 },
              { product: q!._id, qty: 3 },
            ]),
          ),
          'conflict',
          'Only 2 of Drone left in stock (you asked for 3)',
        );
        await expectDomainError(
          store.orders.place(
            order([
              { product: p!._id, qty: 1 },
              { product: r!._id, qty: 1 },
            ]),
          ),
          'conflict',
          'Tripod is out of stock',
        );
        expect((await store.products.get(p!._id))!.countInStock).toBe(10);
        expect((await store.products.get(q!._id))!.countInStock).toBe(2);
        expect(await firstOrders(store)).toEqual([]);
      });

      it('counts repeated lines of one product together (each line alone fits the stock)', async () => {
        const [p] = await products(['Earbuds'], { countInStock: 3 });
        await expectDomainError(
          store.orders.place(
            order([
              { product: p!._id, qty: 2 },
              { product: p!._id, qty: 2 },
            ]),
          ),
          'conflict',
          'Only 1 of Earbuds left in stock (you asked for 2)',
        );
        expect((await store.products.get(p!._id))!.countInStock).toBe(3);
        expect(await firstOrders(store)).toEqual([]);
      });

      it('refuses unknown products (not found), taking nothing', async () => {
        const [p] = await products(['Real']);
        await expectDomainError(
          store.orders.place(
            order([
              { product: p!._id, qty: 1 },
              { product: 'ghost0000000000000000', qty: 1 },
            ]),
          ),
          'not_found',
          /^Product not found/,
        );
        await expectDomainError(
          store.orders.place(order([{ product: '__bad__', qty: 1 }])),
          'not_found',
          /^Product not found/,
        );
        expect((await store.products.get(p!._id))!.countInStock).toBe(10);
      });

      it('never oversells under concurrent orders', async () => {
        const [p] = await products(['Hot Item'], { countInStock: 5 });
        const results = await Promise.allSettled(
          Array.from({ length: 10 }, (_, i) =>
            store.orders.place(order([{ product: p!._id, qty: 1 }], { user: { ...alice, _id: `buyer-${i}` } })),
          ),
        );
        const ok = results.filter((r) => r.status === 'fulfilled');
        const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(ok).toHaveLength(5);
        for (const r of refused) {
          expect(r.reason).toBeInstanceOf(DomainError);
          expect((r.reason as DomainError).kind).toBe('conflict');
          expect((r.reason as DomainError).message).toContain('Hot Item');
        }
        expect((await store.products.get(p!._id))!.countInStock).toBe(0);
        expect(await firstOrders(store)).toHaveLength(5);
      });

      it('lists a user’s orders and all orders, newest first', async () => {
        const [p] = await products(['Thing']);
        const o1 = await store.orders.place(order([{ product: p!._id, qty: 1 }]));
        const o2 = await store.orders.place(
          order([{ product: p!._id, qty: 1 }], { user: bob, now: new Date(now.getTime() + 1000) }),
        );
        const o3 = await store.orders.place(
          order([{ product: p!._id, qty: 1 }], { now: new Date(now.getTime() + 2000) }),
        );
        expect((await firstOrders(store, alice._id)).map((o) => o._id)).toEqual([o3._id, o1._id]);
        expect((await firstOrders(store, bob._id)).map((o) => o._id)).toEqual([o2._id]);
        expect((await firstOrders(store, 'nobody')).length).toBe(0);
        expect((await firstOrders(store)).map((o) => o._id)).toEqual([o3._id, o2._id, o1._id]);
        expect(await store.orders.get('nope0000000000000000')).toBeNull();
        expect(await store.orders.get('__x__')).toBeNull();
      });

      it('pages the order lists from either end: no dupes, no gaps, ties broken by id, filters and search', async () => {
        const [p] = await products(['Paged'], { countInStock: 100 });
        // 7 customers, one order each (no customer near any open-order limit); orders 2-3 and 4-5 share a time.
        const customers = ['Ann Lee', 'Bo Diaz', 'Cy Lee', 'Di Park', 'Ed Lee', 'Fay Wu', 'Gus Lee'].map((name, i) => ({
          _id: `cust-${i}`,
          name,
          email: `${name.split(' ')[0]!.toLowerCase()}${i}@shop.example`,
        }));
        const seconds = [0, 1, 2, 2, 3, 3, 4];
        const placed = [];
        for (const [i, user] of customers.entries()) {
          const at = new Date(now.getTime() + seconds[i]! * 1000);
          placed.push(await store.orders.place(order([{ product: p!._id, qty: 1 }], { user, now: at })));
        }
        await store.orders.markPaid(placed[1]!._id, payment('cap-paged-1'), now);
        await store.orders.markPaid(placed[4]!._id, payment('cap-paged-4'), now);
        await store.orders.markDelivered(placed[4]!._id, now);
        const byTimeThenId = [...placed].sort((a, b) =>
          a.createdAt === b.createdAt ? (a._id < b._id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1,
        );
        const oldest = byTimeThenId.map((o) => o._id);
        const newest = [...oldest].reverse();
        const list = (q: Partial<Parameters<Store['orders']['list']>[0]>) =>
          store.orders.list({ search: '', sort: 'newest', page: 1, pageSize: 2, ...q });
        for (const [sort, expected] of [
          ['newest', newest],
          ['oldest', oldest],
        ] as const) {
          const seen: string[] = [];
          for (let page = 1; page <= 4; page++) {
            const answer = await list({ sort, page });
            expect(answer).toMatchObject({ page, pages: 4, total: 7 });
            seen.push(...answer.orders.map((o) => o._id));
          }
          expect(seen, `all pages, ${sort} first`).toEqual(expected);
        }
        expect(await list({ page: 5 })).toEqual({ orders: [], page: 5, pages: 4, total: 7 });
        expect((await list({ status: 'paid', pageSize: 50 })).orders.map((o) => o._id)).toEqual([placed[1]!._id]);
        expect((await list({ status: 'delivered', pageSize: 50 })).orders.map((o) => o._id)).toEqual([placed[4]!._id]);
        expect((await list({ status: 'awaiting_payment', pageSize: 50 })).total).toBe(5);
        // Search: a prefix of a word of the name, or of the email; lower-cased by the API's schema.
        const lees = (await list({ search: 'le', pageSize: 50 })).orders.map((o) => o.user.name);
        expect(lees).toEqual(['Gus Lee', 'Ed Lee', 'Cy Lee', 'Ann Lee']);
        expect((await list({ search: 'fay5@shop', pageSize: 50 })).orders.map((o) => o._id)).toEqual([placed[5]!._id]);
        expect((await list({ search: 'ee', pageSize: 50 })).total).toBe(0); // not a prefix
        expect(
          (await list({ search: 'le', status: 'delivered', pageSize: 50 })).orders.map((o) => o.user.name),
        ).toEqual(['Ed Lee']);
        const mine = await list({ userId: customers[3]!._id, pageSize: 50 });
        expect(mine).toMatchObject({ page: 1, pages: 1, total: 1 });
        expect(mine.orders[0]).toMatchObject({ _id: placed[3]!._id, orderItems: [{ product: p!._id, qty: 1 }] });
        expect(await list({ userId: 'nobody' })).toEqual({ orders: [], page: 1, pages: 1, total: 0 });
      });

      it("counts a customer's open orders: unpaid and still held, paid and not delivered", async () => {
        const [p] = await products(['Open'], { countInStock: 20 });
        const line = [{ product: p!._id, qty: 1 }];
        const paid = await store.orders.place(order(line));
        await store.orders.markPaid(paid._id, payment('cap-open-paid'), now);
        const delivered = await store.orders.place(order(line));
        await store.orders.markPaid(delivered._id, payment('cap-open-delivered'), now);
        await store.orders.markDelivered(delivered._id, now);
        const held = await store.orders.place(order(line));
        await store.orders.place(order(line, { user: bob }));
        expect(await openOrdersOf(store.orders, alice._id, now)).toEqual({ unpaid: 1, undelivered: 1 });
        expect(await openOrdersOf(store.orders, bob._id, now)).toEqual({ unpaid: 1, undelivered: 0 });
        expect(await openOrdersOf(store.orders, 'nobody', now)).toEqual({ unpaid: 0, undelivered: 0 });
        // A hold that ended is not open, before the sweeper expires the order and after.
        const holdEnded = new Date(new Date(held.expiresAt!).getTime() + 1000);
        expect(await openOrdersOf(store.orders, alice._id, holdEnded)).toEqual({ unpaid: 0, undelivered: 1 });
        await store.orders.expireStale(holdEnded);
        expect(await openOrdersOf(store.orders, alice._id, holdEnded)).toEqual({ unpaid: 0, undelivered: 1 });
      });

      it('finds an order by the number the customer sees (lower-cased by the API) or by its full id', async () => {
        const [p] = await products(['Numbered'], { countInStock: 10 });
        const first = await store.orders.place(order([{ product: p!._id, qty: 1 }]));
        const second = await store.orders.place(order([{ product: p!._id, qty: 1 }], { user: bob }));
        const ids = (search: string) =>
          store.orders
            .list({ search, sort: 'newest', page: 1, pageSize: 50 })
            .then((page) => page.orders.map((o) => o._id));
        for (const o of [first, second]) {
          expect(await ids(orderNumber(o._id).toLowerCase()), orderNumber(o._id)).toEqual([o._id]);
          expect(await ids(o._id.toLowerCase()), o._id).toEqual([o._id]);
        }
        // Part of a number is not a number: a customer prefix search still works beside it.
        expect(await ids(orderNumber(first._id).toLowerCase().slice(1))).toEqual([]);
        expect(await ids('bob')).toEqual([second._id]);
      });

      it('pages the users, oldest first, searched by a name word or email prefix', async () => {
        for (const [i, name] of ['Ann Lee', 'Bo Diaz', 'Cy Lee', 'Di Park', 'Ed Lee'].entries()) {
          await store.users.create({ _id: `user-${i}`, name, email: `u${i}@shop.example`, isAdmin: false });
          clock.advance(1000);
        }
        const seen: string[] = [];
        for (let page = 1; page <= 3; page++) {
          const answer = await store.users.list({ search: '', page, pageSize: 2 });
          expect(answer).toMatchObject({ page, pages: 3, total: 5 });
          seen.push(...answer.users.map((u) => u._id));
        }
        expect(seen).toEqual(['user-0', 'user-1', 'user-2', 'user-3', 'user-4']);
        const lees = await store.users.list({ search: 'lee', page: 1, pageSize: 50 });
        expect(lees.users.map((u) => u.name)).toEqual(['Ann Lee', 'Cy Lee', 'Ed Lee']);
        expect((await store.users.list({ search: 'u3@', page: 1, pageSize: 50 })).users.map((u) => u._id)).toEqual([
          'user-3',
        ]);
        await store.users.update('user-3', { name: 'Dee Lee' });
        expect((await store.users.list({ search: 'lee', page: 1, pageSize: 50 })).total).toBe(4);
      });

      it('marks paid once; a capture id pays one order only', async () => {
        const [p] = await products(['Payable']);
        const o1 = await store.orders.place(order([{ product: p!._id, qty: 1 }]));
        const o2 = await store.orders.place(order([{ product: p!._id, qty: 1 }]));
        const paidAt = new Date('2026-03-01T10:10:00.000Z'); // within the hold
        const paid = await store.orders.markPaid(o1._id, payment('CAPTURE-1', '111.50'), paidAt);
        expect(paid).toMatchObject({
          _id: o1._id,
          isPaid: true,
          paidAt: paidAt.toISOString(),
          status: 'paid',
          expiresAt: null,
          isDelivered: false,
        });
        expect(paid.paymentResult).toMatchObject({
          id: 'CAPTURE-1',
          provider: 'simulated',
          status: 'COMPLETED',
          amount: '111.50',
          currency: 'USD',
        });
        expect(await store.orders.get(o1._id)).toEqual(paid);

        await expectDomainError(
          store.orders.markPaid(o1._id, payment('CAPTURE-2'), paidAt),
          'conflict',
          'Order is already paid',
        );
        await expectDomainError(
          store.orders.markPaid(o2._id, payment('CAPTURE-1'), paidAt),
          'conflict',
          'This payment was already used for an order',
        );
        expect(await store.orders.get(o2._id)).toMatchObject({ isPaid: false, status: 'awaiting_payment' });
        await expectDomainError(
          store.orders.markPaid('nope0000000000000000', payment('CAPTURE-3'), paidAt),
          'not_found',
          'Order not found',
        );
        expect(await store.orders.markPaid(o2._id, payment('weird/capture id.', '1.00'), paidAt)).toMatchObject({
          isPaid: true,
        });
        // Which order a capture paid: what a refund must ask first (another order's payment is never refunded).
        expect(await store.orders.paidWith('CAPTURE-1')).toBe(o1._id);
        expect(await store.orders.paidWith('weird/capture id.')).toBe(o2._id);
        expect(await store.orders.paidWith('CAPTURE-2')).toBeNull();
        expect(await store.orders.paidWith('')).toBeNull();
      });

      it('refuses to mark paid an order whose hold has ended, even before the sweeper expired it', async () => {
        const [p] = await products(['Late Payer'], { countInStock: 2 });
        const o = await store.orders.place(
          order([{ product: p!._id, qty: 1 }], { expiresAt: new Date(now.getTime() + 3_600_000) }),
        );
        const atTheEnd = new Date(now.getTime() + 3_600_000);
        const expired = 'Order has expired; its items were returned to stock. Please place a new order';
        await expectDomainError(store.orders.markPaid(o._id, payment('CAP-AT-END'), atTheEnd), 'conflict', expired);
        await expectDomainError(store.orders.markPaid(o._id, payment('CAP-AFTER'), later), 'conflict', expired);
        expect(await store.orders.get(o._id)).toMatchObject({
          isPaid: false,
          status: 'awaiting_payment',
          paymentResult: null,
        });
        // The capture ids were not spent on the refused order.
        const other = await store.orders.place(
          order([{ product: p!._id, qty: 1 }], { now: later, expiresAt: new Date(later.getTime() + 3_600_000) }),
        );
        expect(await store.orders.markPaid(other._id, payment('CAP-AT-END'), later)).toMatchObject({ isPaid: true });
      });

      it('pays an order once under concurrent pay calls', async () => {
        const [p] = await products(['Race']);
        const o = await store.orders.place(order([{ product: p!._id, qty: 1 }]));
        const results = await Promise.allSettled(
          [1, 2, 3, 4].map((i) => store.orders.markPaid(o._id, payment(`RACE-${i}`), now)),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        for (const r of results) {
          if (r.status === 'rejected') expect((r.reason as DomainError).message).toBe('Order is already paid');
        }
      });

      it('marks delivered only when paid and not yet delivered', async () => {
        const [p] = await products(['Deliverable']);
        const o = await store.orders.place(order([{ product: p!._id, qty: 1 }]));
        await expectDomainError(store.orders.markDelivered(o._id, now), 'conflict', 'Order is not paid yet');
        await store.orders.markPaid(o._id, payment('CAP-D'), now);
        const at = new Date('2026-03-02T09:00:00.000Z');
        const delivered = await store.orders.markDelivered(o._id, at);
        expect(delivered).toMatchObject({
          isPaid: true,
          isDelivered: true,
          deliveredAt: at.toISOString(),
          status: 'delivered',
        });
        await expectDomainError(store.orders.markDelivered(o._id, at), 'conflict', 'Order is already delivered');
        await expectDomainError(
          store.orders.markPaid(o._id, payment('CAP-D2'), at),
          'conflict',
          'Order is already paid',
        );
        await expectDomainError(store.orders.markDelivered('nope0000000000000000', at), 'not_found', 'Order not found');
      });

      it('exports orders oldest first in bounded batches, with the list filters and a date range', async () => {
        const [p] = await products(['Exported'], { countInStock: 50 });
        const at = (day: number, hour = 10) => new Date(Date.UTC(2031, 0, day, hour));
        const placed = [];
        // Two at the same instant: ties are broken by id, never lost between batches.
        for (const when of [at(1), at(2), at(2), at(3), at(4)])
          placed.push(await store.orders.place(order([{ product: p!._id, qty: 1 }], { now: when })));
        await store.orders.markPaid(placed[1]!._id, payment('CAP-EXP-1'), at(2));
        const collect = async (q: Parameters<Store['orders']['exportOrders']>[0], batchSize?: number) => {
          const batches: string[][] = [];
          for await (const batch of store.orders.exportOrders(q, batchSize)) batches.push(batch.map((o) => o._id));
          return batches;
        };
        const range = { search: '', from: at(1, 0).toISOString(), to: at(5, 0).toISOString() };
        const byTimeThenId = [...placed]
          .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || (a._id < b._id ? -1 : 1))
          .map((o) => o._id);
        const batches = await collect(range, 2);
        expect(batches.map((b) => b.length)).toEqual([2, 2, 1]);
        expect(batches.flat()).toEqual(byTimeThenId);
        expect((await collect({ ...range, from: at(2, 0).toISOString(), to: at(3, 0).toISOString() })).flat()).toEqual(
          byTimeThenId.slice(1, 3),
        );
        expect((await collect({ ...range, status: 'paid' })).flat()).toEqual([placed[1]!._id]);
        const number = placed[3]!._id.slice(-6).toLowerCase();
        expect((await collect({ ...range, search: number })).flat()).toEqual([placed[3]!._id]);
        expect(await collect({ ...range, from: at(20, 0).toISOString(), to: at(21, 0).toISOString() })).toEqual([]);
        // Each exported order is the order as read (its lines too).
        const [first] = (await collect({ ...range, to: at(1, 23).toISOString() })).flat();
        const [read] = await (async () => {
          for await (const batch of store.orders.exportOrders({ ...range, to: at(1, 23).toISOString() })) return batch;
          return [];
        })();
        expect(read).toEqual(await store.orders.get(first!));
      });

      it('records carrier and tracking, takes a delivery back (a reason after the window) and keeps notes apart', async () => {
        const [p] = await products(['Shipped With Details']);
        const o = await store.orders.place(order([{ product: p!._id, qty: 1 }]));
        await store.orders.markPaid(o._id, payment('CAP-SHIP'), now);
        await expectDomainError(store.orders.markUndelivered(o._id, now, null), 'conflict', 'Order is not delivered');
        const at = new Date('2026-03-02T09:00:00.000Z');
        const shipped = await store.orders.markDelivered(o._id, at, { carrier: 'DHL', trackingNumber: 'JD0123' });
        expect(shipped).toMatchObject({
          status: 'delivered',
          carrier: 'DHL',
          trackingNumber: 'JD0123',
          undeliveries: [],
        });
        // Within the window: no reason needed; carrier and tracking stay.
        const soon = new Date(at.getTime() + 3_600_000);
        const back = await store.orders.markUndelivered(o._id, soon, null);
        // Delivered from paid shipped it at the same time (issue 38): taken back, it is on its way again.
        expect(back).toMatchObject({
          status: 'shipped',
          isShipped: true,
          shippedAt: at.toISOString(),
          isPaid: true,
          isDelivered: false,
          deliveredAt: null,
          carrier: 'DHL',
        });
        expect(back.undeliveries).toEqual([{ deliveredAt: at.toISOString(), at: soon.toISOString(), reason: null }]);
        // Marked again without details: the earlier carrier stays; two days later only a reason takes it back.
        const again = await store.orders.markDelivered(o._id, soon);
        expect(again).toMatchObject({ carrier: 'DHL', trackingNumber: 'JD0123', deliveredAt: soon.toISOString() });
        const late = new Date(soon.getTime() + 48 * 3_600_000);
        await expectDomainError(store.orders.markUndelivered(o._id, late, null), 'bad_input');
        expect((await store.orders.get(o._id))!.status).toBe('delivered');
        const lost = await store.orders.markUndelivered(o._id, late, 'Parcel lost by the carrier');
        expect(lost.undeliveries.map((u) => u.reason)).toEqual([null, 'Parcel lost by the carrier']);
        expect(await store.orders.get(o._id)).toEqual(lost);
        expectShape(endpoints.orderGet, lost);
        await expectDomainError(store.orders.markUndelivered('nope0000000000000000', at, 'x'), 'not_found');

        expect(await store.orders.notes(o._id)).toEqual([]);
        const by = { _id: 'admin-1', name: 'Ada Admin' };
        const first = await store.orders.addNote(o._id, { text: 'Customer called', by }, at);
        await store.orders.addNote(o._id, { text: 'Sent a replacement', by }, soon);
        expect(first).toMatchObject({ text: 'Customer called', createdAt: at.toISOString(), by });
        expect((await store.orders.notes(o._id)).map((n) => n.text)).toEqual(['Customer called', 'Sent a replacement']);
        // The order itself never carries them (a customer reads it as is).
        expect(JSON.stringify(await store.orders.get(o._id))).not.toContain('Customer called');
        const listed = await store.orders.list({
          userId: o.user._id,
          search: '',
          sort: 'newest',
          page: 1,
          pageSize: 50,
        });
        expect(JSON.stringify(listed)).not.toContain('Customer called');
        expectShape(endpoints.myOrders, listed);
        // An admin's order: the order and its notes (features/orders/routes.ts).
        expectShape(endpoints.orderNoteAdd, { ...lost, notes: await store.orders.notes(o._id) });
        await expectDomainError(store.orders.addNote('nope0000000000000000', { text: 't', by }, at), 'not_found');
        expect(await store.orders.notes('nope0000000000000000')).toEqual([]);
      });

      it('expires unpaid orders after their hold and returns their stock, once', async () => {
        const [p, q] = await products(['Held', 'Also Held'], { countInStock: 5 });
        const stale = await store.orders.place(
          order([
            { product: p!._id, qty: 2 },
            { product: q!._id, qty: 1 },
          ]),
        );
        const fresh = await store.orders.place(
          order([{ product: p!._id, qty: 1 }], { expiresAt: new Date(later.getTime() + 3_600_000) }),
        );
        const paid = await store.orders.place(order([{ product: p!._id, qty: 1 }]));
        await store.orders.markPaid(paid._id, payment('CAP-E'), now);
        expect((await store.products.get(p!._id))!.countInStock).toBe(1);

        expect(await store.orders.expireStale(now)).toBe(0);
        expect(await store.orders.expireStale(later)).toBe(1);
        expect((await store.products.get(p!._id))!.countInStock).toBe(3);
        expect((await store.products.get(q!._id))!.countInStock).toBe(5);
        const expired = await store.orders.get(stale._id);
        expect(expired).toMatchObject({ status: 'expired', isPaid: false, expiresAt: stale.expiresAt });
        expect(await store.orders.get(fresh._id)).toMatchObject({ status: 'awaiting_payment' });
        expect(await store.orders.get(paid._id)).toMatchObject({ status: 'paid' });
        await expectDomainError(store.orders.markPaid(stale._id, payment('CAP-LATE'), later), 'conflict', /expired/);

        expect(await store.orders.expireStale(later)).toBe(0); // stock is returned once
        expect((await store.products.get(p!._id))!.countInStock).toBe(3);
      });

      it('returns held stock without passing MAX_STOCK (an admin filled the shelf while the order was held)', async () => {
        const [p] = await products(['Full Shelf'], { countInStock: 10 });
        const held = await store.orders.place(order([{ product: p!._id, qty: 3 }]));
        const cancelled = await store.orders.place(order([{ product: p!._id, qty: 2 }]));
        await store.products.update(p!._id, input('Full Shelf', { countInStock: MAX_STOCK }));
        await store.orders.cancel(cancelled._id, now);
        expect((await store.products.get(p!._id))!.countInStock).toBe(MAX_STOCK);
        expect(await store.orders.expireStale(later)).toBe(1);
        expect(await store.orders.get(held._id)).toMatchObject({ status: 'expired' });
        expect((await store.products.get(p!._id))!.countInStock).toBe(MAX_STOCK);
      });

      it('expires an order whose product was deleted meanwhile', async () => {
        const [p, q] = await products(['Deleted Later', 'Kept']);
        const o = await store.orders.place(
          order([
            { product: p!._id, qty: 1 },
            { product: q!._id, qty: 2 },
          ]),
        );
        await store.products.remove(p!._id);
        expect(await store.orders.expireStale(later)).toBe(1);
        expect((await store.products.get(q!._id))!.countInStock).toBe(10);
        expect(await store.orders.get(o._id)).toMatchObject({ status: 'expired' });
      });

      it('counts orders and paid revenue per day', async () => {
        const [p] = await products(['Stat'], { price: 200 });
        const day1 = new Date('2026-03-01T10:00:00.000Z');
        const day2 = new Date('2026-03-02T10:00:00.000Z');
        const a = await store.orders.place(order([{ product: p!._id, qty: 1 }], { now: day1 }));
        await store.orders.place(order([{ product: p!._id, qty: 1 }], { now: day1 }));
        const c = await store.orders.place(order([{ product: p!._id, qty: 1 }], { now: day2 }));
        // Bob's: Alice already holds three unpaid orders at that time (the hold limits).
        await store.orders.place(
          order([{ product: p!._id, qty: 1 }], { user: bob, now: new Date('2026-02-01T10:00:00.000Z') }),
        );
        await store.orders.markPaid(a._id, payment('S1'), day1);
        await store.orders.markPaid(c._id, payment('S2'), day2);
        expect(await store.orders.dailyStats(new Date('2026-02-15T00:00:00.000Z'))).toEqual([
          { day: '2026-03-01', orders: 2, revenue: 230 },
          { day: '2026-03-02', orders: 1, revenue: 230 },
        ]);
      });
    });

    it('answers ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });

    describe('stock history', () => {
      /** The clock's time, moved a second on first: each change gets its own time (ties are ordered apart). */
      const tick = () => {
        clock.advance(1000);
        return clock.now();
      };

      it('records every stock change with its cause, actor and order, newest first, summing to the stock', async () => {
        const [p] = await products(['Tracked'], { countInStock: 10 }); // created by owner-1
        const placed = await store.orders.place(order([{ product: p!._id, qty: 3 }], { now: tick() }));
        const cancelled = await store.orders.place(order([{ product: p!._id, qty: 2 }], { user: bob, now: tick() }));
        await store.orders.cancel(cancelled._id, tick());
        await store.orders.markPaid(placed._id, payment('CAP-H'), tick()); // a payment moves no stock
        const expiring = await store.orders.place(order([{ product: p!._id, qty: 1 }], { now: tick() }));
        expect(await store.orders.expireStale(new Date(expiring.expiresAt!))).toBe(1);
        clock.advance(Date.parse(expiring.expiresAt!) - clock.now().getTime()); // the shop's time goes on from there
        tick();
        const loaded = (await store.products.get(p!._id))!;
        await store.products.update(
          p!._id,
          input('Tracked', { countInStock: loaded.countInStock + 5 }),
          { updatedAt: loaded.updatedAt, countInStock: loaded.countInStock },
          'admin-1',
        );
        // A save that keeps the stock records nothing.
        tick();
        await store.products.update(p!._id, input('Tracked renamed', { countInStock: 12 }), undefined, 'admin-1');

        const history = (await store.products.stockHistory(p!._id, undefined, 50))!;
        expect(history.nextBefore).toBeNull();
        expect(history.entries.map(({ at: _at, ...entry }) => entry)).toEqual([
          { delta: 5, after: 12, cause: 'admin-edit', by: 'admin-1' },
          { delta: 1, after: 7, cause: 'expiry', orderId: expiring._id, by: 'system' },
          { delta: -1, after: 6, cause: 'order', orderId: expiring._id, by: alice._id },
          { delta: 2, after: 7, cause: 'cancel', orderId: cancelled._id, by: bob._id },
          { delta: -2, after: 5, cause: 'order', orderId: cancelled._id, by: bob._id },
          { delta: -3, after: 7, cause: 'order', orderId: placed._id, by: alice._id },
          { delta: 10, after: 10, cause: 'admin-edit', by: 'owner-1' },
        ]);
        expect(history.entries[1]!.at).toBe(new Date(expiring.expiresAt!).toISOString());
        expect(history.entries[3]!.at).toBe(new Date(Date.parse(cancelled.createdAt) + 1000).toISOString());
        const stock = (await store.products.get(p!._id))!.countInStock;
        expect(stock).toBe(12);
        expect(history.entries.reduce((sum, e) => sum + e.delta, 0)).toBe(stock);
        expectShape(endpoints.productStockHistory, history);
      });

      it('records nothing for a refused order; a draft has none until its first save; unknown products: null', async () => {
        const [p] = await products(['Refused'], { countInStock: 1 });
        await expectDomainError(store.orders.place(order([{ product: p!._id, qty: 2 }])), 'conflict');
        expect((await store.products.stockHistory(p!._id, undefined, 50))!.entries).toHaveLength(1);

        const draft = await store.products.createDraft(input('Draft', { countInStock: 4 }), 'owner-1');
        expect(await store.products.stockHistory(draft._id, undefined, 50)).toEqual({ entries: [], nextBefore: null });
        await store.products.update(draft._id, input('Draft', { countInStock: 6 }), undefined, 'admin-1');
        expect((await store.products.stockHistory(draft._id, undefined, 50))!.entries).toEqual([
          expect.objectContaining({ delta: 6, after: 6, cause: 'admin-edit', by: 'admin-1' }),
        ]);
        expect(await store.products.stockHistory('ffffffffffffffffffffffff', undefined, 50)).toBeNull();
        expect(await store.products.stockHistory('a/b', undefined, 50)).toBeNull();
      });

      it('pages the history newest first by its cursor: no dupes, no gaps; a forged cursor is bad input', async () => {
        const [p] = await products(['Paged'], { countInStock: 20 });
        for (let i = 0; i < 4; i++)
          await store.orders.place(
            order([{ product: p!._id, qty: 1 }], { user: { ...bob, _id: `buyer-${i}` }, now: tick() }),
          );
        const seen: number[] = [];
        let before: string | undefined;
        for (let page = 0; page < 5; page++) {
          const answer = (await store.products.stockHistory(p!._id, before, 2))!;
          expect(answer.entries.length).toBeLessThanOrEqual(2);
          seen.push(...answer.entries.map((e) => e.after));
          if (!answer.nextBefore) break;
          before = answer.nextBefore;
        }
        expect(seen).toEqual([16, 17, 18, 19, 20]);
        await expectDomainError(store.products.stockHistory(p!._id, 'not-a-cursor', 2), 'bad_input');
      });
    });

    describe('events', () => {
      /** What the store published since the last call. */
      const published = () => sut.events.splice(0);

      it('publishes what each committed order write changed (the order, the stock it left), nothing when refused', async () => {
        const [p] = await products(['Evented'], { countInStock: 5 });
        published();
        const placed = await store.orders.place(
          order([
            { product: p!._id, qty: 2 },
            { product: p!._id, qty: 1 },
          ]),
        );
        expect(published()).toEqual([
          { type: 'OrderPlaced', order: placed },
          { type: 'StockChanged', stock: [{ product: p!._id, countInStock: 2 }] },
        ]);
        await expectDomainError(store.orders.place(order([{ product: p!._id, qty: 3 }])), 'conflict');
        await expectDomainError(store.orders.cancel(placed._id, later), 'conflict');
        expect(published()).toEqual([]);

        const paid = await store.orders.markPaid(placed._id, payment('cap-events'), now);
        expect(published()).toEqual([{ type: 'OrderPaid', order: paid }]);
        const delivered = await store.orders.markDelivered(placed._id, now);
        expect(published()).toEqual([{ type: 'OrderDelivered', order: delivered }]);
        expect(delivered).toEqual(await store.orders.get(placed._id));
        const undelivered = await store.orders.markUndelivered(placed._id, now, null);
        expect(published()).toEqual([{ type: 'OrderUndelivered', order: undelivered }]);
        expect(undelivered).toEqual(await store.orders.get(placed._id));
        await store.orders.addNote(placed._id, { text: 'internal', by: { _id: 'a', name: 'A' } }, now);
        expect(published()).toEqual([]); // a note changes nothing a subscriber shows (customers never see it)
        await expectDomainError(store.orders.markUndelivered(placed._id, now, null), 'conflict');
        expect(published()).toEqual([]);

        const toCancel = await store.orders.place(order([{ product: p!._id, qty: 1 }]));
        published();
        const cancelled = await store.orders.cancel(toCancel._id, now);
        expect(published()).toEqual([
          { type: 'OrderCancelled', order: cancelled },
          { type: 'StockChanged', stock: [{ product: p!._id, countInStock: 2 }] },
        ]);
        expect(cancelled).toEqual(await store.orders.get(toCancel._id));

        const toExpire = await store.orders.place(order([{ product: p!._id, qty: 1 }]));
        published();
        expect(await store.orders.expireStale(later)).toBe(1);
        expect(published()).toEqual([
          { type: 'OrderExpired', order: await store.orders.get(toExpire._id) },
          { type: 'StockChanged', stock: [{ product: p!._id, countInStock: 2 }] },
        ]);
        expect(await store.orders.expireStale(later)).toBe(0);
        expect(published()).toEqual([]);
      });

      it('publishes each product and review write with the product as it now is', async () => {
        const created = await store.products.create(input('Evented', { countInStock: 4 }), 'owner-1');
        expect(published()).toEqual([
          {
            type: 'ProductSaved',
            change: 'created',
            productId: created._id,
            product: expect.objectContaining({ _id: created._id, countInStock: 4 }),
          },
        ]);
        await store.products.update(created._id, input('Evented 2', { countInStock: 6 }));
        expect(published()).toEqual([
          {
            type: 'ProductSaved',
            change: 'updated',
            productId: created._id,
            product: expect.objectContaining({ name: 'Evented 2', countInStock: 6 }),
          },
        ]);
        const review = await store.products.addReview(created._id, {
          userId: 'alice-uid',
          name: 'Alice',
          rating: 4,
          comment: 'Good',
        });
        expect(published()).toEqual([
          {
            type: 'ReviewAdded',
            productId: created._id,
            review,
            product: expect.objectContaining({ _id: created._id, rating: 4, numReviews: 1 }),
          },
        ]);
        await expectDomainError(
          store.products.addReview(created._id, { userId: 'alice-uid', name: 'Alice', rating: 1, comment: 'Again' }),
          'bad_input',
        );
        expect(published()).toEqual([]);

        const draft = await store.products.createDraft(input('Draft'), 'owner-1');
        expect(published()).toEqual([]); // a draft is in no catalogue answer
        await store.products.update(draft._id, input('Draft saved'));
        expect(published()).toEqual([
          {
            type: 'ProductSaved',
            change: 'published',
            productId: draft._id,
            product: expect.objectContaining({ _id: draft._id, name: 'Draft saved' }),
          },
        ]);
        expect(await store.products.remove(created._id)).toBe(true);
        expect(published()).toEqual([
          { type: 'ProductSaved', change: 'removed', productId: created._id, product: null },
        ]);
        expect(await store.products.remove(created._id)).toBe(false);
        expect(await store.products.update(created._id, input('Gone'))).toBeNull();
        expect(published()).toEqual([]);
      });
    });
  });
}
