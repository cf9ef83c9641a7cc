import { distance } from 'fastest-levenshtein';

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

/** Whether two addresses are the same account's (by emailKey); an absent one is no address. */
export const sameEmail = (a: string | undefined, b: string | undefined): boolean =>
  a !== undefined && b !== undefined && emailKey(a) === emailKey(b);

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

// Plurals and simple stems (issue 40): "cables" finds "USB-C cable", "mice" a mouse, "cancelling" and "cancellation"
// find each other. The stores match pieces of text (trigram indexes; Firestore's 3-character keys), so a word is
// matched by a PREFIX of itself that its other forms share ("cancel" is in "cancelling" and "cancellation"), never by
// a rewritten stem: a Porter/Snowball stemmer's "batteri" for "battery" is in neither text, which is why this is a
// small rule here rather than such a library. Only words of letters are stemmed (never SKUs or model numbers).

/** Irregular plurals a shop's shoppers type, each matched as its singular. */
const IRREGULAR: Readonly<Record<string, string>> = {
  mice: 'mouse',
  feet: 'foot',
  teeth: 'tooth',
  knives: 'knife',
  shelves: 'shelf',
  leaves: 'leaf',
  children: 'child',
  people: 'person',
};
/** A derivational suffix is dropped only when this much of the word stays ("speed" keeps its "ed"). */
const MIN_STEM = 4;
/** A plural's "s" is dropped down to this ("bags" → "bag"). */
const MIN_SINGULAR = 3;

/** The plural of a word of letters as its singular's prefix: "batteries" → "batter" (in "battery"), "boxes" → "box",
 *  "cables" → "cable"; "glass", "wireless", "status", "analysis" are no plurals. */
function singularPrefix(word: string): string {
  const n = word.length;
  if (word.endsWith('ies') && n - 3 >= MIN_STEM) return word.slice(0, -3);
  if (/(?:ss|sh|ch|x|z)es$/u.test(word) && n - 2 >= MIN_SINGULAR) return word.slice(0, -2);
  if (/[^su]s$/u.test(word) && !word.endsWith('is') && n - 1 >= MIN_SINGULAR) return word.slice(0, -1);
  return word;
}

/** The word's suffix "ation", "ing" or "ed" dropped, a doubled last letter undoubled ("cancelling" → "cancel"), when
 *  at least MIN_STEM letters stay. */
function withoutSuffix(word: string): string {
  for (const suffix of ['ation', 'ing', 'ed']) {
    if (!word.endsWith(suffix) || word.length - suffix.length < MIN_STEM) continue;
    const stem = word.slice(0, -suffix.length);
    const undoubled = /([b-df-hj-np-tv-z])\1$/u.test(stem) && stem.length - 1 >= MIN_STEM ? stem.slice(0, -1) : stem;
    return undoubled;
  }
  return word;
}

/** What a typed (folded) word is matched by: a prefix of it that its plural, singular and simple inflections share,
 *  or an irregular plural's singular; the word itself when it is not only letters or shorter than 4. */
export function searchStem(word: string): string {
  if ([...word].length < MIN_STEM || !/^\p{L}+$/u.test(word)) return word;
  const irregular = IRREGULAR[word];
  if (irregular) return irregular;
  return withoutSuffix(singularPrefix(word));
}

/** The pieces a keyword's words are matched by (each word's searchStem), distinct, in the order typed: what both
 *  stores look for in a product (a search answer holds exactly the products holding every piece). */
export const matchPieces = (words: readonly string[]) => [...new Set(words.map(searchStem))];

/** Whether a word is tried with its one-edit neighbours when it matches nothing: letters and digits only, long enough. */
export const isCorrectable = (word: string) => [...word].length >= FUZZY_MIN_LENGTH && /^[\p{L}\p{N}]+$/u.test(word);

/** Whether `a` and `b` are at most one edit apart, counted in code points: a deletion, an insertion or a
 *  substitution (Levenshtein: the fastest-levenshtein library, as the taxonomy's near misses), or a transposition of
 *  neighbours, which Levenshtein counts as two edits but a typist makes as one ("hedphnoes"). */
export function withinOneEdit(a: string, b: string): boolean {
  // The library counts UTF-16 units: each distinct code point becomes one unit first (an emoji is one edit).
  const units = new Map<string, string>();
  const unitsOf = (word: string) =>
    [...word].map((ch) => units.get(ch) ?? units.set(ch, String.fromCharCode(0xe000 + units.size)).get(ch)).join('');
  const [x, y] = [unitsOf(a), unitsOf(b)];
  const edits = distance(x, y);
  if (edits <= 1) return true;
  if (edits > 2 || x.length !== y.length) return false;
  // Two edits, the same length: a transposition when the two places that differ are neighbours, swapped.
  const differ: number[] = [];
  for (let k = 0; k < x.length && differ.length <= 2; k++) if (x[k] !== y[k]) differ.push(k);
  const [i = 0, j = 0] = differ;
  return differ.length === 2 && j === i + 1 && x[i] === y[j] && x[j] === y[i];
}

/** The letters (and digits, if the word has any) a correction may put in: a smaller set, fewer lookups. */
const alphabetFor = (chars: string[]) =>
  new Set([...'abcdefghijklmnopqrstuvwxyz', ...(chars.some((c) => /\p{N}/u.test(c)) ? '0123456789' : ''), ...chars]);

/**
 * Where a word's one-edit neighbours are looked for in an index's sorted vocabulary: every neighbour that keeps the
 * word's first two characters lies in the range of terms beginning with them (`prefix`: scanned, then checked with
 * withinOneEdit); the others, an edit among the first two characters, are listed (`listed`: looked up one by one).
 */
export function neighbourSearch(word: string): { prefix: string; listed: string[] } {
  const chars = [...word];
  const alphabet = alphabetFor(chars);
  const tail = (from: number) => chars.slice(from).join('');
  const [c0 = '', c1 = '', c2 = ''] = chars;
  const listed = new Set<string>([
    c1 + tail(2), // deletions
    c0 + tail(2),
    c1 + c0 + tail(2), // transpositions
    c0 + c2 + c1 + tail(3),
  ]);
  for (const c of alphabet) {
    listed.add(c + tail(1)); // substitutions
    listed.add(c0 + c + tail(2));
    listed.add(c + tail(0)); // insertions
    listed.add(c0 + c + tail(1));
  }
  listed.delete(word);
  return { prefix: c0 + c1, listed: [...listed].filter((term) => !term.startsWith(c0 + c1)) };
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
