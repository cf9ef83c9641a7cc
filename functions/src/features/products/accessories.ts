import { checkAccessories } from '../../domain/index.js';
import type { ProductStore } from '../../ports.js';

/** Issue 40: a save's accessories are published products other than the product itself (400 otherwise). Read
 *  outside the save's transaction: an accessory removed meanwhile is only not shown (the page lists those found). */
export async function assertAccessoriesExist(products: Pick<ProductStore, 'get'>, id: string, accessories: string[]) {
  checkAccessories(id, accessories, () => true);
  const found = await Promise.all(accessories.map((a) => products.get(a, { reviews: false })));
  const present = new Set(found.filter((p) => p !== null).map((p) => p._id));
  checkAccessories(id, accessories, (a) => present.has(a));
}
