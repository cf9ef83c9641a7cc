// Search that finds what people type (issue 29): the words of a keyword in any order, FTS syntax as plain text, and
// the header's suggestions, as every store adapter must answer them (embedded: contract/embedded.test.ts; Firestore:
// firebase/firestore.community.test.ts, within its bounded window: docs/firebase.md "Search").
import { afterEach, beforeEach, describe, expect } from 'vitest';
import { MAX_SUGGESTIONS, type Product, type ProductUpdateInput } from '../../src/domain/index.js';
import type { ProductQuery, Store } from '../../src/ports.js';
import { MovableClock } from '../support/clock.js';
import { contractCase, type ContractRun } from './cases.js';
import type { StoreUnderTest } from './store.contract.js';

const input = (name: string, over: Partial<ProductUpdateInput> = {}): ProductUpdateInput => ({
  name,
  price: 10,
  image: '/images/sample.svg',
  brand: 'Orbis',
  category: 'Accessories',
  description: 'A useful thing.',
  countInStock: 10,
  ...over,
});

export function searchContract(
  name: string,
  factory: (clock: MovableClock) => Promise<StoreUnderTest>,
  run: ContractRun = {},
) {
  const it = contractCase(run);
  describe(`Catalogue search contract: ${name}`, () => {
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

    /** A small tech catalogue, created a second apart (newest last). */
    async function catalogue(): Promise<Record<string, Product>> {
      const items: [string, Partial<ProductUpdateInput>][] = [
        ['Airbook 14 Laptop', { brand: 'Voltra', category: 'Laptops', description: 'A light laptop for travel.' }],
        ['Volt Phone X', { brand: 'Voltra', category: 'Phones', description: 'Bright screen, all-day battery.' }],
        [
          'Sonic Pro Headphones',
          { brand: 'Orbis', category: 'Audio', description: 'Active noise cancelling over-ear headphones.' },
        ],
        ['Audio Cable', { brand: 'Kestrel', category: 'Accessories', description: 'A 3.5 mm cable.' }],
        ['Studio Speaker', { brand: 'Kestrel', category: 'Audio', description: 'Room-filling sound.' }],
        ['Gaming Laptop 16', { brand: 'Orbis', category: 'Laptops', description: 'A fast laptop for games.' }],
      ];
      const out: Record<string, Product> = {};
      for (const [n, over] of items) {
        out[n] = await store.products.create(input(n, over), 'owner-1');
        clock.advance(1000);
      }
      return out;
    }
    const search = (keyword: string, over: Partial<ProductQuery> = {}) =>
      store.products.list({ keyword, page: 1, pageSize: 20, ...over });
    const names = async (keyword: string, over: Partial<ProductQuery> = {}) =>
      (await search(keyword, over)).products.map((p) => p.name);
    const sorted = async (keyword: string) => (await names(keyword)).sort();

    it('finds every word in any order, in the name and brand, the last one as typed so far', async () => {
      await catalogue();
      expect(await sorted('airbook laptop')).toEqual(['Airbook 14 Laptop']);
      expect(await sorted('laptop airbook')).toEqual(['Airbook 14 Laptop']);
      // brand + name word, brand + category word
      expect(await sorted('voltra laptop')).toEqual(['Airbook 14 Laptop']);
      expect(await sorted('LAPTOP VOLTRA')).toEqual(['Airbook 14 Laptop']);
      // every word must be found: one that is nowhere leaves nothing
      expect(await sorted('voltra laptop blue')).toEqual([]);
      // the last word as typed so far (a piece of a word)
      expect(await sorted('voltra lap')).toEqual(['Airbook 14 Laptop']);
      expect(await sorted('gaming 16')).toEqual(['Gaming Laptop 16']);
    });

    it('finds a word that is only in the brand, and a keyword of one or two characters in the name only', async () => {
      await catalogue();
      expect(await sorted('kestrel')).toEqual(['Audio Cable', 'Studio Speaker']);
      expect(await sorted('KESTREL studio')).toEqual(['Studio Speaker']);
      // two characters: a piece of the name (exact: counted and paged), never of the description
      expect(await sorted('x')).toEqual(['Volt Phone X']);
      expect(await search('ca', { sort: 'newest' })).toMatchObject({ total: 1, pages: 1 });
      expect(await sorted('ca')).toEqual(['Audio Cable']); // 'cancelling' in a description, 'cable' in a name
      expect(await sorted('mm')).toEqual([]); // '3.5 mm' is in a description only
      // three characters: anywhere, exactly
      expect(await sorted('mm 3.5')).toEqual([]);
      expect(await sorted('kes')).toEqual(['Audio Cable', 'Studio Speaker']);
      expect(await search('kes', { pageSize: 1, sort: 'newest' })).toMatchObject({ total: 2, pages: 2 });
    });

    it('finds words only in the brand, category or description', async () => {
      await catalogue();
      expect(await sorted('orbis audio')).toEqual(['Sonic Pro Headphones']);
      // a description word alone, and with a category word
      expect(await sorted('noise')).toEqual(['Sonic Pro Headphones']);
      expect(await sorted('noise audio')).toEqual(['Sonic Pro Headphones']);
      expect(await sorted('audio')).toEqual(['Audio Cable', 'Sonic Pro Headphones', 'Studio Speaker']);
      expect(await sorted('all-day')).toEqual(['Volt Phone X']);
      expect(await sorted('3.5')).toEqual(['Audio Cable']);
      expect(await names('audio', { category: 'Audio', sort: 'newest' })).toEqual([
        'Studio Speaker',
        'Sonic Pro Headphones',
      ]);
      expect(await store.products.facets({ keyword: 'audio' })).toEqual({
        categories: [
          { value: 'Audio', count: 2 },
          { value: 'Accessories', count: 1 },
        ],
        brands: [
          { value: 'Kestrel', count: 2 },
          { value: 'Orbis', count: 1 },
        ],
      });
    });

    it('counts and pages the matches exactly, the filters and an asked-for sort applied', async () => {
      await catalogue();
      const page1 = await search('laptop', { pageSize: 1, sort: 'newest' });
      expect(page1).toMatchObject({ page: 1, pages: 2, total: 2 });
      expect(page1.products.map((p) => p.name)).toEqual(['Gaming Laptop 16']);
      const page2 = await search('laptop', { pageSize: 1, page: 2, sort: 'newest' });
      expect(page2.products.map((p) => p.name)).toEqual(['Airbook 14 Laptop']);
      expect(await names('laptop', { brand: 'Voltra' })).toEqual(['Airbook 14 Laptop']);
      expect(await names('voltra laptop', { category: 'Laptops', sort: 'newest' })).toEqual(['Airbook 14 Laptop']);
      expect(await names('voltra laptop', { category: 'Phones' })).toEqual([]);
      expect(await search('laptop', { page: 3, pageSize: 1 })).toEqual({ products: [], page: 3, pages: 2, total: 2 });
    });

    it('ranks a word in the name above the same word in the category or description', async () => {
      await catalogue();
      // 'Audio Cable' holds it in its name; the headphones and the speaker in their category only.
      expect((await names('audio'))[0]).toBe('Audio Cable');
      // 'Airbook 14 Laptop' and 'Gaming Laptop 16' in their names; both also in their descriptions.
      expect((await names('laptop')).slice(0, 2).sort()).toEqual(['Airbook 14 Laptop', 'Gaming Laptop 16']);
    });

    it('offers "Did you mean" for a misspelt word of 5+ letters when nothing matches, never for a short one', async () => {
      await catalogue();
      expect(await search('hedphones')).toEqual({
        products: [],
        page: 1,
        pages: 0,
        total: 0,
        didYouMean: 'headphones',
      });
      expect(await search('sonic hedphones')).toMatchObject({ products: [], didYouMean: 'sonic headphones' });
      expect(await search('HEADPHNOES')).toMatchObject({ products: [], didYouMean: 'headphones' }); // transposed
      expect(await search('laptopp')).toMatchObject({ products: [], didYouMean: 'laptop' }); // one too many
      expect(await search('speeker')).toMatchObject({ products: [], didYouMean: 'speaker' }); // substituted
      // the corrected search itself finds what it offers
      expect(await sorted('headphones')).toEqual(['Sonic Pro Headphones']);
      // short words are never corrected ('pone' is one edit from 'phone'), nor words with other characters
      expect((await search('pone')).didYouMean).toBeUndefined();
      expect((await search('hedphones!')).didYouMean).toBeUndefined();
      // two or more edits away: nothing to offer
      expect((await search('hdphnes')).didYouMean).toBeUndefined();
      // a correction that would still find nothing (with the filters asked for) is not offered
      expect((await search('hedphones', { category: 'Laptops' })).didYouMean).toBeUndefined();
      expect((await search('hedphones zzzz')).didYouMean).toBeUndefined();
      // a search that finds something offers nothing
      expect((await search('headphones')).didYouMean).toBeUndefined();
    });

    it('reads FTS syntax, quotes and operators in a keyword as plain text, never failing', async () => {
      await catalogue();
      for (const keyword of [
        '"',
        '""',
        '"laptop',
        'laptop"',
        '*',
        'lap*',
        'NEAR',
        'NEAR(laptop voltra)',
        'laptop -voltra',
        '-',
        'laptop OR phone',
        'laptop AND',
        'NOT',
        '(',
        ')',
        '^laptop',
        'name_key:laptop',
        '{name_key}: laptop',
        "'",
        '%',
        '_',
        '\\',
        'a\u0000b',
        '😀',
      ]) {
        const page = await search(keyword);
        expect(page.page, keyword).toBe(1);
        expect(Array.isArray(page.products), keyword).toBe(true);
        await store.products.facets({ keyword });
        await store.products.suggest(keyword);
      }
      // the words are literal: an operator is a word to find like any other
      expect(await sorted('laptop OR phone')).toEqual([]);
      expect(await sorted('laptop -voltra')).toEqual([]);
      expect(await sorted('lap*')).toEqual([]);
    });

    it('finds products by their new category or brand after a rename or merge, not by the old one', async () => {
      await catalogue();
      const audio = (await store.categories.list()).entries.find((e) => e.name === 'Audio')!;
      await store.categories.rename(audio._id, 'Sound');
      expect(await sorted('sound')).toEqual(['Sonic Pro Headphones', 'Studio Speaker']);
      expect(await sorted('audio')).toEqual(['Audio Cable']); // now only in a name
      const kestrel = (await store.brands.list()).entries.find((e) => e.name === 'Kestrel')!;
      const orbis = (await store.brands.list()).entries.find((e) => e.name === 'Orbis')!;
      await store.brands.merge(kestrel._id, orbis._id);
      expect(await sorted('kestrel')).toEqual([]);
      expect(await sorted('orbis sound')).toEqual(['Sonic Pro Headphones', 'Studio Speaker']);
      // the misspelt old name is not corrected to a word no product holds any more
      expect((await search('kestrl')).didYouMean).toBeUndefined();
    });

    it('counts facets among the products matching every word', async () => {
      await catalogue();
      expect(await store.products.facets({ keyword: 'voltra lap' })).toEqual({
        categories: [{ value: 'Laptops', count: 1 }],
        brands: [{ value: 'Voltra', count: 1 }],
      });
    });

    it('suggests the best matching products, then the categories and brands a word begins, at most 8 in all', async () => {
      const made = await catalogue();
      const voltraLap = await store.products.suggest('voltra lap');
      expect(voltraLap.products).toEqual([
        {
          _id: made['Airbook 14 Laptop']!._id,
          name: 'Airbook 14 Laptop',
          image: '/images/sample.svg',
          slug: 'airbook-14-laptop',
        },
      ]);
      expect(voltraLap.categories).toEqual(['Laptops']);
      expect(voltraLap.brands).toEqual(['Voltra']);
      const audio = await store.products.suggest('AUDIO');
      expect(audio.products.map((p) => p.name)).toContain('Audio Cable');
      expect(audio.categories).toEqual(['Audio']);
      expect(await store.products.suggest('   ')).toEqual({ products: [], categories: [], brands: [] });
      expect(await store.products.suggest('zzzz')).toEqual({ products: [], categories: [], brands: [] });
      for (let i = 0; i < 8; i++) await store.products.create(input(`Cable ${i}`, { category: 'Cables' }), 'owner-1');
      const cables = await store.products.suggest('cab');
      expect(cables.products.length).toBeLessThanOrEqual(5);
      expect(cables.products.length + cables.categories.length + cables.brands.length).toBeLessThanOrEqual(
        MAX_SUGGESTIONS,
      );
      expect(cables.categories).toEqual(['Cables']);
    });

    // Issue 40: search that finds what people type.
    async function shop(): Promise<Record<string, Product>> {
      const items: [string, Partial<ProductUpdateInput>][] = [
        [
          'Sonic Pro Headphones',
          {
            category: 'Audio',
            description: 'Over-ear headphones with active cancellation of the noise around you.',
            specs: [
              { name: 'Noise cancelling', value: 'Adaptive' },
              { name: 'Battery life', value: '30 hours' },
            ],
          },
        ],
        ['USB-C cable', { category: 'Accessories', description: 'Braided, 1 m.' }],
        ['Glide Wireless Mouse', { category: 'Accessories', description: 'A quiet, light pointer.' }],
        [
          'Volt Phone',
          {
            category: 'Phones',
            description: 'A bright screen.',
            options: [{ name: 'Colour', values: ['Midnight', 'Ivory'] }],
            variants: [
              { sku: 'VP-MID-128', options: { Colour: 'Midnight' }, price: 699, countInStock: 4 },
              { sku: 'VP-IVO-128', options: { Colour: 'Ivory' }, price: 699, countInStock: 2 },
            ],
          },
        ],
        [
          'Studio Speaker',
          { category: 'Audio', description: 'Room-filling sound.', specs: [{ name: 'Colour', value: 'Graphite' }] },
        ],
      ];
      const out: Record<string, Product> = {};
      for (const [n, over] of items) {
        out[n] = await store.products.create(input(n, over), 'owner-1');
        clock.advance(1000);
      }
      return out;
    }

    it('finds the issue 40 examples: "noise cancelling", "cables", "mice", and the other forms of a word', async () => {
      await shop();
      expect(await sorted('noise cancelling')).toEqual(['Sonic Pro Headphones']);
      expect(await sorted('cancellation')).toEqual(['Sonic Pro Headphones']);
      expect(await sorted('cables')).toEqual(['USB-C cable']);
      expect(await sorted('mice')).toEqual(['Glide Wireless Mouse']);
      expect(await sorted('mouse')).toEqual(['Glide Wireless Mouse']);
      expect(await sorted('speakers')).toEqual(['Studio Speaker']);
      expect(await sorted('headphone')).toEqual(['Sonic Pro Headphones']);
      // Every word must still be found: a stem is no licence to match less.
      expect(await sorted('noise cancelling speakers')).toEqual([]);
      expect((await search('cables')).total).toBe(1);
    });

    it('finds spec names and values and the SKUs of variants, in any case, and counts them in the facets', async () => {
      const made = await shop();
      expect(await sorted('adaptive')).toEqual(['Sonic Pro Headphones']);
      expect(await sorted('battery life')).toEqual(['Sonic Pro Headphones']);
      expect(await sorted('graphite')).toEqual(['Studio Speaker']);
      expect(await sorted('vp-mid-128')).toEqual(['Volt Phone']);
      expect(await sorted('VP-IVO-128')).toEqual(['Volt Phone']);
      expect(await sorted('midnight phone')).toEqual(['Volt Phone']);
      expect(await store.products.facets({ keyword: 'adaptive' })).toMatchObject({
        categories: [{ value: 'Audio', count: 1 }],
      });
      // A save that changes the spec rows and SKUs is searched as saved, never by the old text.
      const phone = made['Volt Phone']!;
      await store.products.update(
        phone._id,
        input('Volt Phone', {
          category: 'Phones',
          description: 'A bright screen.',
          options: [{ name: 'Colour', values: ['Midnight'] }],
          variants: [{ sku: 'VP-NEW-256', options: { Colour: 'Midnight' }, price: 699, countInStock: 4 }],
          specs: [{ name: 'Storage', value: '256 GB' }],
        }),
      );
      expect(await sorted('vp-mid-128')).toEqual([]);
      expect(await sorted('vp-ivo-128')).toEqual([]);
      expect(await sorted('vp-new-256')).toEqual(['Volt Phone']);
      expect(await sorted('storage 256')).toEqual(['Volt Phone']);
      await store.products.update(
        made['Sonic Pro Headphones']!._id,
        input('Sonic Pro Headphones', { category: 'Audio', specs: [{ name: 'Battery life', value: '30 hours' }] }),
      );
      expect(await sorted('adaptive')).toEqual([]);
      await store.products.remove(phone._id);
      expect(await sorted('vp-new-256')).toEqual([]);
    });

    it('suggests the products a misspelt word means while typing ("hedphones")', async () => {
      const made = await shop();
      const typo = await store.products.suggest('hedphones');
      expect(typo.products.map((p) => p._id)).toEqual([made['Sonic Pro Headphones']!._id]);
      expect(typo.didYouMean).toBe('headphones');
      expect((await store.products.suggest('cables')).products.map((p) => p.name)).toEqual(['USB-C cable']);
      expect((await store.products.suggest('headphones')).didYouMean).toBeUndefined();
    });
  });
}
