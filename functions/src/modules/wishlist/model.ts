// The wishlist's field table (issue 41's wishlist, moved onto the generic stores by issue 39): one record per
// account, keyed by its id. Embedded `wishlists` (migration 36: the items as JSON text), Firestore `wishlists/{uid}`
// (firestore/schema.ts WishlistDoc, which the Firebase web build reads: the same fields). Only the server needs it,
// so it lives in the module, not the domain (domain/wishlist.ts keeps the rules the web shares).
import { ACCOUNT_KEY, defineModel, field } from '../../domain/model.js';
import type { WishlistItem } from '../../domain/wishlist.js';

export const WISHLIST_MODEL = defineModel({
  name: 'wishlist',
  table: 'wishlists',
  collection: 'wishlists',
  key: ACCOUNT_KEY,
  fields: {
    items: field.json<WishlistItem[]>({ column: 'items' }),
    updatedAt: field.timestamp({ column: 'updated_at' }),
  },
});
