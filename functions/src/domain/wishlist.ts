// Issue 41, the wishlist ("save for later"): the items a customer keeps, the one rule that merges a guest's list
// (kept in the browser) into the account's at sign-in, and the page's view of each item. Pure and zod-free: the web's
// lazy heart imports it (the PUT body's schema is schemas.ts wishlistSchema).
import { badInput } from './errors.js';
import { MAX_WISHLIST_ITEMS } from './limits.js';
import type { Product } from './types.js';
import { variantLabel } from './variants.js';

export { MAX_WISHLIST_ITEMS };

export interface WishlistItem {
  product: string;
  /** The variant wished for (issue 29); absent: the product as a whole (or one without variants). */
  variant?: string;
}

/** As stored: the items in the order they were added, and when the list was last written (ISO; null: never). */
export interface StoredWishlist {
  items: WishlistItem[];
  updatedAt: string | null;
}

/** What the page shows of an item, from the product as it is now. */
export interface WishlistSummary {
  /** The product's readable address now (issue 40: the page links it without a redirect). */
  slug: string;
  name: string;
  image: string;
  /** The product's (or the variant's) price, as the catalogue answers it. */
  price: number;
  compareAtPrice?: number;
  countInStock: number;
  /** "Black / 256 GB" for a variant. */
  variantLabel?: string;
}

/** One item of GET/PUT /api/wishlist's answer. `summary` null: the product was unpublished or deleted, or the variant
 *  is no longer offered. Such an item stays listed as unavailable (the customer removes it), never dropped silently. */
export interface WishlistEntry extends WishlistItem {
  available: boolean;
  summary: WishlistSummary | null;
}

export interface Wishlist {
  items: WishlistEntry[];
  updatedAt: string | null;
}

export const WISHLIST_FULL_MESSAGE = `Your wishlist is full: it holds at most ${MAX_WISHLIST_ITEMS} items. Remove one to add another.`;

/** What tells items apart: the product, and its variant when one is named. */
export const wishlistItemId = (item: WishlistItem): string =>
  item.variant ? `${item.product}/${item.variant}` : item.product;

/** Only `product` and `variant`, each item once (the first kept), in the order given. */
export function dedupeWishlist(items: readonly WishlistItem[]): WishlistItem[] {
  const seen = new Set<string>();
  const out: WishlistItem[] = [];
  for (const item of items) {
    const id = wishlistItemId(item);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(item.variant ? { product: item.product, variant: item.variant } : { product: item.product });
  }
  return out;
}

/** Throws the clear 400 when a list holds more than MAX_WISHLIST_ITEMS distinct items. */
export function assertWishlistFits(items: readonly WishlistItem[]): void {
  if (items.length > MAX_WISHLIST_ITEMS) throw badInput(WISHLIST_FULL_MESSAGE);
}

export const isWished = (items: readonly WishlistItem[], item: WishlistItem): boolean =>
  items.some((i) => wishlistItemId(i) === wishlistItemId(item));

/** The heart's click: removes the item when kept, else adds it at the end (refused past the limit). */
export function toggleWishlistItem(items: readonly WishlistItem[], item: WishlistItem): WishlistItem[] {
  const list = dedupeWishlist(items);
  const id = wishlistItemId(item);
  if (list.some((i) => wishlistItemId(i) === id)) return list.filter((i) => wishlistItemId(i) !== id);
  const next = dedupeWishlist([...list, item]);
  assertWishlistFits(next);
  return next;
}

/**
 * Sign-in: the account's list, then the guest's items it lacks, each in its own order (a union: wishing twice is
 * one wish). Past the limit the guest's last items are left out (`left`): the account's are never pushed out.
 */
export function mergeWishlists(
  account: readonly WishlistItem[],
  guest: readonly WishlistItem[],
): { items: WishlistItem[]; left: number } {
  const union = dedupeWishlist([...account, ...guest]);
  const items = union.slice(0, Math.max(MAX_WISHLIST_ITEMS, dedupeWishlist(account).length));
  return { items, left: union.length - items.length };
}

/** The answer: each item with its product as it is now (`products`: those the store still offers, any order). */
export function wishlistView(stored: StoredWishlist, products: readonly Product[]): Wishlist {
  const byId = new Map(products.filter((p) => !p.isDraft).map((p) => [p._id, p]));
  return {
    updatedAt: stored.updatedAt,
    items: stored.items.map((item) => {
      const summary = summaryOf(byId.get(item.product), item.variant);
      return { ...item, available: summary !== null, summary };
    }),
  };
}

function summaryOf(product: Product | undefined, variantId: string | undefined): WishlistSummary | null {
  if (!product) return null;
  const base = { slug: product.slug, name: product.name, image: product.image };
  if (!variantId) {
    return {
      ...base,
      price: product.price,
      ...(product.compareAtPrice !== undefined ? { compareAtPrice: product.compareAtPrice } : {}),
      countInStock: product.countInStock,
    };
  }
  const variant = product.variants?.find((v) => v._id === variantId);
  if (!variant) return null;
  return {
    ...base,
    image: variant.image || product.image,
    price: variant.price,
    ...(variant.compareAtPrice !== undefined ? { compareAtPrice: variant.compareAtPrice } : {}),
    countInStock: variant.countInStock,
    variantLabel: variantLabel(product.options ?? [], variant),
  };
}
