import { catalogKeys, INLINE_DATA_ID } from '@domain/inlineData';
import { afterEach, describe, expect, it, vi } from 'vitest';

const product = { _id: 'p1', name: 'Glide Mouse', image: '/images/m.svg', price: 24.5, countInStock: 3, reviews: [] };

/** A page whose HTML carried `data` for the product's query (as functions/src/features/pages writes it). */
async function pageWith(data: unknown) {
  vi.resetModules();
  document.getElementById(INLINE_DATA_ID)?.remove();
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = INLINE_DATA_ID;
  block.textContent = JSON.stringify({ renderedAt: Date.now(), queries: [{ key: catalogKeys.detail('p1'), data }] });
  document.head.append(block);
  const link = await import('./addFromLink');
  const store = await import('./store');
  const inline = await import('@/lib/inlineData');
  return { ...link, ...store, ...inline };
}

describe('addLinkedProductFromPage (the Add to Cart link, from its route loader)', () => {
  afterEach(() => {
    document.getElementById(INLINE_DATA_ID)?.remove();
    localStorage.clear();
  });

  it('adds the product the page carried, at the link quantity (within the stock), and leaves the data to its query', async () => {
    const { addLinkedProductFromPage, cartStore, hasInlineData } = await pageWith(product);
    expect(addLinkedProductFromPage('p1', 5)).toBe(true);
    expect(cartStore.get().cartItems).toEqual([
      { product: 'p1', name: 'Glide Mouse', image: '/images/m.svg', price: 24.5, countInStock: 3, qty: 3 },
    ]);
    expect(hasInlineData(catalogKeys.detail('p1'))).toBe(true);
  });

  it('adds nothing for another product, or one out of stock (the cart page then fetches it or says why)', async () => {
    const first = await pageWith(product);
    expect(first.addLinkedProductFromPage('p2', 1)).toBe(false);
    expect(first.cartStore.get().cartItems).toEqual([]);
    const soldOut = await pageWith({ ...product, countInStock: 0 });
    expect(soldOut.addLinkedProductFromPage('p1', 1)).toBe(false);
    expect(soldOut.cartStore.get().cartItems).toEqual([]);
  });
});
