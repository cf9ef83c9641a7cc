// Issue 36, point 9: on Firebase the rate limiters key on the address Google's front end saw, whatever a caller
// writes in X-Forwarded-For (http/clientAddress.ts has the rule and its sources). The shop runs here with the Cloud
// Function's `trust proxy` (firebaseTrustProxy, as index.ts builds it) and gets the headers each path delivers:
//   the function's URL:  X-Forwarded-For: <anything the caller wrote>, <caller>, <front end>
//   through Hosting:     X-Forwarded-For: <anything the visitor wrote>, <visitor>, <Hosting edge>, <front end>
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createEmbeddedPorts } from '../src/adapters/embedded/index.js';
import { appOptions, createApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { addressRanges, firebaseTrustProxy, googleFrontEndTrust } from '../src/http/clientAddress.js';

const FRONT_END = '66.102.8.142'; // Google's front end's own entry, last
const EDGE = '151.101.65.195'; // a Hosting edge (configured in HOSTING_EDGE_RANGES below)
const EDGES = '151.101.0.0/16, 2a04:4e42::/32';
const functionUrl = (caller: string, wrote?: string) => [wrote, caller, FRONT_END].filter(Boolean).join(', ');
const viaHosting = (visitor: string, wrote?: string) => [wrote, visitor, EDGE, FRONT_END].filter(Boolean).join(', ');

/** The shop on the Cloud Function's trust rule, its login limit at 3 failures per address. */
async function functionShop(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'voltshop-fb-address-'));
  const config = readConfig({ DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'none'), LOGIN_RATE_LIMIT: '3' });
  const ports = await createEmbeddedPorts(config);
  const app = createApp(ports, {
    ...appOptions(config, { backend: 'firebase', catalogCacheTtlMs: 0 }),
    trustProxy: firebaseTrustProxy(env, config.trustProxy),
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  onTestFinished(async () => {
    await new Promise((r) => server.close(r));
    await ports.store.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const { port } = server.address() as { port: number };
  /** A failed sign-in (a new unknown email each time, so only the per-address limit can answer 429). */
  let n = 0;
  return async (forwardedFor: string) =>
    (
      await fetch(`http://127.0.0.1:${port}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        body: JSON.stringify({ email: `nobody${n++}@example.com`, password: 'guess-123' }),
      })
    ).status;
}

describe('the rate limiters’ address on Firebase', () => {
  it('a caller of the function’s URL cannot escape the limit by writing X-Forwarded-For', async () => {
    const signIn = await functionShop();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push(await signIn(functionUrl('198.51.100.7', `203.0.113.${i}`)));
    // Now forged as though through Hosting, with fastly-style shapes: still the caller's own address.
    statuses.push(await signIn(`203.0.113.50, 192.0.2.1, ${functionUrl('198.51.100.7')}`));
    statuses.push(await signIn(functionUrl('198.51.100.7', `203.0.113.60, ${EDGE}`)));
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect(await signIn(functionUrl('198.51.100.8'))).toBe(401); // another caller is not locked out
  });

  it('through Hosting, each visitor has their own limit (HOSTING_EDGE_RANGES), whatever they wrote', async () => {
    const signIn = await functionShop({ HOSTING_EDGE_RANGES: EDGES });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push(await signIn(viaHosting('192.0.2.10', `203.0.113.${i}`)));
    statuses.push(await signIn(viaHosting('192.0.2.10', '203.0.113.99')));
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another visitor through the same edge is not the first one's neighbour.
    expect(await signIn(viaHosting('192.0.2.11'))).toBe(401);
    // A caller of the function's URL writing Hosting's shape is still keyed on itself (it is no Hosting edge).
    const direct = [];
    for (let i = 0; i < 4; i++) direct.push(await signIn(functionUrl('198.51.100.9', `192.0.2.${20 + i}, ${EDGE}`)));
    expect(direct).toEqual([401, 401, 401, 429]);
  });

  it('without HOSTING_EDGE_RANGES, visitors through one Hosting edge share its limit (never a forged one)', async () => {
    const signIn = await functionShop();
    for (let i = 0; i < 3; i++) await signIn(viaHosting(`192.0.2.${30 + i}`));
    expect(await signIn(viaHosting('192.0.2.40'))).toBe(429);
  });
});

describe('googleFrontEndTrust (Express’s trust proxy)', () => {
  const ipOf = async (trust: Parameters<express.Express['set']>[1], forwardedFor: string) => {
    const app = express();
    app.set('trust proxy', trust);
    app.get('/', (req, res) => {
      res.send(req.ip);
    });
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const { port } = server.address() as { port: number };
      return await (await fetch(`http://127.0.0.1:${port}/`, { headers: { 'x-forwarded-for': forwardedFor } })).text();
    } finally {
      await new Promise((r) => server.close(r));
    }
  };

  it('answers the front end’s peer, or the visitor Hosting’s edge appended', async () => {
    const trust = googleFrontEndTrust(addressRanges(EDGES));
    expect(await ipOf(trust, functionUrl('198.51.100.7'))).toBe('198.51.100.7');
    expect(await ipOf(trust, functionUrl('198.51.100.7', '1.1.1.1, 2.2.2.2'))).toBe('198.51.100.7');
    expect(await ipOf(trust, viaHosting('192.0.2.10', '1.1.1.1'))).toBe('192.0.2.10');
    expect(await ipOf(trust, `2001:db8::1, 2a04:4e42::5, ${FRONT_END}`)).toBe('2001:db8::1');
    // The two-hop setting it replaces answered Hosting's edge for every visitor.
    expect(await ipOf(2, viaHosting('192.0.2.10'))).toBe(EDGE);
  });

  it('refuses an unreadable HOSTING_EDGE_RANGES, and TRUST_PROXY still overrides the rule', () => {
    expect(() => addressRanges('151.101.0.0/33')).toThrow(/HOSTING_EDGE_RANGES: "151.101.0.0\/33"/);
    expect(() => addressRanges('fastly')).toThrow(/not an address or a CIDR range/);
    expect(firebaseTrustProxy({ TRUST_PROXY: '1' }, 1)).toBe(1);
    expect(typeof firebaseTrustProxy({}, false)).toBe('function');
  });
});
