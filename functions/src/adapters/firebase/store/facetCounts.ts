// The whole catalogue's filter counts on Firestore: one count document, facets/catalogue, kept by the product
// writes in their own transactions (create, edit, a draft's publishing, removal; drafts never count), as the
// embedded store keeps its facet table by SQL triggers. GET /api/products/facets without filters (the home page's
// filter bar) reads this one document instead of grouping up to 2 × CANDIDATE_LIMIT products (search.ts); with
// filters the bounded candidate reads stay.
//
// facets/catalogue = { categories: [{ value, count }], brands: [{ value, count }], pairs: [{ category, brand,
// count }] } (arrays, not maps: a category may be any text, and map keys like `__x__` are reserved). Values whose
// count falls to 0 are dropped. Issue 37: the (category, brand) pairs answer the filter bar of a category, a brand
// or both from this one document too (each facet counted under the other's filter); past PAIRS_MAX_BYTES of pairs
// they are dropped (`pairsDropped`) and those views count with the bounded reads again. A document written before
// the pairs is rebuilt from the products, once, by the next product write (as a missing one). Past
// MAX_TALLIED_VALUES distinct values (a document holds at most 1 MiB) it becomes { overflow: true }: the counts
// then come from the bounded reads again, and writes leave it so (delete the document to rebuild it).
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { rankFacetCounts, type CatalogFacets, type FacetCount } from '../../../domain/index.js';
import { COLLECTIONS } from './mapping.js';

/** The count document's id in COLLECTIONS.facets. */
export const CATALOGUE_FACETS_DOC = 'catalogue';

/** Most distinct categories and brands together the count document keeps (100 characters each at most: well
 *  under Firestore's 1 MiB per document even in 4-byte characters). */
export const MAX_TALLIED_VALUES = 2000;

/** Most bytes the pairs may take (a document holds 1 MiB; the categories and brands take at most ~800 KB in
 *  4-byte characters, far less in practice): past it they are dropped, not the counts. */
export const PAIRS_MAX_BYTES = 200_000;

/** How many products carry a category with a brand. */
export interface PairCount {
  category: string;
  brand: string;
  count: number;
}

interface FacetsDoc {
  categories?: FacetCount[];
  brands?: FacetCount[];
  pairs?: PairCount[];
  pairsDropped?: boolean;
  overflow?: boolean;
}

const pairKey = (category: string, brand: string) => JSON.stringify([category, brand]);

/** What counts of a product: its category and brand. */
export interface Tallied {
  category: string;
  brand: string;
}

export const facetsRef = (db: Firestore) => db.collection(COLLECTIONS.facets).doc(CATALOGUE_FACETS_DOC);

const toMap = (counts: FacetCount[] | undefined) => new Map((counts ?? []).map((c) => [c.value, c.count]));
const toList = (counts: Map<string, number>) =>
  [...counts].filter(([, count]) => count > 0).map(([value, count]) => ({ value, count }));

/** The counts inside one product write's transaction. Read it with the transaction's other reads (before any
 *  write), change it with `add`/`remove`, then `write` it with the transaction's writes. */
export class FacetTally {
  private changed = false;

  private constructor(
    private readonly db: Firestore,
    private readonly categories: Map<string, number>,
    private readonly brands: Map<string, number>,
    /** Keyed by pairKey; null once dropped (PAIRS_MAX_BYTES). */
    private pairs: Map<string, PairCount> | null,
    private readonly overflow: boolean,
    private readonly missing: boolean,
  ) {}

  /** Reads facets/catalogue in `tx`. When it does not exist yet (a catalogue written before the counts were kept,
   *  or none at all), it is built from the products themselves in the same transaction: a one-time read of every
   *  product (projected to category and brand; 0 reads on a new shop). */
  static async read(tx: Transaction, db: Firestore): Promise<FacetTally> {
    const snap = await tx.get(facetsRef(db));
    const d = snap.data() as FacetsDoc | undefined;
    // A document from before the pairs (and not dropped, nor overflowed) is rebuilt as a missing one.
    if (d && (d.pairs !== undefined || d.pairsDropped === true || d.overflow === true)) {
      const pairs = d.pairs ? new Map(d.pairs.map((p) => [pairKey(p.category, p.brand), { ...p }])) : null;
      return new FacetTally(db, toMap(d.categories), toMap(d.brands), pairs, d.overflow === true, false);
    }
    const products = await tx.get(db.collection(COLLECTIONS.products).select('category', 'brand'));
    const tally = new FacetTally(db, new Map(), new Map(), new Map(), false, true);
    for (const p of products.docs) tally.add({ category: String(p.get('category')), brand: String(p.get('brand')) });
    return tally;
  }

  add(p: Tallied) {
    this.bump(p, 1);
  }

  /** The distinct values counted, or null when the document overflowed (it keeps none). */
  values(kind: 'category' | 'brand'): string[] | null {
    if (this.overflow) return null;
    return [...(kind === 'category' ? this.categories : this.brands).keys()];
  }

  /** How many products carry `value`, or null when the document overflowed. */
  count(kind: 'category' | 'brand', value: string): number | null {
    if (this.overflow) return null;
    return (kind === 'category' ? this.categories : this.brands).get(value) ?? 0;
  }

  remove(p: Tallied) {
    this.bump(p, -1);
  }

  private bump(p: Tallied, by: number) {
    for (const [counts, value] of [
      [this.categories, p.category],
      [this.brands, p.brand],
    ] as const) {
      const next = (counts.get(value) ?? 0) + by;
      if (next > 0) counts.set(value, next);
      else counts.delete(value);
    }
    if (this.pairs) {
      const key = pairKey(p.category, p.brand);
      const next = (this.pairs.get(key)?.count ?? 0) + by;
      if (next > 0) this.pairs.set(key, { category: p.category, brand: p.brand, count: next });
      else this.pairs.delete(key);
    }
    this.changed = true;
  }

  /** Writes the counts in `tx` when they changed (or were just built). */
  write(tx: Transaction) {
    if (this.overflow || (!this.changed && !this.missing)) return;
    const ref = facetsRef(this.db);
    if (this.categories.size + this.brands.size > MAX_TALLIED_VALUES) return tx.set(ref, { overflow: true });
    const pairs = this.pairs ? [...this.pairs.values()] : null;
    if (pairs && Buffer.byteLength(JSON.stringify(pairs)) > PAIRS_MAX_BYTES) this.pairs = null;
    tx.set(ref, {
      categories: toList(this.categories),
      brands: toList(this.brands),
      ...(this.pairs ? { pairs } : { pairsDropped: true }),
    });
  }
}

/** The filter bar's counts of a category, a brand or both from the pairs: each facet counted under the other's
 *  filter (as the embedded store's facets ignore their own). */
export function facetsFromPairs(pairs: readonly PairCount[], filters: { category?: string; brand?: string }) {
  const sum = (kind: 'category' | 'brand', keep: (p: PairCount) => boolean) => {
    const counts = new Map<string, number>();
    for (const p of pairs) if (keep(p)) counts.set(p[kind], (counts.get(p[kind]) ?? 0) + p.count);
    return rankFacetCounts(toList(counts));
  };
  return {
    categories: sum('category', (p) => filters.brand === undefined || p.brand === filters.brand),
    brands: sum('brand', (p) => filters.category === undefined || p.category === filters.category),
  };
}

/** The count document's pairs, or null when it has none (not built yet, dropped, overflowed). */
export async function cataloguePairs(db: Firestore): Promise<PairCount[] | null> {
  const snap = await facetsRef(db).get();
  const d = snap.data() as FacetsDoc | undefined;
  return d && d.overflow !== true && d.pairs ? d.pairs : null;
}

/** The whole catalogue's facets from the count document (1 read), or null when it cannot answer (not built yet,
 *  or overflowed): the caller then counts with its bounded reads. */
export async function catalogueFacets(db: Firestore): Promise<CatalogFacets | null> {
  const snap = await facetsRef(db).get();
  if (!snap.exists) return null;
  const d = snap.data() as FacetsDoc;
  if (d.overflow === true) return null;
  return { categories: rankFacetCounts(d.categories ?? []), brands: rankFacetCounts(d.brands ?? []) };
}
