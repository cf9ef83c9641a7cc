import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import { wishlistSchema } from './schemas.js';
import type { Product } from './types.js';
import {
  dedupeWishlist,
  isWished,
  MAX_WISHLIST_ITEMS,
  mergeWishlists,
  toggleWishlistItem,
  WISHLIST_FULL_MESSAGE,
  wishlistView,
  type WishlistItem,
} from './wishlist.js';

const items = (n: number, prefix = 'p'): WishlistItem[] =>
  Array.from({ length: n }, (_, i) => ({ product: `${prefix}${i}` }));

const product = (over: Partial<Product> = {}): Product => ({
  _id: 'p1',
  name: 'Phone',
  slug: 'phone',
  image: '/img/phone.png',
  brand: 'Volt',
  category: 'Phones',
  description: '',
  price: 499,
  countInStock: 3,
  specs: [],
  images: [],
  accessories: [],
  rating: 0,
  numReviews: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  options: [{ name: 'Colour', values: ['Black', 'White'] }],
  variants: [
    { _id: 'v1', sku: 'PH-B', options: { Colour: 'Black' }, price: 499, countInStock: 3 },
    {
      _id: 'v2',
      sku: 'PH-W',
      options: { Colour: 'White' },
      price: 529,
      compareAtPrice: 599,
      countInStock: 0,
      image: '/img/w.png',
    },
  ],
  ...over,
});

describe('wishlist rules', () => {
  it('tells a product from its variants, and keeps each item once in the order first given', () => {
    expect(
      dedupeWishlist([
        { product: 'a' },
        { product: 'a', variant: 'v' },
        { product: 'a' },
        { product: 'b' },
        { product: 'a', variant: 'v' },
      ]),
    ).toEqual([{ product: 'a' }, { product: 'a', variant: 'v' }, { product: 'b' }]);
    // Extra fields never reach the stored list.
    expect(dedupeWishlist([{ product: 'a', qty: 3 } as WishlistItem])).toEqual([{ product: 'a' }]);
  });

  it('toggles an item in and out, and refuses the 101st with the clear message', () => {
    const once = toggleWishlistItem([], { product: 'a' });
    expect(once).toEqual([{ product: 'a' }]);
    expect(isWished(once, { product: 'a' })).toBe(true);
    expect(isWished(once, { product: 'a', variant: 'v' })).toBe(false);
    expect(toggleWishlistItem(once, { product: 'a' })).toEqual([]);
    const full = items(MAX_WISHLIST_ITEMS);
    expect(() => toggleWishlistItem(full, { product: 'new' })).toThrow(DomainError);
    expect(() => toggleWishlistItem(full, { product: 'new' })).toThrow(WISHLIST_FULL_MESSAGE);
    // Removing from a full list is always allowed.
    expect(toggleWishlistItem(full, { product: 'p0' })).toHaveLength(MAX_WISHLIST_ITEMS - 1);
  });

  it("merges a guest's list into the account's: a union, the account's order first, then the guest's", () => {
    expect(
      mergeWishlists(
        [{ product: 'b' }, { product: 'a' }],
        [{ product: 'c' }, { product: 'a' }, { product: 'd', variant: 'x' }],
      ),
    ).toEqual({
      items: [{ product: 'b' }, { product: 'a' }, { product: 'c' }, { product: 'd', variant: 'x' }],
      left: 0,
    });
    expect(mergeWishlists([], [])).toEqual({ items: [], left: 0 });
  });

  it("never pushes the account's items out past the limit: the guest's last ones are left, and counted", () => {
    const merged = mergeWishlists(items(95, 'acct'), items(10, 'guest'));
    expect(merged.items).toHaveLength(MAX_WISHLIST_ITEMS);
    expect(merged.items.slice(0, 95)).toEqual(items(95, 'acct'));
    expect(merged.items.at(-1)).toEqual({ product: 'guest4' });
    expect(merged.left).toBe(5);
  });

  it('views each item with its product now, and a gone product, draft or variant as unavailable', () => {
    const view = wishlistView(
      {
        updatedAt: '2026-02-01T00:00:00.000Z',
        items: [
          { product: 'p1' },
          { product: 'p1', variant: 'v2' },
          { product: 'p1', variant: 'gone' },
          { product: 'deleted' },
          { product: 'draft' },
        ],
      },
      [product(), product({ _id: 'draft', isDraft: true })],
    );
    expect(view.updatedAt).toBe('2026-02-01T00:00:00.000Z');
    expect(view.items[0]).toEqual({
      product: 'p1',
      available: true,
      // The product's readable address, which the wishlist's lines link (issue 40).
      summary: { slug: 'phone', name: 'Phone', image: '/img/phone.png', price: 499, countInStock: 3 },
    });
    expect(view.items[1]).toEqual({
      product: 'p1',
      variant: 'v2',
      available: true,
      summary: {
        slug: 'phone',
        name: 'Phone',
        image: '/img/w.png',
        price: 529,
        compareAtPrice: 599,
        countInStock: 0,
        variantLabel: 'White',
      },
    });
    expect(view.items.slice(2).map((i) => [i.product, i.available, i.summary])).toEqual([
      ['p1', false, null],
      ['deleted', false, null],
      ['draft', false, null],
    ]);
  });
});

describe('wishlistSchema (PUT /api/wishlist)', () => {
  it('dedupes, then bounds at the limit', () => {
    expect(wishlistSchema.parse({ items: [{ product: 'a' }, { product: 'a' }] })).toEqual({
      items: [{ product: 'a' }],
    });
    expect(
      wishlistSchema.safeParse({ items: [...items(MAX_WISHLIST_ITEMS), ...items(MAX_WISHLIST_ITEMS)] }).success,
    ).toBe(true);
    const over = wishlistSchema.safeParse({ items: items(MAX_WISHLIST_ITEMS + 1) });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe(WISHLIST_FULL_MESSAGE);
  });

  it('refuses anything but ids: prices, quantities, paths', () => {
    for (const body of [
      { items: [{ product: 'a', price: 1 }] },
      { items: [{ product: '../a' }] },
      { items: [{ product: 'a', variant: '' }] },
      { items: 'a' },
      { items: [{ product: 'a' }], owner: 'someone' },
      { items: items(2 * MAX_WISHLIST_ITEMS + 1) },
    ])
      expect(wishlistSchema.safeParse(body).success, JSON.stringify(body).slice(0, 60)).toBe(false);
  });
});
