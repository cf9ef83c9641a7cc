// The catalogue search at scale (trigram index of migration 22, name-piece index of migration 3, walking the
// catalogue order; search.ts) must mean exactly what a plain version means: every word of the keyword (domain's
// searchWords) a case-insensitive LITERAL piece of the product (here of the name: brand, category and description are
// one letter, so no word of 3+ characters is in them), {products, page, pages}. Property test against a reference
// written in plain JavaScript, through both search strategies (few matches sorted directly / many matches found by
// walking), newest first as asked and ranked by relevance (the same products, each once), after inserts, renames and
// deletes (which the full-text index follows by triggers).
import fc from 'fast-check';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../src/adapters/embedded/db.js';
import { MIGRATIONS } from '../../src/adapters/embedded/migrations.js';
import { gramToken, nameGrams } from '../../src/adapters/embedded/search.js';
import { createSqlStore } from '../../src/adapters/embedded/store.js';
import { matchPieces, searchKey, searchWords, type Product } from '../../src/domain/index.js';
import type { Store } from '../../src/ports.js';

const PAGE_SIZE = 3;
let dir: string;
let db: Database;
let sparse: Store; // every search sorts its matches directly
let dense: Store; // every search walks the catalogue order
let namesFirst: Store; // every search without a sort takes the order for many matches (names first, not bm25)

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'voltshop-search-'));
  db = await Database.open(dir);
  sparse = createSqlStore(db, { sparseMatches: 1_000_000 });
  dense = createSqlStore(db, { sparseMatches: 0 });
  namesFirst = createSqlStore(db, { rankedMatches: 0 });
});
afterAll(async () => {
  db?.close();
  await rm(dir, { recursive: true, force: true });
});

// Letters that collide under case folding, regex/LIKE/FTS syntax, quotes, spaces and non-ASCII.
const unit = fc.constantFrom(
  'a',
  'b',
  'A',
  'B',
  'é',
  'É',
  'ß',
  'İ',
  '(',
  ')',
  '.',
  '*',
  '%',
  '_',
  '"',
  "'",
  '\\',
  ' ',
  '-',
  '^',
  '😀',
  'ab',
  'AB',
  'abc',
);
const name = fc.string({ unit, minLength: 1, maxLength: 12 });
const keyword = fc.oneof(
  fc.string({ unit, minLength: 1, maxLength: 5 }),
  fc.constantFrom(
    'a',
    'ab',
    'abc',
    'ABC',
    '"',
    '""',
    '.*',
    '(',
    '%',
    'é',
    'NEAR',
    'ab\u0000',
    'a\u0000',
    '\u0000',
    '😀a',
    '*',
  ),
);

const product = (n: string) => ({
  name: n,
  price: 1,
  image: '/images/sample.svg',
  brand: 'B',
  category: 'C',
  description: 'D',
  countInStock: 1,
});

function reference(all: Product[], kw: string, page: number) {
  const words = matchPieces(searchWords(kw));
  const hits = all
    .filter((p) => words.every((w) => p.name.toLowerCase().includes(w)))
    .sort((a, b) => (a.createdAt === b.createdAt ? (a._id < b._id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));
  return {
    ids: hits.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((p) => p._id),
    pages: Math.ceil(hits.length / PAGE_SIZE),
  };
}

describe('search = every word a case-insensitive literal piece, newest first or by relevance', () => {
  it('matches a plain-JavaScript reference through both strategies, after inserts, renames and deletes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(name, { minLength: 1, maxLength: 14 }),
        fc.array(fc.tuple(fc.nat(), name), { maxLength: 3 }),
        fc.array(fc.nat(), { maxLength: 2 }),
        fc.array(keyword, { minLength: 1, maxLength: 4 }),
        async (names, renames, deletes, keywords) => {
          await db.write((tx) => tx.execute('DELETE FROM products'));
          const created: Product[] = [];
          for (const n of names) created.push(await sparse.products.create(product(n), 'owner'));
          for (const [i, n] of renames) {
            const target = created[i % created.length];
            const updated = await sparse.products.update(target._id, product(n));
            created[i % created.length] = updated!;
          }
          for (const i of deletes) {
            if (!created.length) break;
            const [gone] = created.splice(i % created.length, 1);
            await sparse.products.remove(gone._id);
          }
          const all = (await sparse.products.list({ keyword: '', page: 1, pageSize: 1000 })).products;
          expect(all.map((p) => p._id).sort()).toEqual(created.map((p) => p._id).sort());
          for (const kw of keywords) {
            const expected1 = reference(all, kw, 1);
            for (const page of [1, 2, expected1.pages + 1]) {
              const expected = reference(all, kw, page);
              for (const [label, store] of [
                ['sparse', sparse],
                ['dense', dense],
              ] as const) {
                const got = await store.products.list({ keyword: kw, page, pageSize: PAGE_SIZE, sort: 'newest' });
                const what = `${label} ${JSON.stringify(kw)} page ${page} in ${JSON.stringify(all.map((p) => p.name))}`;
                expect(
                  got.products.map((p) => p._id),
                  what,
                ).toEqual(expected.ids);
                expect(got.pages, what).toBe(expected.pages);
                expect(got.page).toBe(page);
              }
            }
            // By relevance (no sort asked for): page after page, the same products, each once.
            const everyHit = reference(all, kw, 1).pages ? reference(all, kw, 1) : null;
            const want = all
              .filter((p) => matchPieces(searchWords(kw)).every((w) => p.name.toLowerCase().includes(w)))
              .map((p) => p._id)
              .sort();
            for (const [label, store] of [
              ['bm25', sparse],
              ['names first', namesFirst],
            ] as const) {
              const ranked: string[] = [];
              for (let page = 1; page <= (everyHit?.pages ?? 1); page++) {
                const got = await store.products.list({ keyword: kw, page, pageSize: PAGE_SIZE });
                expect(got.pages).toBe(everyHit?.pages ?? 0);
                ranked.push(...got.products.map((p) => p._id));
              }
              expect([...ranked].sort(), `relevance (${label}) ${JSON.stringify(kw)}`).toEqual(want);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('deep pages of the whole catalogue match OFFSET paging', async () => {
    await db.write((tx) => tx.execute('DELETE FROM products'));
    for (let i = 0; i < 23; i++) await sparse.products.create(product(`Item ${i}`), 'owner');
    const all = (await sparse.products.list({ keyword: '', page: 1, pageSize: 1000 })).products.map((p) => p._id);
    for (let page = 1; page <= 10; page++) {
      const got = await sparse.products.list({ keyword: '', page, pageSize: PAGE_SIZE });
      expect(got.products.map((p) => p._id)).toEqual(all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE));
      expect(got.pages).toBe(8);
    }
  });

  it('a database made before the short-keyword and word indexes finds 1-2 character and multi-word keywords once migrated (backfill)', async () => {
    const oldDir = mkdtempSync(join(tmpdir(), 'voltshop-migrate-'));
    try {
      const before = await Database.open(
        oldDir,
        MIGRATIONS.filter((m) => m.version < 3),
      );
      const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
      for (const [i, name] of ['Quiet Fan', 'Éclair Lamp', 'Zoom 😀 Cam'].entries()) {
        await before.write((tx) =>
          tx.execute({
            sql: `INSERT INTO products (id, name, name_key, image, brand, category, description, price_cents, count_in_stock, created_at, updated_at)
                  VALUES (?, ?, ?, '/images/sample.svg', 'B', 'C', 'D', 100, 1, ?, ?)`,
            args: [`p${i}`, name, searchKey(name), at(i), at(i)],
          }),
        );
      }
      before.close();
      const after = await Database.open(oldDir);
      try {
        const store = createSqlStore(after);
        const names = async (kw: string) =>
          (await store.products.list({ keyword: kw, page: 1, pageSize: 10 })).products.map((p) => p.name);
        expect(await names('QU')).toEqual(['Quiet Fan']);
        expect(await names('é')).toEqual(['Éclair Lamp']);
        expect(await names('a')).toEqual(['Zoom 😀 Cam', 'Éclair Lamp', 'Quiet Fan']);
        expect(await names('😀')).toEqual(['Zoom 😀 Cam']);
        expect(await names(' c')).toEqual(['Zoom 😀 Cam', 'Éclair Lamp']); // the word 'c'
        // migration 22's word index was built from the rows already there
        expect(await names('fan quiet')).toEqual(['Quiet Fan']);
        expect(await names('lamp éclair')).toEqual(['Éclair Lamp']);
        expect(await names('zz')).toEqual([]);
      } finally {
        after.close();
      }
    } finally {
      await rm(oldDir, { recursive: true, force: true });
    }
  });

  it('short-piece tokens: distinct, ASCII letters and digits only, one per 1- and 2-code-point substring', () => {
    expect(nameGrams('abab')).toBe([gramToken('a'), gramToken('ab'), gramToken('b'), gramToken('ba')].join(' '));
    expect(gramToken('a')).toBe('u000061');
    expect(gramToken('é😀')).toBe('b0000e901f600');
    expect(nameGrams('x"* (😀')).toMatch(/^[ub][0-9a-f]+( [ub][0-9a-f]+)*$/);
    expect(nameGrams('')).toBe('');
  });
});
