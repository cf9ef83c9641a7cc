// The back-in-stock alerts module (issue 41; issue 39's fourth module): the rules in domain/stockAlerts.ts, the
// field tables (model.ts), the store over the generic stores. Its routes and the restock and low-stock mails stay
// in features/stockAlerts (two routers: under /api/products and /api/stock-alerts, and the stock subscribers).
import { defineModule } from '../module.js';
import { LOW_STOCK_MARK_MODEL, STOCK_ADMIN_MODEL, STOCK_ALERT_LEVEL_MODEL, STOCK_ALERT_MODEL } from './model.js';
import { stockAlertStore } from './store.js';

export type { StockAlertStore } from './store.js';

export const stockAlertsModule = defineModule({
  name: 'stockAlerts',
  models: [STOCK_ALERT_MODEL, STOCK_ALERT_LEVEL_MODEL, LOW_STOCK_MARK_MODEL, STOCK_ADMIN_MODEL],
  // An alert is an email's, not an account's (a guest may ask): it goes with its unsubscribe link, as before.
  ownedByAccount: [],
  store: (models, { transaction, clock }) => stockAlertStore(models, transaction, clock),
});
