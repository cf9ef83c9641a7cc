import { shop, type CatalogPageView, type CatalogRequest } from '@/lib/shop';

/** One page of the catalogue (products, page, pages; from Firestore, notices about a narrowed query), from the
 *  shop's client (lib/shop): GET /api/products?keyword=&pageNumber=(&filters) or a bounded Firestore read. */
export function getProducts(params: CatalogRequest, signal?: AbortSignal): Promise<CatalogPageView> {
  return shop.catalog.page(params, signal);
}
