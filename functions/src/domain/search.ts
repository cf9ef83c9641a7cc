// Catalogue search (spec: the search box): folding, the words of a keyword and their correction.

/** The case-folded form in which names are stored (name_key / nameKey) and keywords matched: one rule for
 *  both sides of the match and both stores. */
export const searchKey = (text: string) => text.toLowerCase();

/** A search box's keyword as it is matched and cached: surrounding spaces dropped, case folded. The products
 *  route applies it once; stores fold what they get with searchKey (a no-op on a keywordKey), as the port
 *  promises case-insensitive matching to any caller. */
export const keywordKey = (keyword: string) => searchKey(keyword.trim());

/** The key an email is found and kept unique by: case and surrounding spaces never make a second account. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

// Catalogue search words (issue 29): a keyword is its words, in any order, each a case-insensitive literal piece of
// the product's name, brand, category or description (words of 1-2 characters: of the name only). The stores
// match them by index; these rules say what a word is and how a misspelt one is corrected, for both.

/** At most this many words of a keyword are matched (the keyword is at most 100 characters anyway). */
export const MAX_SEARCH_WORDS = 10;
/** Words shorter than this are never corrected (too many one-edit neighbours are real words). */
export const FUZZY_MIN_LENGTH = 5;
/** Words shorter than this match the name only (a 1-2 character piece is in nearly every description). */
export const FULL_TEXT_MIN_LENGTH = 3;

/** The distinct words of a keyword, folded, in the order typed. A NUL separates words (no index can hold one). */
export function searchWords(keyword: string): string[] {
  const words = searchKey(keyword).replaceAll('\u0000', ' ').split(/\s+/u).filter(Boolean);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/** Whether a word is tried with its one-edit neighbours when it matches nothing: letters and digits only, long enough. */
export const isCorrectable = (word: string) => [...word].length >= FUZZY_MIN_LENGTH && /^[\p{L}\p{N}]+$/u.test(word);

const NEIGHBOUR_ALPHABET = [...'abcdefghijklmnopqrstuvwxyz0123456789'];

/** Every string one edit (a deletion, a transposition of neighbours, a substitution or an insertion) away from
 *  `word`, over the ASCII letters and digits and the word's own characters: the candidates looked up in an
 *  index's vocabulary (a lookup per candidate is cheaper than measuring the distance to every term). */
export function oneEditNeighbours(word: string): string[] {
  const chars = [...word];
  const alphabet = [...new Set([...NEIGHBOUR_ALPHABET, ...chars])];
  const out = new Set<string>();
  for (let i = 0; i <= chars.length; i++) {
    const head = chars.slice(0, i).join('');
    const tail = chars.slice(i);
    if (tail.length) out.add(head + tail.slice(1).join(''));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2).join(''));
    for (const c of alphabet) {
      if (tail.length) out.add(head + c + tail.slice(1).join(''));
      out.add(head + c + tail.join(''));
    }
  }
  out.delete(word);
  return [...out];
}

/** The best correction among the neighbours an index knows (`counts`: products per term): the most common, ties
 *  alphabetical; none when the index knows none. */
export function bestCorrection(counts: ReadonlyMap<string, number>): string | undefined {
  let best: [string, number] | undefined;
  for (const [term, n] of counts) {
    if (n <= 0) continue;
    if (!best || n > best[1] || (n === best[1] && term < best[0])) best = [term, n];
  }
  return best?.[0];
}

/** The keyword with its corrected words replaced, in the order typed (the "Did you mean …?" text). */
export const correctedKeyword = (words: readonly string[], corrections: ReadonlyMap<string, string>) =>
  words.map((word) => corrections.get(word) ?? word).join(' ');

/** The header's suggestions: at most this many in all, products first (PRODUCT_SUGGESTIONS of them). */
export const MAX_SUGGESTIONS = 8;
export const PRODUCT_SUGGESTIONS = 5;
/** Shortest query the suggestions answer (the header asks from 2 characters on). */
export const MIN_SUGGEST_LENGTH = 2;

/** The categories and brands to suggest for a query's words: those with a word that begins with one of the query's
 *  words of 2+ characters ("lap" → Laptops), categories first, at most `room` in all, in the order given. */
export function suggestedFacetValues(
  words: readonly string[],
  categories: readonly string[],
  brands: readonly string[],
  room: number,
): { categories: string[]; brands: string[] } {
  const typed = words.filter((w) => [...w].length >= MIN_SUGGEST_LENGTH);
  const fits = (value: string) =>
    searchKey(value)
      .split(/[^\p{L}\p{N}]+/u)
      .some((part) => typed.some((w) => part.startsWith(w)));
  const cats = categories.filter(fits).slice(0, Math.max(0, room));
  const brs = brands.filter(fits).slice(0, Math.max(0, room - cats.length));
  return { categories: cats, brands: brs };
}
