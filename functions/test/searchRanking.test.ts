// The order of a search without a sort on the embedded store (search.ts RANKED_MATCHES): up to the bound, bm25 (the
// name weighted highest, then brand and category, then description; shorter fields count more); above it, the
// products with a word of the keyword in the name first, then the others, each the later added first. The bound is
// set on each side of this four-match catalogue; `total` stays the exact count, paging gives each match once.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../src/adapters/embedded/db.js';
import { MIGRATIONS } from '../src/adapters/embedded/migrations.js';
import { createSqlStore } from '../src/adapters/embedded/store.js';
import type { ProductUpdateInput } from '../src/domain/index.js';
import type { ProductQuery, Store } from '../src/ports.js';
import { MovableClock } from './support/clock.js';

const input = (name: string, over: Partial<ProductUpdateInput> = {}): ProductUpdateInput => ({
  name,
  price: 10,
  image: '/images/sample.svg',
  brand: 'Orbis',
  category: 'Accessories',
  description: 'Holds a screen.',
  countInStock: 10,
  ...over,
});

// Added in this order, a second apart (the last is the newest). "laptop" is in two names (the older one shorter),
// one category and one description (the newest).
const CATALOGUE: [string, Partial<ProductUpdateInput>][] = [
  ['Laptop', { description: 'A useful thing.' }],
  ['Sleeve', { category: 'Laptop Bags', description: 'A useful cover.' }],
  ['Laptop Stand for Desks and Tables', { brand: 'Kestrel' }],
  ['Quiet Dock', { description: 'A useful hub for any laptop.' }],
];

let dir: string;
let db: Database;
let ranked: Store; // bm25 for up to 1,000 matches
let namesFirst: Store; // bm25 for up to 1 match: this catalogue's searches are "many"

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'voltshop-ranking-'));
  db = await Database.open(dir);
  const clock = new MovableClock();
  ranked = createSqlStore(db, { clock, rankedMatches: 1000 });
  namesFirst = createSqlStore(db, { clock, rankedMatches: 1 });
  for (const [name, over] of CATALOGUE) {
    await ranked.products.create(input(name, over), 'owner-1');
    clock.advance(1000);
  }
});
afterAll(async () => {
  db?.close();
  await rm(dir, { recursive: true, force: true });
});

const names = async (store: Store, keyword: string, over: Partial<ProductQuery> = {}) =>
  (await store.products.list({ keyword, page: 1, pageSize: 20, ...over })).products.map((p) => p.name);

describe('search order without a sort: bm25 up to the bound, names first above it', () => {
  it('ranks up to the bound by bm25: the shorter name first, a category match above a description match', async () => {
    expect(await names(ranked, 'laptop')).toEqual([
      'Laptop',
      'Laptop Stand for Desks and Tables',
      'Sleeve',
      'Quiet Dock',
    ]);
    expect(await names(ranked, 'laptop orbis')).toEqual(['Laptop', 'Sleeve', 'Quiet Dock']);
    expect((await ranked.products.suggest('laptop')).products.map((p) => p.name)).toEqual([
      'Laptop',
      'Laptop Stand for Desks and Tables',
      'Sleeve',
      'Quiet Dock',
    ]);
  });

  it('above the bound: the name matches, then the others, each the later added first', async () => {
    expect(await names(namesFirst, 'laptop')).toEqual([
      'Laptop Stand for Desks and Tables',
      'Laptop',
      'Quiet Dock',
      'Sleeve',
    ]);
    // Two words: a product with either in its name comes first ('Laptop': 'orbis' is its brand).
    expect(await names(namesFirst, 'laptop orbis')).toEqual(['Laptop', 'Quiet Dock', 'Sleeve']);
    // No word in any name: the later added first.
    expect(await names(namesFirst, 'orbis useful')).toEqual(['Quiet Dock', 'Sleeve', 'Laptop']);
    expect((await namesFirst.products.suggest('laptop')).products.map((p) => p.name)).toEqual([
      'Laptop Stand for Desks and Tables',
      'Laptop',
      'Quiet Dock',
      'Sleeve',
    ]);
  });

  it('above the bound: the filters and 1-2 character words apply, the total is exact on every page', async () => {
    // 'orbis' is the brand of three of the four matches.
    expect(await namesFirst.products.list({ keyword: 'laptop', brand: 'Orbis', page: 1, pageSize: 20 })).toMatchObject({
      total: 3,
      pages: 1,
    });
    expect(await names(namesFirst, 'laptop', { brand: 'Orbis' })).toEqual(['Laptop', 'Quiet Dock', 'Sleeve']);
    expect(await names(namesFirst, 'laptop', { category: 'Laptop Bags' })).toEqual(['Sleeve']);
    // 'd' is a piece of two of the names only.
    expect(await names(namesFirst, 'laptop d')).toEqual(['Laptop Stand for Desks and Tables', 'Quiet Dock']);
    // Page after page, across the end of the name matches: each match once, in the order above.
    for (const pageSize of [1, 2, 3]) {
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil(4 / pageSize) + 1; page++) {
        const got = await namesFirst.products.list({ keyword: 'laptop', page, pageSize });
        expect(got).toMatchObject({ page, pages: Math.ceil(4 / pageSize), total: 4 });
        seen.push(...got.products.map((p) => p.name));
      }
      expect(seen, `page size ${pageSize}`).toEqual([
        'Laptop Stand for Desks and Tables',
        'Laptop',
        'Quiet Dock',
        'Sleeve',
      ]);
    }
    // `relevance` by name is the same as no sort, on either side of the bound.
    for (const store of [ranked, namesFirst])
      expect(await names(store, 'laptop', { sort: 'relevance' })).toEqual(await names(store, 'laptop'));
    // An asked-for sort is that sort on either side of the bound.
    for (const store of [ranked, namesFirst])
      expect(await names(store, 'laptop', { sort: 'price_desc' })).toHaveLength(4);
  });

  it('follows renames and deletes of names (the name index of migration 27 is kept by triggers)', async () => {
    const dock = (await ranked.products.list({ keyword: 'quiet dock', page: 1, pageSize: 1 })).products[0]!;
    await ranked.products.update(dock._id, input('Laptop Dock', { description: 'A useful hub for any laptop.' }));
    expect(await names(namesFirst, 'laptop')).toEqual([
      'Laptop Dock',
      'Laptop Stand for Desks and Tables',
      'Laptop',
      'Sleeve',
    ]);
    const stand = (await ranked.products.list({ keyword: 'stand', page: 1, pageSize: 1 })).products[0]!;
    await ranked.products.remove(stand._id);
    expect(await names(namesFirst, 'laptop')).toEqual(['Laptop Dock', 'Laptop', 'Sleeve']);
    expect(await names(namesFirst, 'tables')).toEqual([]);
  });

  it('a database made before migration 27 orders its many matches names first once migrated (the index is filled)', async () => {
    const oldDir = mkdtempSync(join(tmpdir(), 'voltshop-m27-'));
    try {
      // Today's store writes the products, so the old database also has what its product writes need that came
      // after 27 and does not touch the search: migration 34's price history, 38's slugs, 39's accessories.
      const before = await Database.open(
        oldDir,
        MIGRATIONS.filter((m) => m.version < 27 || m.version === 34 || m.version === 38 || m.version === 39),
      );
      const clock = new MovableClock();
      const old = createSqlStore(before, { clock });
      for (const [name, over] of CATALOGUE) {
        await old.products.create(input(name, over), 'owner-1');
        clock.advance(1000);
      }
      before.close();
      const after = await Database.open(oldDir);
      try {
        expect(await names(createSqlStore(after, { rankedMatches: 1 }), 'laptop')).toEqual([
          'Laptop Stand for Desks and Tables',
          'Laptop',
          'Quiet Dock',
          'Sleeve',
        ]);
      } finally {
        after.close();
      }
    } finally {
      await rm(oldDir, { recursive: true, force: true });
    }
  });
});
