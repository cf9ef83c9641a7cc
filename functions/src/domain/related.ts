// Issue 40: a product page's "Related" products, one pure rule for every backend and the web. A candidate is related
// when it shares the product's category or brand (names compared as the managed lists compare them: case and
// spacing aside); sharing both ranks first, then the category alone, then the brand alone. Within a rank: in stock
// first, then the better rated (by rating, then by how many reviews), then the name, so the order is stable.
import { taxonomyKey } from './taxonomy.js';

export interface RelatedCandidate {
  _id: string;
  name: string;
  category: string;
  brand: string;
  countInStock: number;
  rating: number;
  numReviews: number;
}

/** How many "Related" products a product page shows. */
export const RELATED_LIMIT = 4;

/** 3: same category and brand; 2: the category; 1: the brand; 0: unrelated. */
export function relatedness(product: Pick<RelatedCandidate, 'category' | 'brand'>, other: RelatedCandidate): number {
  const category =
    taxonomyKey(product.category) !== '' && taxonomyKey(product.category) === taxonomyKey(other.category);
  const brand = taxonomyKey(product.brand) !== '' && taxonomyKey(product.brand) === taxonomyKey(other.brand);
  return (category ? 2 : 0) + (brand ? 1 : 0);
}

/** The products related to `product` among `candidates`, best first, at most `limit`: never the product itself,
 *  never one listed twice, never one sharing neither its category nor its brand. */
export function relatedProducts<P extends RelatedCandidate>(
  product: Pick<RelatedCandidate, '_id' | 'category' | 'brand'>,
  candidates: readonly P[],
  limit = RELATED_LIMIT,
): P[] {
  const seen = new Set<string>([product._id]);
  const scored: { p: P; score: number }[] = [];
  for (const p of candidates) {
    if (seen.has(p._id)) continue;
    seen.add(p._id);
    const score = relatedness(product, p);
    if (score > 0) scored.push({ p, score });
  }
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      Number(b.p.countInStock > 0) - Number(a.p.countInStock > 0) ||
      b.p.rating - a.p.rating ||
      b.p.numReviews - a.p.numReviews ||
      (a.p.name < b.p.name ? -1 : a.p.name > b.p.name ? 1 : 0) ||
      (a.p._id < b.p._id ? -1 : a.p._id > b.p._id ? 1 : 0),
  );
  return scored.slice(0, Math.max(0, limit)).map((s) => s.p);
}
