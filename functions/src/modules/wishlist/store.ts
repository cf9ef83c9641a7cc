// The wishlist's store, written once over the generic ModelStore (both backends): the list read and replaced whole.
import type { StoredWishlist, WishlistItem } from '../../domain/wishlist.js';
import type { EventPublisher } from '../../ports.js';
import type { ModelStore } from '../module.js';
import type { WISHLIST_MODEL } from './model.js';
import type { ModelRecord } from '../../domain/model.js';

/** Customers' wishlists (issue 41), on both stores: load and save only (domain/wishlist.ts has the rules); an
 *  account's deletion (`users.forget`) deletes its list (ACCOUNT_OWNED_MODELS). */
export interface WishlistStore {
  /** The account's list as stored; an empty one never saved. */
  get(userId: string): Promise<StoredWishlist>;
  /** Replaces the list (already deduplicated and bounded by schemas.ts wishlistSchema), answers it as stored and
   *  publishes `WishlistSaved` once written. */
  put(userId: string, items: WishlistItem[], now: Date): Promise<StoredWishlist>;
}

// Stored without an absent variant (Firestore refuses undefined fields).
const itemOf = (i: WishlistItem): WishlistItem =>
  i.variant ? { product: i.product, variant: i.variant } : { product: i.product };

export function wishlistStore(
  lists: ModelStore<ModelRecord<typeof WISHLIST_MODEL>>,
  events: EventPublisher,
): WishlistStore {
  return {
    async get(userId) {
      const stored = await lists.get(userId);
      return stored ? { items: stored.items.map(itemOf), updatedAt: stored.updatedAt } : { items: [], updatedAt: null };
    },
    async put(userId, items, now) {
      const wishlist = { items: items.map(itemOf), updatedAt: now.toISOString() };
      await lists.update(userId, () => ({ userId, ...wishlist }));
      events.publish([{ type: 'WishlistSaved', userId, wishlist }]);
      return wishlist;
    },
  };
}
