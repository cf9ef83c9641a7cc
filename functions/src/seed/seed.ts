import type { Ports } from '../ports.js';
import { SYSTEM_ACTOR } from '../domain/index.js';
import { seedCatalog } from './catalog.js';

export interface DemoAccount {
  name: string;
  email: string;
  password: string;
}

/** The two demo customers (documented in the README); the admin comes from SEED_ADMIN_EMAIL / _PASSWORD. */
export const DEMO_CUSTOMERS = {
  alice: { name: 'Alice Walker', email: 'alice@voltshop.test', password: 'alice1234' },
  bob: { name: 'Bob Chen', email: 'bob@voltshop.test', password: 'bob1234' },
} satisfies Record<string, DemoAccount>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function createAccount(ports: Ports, account: DemoAccount, isAdmin: boolean): Promise<string> {
  const { uid } = await ports.auth.signUp(account);
  await ports.store.users.create({ _id: uid, name: account.name, email: account.email, isAdmin });
  if (isAdmin) await ports.auth.setAdmin(uid, true);
  return uid;
}

/**
 * Fills an empty shop with the demo catalogue, an admin and two customers, through the ports only,
 * so the same seed runs on the embedded and the Firebase backends.
 */
export async function seedDemo(ports: Ports, admin: { email: string; password: string }): Promise<void> {
  const adminId = await createAccount(ports, { name: 'Admin User', ...admin }, true);
  const customers = {
    alice: { id: await createAccount(ports, DEMO_CUSTOMERS.alice, false), name: DEMO_CUSTOMERS.alice.name },
    bob: { id: await createAccount(ports, DEMO_CUSTOMERS.bob, false), name: DEMO_CUSTOMERS.bob.name },
  };
  for (const item of seedCatalog) {
    const { reviews, ...fields } = item;
    // The catalogue's first prices are the seed's, not the admin's (issue 41's price history names "system").
    const product = await ports.store.products.create(fields, adminId, SYSTEM_ACTOR);
    for (const review of reviews) {
      const author = customers[review.by];
      await ports.store.products.addReview(product._id, {
        userId: author.id,
        name: author.name,
        rating: review.rating,
        comment: review.comment,
      });
    }
    await sleep(2); // distinct creation times keep "Latest Products" in a stable order
  }
}

/** Is this a shop with no data yet? (first start) */
export async function isEmpty(ports: Ports): Promise<boolean> {
  const [users, page] = await Promise.all([
    ports.store.users.list({ search: '', page: 1, pageSize: 1 }),
    ports.store.products.list({ keyword: '', page: 1, pageSize: 1 }),
  ]);
  return users.total === 0 && page.products.length === 0;
}
