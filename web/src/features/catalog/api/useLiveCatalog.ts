import type { Product } from '@domain';
import type { CatalogView } from '@domain/catalogQuery';
import { shop, type CatalogPageView } from '@/lib/shop';

export type { CatalogPageView };

/** A catalogue page (home, /page/N, search) that follows stock, price and rating changes live where the shop's
 *  client follows queries (Firestore); elsewhere the cards follow their products (useLiveProductPage). */
export function useLiveCatalogPage(
  initial: CatalogPageView,
  keyword: string,
  view: Partial<CatalogView>,
): CatalogPageView {
  return shop.catalog.useLivePage(initial, { keyword, pageNumber: initial.page, view });
}

/** The top-rated carousel, live where the shop's client follows queries. */
export function useLiveTopProducts(initial: Product[]): Product[] {
  return shop.catalog.useLiveTop(initial);
}
