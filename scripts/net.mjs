// A free TCP port on the loopback interface, for the servers the e2e suites and the benchmarks start.
import { createServer } from 'node:net';

/** Asks the OS for a free port (listen on 0), then frees it for the caller's server. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}
