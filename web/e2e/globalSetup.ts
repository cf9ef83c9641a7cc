// Starts, once for all e2e files: the shop in simulated payment mode, a fake PayPal API, and a second shop
// in PayPal mode verifying against that fake. Builds nothing: web/dist and functions/lib must exist.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakePayPal } from './support/serverTestHelpers';
import { repoRoot, startShop } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    shopUrl: string;
    paypalShopUrl: string;
    fakePayPalUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(join(repoRoot, 'web', 'dist', 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build -w web` before the e2e tests.');
  }
  if (!existsSync(join(repoRoot, 'functions', 'lib', 'server.js'))) {
    throw new Error('functions/lib/server.js is missing: run `npm run build -w functions` before the e2e tests.');
  }
  const fake = await startFakePayPal({ clientId: 'test-client', secret: 'test-secret' });
  const [shop, paypalShop] = await Promise.all([
    startShop('simulated'),
    startShop('paypal', {
      PAYPAL_CLIENT_ID: 'test-client',
      PAYPAL_CLIENT_SECRET: 'test-secret',
      PAYPAL_API_BASE: fake.url,
    }),
  ]);
  project.provide('shopUrl', shop.url);
  project.provide('paypalShopUrl', paypalShop.url);
  project.provide('fakePayPalUrl', fake.url);
  return async () => {
    await Promise.all([shop.stop(), paypalShop.stop(), fake.close()]);
  };
}
