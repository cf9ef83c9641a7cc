// The whole catalogue's filter counts on Firestore: one count document, facets/catalogue, kept by the product
// writes in their own transactions (create, edit, a draft's publishing, removal; drafts never count), as the
// embedded store keeps its facet table by SQL triggers. GET /api/products/facets without filters (the home page's
// filter bar) reads this one document instead of grouping up to 2 × CANDIDATE_LIMIT products (search.ts); with
// filters the bounded candidate reads stay.
//
// facets/catalogue = { categories: [{ value, count }], brands: [{ value, count }] } (arrays, not maps: a category
// may be any text, and map keys like `__x__` are reserved). Values whose count falls to 0 are dropped. Past
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

interface FacetsDoc {
  categories?: FacetCount[];
  brands?: FacetCount[];
  overflow?: boolean;
}

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
    private readonly overflow: boolean,
    private readonly missing: boolean,
  ) {}

  /** Reads facets/catalogue in `tx`. When it does not exist yet (a catalogue written before the counts were kept,
   *  or none at all), it is built from the products themselves in the same transaction: a one-time read of every
   *  product (projected to category and brand; 0 reads on a new shop). */
  static async read(tx: Transaction, db: Firestore): Promise<FacetTally> {
    const snap = await tx.get(facetsRef(db));
    if (snap.exists) {
      const d = snap.data() as FacetsDoc;
      return new FacetTally(db, toMap(d.categories), toMap(d.brands), d.overflow === true, false);
    }
    const products = await tx.get(db.collection(COLLECTIONS.products).select('category', 'brand'));
    const tally = new FacetTally(db, new Map(), new Map(), false, true);
    for (const p of products.docs) tally.add({ category: String(p.get('category')), brand: String(p.get('brand')) });
    return tally;
  }

  add(p: Tallied) {
    this.bump(p, 1);
  }

  /** `n` products' category (or brand) went from `from` to `to` (a rename or merge, domain/taxonomy.ts). */
  relabel(kind: 'category' | 'brand', from: string, to: string, n: number) {
    if (n === 0) return;
    const counts = kind === 'category' ? this.categories : this.brands;
    const left = (counts.get(from) ?? 0) - n;
    if (left > 0) counts.set(from, left);
    else counts.delete(from);
    counts.set(to, (counts.get(to) ?? 0) + n);
    this.changed = true;
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
    this.changed = true;
  }

  /** Writes the counts in `tx` when they changed (or were just built). */
  write(tx: Transaction) {
    if (this.overflow || (!this.changed && !this.missing)) return;
    const ref = facetsRef(this.db);
    if (this.categories.size + this.brands.size > MAX_TALLIED_VALUES) tx.set(ref, { overflow: true });
    else tx.set(ref, { categories: toList(this.categories), brands: toList(this.brands) });
  }
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
