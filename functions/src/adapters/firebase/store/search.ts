import type { DocumentSnapshot, Firestore, Query } from 'firebase-admin/firestore';
import { badInput, type CatalogFilters, type CatalogSort, type ProductPage } from '../../../domain/index.js';
import {
  CatalogQueryRefused,
  cursorWalk,
  matchWindow,
  pageCount,
  planCatalogQuery,
  SERVER_SEARCH_WINDOW,
  type CatalogPlan,
} from '../../../domain/firestoreCatalog.js';
import type { ProductQuery } from '../../../ports.js';
import { COLLECTIONS, productOf } from './mapping.js';

// Catalogue listing and search on Firestore, for API clients: the plan of domain/firestoreCatalog.ts (the one
// the web's direct reads use), run with the Admin SDK. Every read is bounded:
// - count() first (1 read per 1000 matches); a page past the last reads nothing more.
// - page N starts after the last document of page N - 1, found by a projected query limited to the documents
//   before it (never `offset`, and never more than count() says exist).
// - a keyword longer than the index's pieces reads a window of SERVER_SEARCH_WINDOW candidates, projected to
//   their name and sort fields, then only the page's products whole.

export { gramsOf, queryGram } from '../../../domain/firestoreCatalog.js';

/** The port's query plus the catalogue filters and sort, when the caller has them (domain/catalogQuery.ts). */
export type FirestoreCatalogQuery = ProductQuery & Partial<Omit<CatalogFilters, 'keyword'>> & { sort?: CatalogSort };

function planFor(query: FirestoreCatalogQuery): CatalogPlan {
  try {
    return planCatalogQuery(
      {
        keyword: query.keyword,
        category: query.category,
        brand: query.brand,
        minPrice: query.minPrice,
        maxPrice: query.maxPrice,
      },
      query.sort,
      SERVER_SEARCH_WINDOW,
    );
  } catch (error) {
    if (error instanceof CatalogQueryRefused) throw badInput(error.message);
    throw error;
  }
}

/** The plan as an Admin SDK query (filters and order, no limit). */
export function queryOf(db: Firestore, plan: CatalogPlan): Query {
  let q: Query = db.collection(COLLECTIONS.products);
  for (const f of plan.filters) q = q.where(f.field, f.op, f.value);
  for (const o of plan.orderBy) q = q.orderBy(o.field, o.direction);
  return q;
}

const orderFields = (plan: CatalogPlan) => plan.orderBy.map((o) => o.field);

/** One catalogue page: all products, or those matching the keyword and filters, in the plan's order. */
export async function listProducts(db: Firestore, query: FirestoreCatalogQuery): Promise<ProductPage> {
  const { page, pageSize } = query;
  const plan = planFor(query);
  const base = queryOf(db, plan);
  const col = db.collection(COLLECTIONS.products);

  if (plan.window) {
    // One bounded, projected read of the window; the count and the page are cut from its exact matches.
    const window = await base
      .select('nameKey', ...orderFields(plan))
      .limit(plan.window.size)
      .get();
    const hits = matchWindow(
      plan,
      window.docs.map((d) => ({ id: d.id, nameKey: d.get('nameKey') as unknown })),
    );
    const slice = hits.slice((page - 1) * pageSize, page * pageSize);
    const docs = slice.length ? await db.getAll(...slice.map((h) => col.doc(h.id))) : [];
    return { products: docs.filter((d) => d.exists).map(productOf), page, pages: pageCount(hits.length, pageSize) };
  }

  const count = (await base.count().get()).data().count;
  const pages = pageCount(count, pageSize);
  if (page > pages) return { products: [], page, pages }; // past the last page: nothing more is read

  let start: DocumentSnapshot | undefined;
  const { walk } = cursorWalk(page, pageSize, 0);
  if (walk > 0) {
    // The documents before the page, projected to their sort fields: just enough to start after the last one.
    const before = await base
      .select(...orderFields(plan))
      .limit(walk)
      .get();
    start = before.docs.at(-1);
  }
  const snap = await (start ? base.startAfter(start) : base).limit(pageSize).get();
  return { products: snap.docs.map(productOf), page, pages };
}
