// Issue 40: a product named by its id or by a slug (its current one, an old one from before a rename, a provisional
// one: domain/slugs.ts). GET /api/products/:id and the product page (features/pages) read by it, so the original
// clients' ids keep working beside the readable addresses.
import { idSchema, PRODUCT_KEY_PATTERN, type ProductDetail } from '../../domain/index.js';
import type { ProductStore } from '../../ports.js';

export type ProductKeyReader = Pick<ProductStore, 'get'> & Partial<Pick<ProductStore, 'slugOwner'>>;

/** The product `key` names (the id first: the ids the clients know are the most asked), or null. */
export async function productByKey(
  products: ProductKeyReader,
  key: string,
  options?: { reviews?: boolean },
): Promise<ProductDetail | null> {
  if (!PRODUCT_KEY_PATTERN.test(key)) return null;
  const byId = idSchema.safeParse(key).success ? await products.get(key, options) : null;
  if (byId || !products.slugOwner) return byId;
  const owner = await products.slugOwner(key);
  return owner && owner !== key ? products.get(owner, options) : null;
}
