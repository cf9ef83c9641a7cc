import {
  CatalogQueryRefused,
  matchWindow,
  NARROWED_TO_PRICE_SORT,
  planCatalogQuery,
  PUBLIC_PRODUCT_LIST_LIMIT,
  queryGram,
  SERVER_SEARCH_WINDOW,
  WEB_SEARCH_WINDOW,
} from '@firestore/catalog';
import { describe, expect, it } from 'vitest';
import { CursorBook, pageStep, planKey, webPlan, windowPage } from './catalogPaging';

const all = { keyword: '' };

describe('the Firestore catalogue plan (which bounded query for which filters)', () => {
  it('browses newest first with no filter: the query the index answers as it stands', () => {
    expect(planCatalogQuery(all, undefined, WEB_SEARCH_WINDOW)).toEqual({
      filters: [],
      orderBy: [{ field: 'createdAt', direction: 'desc' }],
      sort: 'newest',
      words: [],
      window: null,
      relevance: false,
      notices: [],
    });
  });

  it('answers a one-word keyword of up to 3 characters exactly from the index: array-contains the word itself', () => {
    for (const keyword of ['e', 'Ph', ' OLT ', '(', 'üb']) {
      const plan = planCatalogQuery({ keyword }, 'newest', WEB_SEARCH_WINDOW);
      expect(plan.filters).toEqual([
        { field: 'searchKeys', op: 'array-contains', value: keyword.trim().toLowerCase() },
      ]);
      expect(plan.window).toBeNull(); // exact: paged by cursors, counted by count()
    }
  });

  it('narrows a longer keyword, or several words, to a bounded window on the lead word’s rarest piece', () => {
    const plan = planCatalogQuery({ keyword: 'Phone' }, 'newest', WEB_SEARCH_WINDOW);
    expect(plan.filters).toEqual([{ field: 'searchKeys', op: 'array-contains', value: queryGram('phone') }]);
    const words = planCatalogQuery({ keyword: 'x Phone' }, undefined, WEB_SEARCH_WINDOW);
    expect(words).toMatchObject({ words: ['x', 'phone'], relevance: true, window: { keyword: 'x phone' } });
    expect(words.filters).toEqual(plan.filters);
    expect(plan.window).toEqual({ size: WEB_SEARCH_WINDOW, keyword: 'phone' });
    expect(planCatalogQuery({ keyword: 'Phone' }, 'newest', SERVER_SEARCH_WINDOW).window?.size).toBe(1000);
    // The window is a list the rules allow: never above the cap on public lists.
    expect(WEB_SEARCH_WINDOW).toBeLessThanOrEqual(PUBLIC_PRODUCT_LIST_LIMIT);
  });

  it('adds category and brand as equalities and keeps the requested sort', () => {
    const plan = planCatalogQuery({ keyword: 'tv', category: 'Electronics', brand: 'Volt' }, 'rating', 50);
    expect(plan.filters).toEqual([
      { field: 'category', op: '==', value: 'Electronics' },
      { field: 'brand', op: '==', value: 'Volt' },
      { field: 'searchKeys', op: 'array-contains', value: 'tv' },
    ]);
    expect(plan.orderBy.map((o) => `${o.field} ${o.direction}`)).toEqual([
      'rating desc',
      'numReviews desc',
      'createdAt desc',
    ]);
    expect(plan.notices).toEqual([]);
  });

  it('turns a price range into whole cents, inclusive, and sorts by price in the asked direction', () => {
    const plan = planCatalogQuery({ keyword: '', minPrice: 10.5, maxPrice: 99.99 }, 'price_desc', 50);
    expect(plan.filters).toEqual([
      { field: 'priceCents', op: '>=', value: 1050 },
      { field: 'priceCents', op: '<=', value: 9999 },
    ]);
    expect(plan.orderBy).toEqual([
      { field: 'priceCents', direction: 'desc' },
      { field: 'createdAt', direction: 'desc' }, // ties: newest first (CATALOG_SORT_ORDER)
    ]);
    expect(plan.notices).toEqual([]);
    // Fractions of a cent round inwards: the range never lets in a price outside it.
    const odd = planCatalogQuery({ keyword: '', minPrice: 10.001, maxPrice: 10.019 }, 'price_asc', 50);
    expect(odd.filters.map((f) => f.value)).toEqual([1001, 1001]);
  });

  it('narrows keyword + price range + sort by rating (Firestore orders a range field first) to a price sort, and says so', () => {
    const plan = planCatalogQuery({ keyword: 'phone', minPrice: 100 }, 'rating', 50);
    expect(plan.sort).toBe('price_asc');
    expect(plan.orderBy).toEqual([
      { field: 'priceCents', direction: 'asc' },
      { field: 'createdAt', direction: 'desc' }, // ties: newest first (CATALOG_SORT_ORDER)
    ]);
    expect(plan.notices).toEqual([NARROWED_TO_PRICE_SORT]);
    expect(planCatalogQuery({ keyword: '', maxPrice: 5 }, 'newest', 50).notices).toEqual([NARROWED_TO_PRICE_SORT]);
  });

  it('refuses what nothing can answer, with a message for the shopper', () => {
    const refused = (filters: Parameters<typeof planCatalogQuery>[0]) => {
      try {
        planCatalogQuery(filters, 'newest', 50);
      } catch (error) {
        expect(error).toBeInstanceOf(CatalogQueryRefused);
        return (error as Error).message;
      }
      throw new Error('not refused');
    };
    expect(refused({ keyword: '', minPrice: 20, maxPrice: 10 })).toMatch(/lowest price is above the highest/);
    expect(refused({ keyword: '', minPrice: -1 })).toMatch(/at least 0/);
    expect(refused({ keyword: 'x'.repeat(101) })).toMatch(/at most 100 characters/);
  });

  it('falls back to newest for an unknown sort', () => {
    expect(planCatalogQuery(all, 'cheapest' as never, 50).sort).toBe('newest');
  });
});

describe('paging by cursors (no offset, nothing read past the last page)', () => {
  it('reads page 1 from the start and page 2 right after the remembered last document of page 1', () => {
    expect(pageStep(20, 1, 8, 0)).toEqual({ kind: 'page', pages: 3, notices: [], from: 0, walk: 0 });
    expect(pageStep(20, 2, 8, 1)).toEqual({ kind: 'page', pages: 3, notices: [], from: 1, walk: 0 });
  });

  it('jumps to a page by reading only the documents between the last known cursor and it', () => {
    expect(pageStep(100, 5, 8, 0)).toMatchObject({ kind: 'page', from: 0, walk: 32 });
    expect(pageStep(100, 5, 8, 2)).toMatchObject({ kind: 'page', from: 2, walk: 16 });
  });

  it('says a page past the last is past it, and reads nothing for it', () => {
    expect(pageStep(20, 4, 8, 3)).toEqual({
      kind: 'past',
      pages: 3,
      notices: ['There is no page 4: the last page is 3.'],
    });
    expect(pageStep(0, 1, 8, 0)).toEqual({ kind: 'past', pages: 0, notices: ['There is no page 1: nothing matches.'] });
    expect(pageStep(20, 1_000_000, 8, 0).kind).toBe('past');
  });

  it('says so when the limited count stops at the cap on public lists', () => {
    const step = pageStep(PUBLIC_PRODUCT_LIST_LIMIT, 1, 8, 0);
    expect(step.pages).toBe(125);
    expect(step.notices[0]).toMatch(/More than 1000 products match/);
  });

  it('remembers cursors per query, up to the first gap, and forgets the least recently used queries', () => {
    const book = new CursorBook<string>(2);
    book.record('a', 1, 'a1');
    book.record('a', 3, 'a3');
    expect(book.known('a')).toEqual(['a1']); // page 2's end is unknown: page 3 cannot be reached from a3 alone
    book.record('a', 2, 'a2');
    expect(book.known('a')).toEqual(['a1', 'a2', 'a3']);
    book.record('b', 1, 'b1');
    book.record('c', 1, 'c1');
    expect(book.known('a')).toEqual([]);
    expect(book.known('c')).toEqual(['c1']);
  });

  it('keys cursors by query and page size, so one query never starts after another one’s document', () => {
    const page = (keyword: string, pageSize = 8) =>
      planKey(webPlan({ filters: { keyword }, page: 1, pageSize }), pageSize);
    expect(page('tv')).not.toBe(page('pc'));
    expect(page('tv')).not.toBe(page('tv', 4));
    expect(page('TV')).toBe(page('tv'));
  });
});

describe('a window of candidates for a long keyword', () => {
  const plan = planCatalogQuery({ keyword: 'phone' }, 'newest', 4);
  const docs = ['volt phone x', 'headphones', 'phono cable', 'smartphone'].map((nameKey, i) => ({
    id: `p${i}`,
    nameKey,
  }));

  it('keeps the exact matches only, in the window’s order', () => {
    expect(matchWindow(plan, docs).map((d) => d.id)).toEqual(['p0', 'p1', 'p3']);
  });

  it('matches every word in any order over name, brand, category and description; the name first by relevance', () => {
    const read = [
      { id: 'a', nameKey: 'studio speaker', brand: 'Kestrel', category: 'Audio', description: 'Room-filling.' },
      { id: 'b', nameKey: 'audio cable', brand: 'Kestrel', category: 'Accessories', description: 'A 3.5 mm cable.' },
      { id: 'c', nameKey: 'sonic pro', brand: 'Orbis', category: 'Audio', description: 'Noise cancelling.' },
    ];
    const ranked = planCatalogQuery({ keyword: 'AUDIO kestrel' }, undefined, WEB_SEARCH_WINDOW);
    expect(matchWindow(ranked, read).map((d) => d.id)).toEqual(['b', 'a']); // 'audio' in b's name
    const newest = planCatalogQuery({ keyword: 'kestrel audio' }, 'newest', WEB_SEARCH_WINDOW);
    expect(matchWindow(newest, read).map((d) => d.id)).toEqual(['a', 'b']); // as read
    expect(matchWindow(planCatalogQuery({ keyword: 'noise' }, undefined, 9), read).map((d) => d.id)).toEqual(['c']);
  });

  it('pages the matches and counts them exactly; a full window says only it was checked', () => {
    const partial = windowPage(matchWindow(plan, docs), false, plan, 2, 2);
    expect(partial).toEqual({ items: [docs[3]], pages: 2, notices: [] });
    const full = windowPage(matchWindow(plan, docs), true, plan, 1, 2);
    expect(full.notices).toEqual([
      'Only the first 4 products containing part of “phone” were checked: add or change letters to find others.',
    ]);
    expect(windowPage(matchWindow(plan, docs), false, plan, 3, 2)).toEqual({
      items: [],
      pages: 2,
      notices: ['There is no page 3: the last page is 2.'],
    });
  });
});
