// What a product document keeps for search on Firestore, and how a window of candidates is matched and ranked
// (issue 29: the embedded search's behaviour within bounded reads). Pure: the function's store writes and reads
// with it (adapters/firebase/store/*), the web's direct reads match with it (through firestore/catalog.ts).
//
// searchKeys (written by the server on every product write, never by a client):
//   - the distinct 1- and 2-character pieces of the name's words: a keyword of 1-2 characters is one of them exactly
//     when it is a piece of the name (the embedded store matches such words in the name only, too);
//   - the distinct 3-character pieces of the words of the name, brand, category and the description's first
//     DESCRIPTION_INDEX_WORDS words: a word of 3+ characters is a piece of that text only if all its 3-character
//     pieces are keys, so one of them (the rarest-looking) finds every product that can hold it, and a 3-character
//     word is matched exactly by the keys alone.
// The two kinds never meet: their lengths differ. Words are split on whitespace exactly as a keyword is
// (domain/search.ts searchWords), so no key spans two words and no keyword word can span two either.
import {
  FULL_TEXT_MIN_LENGTH,
  bestCorrection,
  correctedKeyword,
  isCorrectable,
  searchKey,
  withinOneEdit,
} from '../domain/search.js';

/** Words of a description that are indexed (and matched): a document holds at most 1 MiB and 40,000 index entries,
 *  and every key is an entry in each composite index of searchKeys. */
export const DESCRIPTION_INDEX_WORDS = 100;

/** The length of the pieces that stand for a word of 3+ characters. */
export const KEY_PIECE = FULL_TEXT_MIN_LENGTH;

/** What search reads of a product (a document, or a window read projected to these fields). */
export interface SearchFields {
  nameKey?: unknown;
  name?: unknown;
  brand?: unknown;
  category?: unknown;
  description?: unknown;
  /** Issue 40: the spec rows, options and variants (their SKUs), as the document holds them. */
  specs?: unknown;
  options?: unknown;
  variants?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const wordsOf = (value: string) => value.split(/\s+/u).filter(Boolean);

/** The folded name of a product (its stored nameKey, else its name). */
export const nameKeyOf = (p: SearchFields) => (typeof p.nameKey === 'string' ? p.nameKey : searchKey(text(p.name)));

const records = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null) : [];

/** Issue 40: the spec rows' names and values, the options' names and values and the variants' SKUs, space-separated
 *  (the embedded store's `extra` column, migration 32). Anything else (a delete sentinel) counts as none. */
export function extraTextOf(p: SearchFields): string {
  const pieces = [
    ...records(p.specs).flatMap((s) => [text(s.name), text(s.value)]),
    ...records(p.options).flatMap((o) => [text(o.name), ...(Array.isArray(o.values) ? o.values.map(text) : [])]),
    ...records(p.variants).map((v) => text(v.sku)),
  ];
  return searchKey(pieces.filter(Boolean).join(' '));
}

/** The text a word of 3+ characters is looked for in: folded name, brand, category, the description's first
 *  DESCRIPTION_INDEX_WORDS words and the extra text (specs, options, SKUs), one per line (a word never spans two
 *  fields). */
export function searchTextOf(p: SearchFields): string {
  const description = wordsOf(searchKey(text(p.description)))
    .slice(0, DESCRIPTION_INDEX_WORDS)
    .join(' ');
  return [nameKeyOf(p), searchKey(text(p.brand)), searchKey(text(p.category)), description, extraTextOf(p)].join('\n');
}

/** Distinct pieces of `size` code points of each word of `value`. */
function piecesOf(value: string, size: number, into: Set<string>) {
  for (const word of wordsOf(value)) {
    const chars = Array.from(word);
    for (let i = 0; i + size <= chars.length; i++) into.add(chars.slice(i, i + size).join(''));
  }
}

/** The searchKeys of a product (see the top). */
export function searchKeysOf(p: SearchFields): string[] {
  const keys = new Set<string>();
  const name = nameKeyOf(p);
  for (let size = 1; size < KEY_PIECE; size++) piecesOf(name, size, keys);
  piecesOf(searchTextOf(p), KEY_PIECE, keys);
  return [...keys];
}

/** Whether a product holds every word (the keyword's match pieces, domain matchPieces: stems): words of 3+
 *  characters anywhere in its search text, shorter ones in its name. */
export function holdsEveryWord(p: SearchFields, words: readonly string[]): boolean {
  if (!words.length) return true;
  const name = nameKeyOf(p);
  const all = words.some((w) => Array.from(w).length >= KEY_PIECE) ? searchTextOf(p) : name;
  return words.every((w) => (Array.from(w).length >= KEY_PIECE ? all : name).includes(w));
}

/** A simple relevance, the name counting most (the embedded store weighs the name highest in bm25): 0 when every
 *  word is in the name, 1 when some are, 2 when none is. */
export function nameTier(p: SearchFields, words: readonly string[]): number {
  const name = nameKeyOf(p);
  const inName = words.filter((w) => name.includes(w)).length;
  return inName === words.length ? 0 : inName > 0 ? 1 : 2;
}

/** The matches ranked by nameTier, keeping the given order (the sort read, newest by default) within a tier. */
export function rankByName<T extends SearchFields>(matches: readonly T[], words: readonly string[]): T[] {
  return matches
    .map((m, i) => ({ m, i, tier: nameTier(m, words) }))
    .sort((a, b) => a.tier - b.tier || a.i - b.i)
    .map(({ m }) => m);
}

// The vocabulary for "Did you mean" (facets/searchVocabulary): the catalogue's words that a misspelt word may be
// corrected to, with how many products hold each (the most common neighbour wins, as in the embedded store).

/** Longest word the vocabulary keeps (longer runs of letters are part numbers or noise, and are never typed). */
export const VOCABULARY_TERM_MAX = 30;
/** Most distinct words the vocabulary keeps (one document: Firestore allows 1 MiB and 20,000 fields). Past it, new
 *  words are left out until others leave. */
export const VOCABULARY_MAX = 5000;

/** The distinct words of a product that a misspelt word may be corrected to: runs of letters and digits of its search
 *  text, of FUZZY_MIN_LENGTH to VOCABULARY_TERM_MAX characters. */
export function vocabularyTermsOf(p: SearchFields): string[] {
  const terms = searchTextOf(p)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => isCorrectable(t) && Array.from(t).length <= VOCABULARY_TERM_MAX);
  return [...new Set(terms)];
}

/** The change of the vocabulary's counts when a product's terms go from `before` to `after` (either may be absent). */
export function vocabularyChange(before: SearchFields | null, after: SearchFields | null): Map<string, number> {
  const change = new Map<string, number>();
  for (const t of before ? vocabularyTermsOf(before) : []) change.set(t, (change.get(t) ?? 0) - 1);
  for (const t of after ? vocabularyTermsOf(after) : []) change.set(t, (change.get(t) ?? 0) + 1);
  for (const [t, n] of change) if (n === 0) change.delete(t);
  return change;
}

/**
 * The counts after `change`, bounded: a count falling to 0 leaves, a new word joins only while fewer than `max`
 * are kept. Answers the new counts of the changed words (0: remove it).
 */
export function applyVocabularyChange(
  counts: ReadonlyMap<string, number>,
  change: ReadonlyMap<string, number>,
  max = VOCABULARY_MAX,
): Map<string, number> {
  let size = counts.size;
  const next = new Map<string, number>();
  for (const [term, delta] of [...change].sort((a, b) => a[1] - b[1])) {
    // removals first: they make room
    const had = counts.get(term);
    if (had === undefined && (delta < 0 || size >= max)) continue;
    const n = Math.max(0, (had ?? 0) + delta);
    if (had === undefined) size++;
    if (n === 0) size--;
    next.set(term, n);
  }
  return next;
}

/**
 * "Did you mean": the keyword's words with each correctable word that no vocabulary word holds replaced by its most
 * common one-edit neighbour in the vocabulary (domain/search.ts rules); undefined when no word was corrected.
 */
export function correctFromVocabulary(
  words: readonly string[],
  vocabulary: ReadonlyMap<string, number>,
): string | undefined {
  const corrections = new Map<string, string>();
  const terms = [...vocabulary.keys()];
  for (const word of words.filter(isCorrectable)) {
    if (terms.some((t) => t.includes(word))) continue; // found as it is
    const near = new Map(
      [...vocabulary].filter(
        ([t]) => Math.abs(Array.from(t).length - Array.from(word).length) <= 1 && withinOneEdit(t, word),
      ),
    );
    const best = bestCorrection(near);
    if (best) corrections.set(word, best);
  }
  return corrections.size ? correctedKeyword(words, corrections) : undefined;
}
