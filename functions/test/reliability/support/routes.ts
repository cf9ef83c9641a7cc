// Lists the routes an Express 5 app really mounts, by walking its router stack (router 2: `app.router.stack`,
// each layer's `rawPath`, `route.methods`, and a mounted router's `handle.stack`), so tests can check that
// every route has a row in their tables and every row is a real route.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type express from 'express';
import { createEmbeddedPorts } from '../../../src/adapters/embedded/index.js';
import { appOptions, createApp } from '../../../src/app.js';
import { readConfig } from '../../../src/config.js';

export interface MountedRoute {
  method: string;
  path: string;
}

interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

export function listRoutes(app: express.Express): MountedRoute[] {
  const out: MountedRoute[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const p of paths) {
          if (typeof p !== 'string') continue; // regexp routes (the web app's catch-all) are not API routes
          for (const [method, on] of Object.entries(layer.route.methods)) {
            if (on && method !== '_all')
              out.push({ method: method.toUpperCase(), path: join(prefix, p).replace(/\/$/, '') || '/' });
          }
        }
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' ? layer.rawPath : '';
        walk(layer.handle.stack, join(prefix, mount));
      }
    }
  };
  const router = (app as unknown as { router: { stack: Layer[] } }).router;
  walk(router.stack, '/');
  return out;
}

/** The /api routes of the app the embedded server builds (same factory and options; nothing listens). */
export async function apiRoutes(): Promise<MountedRoute[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'voltshop-routes-'));
  const config = readConfig({ DATA_DIR: dataDir });
  const ports = await createEmbeddedPorts(config);
  try {
    const app = createApp(
      ports,
      appOptions(config, {
        backend: 'embedded',
        catalogCacheTtlMs: Number.POSITIVE_INFINITY,
        devMailbox: ports.devMailbox,
      }),
    );
    return listRoutes(app).filter((r) => r.path === '/api' || r.path.startsWith('/api/'));
  } finally {
    await ports.store.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
