import type { ProductDetail } from '@domain';
import { shop } from '@/lib/shop';

/** The product with its newest reviews as is (no cache, no hand-over), from the shop's client: see getProduct
 *  for the one the pages use. */
export function fetchProduct(id: string, signal?: AbortSignal): Promise<ProductDetail> {
  return shop.catalog.product(id, signal);
}

/** How long a fetch started by a route loader waits to be claimed by the page before it is dropped. */
export const PREFETCH_TTL_MS = 10_000;

const started = new Map<string, { at: number; promise: Promise<ProductDetail> }>();

/**
 * Starts fetching a product now: called by the route loaders of the product and cart pages on their first visit,
 * so the request runs in parallel with the download of the page's code instead of after it (see app/router.tsx).
 */
export function prefetchProduct(id: string) {
  const current = started.get(id);
  if (current && Date.now() - current.at < PREFETCH_TTL_MS) return;
  const promise = fetchProduct(id);
  promise.catch(() => undefined); // the page that claims it handles the error; never "unhandled"
  started.set(id, { at: Date.now(), promise });
}

/** The prefetched answer for `id`, once (then it is forgotten); undefined when none was started or it is too old. */
export function takePrefetchedProduct(id: string): Promise<ProductDetail> | undefined {
  const hit = started.get(id);
  started.delete(id);
  return hit && Date.now() - hit.at < PREFETCH_TTL_MS ? hit.promise : undefined;
}
