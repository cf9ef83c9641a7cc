// Managed categories and brands (issue 29): lists the admin keeps (create, rename, merge, delete), each entry with
// a slug for URLs. A product still carries its category and brand as names (the spec's clients read and write
// them); these decisions say which names exist, which slugs they have, what a rename or merge rewrites on the
// products, and which old slug now leads where. Both stores load the list inside their transaction, call these,
// and write what they answer.
import { distance } from 'fastest-levenshtein';
import slugify from 'slugify';
import type { Coupon } from './discounts.js';
import { badInput, conflict, notFound } from './errors.js';
import { taxonomyKey } from './nameKey.js';

export const TAXONOMY_KINDS = ['category', 'brand'] as const;
export type TaxonomyKind = (typeof TAXONOMY_KINDS)[number];

/** A managed category or brand, as a write (create, rename, merge) answers it on every store: no count, which is
 *  the list's (the admin's page reads the list again after each write). */
export interface TaxonomyEntry {
  _id: string;
  name: string;
  slug: string;
}

/** An entry of the list: with how many (published) products carry its name. */
export interface TaxonomyListEntry extends TaxonomyEntry {
  productCount: number;
}

/** The entry alone (a decision hands back the listed entry it found: the stores answer it without its count). */
export const bareEntry = ({ _id, name, slug }: TaxonomyEntry): TaxonomyEntry => ({ _id, name, slug });

/** An old slug (of a renamed or merged entry) and the slug it now leads to. */
export interface SlugRedirect {
  from: string;
  to: string;
}

/** The public list: the entries, and the old slugs still redirecting. */
export interface TaxonomyList {
  entries: TaxonomyListEntry[];
  redirects: SlugRedirect[];
}

/** Most entries a list keeps (a Firestore list is one document: well under 1 MiB at 100 characters a name). */
export const MAX_TAXONOMY_ENTRIES = 2000;

export const TAXONOMY_TEXT = {
  category: { one: 'category', One: 'Category', many: 'categories' },
  brand: { one: 'brand', One: 'Brand', many: 'brands' },
} as const satisfies Record<TaxonomyKind, { one: string; One: string; many: string }>;

export const TAXONOMY_MESSAGES = {
  notFound: (kind: TaxonomyKind) => `${TAXONOMY_TEXT[kind].One} not found`,
  exists: (kind: TaxonomyKind, name: string) => `A ${TAXONOMY_TEXT[kind].one} named "${name}" already exists`,
  full: (kind: TaxonomyKind) => `At most ${MAX_TAXONOMY_ENTRIES} ${TAXONOMY_TEXT[kind].many}`,
  intoItself: (kind: TaxonomyKind) => `Pick another ${TAXONOMY_TEXT[kind].one} to merge into`,
  inUse: (kind: TaxonomyKind, name: string, count: number) =>
    `"${name}" is used by ${count} product${count === 1 ? '' : 's'}: merge it into another ${TAXONOMY_TEXT[kind].one} first`,
  unknown: (kind: TaxonomyKind, value: string, names: readonly string[]) => {
    const shown = names.slice(0, 20).join(', ');
    const more = names.length > 20 ? `, … (${names.length - 20} more)` : '';
    return names.length
      ? `Unknown ${TAXONOMY_TEXT[kind].one} "${value}": pick one of ${shown}${more}, or create it first`
      : `Unknown ${TAXONOMY_TEXT[kind].one} "${value}": create it first`;
  },
  didYouMean: (kind: TaxonomyKind, value: string, near: string) =>
    `Unknown ${TAXONOMY_TEXT[kind].one} "${value}": did you mean "${near}"? If it is a new ${TAXONOMY_TEXT[kind].one}, create it first`,
};

/** The lists' order: by name, case and accents aside, then as written (both stores answer it so). */
export const byEntryName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export { taxonomyKey };

/** A name's slug: lower case ASCII words joined by "-" ("Cameras & Drones" -> "cameras-and-drones"); a name with
 *  nothing to keep (only symbols) gets the kind's word. */
export function slugOf(kind: TaxonomyKind, name: string): string {
  const slug = slugify(name, { lower: true, strict: true, trim: true }).slice(0, 80).replace(/-+$/, '');
  return slug || kind;
}

/** `base`, or `base-2`, `base-3`, ... : the first not taken. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The list a catalogue's existing values make (the embedded migration, the first Firestore read): one entry per
 *  distinct value, as written: case or spelling variants ("accesories") stay apart for the admin to merge. */
export function entriesFromValues(kind: TaxonomyKind, values: Iterable<string>, newId: () => string): TaxonomyEntry[] {
  const names = [...new Set([...values].filter((v) => v.trim() !== ''))].sort((a, b) => a.localeCompare(b, 'en'));
  const taken = new Set<string>();
  return names.map((name) => {
    const slug = uniqueSlug(slugOf(kind, name), taken);
    taken.add(slug);
    return { _id: newId(), name, slug };
  });
}

/** A slug that moved: every redirect to `from` now leads to `to`, `from` itself redirects to `to`, and no redirect
 *  is kept from `to` (it is an entry's slug again). Stores apply it as is. */
export interface SlugMove {
  from: string;
  to: string;
}

/** What a rename or merge rewrites on the products: every product whose category (or brand) is `from` gets `to`. */
export interface ProductRelabel {
  from: string;
  to: string;
}

const find = (kind: TaxonomyKind, entries: readonly TaxonomyEntry[], id: string) => {
  const entry = entries.find((e) => e._id === id);
  if (!entry) throw notFound(TAXONOMY_MESSAGES.notFound(kind));
  return entry;
};

function assertNameFree(kind: TaxonomyKind, entries: readonly TaxonomyEntry[], name: string, except?: string) {
  const key = taxonomyKey(name);
  const same = entries.find((e) => e._id !== except && taxonomyKey(e.name) === key);
  if (same) throw conflict(TAXONOMY_MESSAGES.exists(kind, same.name));
}

const slugsOf = (entries: readonly TaxonomyEntry[], except?: string) =>
  new Set(entries.filter((e) => e._id !== except).map((e) => e.slug));

/** A new entry (409 for a name taken case-insensitively). A new entry may take an old slug: it then leads to it.
 *  `asWritten`: the name exactly as a product carries it, a case variant allowed (a spec client's or the seed's
 *  product: the entry must name it as it is; the admin merges variants). */
export function decideCreate(
  kind: TaxonomyKind,
  entries: readonly TaxonomyEntry[],
  name: string,
  id: string,
  asWritten = false,
): { entry: TaxonomyEntry; reclaimed: string } {
  if (entries.length >= MAX_TAXONOMY_ENTRIES) throw badInput(TAXONOMY_MESSAGES.full(kind));
  const clean = asWritten ? name : name.trim().replace(/\s+/g, ' ');
  if (!asWritten) assertNameFree(kind, entries, clean);
  const slug = uniqueSlug(slugOf(kind, clean), slugsOf(entries));
  return { entry: { _id: id, name: clean, slug }, reclaimed: slug };
}

/** A rename: the entry's new name and slug, the products to relabel, and the old slug's redirect (none when the
 *  slug stays, e.g. a change of case). Renaming to the same name changes nothing. */
export function decideRename(
  kind: TaxonomyKind,
  entries: readonly TaxonomyEntry[],
  id: string,
  name: string,
): { entry: TaxonomyEntry; relabel: ProductRelabel | null; move: SlugMove | null } {
  const current = find(kind, entries, id);
  const clean = name.trim().replace(/\s+/g, ' ');
  if (clean === current.name) return { entry: current, relabel: null, move: null };
  assertNameFree(kind, entries, clean, id);
  const base = slugOf(kind, clean);
  const slug = base === current.slug ? base : uniqueSlug(base, slugsOf(entries, id));
  return {
    entry: { _id: id, name: clean, slug },
    relabel: { from: current.name, to: clean },
    move: slug === current.slug ? null : { from: current.slug, to: slug },
  };
}

/** A merge of `id` into `into`: the source goes, its products take the target's name, its slug leads to the
 *  target's. */
export function decideMerge(
  kind: TaxonomyKind,
  entries: readonly TaxonomyEntry[],
  id: string,
  into: string,
): { removed: TaxonomyEntry; target: TaxonomyEntry; relabel: ProductRelabel; move: SlugMove } {
  if (id === into) throw badInput(TAXONOMY_MESSAGES.intoItself(kind));
  const removed = find(kind, entries, id);
  const target = find(kind, entries, into);
  return {
    removed,
    target,
    relabel: { from: removed.name, to: target.name },
    move: { from: removed.slug, to: target.slug },
  };
}

/** A discount code's scope after a category's rename or merge (its categories name it as products do), or null
 *  when the code does not name `relabel.from`. Names compare as the lists compare them (issue 40: an older code's
 *  free-text "audio" follows "Audio" too), and a name the target already holds is kept once. */
export function relabelCouponScope<C extends Pick<Coupon, 'scope'>>(coupon: C, relabel: ProductRelabel): C | null {
  const categories = coupon.scope?.categories;
  const from = taxonomyKey(relabel.from);
  if (!categories?.some((c) => taxonomyKey(c) === from)) return null;
  const renamed = categories.map((c) => (taxonomyKey(c) === from ? relabel.to : c));
  const seen = new Set<string>();
  const once = renamed.filter((c) => !seen.has(taxonomyKey(c)) && seen.add(taxonomyKey(c)));
  return { ...coupon, scope: { ...coupon.scope, categories: once } };
}

/** A discount code's category scope as saved (issue 40): each name the managed list's entry it names (case and
 *  spacing aside: "audio" is saved as "Audio"), once; a name the list does not hold is a 400 naming the list, so a
 *  code never waits on a category that does not exist. */
export function resolveCouponCategories(entries: readonly TaxonomyEntry[], categories: readonly string[]): string[] {
  const resolved = new Map<string, string>();
  for (const value of categories) {
    const key = taxonomyKey(value);
    const entry = entries.find((e) => e.name === value) ?? entries.find((e) => taxonomyKey(e.name) === key);
    if (!entry)
      throw badInput(
        TAXONOMY_MESSAGES.unknown(
          'category',
          value,
          entries.map((e) => e.name),
        ),
        { 'scope.categories': 'Pick categories from the list' },
      );
    if (!resolved.has(taxonomyKey(entry.name))) resolved.set(taxonomyKey(entry.name), entry.name);
  }
  return [...resolved.values()];
}

/** A delete: refused while products carry the name (400: merge it first). */
export function decideRemove(
  kind: TaxonomyKind,
  entries: readonly TaxonomyEntry[],
  id: string,
  productCount: number,
): TaxonomyEntry {
  const entry = find(kind, entries, id);
  if (productCount > 0) throw badInput(TAXONOMY_MESSAGES.inUse(kind, entry.name, productCount));
  return entry;
}

/** The redirects after a slug moved (see SlugMove): for the stores' tests and the Firestore list document. */
export function applySlugMove(redirects: readonly SlugRedirect[], move: SlugMove | null): SlugRedirect[] {
  if (!move) return [...redirects];
  const kept = redirects
    .filter((r) => r.from !== move.to && r.from !== move.from)
    .map((r) => (r.to === move.from ? { ...r, to: move.to } : r));
  return [...kept, { from: move.from, to: move.to }];
}

/** The redirects once `slug` is an entry's slug again (a create took it): none from it. */
export const reclaimSlug = (redirects: readonly SlugRedirect[], slug: string) =>
  redirects.filter((r) => r.from !== slug);

/** Whether `value` is close enough to `name` to be its misspelling: one edit in a short name, two in a long one
 *  (case and spacing aside); never for names under four letters. */
function near(value: string, name: string): boolean {
  const a = taxonomyKey(value);
  const b = taxonomyKey(name);
  const shorter = Math.min(a.length, b.length);
  if (shorter < 4) return false;
  return distance(a, b) <= (shorter >= 8 ? 2 : 1);
}

/** The managed name `value` is a near miss of (a likely typo: "Accesories" for "Accessories"), not counting its case
 *  or spacing variants; undefined when none. The admin's form warns with it before creating a new name (issue 40). */
export function nearManagedName(entries: readonly { name: string }[], value: string): string | undefined {
  const key = taxonomyKey(value);
  if (!key || entries.some((e) => taxonomyKey(e.name) === key)) return undefined;
  return entries.find((e) => near(value, e.name))?.name;
}

/** Whether `value` names no managed entry (its case or spacing variants name one); '' is not new. */
export function isNewManagedName(entries: readonly { name: string }[], value: string): boolean {
  const key = taxonomyKey(value);
  return key !== '' && !entries.some((e) => taxonomyKey(e.name) === key);
}

/** Who saves a product: the admin's form (`strict`: its save carries editedFrom), a spec client (`spec`: ProShop
 *  v1/v2 type free text), or the seed and tests' products (`create`). */
export type ManagedNameMode = 'strict' | 'spec' | 'create';

/**
 * The category (or brand) a product save may carry. A managed name is kept. Otherwise:
 * - `strict` (the admin's form): a case or spacing variant of a managed name is read as it; anything else is
 *   refused, naming the list, or "create it first";
 * - `spec` (ProShop v1/v2 type free text): the value is kept as written, and its entry is created (a case variant
 *   too, as the spec's catalogue tells "phones" from "Phones": the admin merges them), unless it is near a managed
 *   name without being one of its variants (a typo like "accesories"): refused with "did you mean", so a typo
 *   never makes a second filter entry;
 * - `create` (the seed, tests): kept as written, its entry created.
 */
export function resolveManagedName(
  kind: TaxonomyKind,
  entries: readonly TaxonomyEntry[],
  value: string,
  mode: ManagedNameMode,
): { name: string; create: boolean } {
  if (entries.some((e) => e.name === value)) return { name: value, create: false };
  const key = taxonomyKey(value);
  const variant = entries.find((e) => taxonomyKey(e.name) === key);
  if (mode === 'strict') {
    if (variant) return { name: variant.name, create: false };
    throw badInput(
      TAXONOMY_MESSAGES.unknown(
        kind,
        value,
        entries.map((e) => e.name),
      ),
      { [kind]: `Unknown ${TAXONOMY_TEXT[kind].one}: pick one from the list or create it first` },
    );
  }
  const close = mode === 'spec' && !variant ? entries.find((e) => near(value, e.name)) : undefined;
  if (close)
    throw badInput(TAXONOMY_MESSAGES.didYouMean(kind, value, close.name), {
      [kind]: `Did you mean "${close.name}"?`,
    });
  return { name: value, create: true };
}

/** An entry's slug from a URL segment: its slug, an old slug redirecting (`redirect`: where to), or a name (URLs
 *  made before slugs: /category/Accessories). Null when nothing matches. */
export function resolveSlug<E extends TaxonomyEntry>(
  list: { entries: readonly E[]; redirects: readonly SlugRedirect[] },
  segment: string,
): { entry: E; redirect: boolean } | null {
  const bySlug = (slug: string) => list.entries.find((e) => e.slug === slug);
  const direct = bySlug(segment);
  if (direct) return { entry: direct, redirect: false };
  const moved = list.redirects.find((r) => r.from === segment);
  const target = moved && bySlug(moved.to);
  if (target) return { entry: target, redirect: true };
  const key = taxonomyKey(segment);
  const named = list.entries.find((e) => taxonomyKey(e.name) === key);
  return named ? { entry: named, redirect: true } : null;
}
