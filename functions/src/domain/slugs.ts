// Issue 40: readable product addresses. A product's slug is made from its name when it is created and again when it
// is renamed; the old one stays an alias that leads to the current one (the stores keep each slug once, shop-wide,
// with the product it names). Pure: the stores say which candidates are taken, inside their save's transaction.
import slugify from 'slugify';

/** The longest slug, its `-n` suffix included. */
export const PRODUCT_SLUG_MAX = 80;

/** A name with nothing to keep (emoji, symbols, a script slugify cannot spell in ASCII) gets this word. */
export const PRODUCT_SLUG_FALLBACK = 'product';

/** How many candidates a store is asked about at once (base, base-2, …): one read a batch. */
export const SLUG_CANDIDATE_BATCH = 10;

/** A product name's slug: lower-case ASCII words joined by "-", accents folded ("Écouteurs Sans-fil" →
 *  "ecouteurs-sans-fil"), at most PRODUCT_SLUG_MAX characters, never empty. */
export function slugOf(name: string): string {
  const words = slugify(name, { lower: true, strict: true, trim: true }).replace(/-+/g, '-').replace(/^-|-$/g, '');
  return cut(words, PRODUCT_SLUG_MAX) || PRODUCT_SLUG_FALLBACK;
}

/** `slug` at most `max` characters, ending on a word (a cut never leaves a trailing "-"). */
function cut(slug: string, max: number): string {
  return slug.length <= max ? slug : slug.slice(0, max).replace(/-+$/, '');
}

/** The n-th candidate for `base` (1: base itself; n ≥ 2: `base-n`, the base cut so that the whole fits). */
export function slugCandidate(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = `-${n}`;
  return `${cut(base, PRODUCT_SLUG_MAX - suffix.length) || PRODUCT_SLUG_FALLBACK}${suffix}`;
}

/** The first candidate for `base` not in `taken` (the slugs other products hold). */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) if (!taken.has(slugCandidate(base, n))) return slugCandidate(base, n);
}

/**
 * The first free candidate for `base`, asking the store which of each batch are taken by OTHER products (a slug the
 * product itself holds, current or old, is free for it: renaming back takes the old address again).
 */
export async function claimSlug(
  base: string,
  takenAmong: (candidates: string[]) => Promise<ReadonlySet<string>>,
): Promise<string> {
  for (let from = 1; ; from += SLUG_CANDIDATE_BATCH) {
    const candidates = Array.from({ length: SLUG_CANDIDATE_BATCH }, (_, i) => slugCandidate(base, from + i));
    const taken = await takenAmong(candidates);
    const free = candidates.find((candidate) => !taken.has(candidate));
    if (free) return free;
  }
}

/** Whether a save gives the product a new slug: it has none yet, or its name changed. (The new one may turn out
 *  the same, e.g. a change of case: the store then keeps it.) */
export const needsNewSlug = (stored: { name: string; slug: string | null } | null, name: string) =>
  !stored?.slug || stored.name !== name;

/** The slug a product answers before a slug was stored for it (a Firestore document written before issue 40, until
 *  the backfill; a draft): its name's and its id, so it is unique and names the product. */
export const provisionalSlug = (name: string, id: string) =>
  `${cut(slugOf(name), Math.max(1, PRODUCT_SLUG_MAX - id.length - 1)) || PRODUCT_SLUG_FALLBACK}-${id}`;

/** The id a provisional slug ends with (its last "-" piece), for the stores to check; null for none. */
export function idOfProvisionalSlug(slug: string): string | null {
  const at = slug.lastIndexOf('-');
  return at > 0 && at < slug.length - 1 ? slug.slice(at + 1) : null;
}

/** What a product page's address may hold: an id, or a slug (current, old or provisional). */
export const PRODUCT_KEY_PATTERN = /^[A-Za-z0-9_-]{1,160}$/;
