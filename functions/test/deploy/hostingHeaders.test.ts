// Firebase Hosting must send the same security headers as the app (one source: src/http/securityHeaders.ts,
// written into firebase.json and firebase.emulators.json by scripts/firebase/sync-headers.mjs). Every header is
// compared, values included; the only difference allowed is the CSP's documented extra sources.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorOrigins, FIREBASE_CONNECT_SOURCES, securityHeaderList } from '../../src/http/securityHeaders.js';
import { HOME_PRELOADS, preloadLinks } from '../../src/http/webApp.js';
import { startTestShop, type TestShop } from '../support/shop.js';

interface HostingConfig {
  hosting: {
    public: string;
    predeploy?: string[];
    headers: { source: string; headers: { key: string; value: string }[] }[];
  } & Record<string, unknown>;
  emulators: Record<string, { port: number }>;
  functions: Record<string, unknown>[];
}
const read = (file: string): HostingConfig =>
  JSON.parse(readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8'));
const production = read('firebase.json');
const emulators = read('firebase.emulators.json');
const ports = {
  auth: production.emulators.auth!.port,
  firestore: production.emulators.firestore!.port,
  storage: production.emulators.storage!.port,
};
const everyPath = (config: HostingConfig) => config.hosting.headers.find((b) => b.source === '**')!.headers;

/** CSP value -> { directive: sources }. */
function directives(csp: string | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (csp ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}
const without = (list: { key: string; value: string }[], key: string) => list.filter((h) => h.key !== key);
const valueOf = (list: { key: string; value: string }[], key: string) => list.find((h) => h.key === key)?.value;

let shop: TestShop;
let appHeaders: Headers;
beforeAll(async () => {
  shop = await startTestShop();
  // A document's headers: Hosting serves documents (the API's answers carry their own set, apiHelmetOptions).
  appHeaders = (await shop.call('GET', '/nothing-here')).headers;
});
afterAll(() => shop.close());

describe('Firebase Hosting security headers', () => {
  it('the app sends exactly the headers of securityHeaderList("app")', () => {
    for (const { key, value } of securityHeaderList('app')) expect(appHeaders.get(key), key).toBe(value);
  });

  it('firebase.json sends every header the app sends, with the same value (CSP apart), and no other', () => {
    const hosting = everyPath(production);
    const app = securityHeaderList('app');
    expect(hosting.map((h) => h.key)).toEqual(app.map((h) => h.key));
    expect(without(hosting, 'Content-Security-Policy')).toEqual(without(app, 'Content-Security-Policy'));
    for (const { key, value } of without(hosting, 'Content-Security-Policy'))
      expect(appHeaders.get(key), key).toBe(value);
    expect(valueOf(hosting, 'Cross-Origin-Opener-Policy')).toBe('same-origin-allow-popups'); // PayPal's popup reports back
    expect(valueOf(hosting, 'Referrer-Policy')).toBe(appHeaders.get('Referrer-Policy'));
  });

  it("firebase.json's CSP is the app's plus the Firebase SDK's Google endpoints in connect-src, nothing else", () => {
    const hosting = directives(valueOf(everyPath(production), 'Content-Security-Policy'));
    const app = directives(appHeaders.get('Content-Security-Policy') ?? undefined);
    expect(Object.keys(hosting)).toEqual(Object.keys(app));
    for (const [name, sources] of Object.entries(app)) {
      expect(hosting[name], name).toEqual(name === 'connect-src' ? [...sources, ...FIREBASE_CONNECT_SOURCES] : sources);
    }
    expect(JSON.stringify(hosting)).not.toMatch(/127\.0\.0\.1|localhost|http:/); // no emulator in production
  });

  it('the emulator config allows the emulator ports on top of that, and differs from firebase.json in nothing else', () => {
    const firebase = directives(valueOf(everyPath(production), 'Content-Security-Policy'));
    const local = directives(valueOf(everyPath(emulators), 'Content-Security-Policy'));
    const origins = emulatorOrigins(ports);
    for (const [name, sources] of Object.entries(firebase)) {
      const extra = name === 'connect-src' ? origins.connect : name === 'img-src' ? origins.img : [];
      expect(local[name], name).toEqual([...sources, ...extra]);
    }
    expect(without(everyPath(emulators), 'Content-Security-Policy')).toEqual(
      without(everyPath(production), 'Content-Security-Policy'),
    );
    expect(everyPath(emulators)).toEqual(securityHeaderList('emulators', ports));

    // Apart from the web build it serves, the `**` headers and the deploy hooks, it is firebase.json.
    const strip = (c: HostingConfig) => ({
      ...c,
      hosting: {
        ...c.hosting,
        public: undefined,
        predeploy: undefined,
        headers: c.hosting.headers
          .filter((b) => b.source !== '**')
          .map((b) => ({ ...b, headers: b.headers.filter((h) => h.key !== 'Link') })),
      },
      functions: c.functions.map(({ predeploy: _p, ...f }) => f),
    });
    expect(emulators.hosting.public).toBe('web/dist-emulators');
    expect(JSON.parse(JSON.stringify(strip(emulators)))).toEqual(JSON.parse(JSON.stringify(strip(production))));
  });
});

describe('preloads', () => {
  const links = (config: HostingConfig) =>
    config.hosting.headers.flatMap((b) => b.headers.filter((h) => h.key.toLowerCase() === 'link').map((h) => h.value));

  it('the Firebase build preloads no /api answer: it reads the catalogue from Firestore, a preload would only wake the function', () => {
    expect(links(production).filter((v) => v.includes('/api'))).toEqual([]);
    // The home page is still served fresh.
    expect(production.hosting.headers.find((b) => b.source === '/')?.headers).toEqual([
      { key: 'Cache-Control', value: 'no-cache' },
    ]);
  });

  it("the emulators' home page preloads what the embedded server's does (their build may read /api)", () => {
    expect(links(emulators)).toEqual([preloadLinks(HOME_PRELOADS)]);
  });
});
