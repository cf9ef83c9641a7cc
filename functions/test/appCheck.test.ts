// Issue 37: App Check on the anonymous catalogue lists, enforced when configured (APP_CHECK=enforce on the Firebase
// function, which verifies the X-Firebase-AppCheck header with firebase-admin's appCheck().verifyToken). Here the
// verifier is a fake behind the same port (http/appCheck.ts AppCheckVerifier), on the whole app over HTTP, with the
// catalogue's fast path too (a repeat list answered from memory must be checked as well).
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedPorts } from '../src/adapters/embedded/index.js';
import { appOptions, createShop } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { APP_CHECK_HEADER, APP_CHECK_MESSAGE, appCheckFromEnv, type AppCheckVerifier } from '../src/http/appCheck.js';

const verified: string[] = [];
const verifier: AppCheckVerifier = {
  async verify(token) {
    verified.push(token);
    if (token !== 'good-token') throw new Error('invalid App Check token');
  },
};

let server: Server;
let base: string;
let close: () => Promise<void>;
beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'voltshop-appcheck-'));
  const config = readConfig({ DATA_DIR: dataDir });
  const ports = await createEmbeddedPorts(config);
  // A product, so the lists have something to answer (and to keep in the catalogue cache).
  await ports.store.products.create(
    {
      name: 'Checked Lamp',
      price: 10,
      image: '/images/sample.svg',
      brand: 'Volt',
      category: 'Lighting',
      description: 'A lamp.',
      countInStock: 3,
    },
    'owner-1',
  );
  const shop = createShop(ports, {
    ...appOptions(config, { backend: 'firebase', catalogCacheTtlMs: 60_000 }),
    appCheck: verifier,
  });
  server = createServer(shop.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  close = async () => {
    await new Promise((r) => server.close(r));
    await ports.store.close();
    await rm(dataDir, { recursive: true, force: true });
  };
});
afterAll(() => close?.());

const get = (path: string, token?: string) =>
  fetch(base + path, { headers: token ? { [APP_CHECK_HEADER]: token } : {} });

describe('App Check on the catalogue lists (enforced)', () => {
  it('answers a list, the facets, the suggestions and the carousel only with a valid token, every time', async () => {
    for (const path of ['/api/products', '/api/products/facets', '/api/products/suggest?q=lamp', '/api/products/top']) {
      // Twice each: the second would come from the catalogue cache (the fast path) without the gate in front.
      for (let i = 0; i < 2; i++) {
        const ok = await get(path, 'good-token');
        expect(ok.status, path).toBe(200);
        const none = await get(path);
        expect(none.status, path).toBe(401);
        expect(await none.json(), path).toEqual({ message: APP_CHECK_MESSAGE });
        expect((await get(path, 'forged')).status, path).toBe(401);
      }
    }
    expect(verified).toContain('forged');
  });

  it('leaves the rest alone: a product by its id, the config, the settings', async () => {
    const list = (await (await get('/api/products', 'good-token')).json()) as { products: { _id: string }[] };
    expect((await get(`/api/products/${list.products[0]!._id}`)).status).toBe(200);
    expect((await get('/api/settings/public')).status).toBe(200);
  });

  it('APP_CHECK: unset is off, `enforce` verifies, anything else is refused at start', () => {
    const make = () => verifier;
    expect(appCheckFromEnv({}, make)).toBeUndefined();
    expect(appCheckFromEnv({ APP_CHECK: 'enforce' }, make)).toBe(verifier);
    expect(() => appCheckFromEnv({ APP_CHECK: 'yes' }, make)).toThrow(/APP_CHECK/);
  });
});
