// Issue 26, "reads you can budget": what the Firestore store reads per call, and the bounds it keeps. Firestore
// only (the embedded store answers the same questions through the shared contracts). Run on the community emulator
// in `npm test` (firestore.community.test.ts), which counts the reads at its answers (support/communityFirestore.ts
// ReadMeter: a query 1 per document answered, at least 1; a get 1 per document; count() 1 per 1000), and on
// Google's emulator (firestore.contract.test.ts), where nothing counts reads: there only the answers are checked.
// The read bounds asserted here are the ones docs/firebase.md lists per API call.
import type { Firestore } from 'firebase-admin/firestore';
import { backfillCatalogSearch } from '../../src/adapters/firebase/store/backfill.js';
import { newProductDoc } from '../../src/adapters/firebase/store/products.js';
import { searchKeysOf } from '../../src/firestore/searchIndex.js';
import { afterEach, beforeEach, describe, expect } from 'vitest';
import { catalogueFacets, CATALOGUE_FACETS_DOC } from '../../src/adapters/firebase/store/facetCounts.js';
import { facetCounts } from '../../src/adapters/firebase/store/search.js';
import { sitemapFileCount } from '../../src/adapters/firebase/store/sitemap.js';
import { COLLECTIONS, createFirestoreStore } from '../../src/adapters/firebase/store/index.js';
import { deepPageMessage, MAX_SERVED_PAGE } from '../../src/firestore/catalog.js';
import { countFacet, listDepthMessage, MAX_LIST_DEPTH, type ProductUpdateInput } from '../../src/domain/index.js';
import type { Store } from '../../src/ports.js';
import { expectDomainError } from '../contract/store.contract.js';
import { contractCase, type ContractRun } from '../contract/cases.js';
import { MovableClock } from '../support/clock.js';
import type { ReadMeter } from '../support/communityFirestore.js';

export interface FirestoreUnderTest {
  db: Firestore;
  /** Counts the emulator's reads (the community emulator); absent where nothing can count them. */
  reads?: ReadMeter;
  dispose(): Promise<void>;
}

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

export function firestoreReadsContract(
  name: string,
  factory: () => Promise<FirestoreUnderTest>,
  run: ContractRun = {},
) {
  const it = contractCase(run);
  describe(`Firestore read bounds: ${name}`, () => {
    let sut: FirestoreUnderTest;
    let store: Store;
    let clock: MovableClock;
    beforeEach(async () => {
      clock = new MovableClock();
      sut = await factory();
      store = createFirestoreStore(sut.db, { clock });
    });
    afterEach(async () => {
      await store?.close();
      await sut?.dispose();
    });

    /** The reads of `call` (undefined where the emulator cannot count them). */
    const readsOf = async <T>(call: () => Promise<T>): Promise<{ answer: T; reads: number | undefined }> => {
      const before = sut.reads?.total;
      const answer = await call();
      return { answer, reads: before === undefined ? undefined : sut.reads!.total - before };
    };

    async function products(n: number, over: (i: number) => Partial<ProductUpdateInput> = () => ({})) {
      const made = [];
      for (let i = 0; i < n; i++) {
        made.push(await store.products.create(input(`P${i + 1}`, over(i)), 'owner-1'));
        clock.advance(1000);
      }
      return made;
    }

    /** The counts by grouping every product document (what the count document must equal). */
    async function grouped() {
      const all = await sut.db.collection(COLLECTIONS.products).get();
      return {
        categories: countFacet(all.docs.map((d) => String(d.get('category')))),
        brands: countFacet(all.docs.map((d) => String(d.get('brand')))),
      };
    }

    it('the filter bar’s whole-catalogue counts read one document (facets/catalogue), not the products', async () => {
      const categories = ['Phones', 'Laptops', 'Audio'];
      await products(30, (i) => ({ category: categories[i % 3], brand: i % 2 ? 'Volt' : 'Acme' }));
      const { answer, reads } = await readsOf(() => store.products.facets({ keyword: '' }));
      expect(answer).toEqual(await grouped());
      if (reads !== undefined) expect(reads).toBe(1); // before the count document: 2 × 30 projected products
      // A category, a brand or both (issue 37): the same count document's (category, brand) pairs, 1 read, the same
      // counts as the bounded candidate reads give (before: 1 + the category's 10 products; a brand 2 × 15).
      for (const filters of [{ category: 'Audio' }, { brand: 'Volt' }, { category: 'Audio', brand: 'Acme' }]) {
        const one = await readsOf(() => store.products.facets({ keyword: '', ...filters }));
        expect(one.answer, JSON.stringify(filters)).toEqual(await facetCounts(sut.db, { keyword: '', ...filters }));
        if (one.reads !== undefined) expect(one.reads, JSON.stringify(filters)).toBe(1);
      }
      expect((await store.products.facets({ keyword: '', category: 'Audio' })).categories).toEqual(answer.categories);
    });

    it('keeps the count document equal to the products, and rebuilds it in the next write when it is missing', async () => {
      const made = await products(6, (i) => ({ category: i < 4 ? 'Phones' : 'Audio' }));
      await store.products.update(made[0]._id, input('P1', { category: 'Audio', brand: 'Kestrel' }));
      await store.products.remove(made[1]._id);
      const draft = await store.products.createDraft(input('Draft', { category: 'Drafts' }), 'owner-1');
      expect(await catalogueFacets(sut.db)).toEqual(await grouped());
      await store.products.update(draft._id, input('Draft', { category: 'Drafts' })); // published: counts now
      expect(await catalogueFacets(sut.db)).toEqual(await grouped());
      expect((await catalogueFacets(sut.db))?.categories).toContainEqual({ value: 'Drafts', count: 1 });

      // A catalogue written before the counts were kept: answered by counting (bounded), rebuilt by the next write.
      await sut.db.collection(COLLECTIONS.facets).doc(CATALOGUE_FACETS_DOC).delete();
      expect(await catalogueFacets(sut.db)).toBeNull();
      expect(await store.products.facets({ keyword: '' })).toEqual(await grouped());
      await products(1, () => ({ category: 'Audio' }));
      expect(await catalogueFacets(sut.db)).toEqual(await grouped());
    });

    it(`refuses a catalogue page deeper than ${MAX_SERVED_PAGE} (400), and a deep page reads at most count + walk + page`, async () => {
      await products(MAX_SERVED_PAGE + 1);
      const deepest = await readsOf(() => store.products.list({ keyword: '', page: MAX_SERVED_PAGE, pageSize: 1 }));
      expect(deepest.answer).toMatchObject({ page: MAX_SERVED_PAGE, pages: MAX_SERVED_PAGE + 1 });
      expect(deepest.answer.products).toHaveLength(1);
      // count() + the projected walk to the cursor (99 documents) + the page.
      if (deepest.reads !== undefined) expect(deepest.reads).toBeLessThanOrEqual(1 + (MAX_SERVED_PAGE - 1) + 1);
      const refused = await readsOf(() =>
        expectDomainError(
          store.products.list({ keyword: '', page: MAX_SERVED_PAGE + 1, pageSize: 1 }),
          'bad_input',
          deepPageMessage(MAX_SERVED_PAGE + 1),
        ),
      );
      if (refused.reads !== undefined) expect(refused.reads).toBe(1); // the count alone
      // Past the last page: empty, as before (the count alone).
      expect(await store.products.list({ keyword: '', page: 1_000_000, pageSize: 1 })).toEqual({
        products: [],
        page: 1_000_000,
        pages: MAX_SERVED_PAGE + 1,
      });
    });

    it(`reads a list page from its nearer end within ${MAX_LIST_DEPTH} entries, refusing pages deeper in the middle`, async () => {
      // Users written straight into Firestore (the list reads the documents; 2,200 through the store would be slow).
      const total = 2 * MAX_LIST_DEPTH + 200;
      const users = sut.db.collection(COLLECTIONS.users);
      for (let i = 0; i < total; i += 400) {
        const batch = sut.db.batch();
        for (let j = i; j < Math.min(total, i + 400); j++) {
          const id = `user-${String(j).padStart(5, '0')}`;
          const createdAt = new Date(Date.UTC(2026, 0, 1) + j * 1000).toISOString();
          batch.set(users.doc(id), {
            name: id,
            email: `${id}@example.com`,
            emailKey: `${id}@example.com`,
            isAdmin: false,
            createdAt,
          });
        }
        await batch.commit();
      }
      const pageSize = 50;
      const bound = 1 + Math.ceil(total / 1000) + MAX_LIST_DEPTH + pageSize;
      // The deepest page from the front (starts at entry 1000) and the last page: served.
      for (const page of [MAX_LIST_DEPTH / pageSize + 1, Math.ceil(total / pageSize)]) {
        const { answer, reads } = await readsOf(() => store.users.list({ search: '', page, pageSize }));
        expect(answer.users).toHaveLength(pageSize);
        expect(answer).toMatchObject({ page, pages: Math.ceil(total / pageSize) });
        if (reads !== undefined) expect(reads).toBeLessThanOrEqual(bound);
      }
      // A page in the middle, more than MAX_LIST_DEPTH entries from either end: refused after the count alone.
      const middle = MAX_LIST_DEPTH / pageSize + 2;
      const refused = await readsOf(() =>
        expectDomainError(
          store.users.list({ search: '', page: middle, pageSize }),
          'bad_input',
          listDepthMessage(middle),
        ),
      );
      if (refused.reads !== undefined) expect(refused.reads).toBe(Math.ceil(total / 1000));
      // The orders' lists use the same reader (store/paging.ts readPage).
      expect((await store.orders.list({ search: '', sort: 'newest', page: 1, pageSize })).orders).toEqual([]);
    });

    it('reads a search by words within its window and the page; one that finds nothing, the vocabulary once more', async () => {
      await products(12, (i) => ({
        brand: i % 2 ? 'Kestrel' : 'Orbis',
        description: i === 3 ? 'Active noise cancelling.' : 'A useful thing.',
      }));
      // Two words: one window read through the lead word's piece (12 projected products hold 'orbis' or not: the
      // index piece finds the 6 Orbis ones), then the page's products whole.
      const words = await readsOf(() => store.products.list({ keyword: 'p1 orbis', page: 1, pageSize: 8 }));
      expect(words.answer.products.map((p) => p.name).sort()).toEqual(['P1', 'P11']);
      if (words.reads !== undefined) expect(words.reads).toBe(6 + 2);
      // A description word alone: the window holds the one product whose text has its piece.
      const noise = await readsOf(() => store.products.list({ keyword: 'noise', page: 1, pageSize: 8 }));
      expect(noise.answer.products.map((p) => p.name)).toEqual(['P4']);
      if (noise.reads !== undefined) expect(noise.reads).toBe(1 + 1);
      // Nothing found: an empty window (1: a query answering nothing still costs one), the vocabulary (1), and the
      // corrected search's window and first product.
      const misspelt = await readsOf(() => store.products.list({ keyword: 'kestrle', page: 1, pageSize: 8 }));
      expect(misspelt.answer).toMatchObject({ products: [], total: 0, didYouMean: 'kestrel' });
      // Its window (the 6 Kestrel products hold its piece 'kes', none holds the word), the vocabulary, then the
      // corrected search's window and first product.
      if (misspelt.reads !== undefined) expect(misspelt.reads).toBe(6 + 1 + 6 + 1);
    });

    it('backfills a catalogue written before issue 29: search keys, the vocabulary, and old reviews’ verified mark', async () => {
      // Two products as written before issue 29 (the name's pieces, no searchKeys, no vocabulary), each a new
      // document: the community emulator ignores FieldValue.delete() in update() (communityEmulatorGaps.ts).
      const col = sut.db.collection(COLLECTIONS.products);
      const old = (name: string, category: string, description: string, at: string) => {
        const { searchKeys: _keys, ...doc } = newProductDoc(
          { ...input(name, { category, description }), specs: [], images: [] },
          at,
        );
        return { ...doc, nameGrams: [name.toLowerCase()] };
      };
      await col.doc('lamp').set(old('Desk Lamp', 'Lighting', 'Warm light for reading.', '2026-01-01T00:00:00.000Z'));
      await col.doc('cable').set(old('Cable', 'Cables', 'Braided, two metres.', '2026-01-01T00:00:01.000Z'));
      // Reviews written before issue 29: no `verified`. The buyer has a paid order of the lamp; the browser none.
      for (const user of ['buyer', 'browser'])
        await col.doc('lamp').collection(COLLECTIONS.reviews).doc(user).set({
          user,
          name: user,
          rating: 4,
          comment: 'Fine',
          createdAt: '2026-01-02T00:00:00.000Z',
        });
      await sut.db
        .collection(COLLECTIONS.orders)
        .doc('o1')
        .set({
          userId: 'buyer',
          status: 'paid',
          paidAt: '2026-01-02T00:00:00.000Z',
          totalCents: 1000,
          refunds: [],
          orderItems: [{ product: 'lamp', qty: 1, priceCents: 1000, name: 'Desk Lamp' }],
        });
      expect((await store.products.list({ keyword: 'warm', page: 1, pageSize: 8 })).products).toEqual([]);

      const report = await backfillCatalogSearch(sut.db);
      expect(report).toEqual({
        products: 2,
        productsRekeyed: 2,
        vocabularyTerms: 7, // lighting, light, reading, cable, cables, braided, metres
        reviews: 2,
        reviewsDecided: 2,
        reviewsVerified: 1,
      });
      const keyed = (await col.doc('lamp').get()).data()!;
      expect(keyed.searchKeys).toEqual(searchKeysOf(keyed));
      expect((await store.products.list({ keyword: 'reading warm', page: 1, pageSize: 8 })).products).toHaveLength(1);
      expect((await store.products.list({ keyword: 'cables', page: 1, pageSize: 8 })).products[0]?.name).toBe('Cable');
      expect((await store.products.list({ keyword: 'braded', page: 1, pageSize: 8 })).didYouMean).toBe('braided');
      const reviews = (await store.products.get('lamp'))!.reviews;
      expect(Object.fromEntries(reviews.map((r) => [r._id, r.verified]))).toEqual({ buyer: true, browser: false });
      // Issue 37: each old review is now listed under its author, so the data export finds it.
      expect((await store.products.reviewsBy('buyer')).map((r) => r.product)).toEqual(['lamp']);
      // Run again: nothing left to change.
      expect(await backfillCatalogSearch(sut.db)).toMatchObject({ productsRekeyed: 0, reviewsDecided: 0 });
    });

    it('lists every product once in the sitemap’s files, each file reading only its own products', async () => {
      const made = await products(60);
      const perFile = 40;
      const { files } = await store.products.sitemap!(perFile);
      expect(files).toBe(sitemapFileCount(60, perFile)); // 3, each expected to hold 20
      const seen: string[] = [];
      for (let file = 1; file <= files; file++) {
        const { answer, reads } = await readsOf(() => store.products.sitemap!(perFile, file));
        expect(answer.files).toBe(files);
        expect(answer.products.length).toBeLessThanOrEqual(perFile);
        seen.push(...answer.products.map((p) => p._id));
        if (reads !== undefined) expect(reads).toBe(1 + Math.max(1, answer.products.length));
      }
      expect(seen.sort()).toEqual(made.map((p) => p._id).sort());
      expect((await store.products.sitemap!(perFile, files + 1)).products).toEqual([]);
    });
  });
}
