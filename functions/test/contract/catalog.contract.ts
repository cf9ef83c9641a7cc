// The catalogue's filters, sorts and facets (domain/catalogQuery.ts), as every store adapter must answer them:
// run on the embedded store by contract/embedded.test.ts and on Firestore by firebase/firestore.contract.test.ts.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect } from 'vitest';
import {
  CATALOG_SORT_VALUES,
  countFacet,
  type CatalogSort,
  type Product,
  type ProductUpdateInput,
} from '../../src/domain/index.js';
import type { ProductQuery, Store } from '../../src/ports.js';
import { MovableClock } from '../support/clock.js';
import { contractCase, type ContractRun } from './cases.js';
import type { StoreUnderTest } from './store.contract.js';

const input = (name: string, over: Partial<ProductUpdateInput> = {}): ProductUpdateInput => ({
  name,
  price: 10,
  image: '/images/sample.svg',
  brand: 'Volt',
  category: 'Phones',
  description: 'Description',
  countInStock: 10,
  ...over,
});

export function catalogContract(
  name: string,
  factory: (clock: MovableClock) => Promise<StoreUnderTest>,
  run: ContractRun = {},
) {
  const it = contractCase(run);
  describe(`Catalogue browsing contract: ${name}`, () => {
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

    /** Creates products one by one, a second apart (newest last); `sameTime` ones share the previous time. */
    async function make(items: [string, Partial<ProductUpdateInput>?][], { sameTime = false } = {}) {
      const out: Product[] = [];
      for (const [n, over] of items) {
        out.push(await store.products.create(input(n, over), 'owner-1'));
        if (!sameTime) clock.advance(1000);
      }
      return out;
    }
    const names = async (query: Partial<ProductQuery>) =>
      (await store.products.list({ keyword: '', page: 1, pageSize: 50, ...query })).products.map((p) => p.name);

    it('filters by category and brand exactly (case-sensitive), alone and together', async () => {
      await make([
        ['Phone A', { category: 'Phones', brand: 'Volt' }],
        ['Phone B', { category: 'Phones', brand: 'Acme' }],
        ['Laptop A', { category: 'Laptops', brand: 'Volt' }],
        ['Lower', { category: 'phones', brand: 'volt' }],
      ]);
      expect(await names({ category: 'Phones' })).toEqual(['Phone B', 'Phone A']);
      expect(await names({ brand: 'Volt' })).toEqual(['Laptop A', 'Phone A']);
      expect(await names({ category: 'Phones', brand: 'Volt' })).toEqual(['Phone A']);
      expect(await names({ category: 'Phone' })).toEqual([]);
      expect(await names({ category: 'Laptops', brand: 'Acme' })).toEqual([]);
      const page = await store.products.list({ keyword: '', page: 1, pageSize: 1, category: 'Phones' });
      expect(page.pages).toBe(2);
    });

    it('filters by an inclusive price range, to the cent', async () => {
      await make([
        ['Cheap', { price: 9.99 }],
        ['Ten', { price: 10 }],
        ['Ten and a cent', { price: 10.01 }],
        ['Fifty', { price: 50 }],
      ]);
      expect(await names({ minPrice: 10 })).toEqual(['Fifty', 'Ten and a cent', 'Ten']);
      expect(await names({ maxPrice: 10 })).toEqual(['Ten', 'Cheap']);
      expect(await names({ minPrice: 10, maxPrice: 10 })).toEqual(['Ten']);
      expect(await names({ minPrice: 10.005, maxPrice: 49.99 })).toEqual(['Ten and a cent']);
      expect(await names({ minPrice: 0, maxPrice: 9.98 })).toEqual([]);
      expect(await names({ minPrice: 10, sort: 'price_asc' })).toEqual(['Ten', 'Ten and a cent', 'Fifty']);
      expect(await names({ maxPrice: 10, sort: 'rating' })).toEqual(['Ten', 'Cheap']);
      const page = await store.products.list({ keyword: '', page: 1, pageSize: 2, minPrice: 10 });
      expect(page.pages).toBe(2);
    });

    it('sorts by price both ways, ties newest first', async () => {
      await make([
        ['Mid old', { price: 20 }],
        ['Low', { price: 5 }],
        ['High', { price: 99.5 }],
        ['Mid new', { price: 20 }],
      ]);
      expect(await names({ sort: 'price_asc' })).toEqual(['Low', 'Mid new', 'Mid old', 'High']);
      expect(await names({ sort: 'price_desc' })).toEqual(['High', 'Mid new', 'Mid old', 'Low']);
      expect(await names({ sort: 'newest' })).toEqual(['Mid new', 'High', 'Low', 'Mid old']);
    });

    it('sorts top rated: rating, then review count, then newest', async () => {
      const [a, b, c] = await make([['A'], ['B'], ['C'], ['D'], ['E']]);
      await store.products.addReview(a!._id, { userId: 'u1', name: 'U1', rating: 4, comment: 'ok' });
      await store.products.addReview(b!._id, { userId: 'u1', name: 'U1', rating: 5, comment: 'great' });
      await store.products.addReview(c!._id, { userId: 'u1', name: 'U1', rating: 4, comment: 'ok' });
      await store.products.addReview(c!._id, { userId: 'u2', name: 'U2', rating: 4, comment: 'ok' });
      expect(await names({ sort: 'rating' })).toEqual(['B', 'C', 'A', 'E', 'D']);
    });

    it('keeps pages stable under ties: every sort pages through each product exactly once', async () => {
      // Equal prices, ratings and creation times: only the id can tell them apart.
      await make(
        Array.from(
          { length: 7 },
          (_, i) => [`Twin ${i}`, { price: i % 2 ? 10 : 20 }] as [string, Partial<ProductUpdateInput>],
        ),
        { sameTime: true },
      );
      for (const sort of CATALOG_SORT_VALUES) {
        const whole = (await store.products.list({ keyword: '', page: 1, pageSize: 50, sort })).products.map(
          (p) => p._id,
        );
        const paged: string[] = [];
        for (let page = 1; page <= 4; page++) {
          const got = await store.products.list({ keyword: '', page, pageSize: 2, sort });
          expect(got.pages, sort).toBe(4);
          paged.push(...got.products.map((p) => p._id));
        }
        expect(paged, sort).toEqual(whole);
        expect(new Set(paged).size, sort).toBe(7);
        const again = (await store.products.list({ keyword: '', page: 1, pageSize: 50, sort })).products.map(
          (p) => p._id,
        );
        expect(again, sort).toEqual(whole);
      }
      // The tie-breaker is the same for every sort when all else is equal: price ties keep newest's order.
      const newest = await names({ sort: 'newest', maxPrice: 10 });
      expect(await names({ sort: 'price_asc', maxPrice: 10 })).toEqual(newest);
      expect(await names({ sort: 'rating', maxPrice: 10 })).toEqual(newest);
    });

    it('combines the keyword with filters and a sort, with an exact page count', async () => {
      await make([
        ['Volt Phone 1', { price: 300, brand: 'Volt' }],
        ['Volt Phone 2', { price: 100, brand: 'Volt' }],
        ['Acme Phone', { price: 200, brand: 'Acme' }],
        ['Volt Laptop', { price: 150, brand: 'Volt', category: 'Laptops' }],
        ['Volt Phone 3', { price: 500, brand: 'Volt' }],
      ]);
      const query = { keyword: 'phone', brand: 'Volt', maxPrice: 400, sort: 'price_asc' as CatalogSort };
      expect(await names(query)).toEqual(['Volt Phone 2', 'Volt Phone 1']);
      const page2 = await store.products.list({ ...query, page: 2, pageSize: 1 });
      expect(page2).toMatchObject({ page: 2, pages: 2 });
      expect(page2.products.map((p) => p.name)).toEqual(['Volt Phone 1']);
      expect(await names({ keyword: 'VOLT', category: 'Laptops' })).toEqual(['Volt Laptop']);
      expect(await names({ keyword: 'tablet', category: 'Phones' })).toEqual([]);
      expect((await store.products.list({ keyword: 'zzz', page: 1, pageSize: 8, brand: 'Volt' })).pages).toBe(0);
    });

    it('counts facets among the matches, each ignoring its own filter', async () => {
      await make([
        ['Volt Phone', { category: 'Phones', brand: 'Volt', price: 100 }],
        ['Acme Phone', { category: 'Phones', brand: 'Acme', price: 200 }],
        ['Volt Laptop', { category: 'Laptops', brand: 'Volt', price: 900 }],
        ['Volt Watch', { category: 'Watches', brand: 'Volt', price: 150 }],
        ['Zed Phone', { category: 'Phones', brand: 'Zed', price: 50 }],
      ]);
      expect(await store.products.facets({ keyword: '' })).toEqual({
        categories: [
          { value: 'Phones', count: 3 },
          { value: 'Laptops', count: 1 },
          { value: 'Watches', count: 1 },
        ],
        brands: [
          { value: 'Volt', count: 3 },
          { value: 'Acme', count: 1 },
          { value: 'Zed', count: 1 },
        ],
      });
      // Brand Volt chosen: categories count Volt's products; brands still offer every brand of the other filters.
      expect(await store.products.facets({ keyword: '', brand: 'Volt', category: 'Phones' })).toEqual({
        categories: [
          { value: 'Laptops', count: 1 },
          { value: 'Phones', count: 1 },
          { value: 'Watches', count: 1 },
        ],
        brands: [
          { value: 'Acme', count: 1 },
          { value: 'Volt', count: 1 },
          { value: 'Zed', count: 1 },
        ],
      });
      expect(await store.products.facets({ keyword: 'phone', maxPrice: 150 })).toEqual({
        categories: [{ value: 'Phones', count: 2 }],
        brands: [
          { value: 'Volt', count: 1 },
          { value: 'Zed', count: 1 },
        ],
      });
      expect(await store.products.facets({ keyword: 'nothing' })).toEqual({ categories: [], brands: [] });
    });

    // The whole catalogue's counts are kept by the writes (embedded: SQL triggers; Firestore: the count document
    // facets/catalogue, in each write's transaction): after any mix of creates, moves to another category or brand,
    // removals and drafts (published or not), they equal counting the products, and a filter answered by counting
    // (maxPrice 1000 matches every product) gives the same.
    it('keeps the whole catalogue’s facet counts equal to the products through creates, moves, removals and drafts', async () => {
      const category = fc.constantFrom('Audio', 'audio', 'Cameras', 'Éclairage', '__x__');
      const brand = fc.constantFrom('Voltra', 'Kestrel', 'kestrel');
      const step = fc.oneof(
        fc.record({ op: fc.constant('create' as const), category, brand }),
        fc.record({ op: fc.constant('move' as const), pick: fc.nat(), category, brand }),
        fc.record({ op: fc.constant('remove' as const), pick: fc.nat() }),
        fc.record({ op: fc.constant('draft' as const), category, brand, publish: fc.boolean() }),
      );
      // The products as the test made them (runs add up: the store is not emptied between them).
      const model = new Map<string, { category: string; brand: string }>();
      const expected = () => ({
        categories: countFacet([...model.values()].map((p) => p.category)),
        brands: countFacet([...model.values()].map((p) => p.brand)),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
          for (const s of steps) {
            const ids = [...model.keys()];
            if (s.op === 'create') {
              const p = await store.products.create(input(`${s.brand} ${s.category}`, s), 'owner-1');
              model.set(p._id, { category: s.category, brand: s.brand });
            } else if (s.op === 'move' && ids.length) {
              const id = ids[s.pick % ids.length];
              await store.products.update(
                id,
                input(`${s.brand} ${s.category}`, { category: s.category, brand: s.brand }),
              );
              model.set(id, { category: s.category, brand: s.brand });
            } else if (s.op === 'remove' && ids.length) {
              const id = ids[s.pick % ids.length];
              expect(await store.products.remove(id)).toBe(true);
              model.delete(id);
            } else if (s.op === 'draft') {
              const draft = await store.products.createDraft(input('Draft', s), 'owner-1');
              if (s.publish) {
                await store.products.update(draft._id, input('Draft', { category: s.category, brand: s.brand }));
                model.set(draft._id, { category: s.category, brand: s.brand });
              }
            }
            clock.advance(1000);
          }
          const want = expected();
          expect(await store.products.facets({ keyword: '' })).toEqual(want);
          expect(await store.products.facets({ keyword: '', maxPrice: 1000 })).toEqual(want);
          // A category alone: its brands among the category, the categories still the whole catalogue's.
          const [first] = want.categories;
          if (first) {
            const inFirst = [...model.values()].filter((p) => p.category === first.value).map((p) => p.brand);
            expect(await store.products.facets({ keyword: '', category: first.value })).toEqual({
              categories: want.categories,
              brands: countFacet(inFirst),
            });
          }
        }),
        { numRuns: 6 },
      );
    });

    // Firestore keeps the counts in one document that every product write reads and writes in its transaction:
    // concurrent writes must retry, never lose a count (the embedded store's triggers run in each write's own
    // transaction, one at a time).
    it('keeps the whole catalogue’s facet counts exact under concurrent product writes', async () => {
      const [a, b] = await make([
        ['Moved A', { category: 'Old', brand: 'Volt' }],
        ['Moved B', { category: 'Old', brand: 'Volt' }],
      ]);
      const draft = await store.products.createDraft(input('Draft', { category: 'New', brand: 'Kestrel' }), 'owner-1');
      await Promise.all([
        ...Array.from({ length: 6 }, (_, i) =>
          store.products.create(input(`New ${i}`, { category: 'New', brand: i % 2 ? 'Volt' : 'Acme' }), 'owner-1'),
        ),
        store.products.update(a._id, input('Moved A', { category: 'New', brand: 'Acme' })),
        store.products.remove(b._id),
        store.products.update(draft._id, input('Draft', { category: 'New', brand: 'Kestrel' })),
      ]);
      expect(await store.products.facets({ keyword: '' })).toEqual({
        categories: [{ value: 'New', count: 8 }],
        brands: [
          { value: 'Acme', count: 4 },
          { value: 'Volt', count: 3 },
          { value: 'Kestrel', count: 1 },
        ],
      });
    });
  });
}
