// The addresses module (issue 30's address book, issue 39's first module): the field table and decisions in
// domain/addresses.ts (pure, shared with the web), the store over the generic ModelStore, the routes.
import { ADDRESS_MODEL } from '../../domain/index.js';
import { defineModule } from '../module.js';
import { addressRoutes } from './routes.js';
import { addressStore } from './store.js';

export type { AddressStore } from './store.js';

export const addressesModule = defineModule({
  name: 'addresses',
  models: [ADDRESS_MODEL],
  ownedByAccount: [ADDRESS_MODEL],
  store: (models, { clock }) => addressStore(models(ADDRESS_MODEL), clock),
  routes: { mountPath: '/users/profile/addresses', router: addressRoutes },
});
