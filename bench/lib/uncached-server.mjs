// The shop API with the catalogue cache switched off (ttl 0: nothing is kept), for the scale benchmark:
// every catalogue request runs its SQL. Same app factory, ports and database code as functions/lib/server.js.
// Usage: DATA_DIR=... PORT=... node bench/lib/uncached-server.mjs
import { createServer } from 'node:http';
import { createEmbeddedPorts } from '../../functions/lib/adapters/embedded/index.js';
import { appOptions, createShop } from '../../functions/lib/app.js';
import { readConfig } from '../../functions/lib/config.js';

const config = readConfig();
const ports = await createEmbeddedPorts(config);
const shop = createShop(ports, appOptions(config, { backend: 'embedded', catalogCacheTtlMs: 0 }));
createServer(shop.serverOptions, shop.handle).listen(config.port, config.host);
