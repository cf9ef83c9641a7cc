// `npm run seed`: wipes the embedded database and uploads, then seeds the demo data again.
import { rm } from 'node:fs/promises';
import { createEmbeddedPorts } from '../adapters/embedded/index.js';
import { readConfig } from '../config.js';
import { DEMO_CUSTOMERS, seedDemo } from './seed.js';

const config = readConfig();
const ports = await createEmbeddedPorts(config);
await ports.db.write(async (tx) => {
  for (const table of ['order_items', 'orders', 'reviews', 'products', 'users'])
    await tx.execute(`DELETE FROM ${table}`);
});
await rm(config.uploadsDir, { recursive: true, force: true });
await seedDemo(ports, config.seedAdmin);
await ports.store.close();
console.log(`Demo data reset in ${config.dataDir}`);
console.log(`  admin: ${config.seedAdmin.email} / ${config.seedAdmin.password}`);
for (const c of Object.values(DEMO_CUSTOMERS)) console.log(`  customer: ${c.email} / ${c.password}`);
