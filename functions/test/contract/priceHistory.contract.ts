// The store contract of issue 41's price history (domain/priceHistory.ts): every price change recorded with who,
// when, from and to, per variant, in the save's transaction, and the 30-day low kept beside a variant's price and
// answered beside its compare-at price. Same cases on every store adapter (embedded: contract/embedded.test.ts;
// Firestore: firebase/firestore.*.test.ts). The clock moves by days, as a shop's prices do.
import { endpoints } from '../../src/api/endpoints.js';
import { expectShape } from '../support/shapes.js';
import { afterEach, beforeEach, describe, expect } from 'vitest';
import { SYSTEM_ACTOR, type Product, type ProductUpdateInput } from '../../src/domain/index.js';
import type { Store } from '../../src/ports.js';
import { MovableClock } from '../support/clock.js';
import { productInput } from '../support/products.js';
import { contractCase, type ContractRun } from './cases.js';
import type { StoreUnderTest } from './store.contract.js';

const DAY = 24 * 60 * 60 * 1000;

/** Headphones in one colour (compare-at prices live on variants), at `price` with an optional "was" price. */
const headphones = (price: number, compareAtPrice?: number, variantId?: string): ProductUpdateInput =>
  productInput('Volt ANC', {
    options: [{ name: 'Colour', values: ['Black'] }],
    variants: [
      {
        ...(variantId ? { _id: variantId } : {}),
        sku: 'VA-BLK',
        options: { Colour: 'Black' },
        price,
        ...(compareAtPrice === undefined ? {} : { compareAtPrice }),
        countInStock: 5,
      },
    ],
  });

export function priceHistoryContract(
  name: string,
  factory: (clock: MovableClock) => Promise<StoreUnderTest>,
  run: ContractRun = {},
) {
  const it = contractCase(run);
  describe(`Store contract, price history: ${name}`, () => {
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

    const read = async (id: string) => (await store.products.get(id))!;
    const variantOf = (p: Product) => p.variants![0]!;
    /** The admin saves `input` after `days` days. */
    const saveAfter = async (days: number, id: string, input: ProductUpdateInput) => {
      clock.advance(days * DAY);
      return (await store.products.update(id, input, undefined, 'admin-1'))!;
    };

    it('a sale price shows its 30-day low after two price changes', async () => {
      // $100 on day 0 (the seed's), $120 on day 20, "reduced" to $99 "was $120" on day 40: the low of the 30 days
      // before the reduction is $100 (in effect until day 20), never the $120 the sale claims.
      const created = await store.products.create(headphones(100), 'owner-1', SYSTEM_ACTOR);
      const v = variantOf(created)._id;
      expect(variantOf(created).lowestPrice30Days).toBeUndefined();
      await saveAfter(20, created._id, headphones(120, undefined, v));
      const sale = await saveAfter(20, created._id, headphones(99, 120, v));
      expect(sale).toMatchObject({ price: 99, compareAtPrice: 120, lowestPrice30Days: 100 });
      expect(variantOf(sale)).toMatchObject({ price: 99, compareAtPrice: 120, lowestPrice30Days: 100 });
      expect(await read(created._id)).toMatchObject({ price: 99, compareAtPrice: 120, lowestPrice30Days: 100 });
      expect((await store.products.many([created._id]))[0]).toMatchObject({ lowestPrice30Days: 100 });

      // Anchored at the reduction: a later save that keeps the price (10 days on) keeps the figure.
      await saveAfter(10, created._id, { ...headphones(99, 120, v), description: 'Now quieter' });
      expect(await read(created._id)).toMatchObject({ price: 99, lowestPrice30Days: 100 });

      const page = await store.products.priceHistory(created._id, undefined, 10);
      const start = Date.parse('2026-03-01T09:00:00.000Z');
      expect(page).toEqual({
        entries: [
          {
            at: new Date(start + 40 * DAY).toISOString(),
            by: 'admin-1',
            variant: v,
            fromCents: 12_000,
            toCents: 9_900,
          },
          {
            at: new Date(start + 20 * DAY).toISOString(),
            by: 'admin-1',
            variant: v,
            fromCents: 10_000,
            toCents: 12_000,
          },
          { at: new Date(start).toISOString(), by: SYSTEM_ACTOR, variant: v, fromCents: null, toCents: 10_000 },
        ],
        nextBefore: null,
      });
    });

    it('forgets a price replaced more than 30 days before the reduction', async () => {
      const created = await store.products.create(headphones(80), 'owner-1', SYSTEM_ACTOR);
      const v = variantOf(created)._id;
      await saveAfter(5, created._id, headphones(120, undefined, v));
      const sale = await saveAfter(35, created._id, headphones(99, 150, v));
      // $80 ended on day 5, 35 days before the sale: the reference is $120.
      expect(sale).toMatchObject({ price: 99, compareAtPrice: 150, lowestPrice30Days: 120 });
    });

    it('answers no 30-day low without a compare-at price, and records a product without variants', async () => {
      const created = await store.products.create(headphones(100), 'owner-1', SYSTEM_ACTOR);
      const v = variantOf(created)._id;
      const cheaper = await saveAfter(3, created._id, headphones(90, undefined, v));
      expect(cheaper.lowestPrice30Days).toBeUndefined();
      expect(variantOf(cheaper).lowestPrice30Days).toBeUndefined();

      const plain = await store.products.create(productInput('Volt Cable', { price: 12 }), 'owner-1');
      await saveAfter(1, plain._id, productInput('Volt Cable', { price: 9 }));
      await saveAfter(1, plain._id, productInput('Volt Cable', { price: 9, countInStock: 3 })); // price kept
      const history = await store.products.priceHistory(plain._id, undefined, 10);
      expect(
        history!.entries.map(({ by, fromCents, toCents, variant }) => ({ by, fromCents, toCents, variant })),
      ).toEqual([
        { by: 'admin-1', fromCents: 1_200, toCents: 900, variant: undefined },
        { by: 'owner-1', fromCents: null, toCents: 1_200, variant: undefined },
      ]);
      expect((await read(plain._id)).lowestPrice30Days).toBeUndefined();
      expect(await store.products.priceHistory('no-such-product', undefined, 10)).toBeNull();
    });

    it('pages the history newest first by its cursor', async () => {
      const plain = await store.products.create(productInput('Volt Plug', { price: 1 }), 'owner-1');
      for (let price = 2; price <= 5; price++) await saveAfter(1, plain._id, productInput('Volt Plug', { price }));
      const first = (await store.products.priceHistory(plain._id, undefined, 3))!;
      expect(first.entries.map((e) => e.toCents)).toEqual([500, 400, 300]);
      const second = (await store.products.priceHistory(plain._id, first.nextBefore!, 3))!;
      expect(second.entries.map((e) => e.toCents)).toEqual([200, 100]);
      expect(second.nextBefore).toBeNull();
      expectShape(endpoints.productPriceHistory, first);
    });
  });
}
