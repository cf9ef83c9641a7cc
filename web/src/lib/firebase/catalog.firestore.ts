// The web's direct catalogue reads (catalog.ts) against the Firestore emulator, through the real firestore.rules
// as an anonymous visitor: pages by cursor, counts, a page past the last, search exact and windowed, a narrowed
// price query, the top-rated carousel, and live listeners. Needs the Firestore emulator (Java 21): part of
// `npm run test:firebase` (functions/vitest.emulators.config.ts, suites 'full'); not run by the web unit suite.
import { windowNotice } from '@firestore/catalog';
import { searchKeysOf } from '@firestore/searchIndex';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, setDoc, updateDoc, type Firestore } from 'firebase/firestore';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fetchCatalogPage,
  fetchProductAlone,
  fetchProductDetail,
  fetchTopProducts,
  setCatalogFirestore,
  watchCatalogPage,
  watchProductDetail,
} from './catalog';

let env: RulesTestEnvironment;

const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();

function productDoc(name: string, i: number, over: Record<string, unknown> = {}) {
  const nameKey = name.toLowerCase();
  const brand = i % 2 ? 'Volt' : 'Amp';
  return {
    name,
    nameKey,
    searchKeys: searchKeysOf({ nameKey, brand, category: 'Electronics', description: 'A thing' }),
    image: '/images/sample.svg',
    brand,
    category: 'Electronics',
    description: 'A thing',
    priceCents: 1000 + i * 100,
    countInStock: 5,
    ratingSum: 0,
    numReviews: 0,
    rating: 0,
    user: 'owner',
    createdAt: at(i),
    updatedAt: at(i),
    ...over,
  };
}

/** Resolves with the first value `watch` reports that passes `test`. */
function waitFor<T>(watch: (cb: (value: T) => void) => () => void, test: (value: T) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no matching snapshot within 10 s')), 10_000);
    const stop = watch((value) => {
      if (!test(value)) return;
      clearTimeout(timer);
      queueMicrotask(() => stop());
      resolve(value);
    });
  });
}

beforeAll(async () => {
  if (!process.env.FIRESTORE_EMULATOR_HOST) {
    throw new Error('FIRESTORE_EMULATOR_HOST is not set: run this suite with `npm run test:firebase`');
  }
  env = await initializeTestEnvironment({
    projectId: 'demo-voltshop-browsing',
    firestore: { rules: readFileSync(new URL('../../../../firestore.rules', import.meta.url), 'utf8') },
  });
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore() as unknown as Firestore;
    // 20 products P1..P20 (P20 newest), 6 headphones, a lamp with reviews.
    for (let i = 1; i <= 20; i++) await setDoc(doc(db, `products/p${i}`), productDoc(`P${i}`, i));
    for (let i = 1; i <= 6; i++) await setDoc(doc(db, `products/h${i}`), productDoc(`Headphone ${i}`, 100 + i));
    await setDoc(doc(db, 'products/lamp'), productDoc('Desk Lamp', 200, { ratingSum: 9, numReviews: 2, rating: 4.5 }));
    await setDoc(doc(db, 'products/lamp/reviews/u1'), {
      user: 'u1',
      name: 'Ann',
      rating: 5,
      comment: 'Bright',
      createdAt: at(300),
    });
  });
  // The visitor's client: every read below goes through firestore.rules.
  setCatalogFirestore(env.unauthenticatedContext().firestore() as unknown as Firestore);
});

afterAll(async () => {
  await env?.cleanup();
});

const page = (keyword: string, n: number, extra: object = {}) => ({
  filters: { keyword, ...extra },
  page: n,
  pageSize: 8,
});

describe('the catalogue read straight from Firestore (anonymous, through the rules)', () => {
  it('pages newest first by cursors, with the page count from count()', async () => {
    const first = await fetchCatalogPage(page('', 1));
    expect(first.pages).toBe(4); // 27 products
    const all = [first];
    for (let n = 2; n <= 4; n++) all.push(await fetchCatalogPage(page('', n)));
    const names = all.flatMap((a) => a.products.map((p) => p.name));
    expect(names).toHaveLength(27);
    expect(new Set(names).size).toBe(27);
    expect(names.slice(0, 8)).toEqual([
      'Desk Lamp',
      'Headphone 6',
      'Headphone 5',
      'Headphone 4',
      'Headphone 3',
      'Headphone 2',
      'Headphone 1',
      'P20',
    ]);
  });

  it('reaches a deep page directly the same as by paging, and says so for a page past the last', async () => {
    const direct = await fetchCatalogPage(page('p', 3)); // a new query: no cursor known yet
    expect(direct.pages).toBe(4); // 'p': every name holds one
    expect(direct.products.map((p) => p.name)).toEqual(['P11', 'P10', 'P9', 'P8', 'P7', 'P6', 'P5', 'P4']);
    const past = await fetchCatalogPage(page('p', 9));
    expect(past).toEqual({
      products: [],
      page: 9,
      pages: 4,
      total: 27,
      notices: ['There is no page 9: the last page is 4.'],
    });
  });

  it('answers a short keyword exactly and a long one in a bounded window', async () => {
    const short = await fetchCatalogPage(page('LAM', 1));
    expect(short.products.map((p) => p.name)).toEqual(['Desk Lamp']);
    const long = await fetchCatalogPage(page('headphone 3', 1));
    expect(long.products.map((p) => p.name)).toEqual(['Headphone 3']);
    expect(long.notices).not.toContain(windowNotice('headphone 3', 100));
    // words in any order, one of them only in the brand
    const words = await fetchCatalogPage(page('volt HEADPHONE', 1));
    expect(words.products.map((p) => p.name).sort()).toEqual(['Headphone 1', 'Headphone 3', 'Headphone 5']);
  });

  it('narrows a price range sorted by rating to a price sort, and says so', async () => {
    const narrowed = await fetchCatalogPage({ ...page('', 1, { minPrice: 12, maxPrice: 14 }), sort: 'rating' });
    expect(narrowed.products.map((p) => p.price)).toEqual([12, 13, 14]);
    expect(narrowed.notices[0]).toMatch(/sorted by price/);
  });

  it('reads the top-rated carousel and a product with its reviews', async () => {
    expect((await fetchTopProducts())[0]!.name).toBe('Desk Lamp');
    const lamp = await fetchProductDetail('lamp');
    expect(lamp).toMatchObject({ name: 'Desk Lamp', rating: 4.5, numReviews: 2 });
    expect(lamp!.reviews.map((r) => r.name)).toEqual(['Ann']);
    expect(await fetchProductDetail('nope')).toBeNull();
    // The cart's lines: the product document alone (issue 37: no reviews read).
    expect(await fetchProductAlone('lamp')).toMatchObject({ name: 'Desk Lamp', numReviews: 2, reviews: [] });
    expect(await fetchProductAlone('nope')).toBeNull();
  });

  it('follows a price change on a catalogue page live, without a reload', async () => {
    const changed = waitFor<Awaited<ReturnType<typeof fetchCatalogPage>>>(
      (cb) => watchCatalogPage(page('', 1), cb),
      (a) => a.products.some((p) => p.name === 'Headphone 6' && p.price === 1.23),
    );
    await env.withSecurityRulesDisabled((ctx) =>
      updateDoc(doc(ctx.firestore() as unknown as Firestore, 'products/h6'), { priceCents: 123 }),
    );
    await expect(changed).resolves.toBeTruthy();
  });

  it('shows a new review and the new rating live', async () => {
    const changed = waitFor<Awaited<ReturnType<typeof fetchProductDetail>>>(
      (cb) => watchProductDetail('lamp', cb),
      (d) => d?.reviews.length === 2 && d.numReviews === 3,
    );
    await env.withSecurityRulesDisabled(async (ctx) => {
      const db = ctx.firestore() as unknown as Firestore;
      await setDoc(doc(db, 'products/lamp/reviews/u2'), {
        user: 'u2',
        name: 'Ben',
        rating: 4,
        comment: 'Fine',
        createdAt: at(400),
      });
      await updateDoc(doc(db, 'products/lamp'), { ratingSum: 13, numReviews: 3, rating: 13 / 3 });
    });
    const detail = await changed;
    expect(detail!.reviews.map((r) => r.name)).toEqual(['Ben', 'Ann']);
    expect(detail!.rating).toBe(4.33);
  });
});
