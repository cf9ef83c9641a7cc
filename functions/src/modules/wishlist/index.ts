// The wishlist module (issue 41's wishlist, issue 39's second module): the rules the web shares in
// domain/wishlist.ts, the field table (model.ts), the store over the generic ModelStore, the routes.
import { defineModule } from '../module.js';
import { WISHLIST_MODEL } from './model.js';
import { wishlistRoutes } from './routes.js';
import { wishlistStore } from './store.js';

export type { WishlistStore } from './store.js';

export const wishlistModule = defineModule({
  name: 'wishlists',
  models: [WISHLIST_MODEL],
  ownedByAccount: [WISHLIST_MODEL],
  store: (models, { events }) => wishlistStore(models(WISHLIST_MODEL), events),
  routes: { mountPath: '/wishlist', router: wishlistRoutes },
});
