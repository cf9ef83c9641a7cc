// The embedded shop as a separate process, from source (tests run before any build), for the crash tests:
// `node --import tsx functions/test/reliability/support/childServer.ts` with DATA_DIR, PORT=0 etc. in the env.
// Prints `READY <port>` once it listens.
import { readConfig } from '../../../src/config.js';
import { startServer } from '../../../src/server.js';

const running = await startServer(readConfig());
process.stdout.write(`READY ${running.port}\n`);
