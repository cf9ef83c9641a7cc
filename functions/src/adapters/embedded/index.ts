import type { Config } from '../../config.js';
import { systemClock, type Clock, type PaymentGateway, type Ports } from '../../ports.js';
import { PayPalGateway } from '../payments/paypal.js';
import { SimulatedGateway } from '../payments/simulated.js';
import { EmbeddedAuth, loadJwtSecret } from './auth.js';
import { Database } from './db.js';
import { LocalFiles } from './files.js';
import { createSqlStore } from './store.js';

/** PayPal when credentials are configured, else clearly labelled test payments (refused in production). */
export function paymentGateway(config: Pick<Config, 'paypal' | 'production'>): PaymentGateway {
  const { clientId, secret, baseUrl, timeoutMs } = config.paypal;
  if (clientId && secret) return new PayPalGateway({ clientId, secret: () => secret, baseUrl, timeoutMs });
  return new SimulatedGateway(config.production);
}

/** The embedded backend: one SQL file, local uploads, local JWT auth. */
export async function createEmbeddedPorts(config: Config, { clock = systemClock }: { clock?: Clock } = {}): Promise<Ports & { db: Database }> {
  const db = await Database.open(config.dataDir);
  return {
    db,
    store: createSqlStore(db, { clock }),
    auth: new EmbeddedAuth(db, loadJwtSecret(config.dataDir, config.jwtSecret), clock),
    files: new LocalFiles(config.uploadsDir),
    payments: paymentGateway(config),
    clock,
  };
}
