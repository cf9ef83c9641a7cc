// The Store port on the embedded database, one module per aggregate: products.ts (with search.ts), users.ts,
// orders.ts; rows become API shapes in mapping.ts.
import type { Store } from '../../ports.js';
import type { Database } from './db.js';
import { SqlOrders } from './orders.js';
import { SqlProducts } from './products.js';
import { SqlUsers } from './users.js';

export { newId } from './mapping.js';

/** `tuning.sparseMatches` (tests): how many search matches are sorted directly (see search.ts listProducts). */
export function createSqlStore(db: Database, tuning: { sparseMatches?: number } = {}): Store {
  return {
    products: new SqlProducts(db, tuning.sparseMatches),
    users: new SqlUsers(db),
    orders: new SqlOrders(db),
    ping: async () => {
      await db.client.execute('SELECT 1');
    },
    close: async () => db.close(),
  };
}
