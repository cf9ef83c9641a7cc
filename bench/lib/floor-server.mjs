// The checkout spike's floor (bench/checkout.ts): a bare node:http server doing only what no shop can skip for an
// order request: check the bearer token's HS256 signature (the shop's JWT, same secret) and expiry, and parse the
// same JSON body; then answer a small JSON. No framework, no store, no headers but the type. What one core does for
// this, with the same burst of fresh connections, is the physical floor the spike's p95 is compared with.
// Usage: JWT_SECRET=... node bench/lib/floor-server.mjs <port>
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const [port] = process.argv.slice(2);
const secret = Buffer.from(process.env.JWT_SECRET ?? '', 'utf8');
if (!secret.length) throw new Error('JWT_SECRET is required');

/** The token's subject when its signature and expiry check out; else null. */
function verify(token) {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
  if (header.alg !== 'HS256') return null;
  const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  if (typeof claims.exp === 'number' && claims.exp <= Math.floor(Date.now() / 1000)) return null;
  return typeof claims.sub === 'string' ? claims.sub : null;
}

createServer((req, res) => {
  if (req.url === '/api/health') {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    return;
  }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const auth = req.headers.authorization ?? '';
    const uid = auth.startsWith('Bearer ') ? verify(auth.slice(7)) : null;
    if (!uid) {
      res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"message":"Not authorized"}');
      return;
    }
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"message":"Bad JSON"}');
      return;
    }
    const items = Array.isArray(body?.orderItems) ? body.orderItems.length : 0;
    res.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify({ user: uid, items }));
  });
}).listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
