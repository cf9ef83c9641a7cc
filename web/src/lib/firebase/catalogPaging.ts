// The pure half of the direct catalogue reads (catalog.ts runs it with the SDK): which plan a screen's query
// gets, the cursors a shopper's paging has found, and how page N is reached from them without `offset`.
import type { CatalogFilters, CatalogSort } from '@domain';
import {
  cursorWalk,
  pagesFromCount,
  planCatalogQuery,
  PUBLIC_PRODUCT_LIST_LIMIT,
  WEB_SEARCH_WINDOW,
  windowNotice,
  type CatalogPlan,
} from '@firestore/catalog';

export interface CatalogPageRequest {
  filters: CatalogFilters;
  sort?: CatalogSort;
  page: number;
  pageSize: number;
}

/** The web's plan (its window is smaller than the function's: the web SDK reads candidates whole). Throws
 *  CatalogQueryRefused with the message to show. */
export const webPlan = (request: CatalogPageRequest): CatalogPlan =>
  planCatalogQuery(request.filters, request.sort, WEB_SEARCH_WINDOW);

/** One key per query and page size: the cursors of one query never serve another. */
export const planKey = (plan: CatalogPlan, pageSize: number) =>
  JSON.stringify([plan.filters, plan.orderBy, plan.window, pageSize]);

/**
 * The last document of each page seen, per query (cursors[i] ends page i + 1), so that the next page starts
 * after it. Kept for the most recent `maxQueries` queries only.
 */
export class CursorBook<Cursor> {
  private readonly books = new Map<string, Cursor[]>();

  constructor(private readonly maxQueries = 20) {}

  /** The cursors known for a query, in page order, up to the first gap. */
  known(key: string): Cursor[] {
    const list = this.books.get(key) ?? [];
    const firstGap = list.findIndex((c) => c === undefined);
    return firstGap === -1 ? list : list.slice(0, firstGap);
  }

  /** Remembers that `cursor` is the last document of page `page`. */
  record(key: string, page: number, cursor: Cursor) {
    const list = this.books.get(key) ?? [];
    list[page - 1] = cursor;
    this.books.delete(key); // re-inserted: the most recently used query is kept longest
    this.books.set(key, list);
    while (this.books.size > this.maxQueries) this.books.delete(this.books.keys().next().value as string);
  }

  forget(key: string) {
    this.books.delete(key);
  }
}

export type PageStep =
  /** Past the last page: nothing is read beyond the count. */
  | { kind: 'past'; pages: number; notices: string[] }
  /** Read `walk` documents after the cursor of page `from` (0: from the start) to find where the page begins. */
  | { kind: 'page'; pages: number; notices: string[]; from: number; walk: number };

/** How to reach `page` of an indexed (non-window) plan once count() has answered `count`. */
export function pageStep(count: number, page: number, pageSize: number, knownCursors: number): PageStep {
  const { pages, pastLastPage, notices } = pagesFromCount(count, page, pageSize, PUBLIC_PRODUCT_LIST_LIMIT);
  if (pastLastPage) return { kind: 'past', pages, notices };
  return { kind: 'page', pages, notices, ...cursorWalk(page, pageSize, knownCursors) };
}

/** The page of a window plan's exact matches (the count is the matches', the window is read in one query). */
export function windowPage<T>(
  matches: readonly T[],
  windowFull: boolean,
  plan: CatalogPlan,
  page: number,
  pageSize: number,
) {
  const { pages, pastLastPage, notices } = pagesFromCount(matches.length, page, pageSize, Number.POSITIVE_INFINITY);
  const all = [...plan.notices];
  if (windowFull && plan.window) {
    all.push(windowNotice(plan.window.keyword, plan.window.size));
  }
  return {
    items: pastLastPage ? [] : matches.slice((page - 1) * pageSize, page * pageSize),
    pages,
    notices: [...all, ...notices],
  };
}
