import type { Product } from '@domain';
import { cartLineId } from '@domain/cart';
import { beforeEach, describe, expect, it } from 'vitest';
import { addToCart, cartStore, removeFromCart, resetCart } from './store';
import { refreshCartLines, variantLineOf } from './variantLine';

const phone: Product = {
  _id: 'p1',
  slug: 'p1-slug',
  name: 'Volt Phone',
  image: '/images/phone.svg',
  brand: 'Volt',
  category: 'Phones',
  description: 'd',
  price: 799,
  countInStock: 5,
  rating: 0,
  numReviews: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  specs: [],
  images: [{ url: '/images/phone.svg', alt: 'Volt Phone' }],
  accessories: [],
  options: [{ name: 'Colour', values: ['Black', 'Blue'] }],
  variants: [
    { _id: 'v1', sku: 'VP-BLK', options: { Colour: 'Black' }, price: 799, countInStock: 5 },
    { _id: 'v2', sku: 'VP-BLU', options: { Colour: 'Blue' }, price: 849, countInStock: 2, image: '/images/blue.svg' },
  ],
};

describe('cart lines of variants (issue 29)', () => {
  beforeEach(() => resetCart());

  it('a line takes its variant’s price, stock, image and label; no variant named is the default', () => {
    expect(variantLineOf(phone, 1, 'v2')).toMatchObject({
      product: 'p1',
      variant: 'v2',
      variantLabel: 'Blue',
      price: 849,
      countInStock: 2,
      image: '/images/blue.svg',
    });
    expect(variantLineOf(phone, 1)).toMatchObject({ variant: 'v1', variantLabel: 'Black', price: 799 });
    const plain = { ...phone, options: [], variants: [] };
    expect(variantLineOf(plain, 1)).not.toHaveProperty('variant');
  });

  it('two variants of one product are two lines, replaced and removed apart', () => {
    addToCart(variantLineOf(phone, 1, 'v1'));
    addToCart(variantLineOf(phone, 2, 'v2'));
    addToCart(variantLineOf(phone, 3, 'v1'));
    expect(cartStore.get().cartItems.map((i) => [i.variant, i.qty])).toEqual([
      ['v1', 3],
      ['v2', 2],
    ]);
    removeFromCart(cartLineId({ product: 'p1', variant: 'v1' }));
    expect(cartStore.get().cartItems.map((i) => i.variant)).toEqual(['v2']);
  });

  it('refreshes a variant line from its variant, and leaves nothing to order of a variant removed since', () => {
    addToCart(variantLineOf(phone, 1, 'v2'));
    addToCart(variantLineOf(phone, 1, 'v1'));
    refreshCartLines([
      {
        ...phone,
        variants: [{ ...phone.variants![0]!, price: 700, countInStock: 9 }],
      },
    ]);
    const [blue, black] = cartStore.get().cartItems;
    expect(blue).toMatchObject({ variant: 'v2', countInStock: 0, price: 849 });
    expect(black).toMatchObject({ variant: 'v1', countInStock: 9, price: 700 });
  });
});
