// The shop as the checkout benchmark runs it: the same app factory, ports and seed as functions/lib/server.js, plus
// ONE bench-only route that the shop never has: POST /bench/noop, the authenticated request path of
// POST /api/orders (JSON body parsed, bearer token verified by the same auth port) doing no work, answering 204.
// Its req/s is the limit the checkout spike is measured against (bench/checkout.ts).
// Usage: DATA_DIR=... PORT=... node bench/lib/checkout-server.mjs
import express from 'express';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { createEmbeddedPorts } from '../../functions/lib/adapters/embedded/index.js';
import { appOptions, createShop } from '../../functions/lib/app.js';
import { readConfig } from '../../functions/lib/config.js';
import { prepareCountries } from '../../functions/lib/domain/countries.js';
import { rehearseSale } from '../../functions/lib/saleRehearsal.js';
import { requireUser } from '../../functions/lib/http/auth.js';
import { isEmpty, seedDemo } from '../../functions/lib/seed/seed.js';

const config = readConfig();
const ports = await createEmbeddedPorts(config);
if (await isEmpty(ports)) await seedDemo(ports, config.seedAdmin);
const shop = createShop(
  ports,
  appOptions(config, {
    backend: 'embedded',
    catalogCacheTtlMs: Number.POSITIVE_INFINITY,
    extraRoutes: (app) => {
      app.post('/bench/noop', express.json({ limit: '100kb', strict: true }), requireUser(ports.auth), (_req, res) => {
        res.status(204).end();
      });
      // BENCH_PROFILE_DIR: each sale's burst alone profiled (V8's sampling CPU profiler, as --cpu-prof, but started and
      // stopped around each burst by bench/checkout.ts, so start-up, sign-ins and the no-op runs stay out of it).
      const profileDir = process.env.BENCH_PROFILE_DIR;
      if (profileDir) {
        const session = new Session();
        session.connect();
        let profiles = 0;
        app.post('/bench/profile/start', async (_req, res) => {
          await session.post('Profiler.enable');
          await session.post('Profiler.setSamplingInterval', { interval: 100 });
          await session.post('Profiler.start');
          res.status(204).end();
        });
        app.post('/bench/profile/stop', async (req, res) => {
          const { profile } = await session.post('Profiler.stop');
          const file = join(profileDir, `spike-${process.pid}-${++profiles}.cpuprofile`);
          writeFileSync(file, JSON.stringify(profile));
          res.json({ file });
        });
      }
    },
  }),
);
prepareCountries(); // as functions/lib/server.js does before it listens
// The start-up rehearsal as functions/lib/server.js runs it a second after listening (functions/lib/saleRehearsal.js),
// here before listening, so that even --quick's spike, a few seconds after the start, comes after it.
// SALE_REHEARSAL=off (the shop's own switch): without it.
if (config.saleRehearsal) await rehearseSale(config, (scratch) => createEmbeddedPorts(scratch));
createServer(shop.serverOptions, shop.handle).listen(config.port, config.host);
// Exit on SIGTERM (the bench's stop): a normal exit, so `BENCH_NODE_ARGS=--cpu-prof` profiles are written.
process.on('SIGTERM', () => process.exit(0));
