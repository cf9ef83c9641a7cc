// The WishlistStore port on Firestore (issue 41): one document per account, wishlists/{uid} (firestore/schema.ts
// WishlistDoc), read and replaced whole like the embedded row.
import type { Firestore } from 'firebase-admin/firestore';
import type { StoredWishlist, WishlistItem } from '../../../domain/wishlist.js';
import { WISHLISTS_COLLECTION, type WishlistDoc } from '../../../firestore/schema.js';
import type { EventPublisher, WishlistStore } from '../../../ports.js';

export class FirestoreWishlists implements WishlistStore {
  constructor(
    private readonly db: Firestore,
    private readonly events: EventPublisher,
  ) {}

  private doc(userId: string) {
    return this.db.collection(WISHLISTS_COLLECTION).doc(userId);
  }

  async get(userId: string): Promise<StoredWishlist> {
    const snap = await this.doc(userId).get();
    const data = snap.data() as WishlistDoc | undefined;
    if (!data) return { items: [], updatedAt: null };
    return { items: data.items.map(itemOf), updatedAt: data.updatedAt };
  }

  async put(userId: string, items: WishlistItem[], now: Date): Promise<StoredWishlist> {
    // Firestore refuses undefined fields: a variant is written only when named.
    const doc: WishlistDoc = { items: items.map(itemOf), updatedAt: now.toISOString() };
    await this.doc(userId).set(doc);
    const wishlist = { items: doc.items, updatedAt: doc.updatedAt };
    this.events.publish([{ type: 'WishlistSaved', userId, wishlist }]);
    return wishlist;
  }
}

const itemOf = (i: WishlistItem): WishlistItem =>
  i.variant ? { product: i.product, variant: i.variant } : { product: i.product };
