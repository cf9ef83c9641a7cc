// The function's Firestore catalogue reads, against a small in-memory stand-in for the Admin SDK's query API that
// records what is asked of it: proves the bounds (no offset, nothing read past the last page, bounded windows)
// offline. The real Firestore runs the same cases through the store contract in `npm run test:firebase`.
import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { SERVER_SEARCH_WINDOW } from '../../../firestore/catalog.js';
import { searchKeysOf } from '../../../firestore/searchIndex.js';
import { listProducts } from './search.js';

type Data = Record<string, unknown>;
interface Calls {
  reads: number; // documents returned by queries and getAll (what Firestore bills)
  counts: number;
  limits: number[];
  offsets: number;
  unbounded: number; // queries run without a limit
}

function fakeDb(rows: { id: string; data: Data }[], singles: Record<string, Data> = {}) {
  const calls: Calls = { reads: 0, counts: 0, limits: [], offsets: 0, unbounded: 0 };
  const snap = (r: { id: string; data: Data }) => ({
    id: r.id,
    exists: true,
    data: () => r.data,
    get: (f: string) => r.data[f],
  });
  class Q {
    constructor(
      private readonly filters: ((d: Data) => boolean)[] = [],
      private readonly orders: [string, 'asc' | 'desc'][] = [],
      private readonly lim?: number,
      private readonly after?: string,
    ) {}
    where(field: string, op: string, value: unknown) {
      const test = (d: Data) => {
        const v = d[field] as never;
        if (op === '==') return v === value;
        if (op === 'array-contains') return Array.isArray(v) && (v as unknown[]).includes(value);
        if (op === '>=') return v >= (value as never);
        if (op === '<=') return v <= (value as never);
        throw new Error(`op ${op}`);
      };
      return new Q([...this.filters, test], this.orders, this.lim, this.after);
    }
    orderBy(field: string, dir: 'asc' | 'desc') {
      return new Q(this.filters, [...this.orders, [field, dir]], this.lim, this.after);
    }
    select() {
      return this;
    }
    limit(n: number) {
      return new Q(this.filters, this.orders, n, this.after);
    }
    offset(): never {
      calls.offsets++;
      throw new Error('offset is billed per skipped document: never used');
    }
    startAfter(s: { id: string }) {
      return new Q(this.filters, this.orders, this.lim, s.id);
    }
    private matching() {
      const last = this.orders.at(-1)?.[1] ?? 'asc';
      const sorted = rows
        .filter((r) => this.filters.every((f) => f(r.data)))
        .sort((a, b) => {
          for (const [f, dir] of [...this.orders, ['__id__', last] as [string, 'asc' | 'desc']]) {
            const x = (f === '__id__' ? a.id : a.data[f]) as never;
            const y = (f === '__id__' ? b.id : b.data[f]) as never;
            if (x !== y) return (x < y ? -1 : 1) * (dir === 'asc' ? 1 : -1);
          }
          return 0;
        });
      return this.after === undefined ? sorted : sorted.slice(sorted.findIndex((r) => r.id === this.after) + 1);
    }
    count() {
      return {
        get: async () => {
          calls.counts++;
          return { data: () => ({ count: this.matching().length }) };
        },
      };
    }
    async get() {
      if (this.lim === undefined) calls.unbounded++;
      else calls.limits.push(this.lim);
      const docs = this.matching().slice(0, this.lim).map(snap);
      calls.reads += docs.length;
      return { docs };
    }
  }
  const db = {
    collection: () =>
      Object.assign(new Q(), {
        // Single documents (the search vocabulary): absent unless given (counted as a read, as Firestore bills one).
        doc: (id: string) => ({
          id,
          get: async () => {
            calls.reads++;
            const data = singles[id];
            return { id, exists: data !== undefined, data: () => data, get: (f: string) => data?.[f] };
          },
        }),
      }),
    getAll: async (...refs: { id: string }[]) => {
      calls.reads += refs.length;
      return refs.map((ref) => snap(rows.find((r) => r.id === ref.id)!));
    },
  };
  return { db: db as unknown as Firestore, calls };
}

const product = (i: number, name = `P${i}`) => {
  const nameKey = name.toLowerCase();
  return {
    id: `id${String(i).padStart(3, '0')}`,
    data: {
      name,
      nameKey,
      brand: 'Orbis',
      category: 'Cables',
      description: 'A plain thing.',
      searchKeys: searchKeysOf({ nameKey, brand: 'Orbis', category: 'Cables', description: 'A plain thing.' }),
      priceCents: 100 * i,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      ratingSum: 0,
      numReviews: 0,
      countInStock: 1,
    },
  };
};
const names = (page: { products: { name: string }[] }) => page.products.map((p) => p.name);

describe('the function’s Firestore catalogue reads stay bounded', () => {
  const rows = Array.from({ length: 40 }, (_, i) => product(i + 1));

  it('reads page 1 with one count and one limited query', async () => {
    const { db, calls } = fakeDb(rows);
    const page = await listProducts(db, { keyword: '', page: 1, pageSize: 8 });
    expect(page.pages).toBe(5);
    expect(names(page)).toEqual(['P40', 'P39', 'P38', 'P37', 'P36', 'P35', 'P34', 'P33']);
    expect(calls).toMatchObject({ counts: 1, limits: [8], offsets: 0, unbounded: 0, reads: 8 });
  });

  it('reaches a deep page after the previous page’s last document, never by offset', async () => {
    const { db, calls } = fakeDb(rows);
    const page = await listProducts(db, { keyword: '', page: 5, pageSize: 8 });
    expect(names(page)).toEqual(['P8', 'P7', 'P6', 'P5', 'P4', 'P3', 'P2', 'P1']);
    expect(calls).toMatchObject({ counts: 1, limits: [32, 8], offsets: 0, unbounded: 0 });
  });

  it('reads nothing but the count for a page past the last (even page 1,000,000)', async () => {
    const { db, calls } = fakeDb(rows);
    expect(await listProducts(db, { keyword: '', page: 1_000_000, pageSize: 8 })).toEqual({
      products: [],
      page: 1_000_000,
      pages: 5,
    });
    expect(calls).toMatchObject({ counts: 1, limits: [], reads: 0 });
  });

  it('answers a one-letter keyword from the index with a limited query (no candidate scan)', async () => {
    const { db, calls } = fakeDb([...rows, product(41, 'Zed'), product(42, 'Zoom')]);
    const page = await listProducts(db, { keyword: 'Z', page: 1, pageSize: 8 });
    expect(names(page)).toEqual(['Zoom', 'Zed']);
    expect(calls).toMatchObject({ counts: 1, limits: [8], reads: 2, unbounded: 0 });
  });

  it('checks a long keyword in one bounded window, then reads only the page’s products', async () => {
    const many = Array.from({ length: 30 }, (_, i) => product(i + 1, `Cable ${i + 1}`));
    const { db, calls } = fakeDb(many);
    const page = await listProducts(db, { keyword: 'cable 2', page: 1, pageSize: 4 });
    expect(page.pages).toBe(3); // Cable 2, 20..29
    expect(names(page)).toEqual(['Cable 29', 'Cable 28', 'Cable 27', 'Cable 26']);
    expect(calls.limits).toEqual([SERVER_SEARCH_WINDOW]);
    // The window's 30 projected candidates and the page's 4 products.
    expect(calls).toMatchObject({ counts: 0, unbounded: 0, reads: 30 + 4 });
  });

  it('finds words in any order and in the brand or category, the name’s matches first, in one window', async () => {
    const many = [
      ...Array.from({ length: 5 }, (_, i) => product(i + 1, `Lead ${i + 1}`)),
      product(6, 'Orbis Cable'), // 'orbis' also in its name
    ];
    const { db, calls } = fakeDb(many);
    const page = await listProducts(db, { keyword: 'cables orbis', page: 1, pageSize: 10 });
    // Every product is an Orbis in Cables; the one naming Orbis comes first, then newest first.
    expect(names(page)).toEqual(['Orbis Cable', 'Lead 5', 'Lead 4', 'Lead 3', 'Lead 2', 'Lead 1']);
    expect(page.total).toBe(6);
    expect(calls.limits).toEqual([SERVER_SEARCH_WINDOW]);
    // An asked-for sort is kept as asked (no relevance).
    const byPrice = await listProducts(db, { keyword: 'cables orbis', page: 1, pageSize: 10, sort: 'price_asc' });
    expect(names(byPrice)[0]).toBe('Lead 1');
    // A price range and no sort (API clients): the bounded candidates, ranked as a search.
    const ranged = await listProducts(db, { keyword: 'cables orbis', page: 1, pageSize: 10, minPrice: 2 });
    expect(names(ranged)).toEqual(['Orbis Cable', 'Lead 5', 'Lead 4', 'Lead 3', 'Lead 2']);
  });

  it('reads the vocabulary once when nothing matches, and offers a correction only if it finds something', async () => {
    const { db, calls } = fakeDb(rows, { searchVocabulary: { terms: { cables: 40, plain: 40, orbis: 40 } } });
    const none = await listProducts(db, { keyword: 'zzzzzz', page: 1, pageSize: 8 });
    expect(none).toEqual({ products: [], page: 1, pages: 0, total: 0 });
    expect(calls).toMatchObject({ reads: 1, unbounded: 0 }); // the vocabulary; the window read nothing
    const misspelt = await listProducts(db, { keyword: 'cabels', page: 1, pageSize: 8 });
    expect(misspelt).toEqual({ products: [], page: 1, pages: 0, total: 0, didYouMean: 'cables' });
    // The corrected search finds nothing with the filters asked for: nothing offered.
    expect((await listProducts(db, { keyword: 'cabels', page: 1, pageSize: 8, brand: 'Kestrel' })).didYouMean).toBe(
      undefined,
    );
  });

  it('refuses an impossible price range with 400 before reading anything', async () => {
    const { db, calls } = fakeDb(rows);
    await expect(
      listProducts(db, { keyword: '', page: 1, pageSize: 8, minPrice: 9, maxPrice: 1 }),
    ).rejects.toMatchObject({
      kind: 'bad_input',
    });
    expect(calls).toMatchObject({ counts: 0, reads: 0 });
  });

  it('applies category/price filters and the price sort when the caller passes them', async () => {
    const { db } = fakeDb(rows);
    const page = await listProducts(db, {
      keyword: '',
      page: 1,
      pageSize: 3,
      minPrice: 2,
      maxPrice: 10,
      sort: 'price_desc',
    });
    expect(names(page)).toEqual(['P10', 'P9', 'P8']);
    expect(page.pages).toBe(3);
  });
});
