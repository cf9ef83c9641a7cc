// The endpoint table (src/api/endpoints.ts) against what the server really registers, and the OpenAPI document
// generated from it: valid OpenAPI 3.1 by a real validator, and listing exactly the routes the app mounts.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import type express from 'express';
import { format, resolveConfig } from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedPorts } from '../src/adapters/embedded/index.js';
import { fillPath } from '../src/api/endpoint.js';
import { endpoints } from '../src/api/endpoints.js';
import { openApiDocument, openApiPath } from '../src/api/openapi.js';
import { appOptions, createApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { isTableRoute } from '../src/http/endpoint.js';
import { WEB_ENDPOINTS_DIR, WEB_ENDPOINTS_FILE, webEndpointsSources } from '../src/api/webClient.js';
import {
  GENERATED_DIR,
  GENERATED_FILE,
  inputsHash,
  isCurrent,
  outputsHash,
  STAMP_FILE,
} from '../../scripts/web-endpoints.mjs';

interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every route of the app (router 2's stack: mounted routers' `handle.stack`), with whether the table made it. */
function mountedRoutes(app: express.Express) {
  const out: { method: string; path: string; fromTable: boolean }[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        if (typeof layer.route.path !== 'string') continue; // the web app's regexp catch-all
        for (const [method, on] of Object.entries(layer.route.methods))
          if (on && method !== '_all')
            out.push({
              method: method.toUpperCase(),
              path: (prefix + layer.route.path).replace(/\/+/g, '/').replace(/(.)\/$/, '$1'),
              fromTable: isTableRoute(layer.route),
            });
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, prefix + (typeof layer.rawPath === 'string' ? layer.rawPath : ''));
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return out.filter((r) => r.path === '/api' || r.path.startsWith('/api/'));
}

let app: express.Express;
let close: () => Promise<void>;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'voltshop-endpoints-'));
  const config = readConfig({ DATA_DIR: dataDir });
  const ports = await createEmbeddedPorts(config);
  // As the embedded server builds it, with every optional part: account links, cart, live, the dev mailbox.
  app = createApp(
    ports,
    appOptions(config, { backend: 'embedded', catalogCacheTtlMs: Infinity, devMailbox: ports.devMailbox }),
  );
  close = async () => {
    ports.live?.close();
    await ports.store.close();
    await rm(dataDir, { recursive: true, force: true });
  };
});
afterAll(() => close?.());

describe('the endpoint table', () => {
  it('names each method and path once, all under /api', () => {
    const keys = Object.values(endpoints).map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^(GET|POST|PUT|DELETE) \/api(\/|$)/);
  });

  it('is what the app registers, every /api route through it', () => {
    const mounted = mountedRoutes(app);
    expect(
      mounted.filter((r) => !r.fromTable).map((r) => `${r.method} ${r.path}`),
      'routes registered past the table',
    ).toEqual([]);
    const table = Object.values(endpoints)
      .map((e) => `${e.method} ${e.path}`)
      .sort();
    expect(mounted.map((r) => `${r.method} ${r.path}`).sort()).toEqual(table);
  });

  // The client is generated, not committed (scripts/web-endpoints.mjs, before the checks, the build and the tests): the
  // files on disk must be exactly what the table makes today, so a stale stamp or a missed input would show here.
  it("is what the web's generated client holds (else: npm run generate)", async () => {
    const root = join(__dirname, '../..');
    const sources = webEndpointsSources();
    for (const [path, source] of sources) {
      const file = join(root, path);
      const expected = await format(source, { ...(await resolveConfig(file)), filepath: file });
      expect(existsSync(file) && readFileSync(file, 'utf8'), path).toBe(expected);
    }
    const generated = readdirSync(join(root, WEB_ENDPOINTS_DIR)).map((name) => `${WEB_ENDPOINTS_DIR}/${name}`);
    expect(
      generated.filter((path) => !sources.has(path)),
      'stale generated files',
    ).toEqual([]);
  });

  it("is generated where scripts/web-endpoints.mjs looks, and skipped only when inputs and files are the stamp's", () => {
    expect([GENERATED_FILE, GENERATED_DIR]).toEqual([WEB_ENDPOINTS_FILE, WEB_ENDPOINTS_DIR]);
    const root = mkdtempSync(join(tmpdir(), 'web-endpoints-'));
    try {
      const write = (path: string, text: string) => {
        mkdirSync(join(root, path, '..'), { recursive: true });
        writeFileSync(join(root, path), text);
      };
      const stamp = () => write(STAMP_FILE, JSON.stringify({ inputs: inputsHash(root), outputs: outputsHash(root) }));
      write('functions/src/api/endpoints.ts', 'export const endpoints = {};');
      write(GENERATED_FILE, "export * from './endpoints/cart.gen';");
      write(`${GENERATED_DIR}/cart.gen.ts`, 'export const cartGet = {};');
      expect(isCurrent(root), 'no stamp yet').toBe(false);
      stamp();
      expect(isCurrent(root)).toBe(true);

      write('functions/src/api/endpoints.ts', 'export const endpoints = { a: 1 };');
      expect(isCurrent(root), 'the table changed').toBe(false);
      stamp();
      write('functions/src/domain/new.ts', 'export {};');
      expect(isCurrent(root), 'a new file the table may import').toBe(false);
      stamp();
      write(`${GENERATED_DIR}/cart.gen.ts`, 'export const cartGet = { edited: true };');
      expect(isCurrent(root), 'a generated file edited by hand').toBe(false);
      stamp();
      write(`${GENERATED_DIR}/old.gen.ts`, 'export {};');
      expect(isCurrent(root), 'a file the table no longer makes').toBe(false);
      stamp();
      rmSync(join(root, GENERATED_FILE));
      expect(isCurrent(root), 'the entry file deleted').toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('fills a path with its parameters, URL-encoded, and refuses a missing one', () => {
    expect(fillPath(endpoints.orderReturnDecide.path, { id: 'a b', returnId: 'r/1' })).toBe(
      '/api/orders/a%20b/returns/r%2F1',
    );
    expect(() => fillPath(endpoints.orderGet.path, {})).toThrow(/id/);
  });
});

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document (a real validator), and a broken one is not', async () => {
    const validator = new Validator();
    const result = await validator.validate(openApiDocument());
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');

    // A parameter "in the body" was OpenAPI 2's; 3.1 has none.
    const broken = openApiDocument() as { paths: Record<string, Record<string, { parameters: { in: string }[] }>> };
    broken.paths['/api/orders/{id}']!.get!.parameters[0]!.in = 'body';
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it("lists exactly the app's routes (paths and methods), both ways", async () => {
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/api/openapi.json`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const document = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
      expect(document.openapi).toBe('3.1.0');
      const inDocument = Object.entries(document.paths)
        .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
        .sort();
      const mounted = mountedRoutes(app)
        .map((r) => `${r.method} ${openApiPath(r.path)}`)
        .sort();
      expect(inDocument).toEqual(mounted);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("describes a call's inputs from its schemas", () => {
    const document = openApiDocument() as { paths: Record<string, Record<string, any>> };
    const check = document.paths['/api/coupons/check']!.post;
    expect(check.requestBody.content['application/json'].schema.properties).toHaveProperty('items');
    expect(check['x-access']).toBe('optionalUser');
    expect(check['x-rate-limits']).toEqual(['couponCheck']);
    const stock = document.paths['/api/products/{id}/stock-history']!.get;
    expect(stock.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual([
      'path:id',
      'query:before',
    ]);
    expect(stock.security).toEqual([{ bearer: [] }]);
  });
});
