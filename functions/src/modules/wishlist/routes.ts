// The signed-in customer's own wishlist (issue 41), on both backends: GET /api/wishlist and PUT /api/wishlist (the
// whole list, validated by schemas.ts wishlistSchema). Both answer each item with its product as it is now
// (domain/wishlist.ts wishlistView): a product unpublished or deleted since is listed as unavailable.
import { wishlistSchema } from '../../domain/schemas.js';
import { wishlistView, type StoredWishlist } from '../../domain/wishlist.js';
import { callerOf, requireUser } from '../../http/auth.js';
import { parse } from '../../http/validate.js';
import type { Ports } from '../../ports.js';
import { endpoints } from '../../api/endpoints.js';
import { endpointRouter, handle } from '../../http/endpoint.js';

export function wishlistRoutes({ auth, clock, store }: Ports) {
  const router = endpointRouter('/api/wishlist');
  const signedIn = requireUser(auth);
  // One read of the products named (ProductStore.many: drafts and unknown ids are left out, so shown unavailable).
  const view = async (stored: StoredWishlist) =>
    wishlistView(stored, await store.products.many([...new Set(stored.items.map((i) => i.product))]));

  handle(router, endpoints.wishlistGet, signedIn, async (req, res) => {
    res.json(await view(await store.wishlists.get(callerOf(req).uid)));
  });

  handle(router, endpoints.wishlistPut, signedIn, async (req, res) => {
    const { items } = parse(wishlistSchema, req.body);
    res.json(await view(await store.wishlists.put(callerOf(req).uid, items, clock.now())));
  });

  return router;
}
