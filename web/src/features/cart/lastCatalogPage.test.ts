import { describe, expect, it } from 'vitest';
import { isCatalogPath, lastCatalogPage } from './lastCatalogPage';

const ORIGIN = 'https://shop.example';
const history = (urls: string[], index = urls.length - 1) => ({
  entries: () => urls.map((u) => ({ url: u.startsWith('http') ? u : `${ORIGIN}${u}` })),
  currentEntry: { index },
});

describe('lastCatalogPage ("Continue shopping")', () => {
  it('goes back to the last catalogue page before the cart: a product, a search, a category page', () => {
    expect(lastCatalogPage(history(['/', '/search/mouse', '/product/p1', '/cart']), ORIGIN)).toBe('/product/p1');
    expect(lastCatalogPage(history(['/', '/category/Audio/page/2', '/login', '/cart']), ORIGIN)).toBe(
      '/category/Audio/page/2',
    );
    expect(lastCatalogPage(history(['/search/usb?brand=Volt', '/profile', '/cart']), ORIGIN)).toBe(
      '/search/usb?brand=Volt',
    );
  });

  it('ignores the entries after the current one and other sites, and goes home when none is left', () => {
    expect(lastCatalogPage(history(['/cart', '/product/p1'], 0), ORIGIN)).toBe('/');
    expect(lastCatalogPage(history(['https://elsewhere.example/product/p1', '/cart']), ORIGIN)).toBe('/');
    expect(lastCatalogPage(undefined, ORIGIN)).toBe('/');
  });

  it('knows the catalogue paths', () => {
    for (const p of ['/', '/page/2', '/search/x', '/search/x/page/3', '/category/Audio', '/product/abc'])
      expect(isCatalogPath(p), p).toBe(true);
    for (const p of ['/cart', '/profile', '/order/1', '/admin/orderlist']) expect(isCatalogPath(p), p).toBe(false);
  });
});
