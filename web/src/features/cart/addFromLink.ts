import type { ProductDetail } from '@domain';
import { catalogKeys } from '@domain/inlineData';
import { peekInlineData } from '@/lib/inlineData';
import { addToCart, lineOf } from './store';

/**
 * The Add to Cart link's product (\`/cart/:id?qty=n\`) when the page's HTML carried it (the server inlines it): added
 * now, from the route's loader, so the cart renders once, already at /cart. False when the page has no such data
 * (a link followed inside the app, Firebase Hosting) or the product is out of stock: CartPage then adds it itself,
 * or says why it cannot.
 */
export function addLinkedProductFromPage(id: string, qty: number): boolean {
  const product = peekInlineData<ProductDetail>(catalogKeys.detail(id));
  // A product with variants is added by the cart page (its variant's line: cart/variantLine.ts).
  return !!product && !product.variants?.length && addToCart(lineOf(product, qty));
}
