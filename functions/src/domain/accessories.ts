// Issue 40: a product's accessories ("Works with" on its page): other products' ids the admin picks. The rules a
// save must keep: at most MAX_ACCESSORIES, each once, never the product itself, and only products that exist (a
// product removed later is simply not shown: the page lists those it finds published).
import { badInput } from './errors.js';

export const MAX_ACCESSORIES = 12;

export const ACCESSORY_MESSAGES = {
  tooMany: `At most ${MAX_ACCESSORIES} accessories`,
  itself: 'A product cannot be its own accessory',
  unknown: (id: string) => `Accessory not found: ${id}`,
} as const;

/** A save's accessories against the product's id and the ids found in the catalogue (`exists`): a 400 naming the
 *  first problem. The list's own shape (ids, each once, at most MAX_ACCESSORIES) is schemas.ts accessoriesSchema's. */
export function checkAccessories(productId: string, accessories: readonly string[], exists: (id: string) => boolean) {
  if (accessories.includes(productId))
    throw badInput(ACCESSORY_MESSAGES.itself, { accessories: ACCESSORY_MESSAGES.itself });
  const missing = accessories.find((id) => !exists(id));
  if (missing !== undefined)
    throw badInput(ACCESSORY_MESSAGES.unknown(missing), { accessories: ACCESSORY_MESSAGES.unknown(missing) });
}
