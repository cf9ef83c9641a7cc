import type { Config } from '../../config.js';
import { systemClock, type Clock, type Ports } from '../../ports.js';
import { paymentGateway } from '../payments/index.js';
import { EmbeddedAuth, loadJwtSecret } from './auth.js';
import { Database } from './db.js';
import { LocalFiles } from './files.js';
import { createSqlStore } from './store.js';

/** The embedded backend: one SQL file, local uploads, local JWT auth. */
export async function createEmbeddedPorts(
  config: Config,
  { clock = systemClock }: { clock?: Clock } = {},
): Promise<Ports & { db: Database }> {
  const db = await Database.open(config.dataDir);
  return {
    db,
    store: createSqlStore(db, { clock }),
    auth: new EmbeddedAuth(db, loadJwtSecret(config.dataDir, config.jwtSecret), clock),
    files: new LocalFiles(config.uploadsDir),
    payments: paymentGateway(config, clock),
    clock,
  };
}
