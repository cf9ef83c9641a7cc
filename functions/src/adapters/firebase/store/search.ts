import type { Firestore } from 'firebase-admin/firestore';
import { searchKey, type ProductPage } from '../../../domain/index.js';
import type { ProductQuery } from '../../../ports.js';
import { COLLECTIONS, newestFirst, productOf } from './mapping.js';

// Catalogue listing and search on Firestore.
//
// Case-insensitive literal substring search on Firestore, which has no substring operator.
//
// Every product keeps, written by the server only:
//   nameKey   = searchKey(name) (domain/search.ts)        (the text the keyword must occur in)
//   nameGrams = every distinct 1-, 2- and 3-character piece of nameKey (at most 3 x length entries)
// A keyword can only occur in names that contain each of its pieces, so the query
//   where('nameGrams', 'array-contains', <one piece of the keyword>).select('nameKey', 'createdAt')
// returns a superset of the matches, cheaply (projection: no descriptions or images are read); the exact test
// `nameKey.includes(keyword)` then runs in memory. The count and the page are cut from that exact list, so
// `pages` is exact and a keyword like '(' or '.*' is just text. Only the page's products are then read whole.
// Cost: one projected read per candidate (names containing the rarest-looking 3-character piece), not per product.

const GRAM_MAX = 3;

/** Distinct 1..3 code-point pieces of a lower-cased name (what the index holds). */
export function gramsOf(nameKey: string): string[] {
  const chars = Array.from(nameKey);
  const grams = new Set<string>();
  for (let size = 1; size <= GRAM_MAX; size++) {
    for (let i = 0; i + size <= chars.length; i++) grams.add(chars.slice(i, i + size).join(''));
  }
  return [...grams];
}

// English letters from most to least frequent: a piece made of rarer characters matches fewer names.
const COMMON = ' etaoinsrhldcumfpgwybvkxjqz';

function commonness(gram: string): number {
  let score = 0;
  for (const ch of gram) {
    const rank = COMMON.indexOf(ch);
    score += rank === -1 ? 0 : COMMON.length - rank; // digits, symbols and other scripts count as rare
  }
  return score;
}

/** The piece of a (lower-cased, non-empty) keyword to query the index with: the whole keyword when it is
 *  short, otherwise its 3-character piece made of the rarest-looking characters. */
export function queryGram(keywordKey: string): string {
  const chars = Array.from(keywordKey);
  if (chars.length <= GRAM_MAX) return keywordKey;
  let best = chars.slice(0, GRAM_MAX).join('');
  for (let i = 1; i + GRAM_MAX <= chars.length; i++) {
    const gram = chars.slice(i, i + GRAM_MAX).join('');
    if (commonness(gram) < commonness(best)) best = gram;
  }
  return best;
}

/** One catalogue page, newest first: all products, or those whose name contains the keyword (any case). */
export async function listProducts(db: Firestore, { keyword, page, pageSize }: ProductQuery): Promise<ProductPage> {
  const col = db.collection(COLLECTIONS.products);
  const skip = (page - 1) * pageSize;
  if (!keyword) {
    // Newest first; single-field ordering breaks ties by document id in the same direction (id DESC).
    const [count, snap] = await Promise.all([
      col.count().get(),
      col.orderBy('createdAt', 'desc').offset(skip).limit(pageSize).get(),
    ]);
    return { products: snap.docs.map(productOf), page, pages: Math.ceil(count.data().count / pageSize) };
  }
  const key = searchKey(keyword);
  const candidates = await col
    .where('nameGrams', 'array-contains', queryGram(key))
    .select('nameKey', 'createdAt')
    .get();
  const hits = candidates.docs
    .filter((d) => String(d.get('nameKey') ?? '').includes(key))
    .map((d) => ({ id: d.id, createdAt: String(d.get('createdAt')) }))
    .sort(newestFirst);
  const slice = hits.slice(skip, skip + pageSize);
  const docs = slice.length ? await db.getAll(...slice.map((h) => col.doc(h.id))) : [];
  return { products: docs.filter((d) => d.exists).map(productOf), page, pages: Math.ceil(hits.length / pageSize) };
}
