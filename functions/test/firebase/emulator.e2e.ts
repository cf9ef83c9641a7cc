// The Firebase mode end to end, through the emulators: the Auth emulator for accounts and ID tokens, the
// Functions emulator running the real `api` function (functions/lib/index.js), and the Hosting emulator's
// /api/** rewrite in front of it. Run by scripts/firebase/test-emulators.mjs (in `npm test`) under
//   firebase emulators:exec --only auth,functions,hosting
// with VOLTSHOP_STORE=embedded (the Firestore emulator cannot run offline: the function keeps its data in the
// embedded SQL store under DATA_DIR, which this process opens too for seeding and bootstrapping), and by
// scripts/firebase/test-firebase.mjs with the Firestore store when the full emulator suite can run.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bootstrapAdmin,
  createFirebasePorts,
  createStore,
  IdentityToolkit,
} from '../../src/adapters/firebase/index.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/chromium.mjs';
import { createOfflineEmulatorPorts, createOfflineStore } from '../../src/devRoots/offlineEmulator.js';
import { contentSecurityPolicy } from '../../src/http/securityHeaders.js';
import type { Ports, Store } from '../../src/ports.js';
import { DEMO_CUSTOMERS, seedDemo } from '../../src/seed/seed.js';

const PROJECT_ID = process.env.GCLOUD_PROJECT || 'demo-voltshop';
const STORE = process.env.VOLTSHOP_STORE === 'embedded' ? 'embedded' : 'firestore';
const REQUEST_TIMEOUT_MS = 20_000; // a crashed function makes the emulator hang: never wait for ever

let base: string; // the Hosting emulator
let app: App;
let auth: Auth;
let store: Store;
let ports: Ports;
const rest = new IdentityToolkit({ apiKey: () => 'emulator-api-key' });
const seedAdmin = { email: 'admin@voltshop.test', password: 'admin1234' };
/** An admin made by the bootstrap (Admin SDK) for the shopping cases. */
const keeper = { uid: '', idToken: '' };

interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

async function call<T = any>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; raw?: RequestInit['body']; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body = options.raw;
  if (options.body !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(base + path, { method, headers, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await res.text();
  const parsed = res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text;
  return { status: res.status, body: parsed as T, headers: res.headers };
}

let n = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++n}@example.com`;

async function register(name = 'Carol Test', password = 'secret123') {
  const email = unique('carol');
  const res = await call('POST', '/api/users', { body: { name, email, password } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  // The API answers a token its verify accepts, the Auth emulator's sign-up race included (adapters/firebase/auth.ts
  // mayBeRevokedAtBirth): the next call's 401 would fail the test that made the account.
  return { ...res.body, email, password } as {
    _id: string;
    name: string;
    email: string;
    isAdmin: boolean;
    token: string;
    password: string;
  };
}

/** Signs in like the web SDK does (Auth emulator REST): an ID token and a refresh token. */
async function signIn(email: string, password: string) {
  const a = await rest.signInWithPassword(email, password);
  return { idToken: a.idToken, refreshToken: a.refreshToken, uid: a.localId };
}

/** CSP header -> { directive: sorted sources }. */
function directives(csp: string | null): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (csp ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources.sort();
  }
  return out;
}

beforeAll(async () => {
  const hub = process.env.FIREBASE_EMULATOR_HUB;
  if (!hub || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error(
      'Run this suite under `firebase emulators:exec --only auth,functions,hosting` (scripts/firebase/test-emulators.mjs)',
    );
  }
  const emulators = (await (
    await fetch(`http://${hub}/emulators`, { signal: AbortSignal.timeout(5000) })
  ).json()) as Record<string, { host: string; port: number }>;
  if (!emulators.hosting || !emulators.functions)
    throw new Error(`Hosting and Functions emulators must run (running: ${Object.keys(emulators).join(', ')})`);
  base = `http://${emulators.hosting.host}:${emulators.hosting.port}`;

  app = initializeApp({ projectId: PROJECT_ID }, 'e2e');
  auth = getAuth(app);
  const settings = { store: STORE, dataDir: process.env.DATA_DIR ?? '' } as const;
  if (STORE === 'embedded' && !settings.dataDir) throw new Error('DATA_DIR must be the function’s data directory');
  const firebaseSettings = {
    ...settings,
    webApiKey: () => '',
    orderLinkSecret: () => '',
    paypal: { clientId: '', secret: () => '', baseUrl: '', timeoutMs: 1000 },
    production: false,
  };
  // The embedded store offline comes from the dev-only root, as it does in the function (src/index.ts).
  if (STORE === 'embedded') {
    store = await createOfflineStore(settings);
    ports = await createOfflineEmulatorPorts(firebaseSettings, app);
  } else {
    store = await createStore(settings, app);
    ports = await createFirebasePorts(firebaseSettings, app);
  }

  // The demo data, through the ports only (what scripts/firebase/seed.mjs does), against the Auth emulator.
  await seedDemo(ports, seedAdmin);

  const email = unique('keeper');
  keeper.uid = (await bootstrapAdmin(auth, store, { email, password: 'keeper123', name: 'Shop Keeper' })).uid;
  keeper.idToken = (await signIn(email, 'keeper123')).idToken;

  // First request: the function's cold start (lazy initialisation) happens here.
  const health = await call('GET', '/api/health');
  expect(health.status, JSON.stringify(health.body)).toBe(200);
}, 120_000);

afterAll(async () => {
  await ports?.store.close();
  if (store !== ports?.store) await store?.close();
  if (app) await deleteApp(app);
});

describe('Hosting in front of the function', () => {
  it('rewrites /api/** to the function, which answers the Firebase backend config', async () => {
    const res = await call('GET', '/api/config');
    expect(res.status).toBe(200);
    // No development mailbox behind Hosting (the function has none): the admin links none.
    expect(res.body).toEqual({
      paymentMode: 'simulated',
      paypalClientId: '',
      currency: 'USD',
      backend: 'firebase',
      devMailbox: false,
    });
    expect((await call('GET', '/api/config/paypal')).body).toBe('');
  });

  it('answers unknown /api paths with the API’s JSON 404, not the web app', async () => {
    const res = await call('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found - /api/nope' });
  });

  it('serves the seeded catalogue through the rewrite (pages of 8, top 3, search)', async () => {
    const page = await call('GET', '/api/products?pageNumber=1');
    expect(page.status).toBe(200);
    expect(page.body.products).toHaveLength(8);
    expect(page.body.pages).toBeGreaterThanOrEqual(3);
    const top = await call('GET', '/api/products/top');
    expect(top.body).toHaveLength(3);
    const first = page.body.products[0];
    const found = await call(
      'GET',
      `/api/products?keyword=${encodeURIComponent(first.name.slice(1, 6).toUpperCase())}`,
    );
    expect(found.body.products.map((p: { _id: string }) => p._id)).toContain(first._id);
    expect((await call('GET', '/api/products?keyword=.*')).body).toEqual({ products: [], page: 1, pages: 0, total: 0 });
    const detail = await call('GET', `/api/products/${top.body[0]._id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.reviews.length).toBeGreaterThan(0);
  });

  it('sends the same security headers on the web app and the API; the CSP matches the app’s', async () => {
    const page = await call('GET', '/');
    const api = await call('GET', '/api/config');
    const hosting = directives(page.headers.get('content-security-policy'));
    const fromApp = directives(api.headers.get('content-security-policy'));
    expect(Object.keys(hosting).sort()).toEqual(Object.keys(fromApp).sort());
    for (const [name, sources] of Object.entries(hosting)) {
      // The Firebase web SDK talks to Google's Auth, Firestore and Storage endpoints and, in the emulator build,
      // to the emulators (and shows Storage-emulator images): only connect-src and img-src are wider.
      if (name === 'connect-src' || name === 'img-src') expect(sources).toEqual(expect.arrayContaining(fromApp[name]!));
      else expect(sources, name).toEqual(fromApp[name]);
    }
    for (const source of contentSecurityPolicy().directives['script-src'])
      expect(hosting['script-src']).toContain(source);
    for (const header of [
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'strict-transport-security',
    ]) {
      expect(page.headers.get(header), header).toBe(api.headers.get(header));
    }
  });

  it('falls back to the web app for client routes (no-cache) and caches hashed assets for ever', async () => {
    // (/product/** and /page/** are rewritten to the pages function: their HTML is tested in functions/test/pages.test.ts)
    const route = await call('GET', '/search/abc123');
    expect(route.status).toBe(200);
    expect(route.headers.get('content-type')).toContain('text/html');
    expect(route.body).toContain('<div id="root"');
    expect(route.headers.get('cache-control')).toBe('no-cache');
    for (const path of ['/', '/admin'])
      expect((await call('GET', path)).headers.get('cache-control'), path).toBe('no-cache');
    // The home page announces its first API calls (as the standalone server does).
    expect((await call('GET', '/')).headers.get('link')).toContain(
      '</api/products?keyword=&pageNumber=1>; rel=preload; as=fetch; crossorigin',
    );
    const asset = /\/assets\/[^"]+\.js/.exec(route.body)?.[0];
    expect(asset, 'the built index.html references a hashed script').toBeTruthy();
    const js = await call('GET', asset!);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

describe('Hosting: a URL that is no page of the app', () => {
  it('is answered with the app (its "not found" page) and a 404, as is a missing hashed asset; every page is no-cache', async () => {
    for (const path of ['/no-such-page', '/cart/a/b', '/x.php']) {
      const page = await call('GET', path);
      expect(page.status, path).toBe(404);
      expect(page.headers.get('content-type'), path).toContain('text/html');
      expect(page.body, path).toContain('<div id="root"');
    }
    // An old page after a deploy asks for a chunk that is gone: a 404 (the app reloads), never the app as script.
    const asset = await call('GET', '/assets/index-gone.js');
    expect(asset.status).toBe(404);
    for (const path of [
      '/wishlist',
      '/policies/returns',
      '/category/audio',
      '/order/abc/invoice',
      '/admin/orderlist',
      // A searched keyword is one encoded path segment, whatever it holds (web's paths.search.href).
      '/search/usb%2Fc%20hub',
      '/search/caf%C3%A9/page/2',
    ]) {
      const page = await call('GET', path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('cache-control'), path).toBe('no-cache');
    }
  });
});

describe('accounts through Firebase Auth', () => {
  it('registers through the API: the spec’s user shape with a Firebase ID token', async () => {
    const user = await register('Dora Test');
    expect(user).toMatchObject({ name: 'Dora Test', isAdmin: false });
    expect(Object.keys(user).sort()).toEqual(['_id', 'email', 'isAdmin', 'name', 'password', 'token']);
    const decoded = await auth.verifyIdToken(user.token);
    expect(decoded.uid).toBe(user._id);
    expect((await auth.getUser(user._id)).displayName).toBe('Dora Test');
    const again = await call('POST', '/api/users', {
      body: { name: 'Dup', email: user.email.toUpperCase(), password: 'secret123' },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('User already exists');
  });

  it('signs in through the API case-insensitively; bad credentials all read the same', async () => {
    const user = await register();
    const ok = await call('POST', '/api/users/login', {
      body: { email: user.email.toUpperCase(), password: user.password },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ _id: user._id, name: user.name, email: user.email, isAdmin: false });
    expect((await auth.verifyIdToken(ok.body.token)).uid).toBe(user._id);
    const wrong = await call('POST', '/api/users/login', { body: { email: user.email, password: 'nope-nope' } });
    const unknown = await call('POST', '/api/users/login', { body: { email: unique('ghost'), password: 'nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe('Invalid email or password');
  });

  it('accepts ID tokens from the Auth emulator’s REST sign-in (as the web SDK gets them)', async () => {
    const user = await register();
    const session = await signIn(user.email, user.password);
    const me = await call('GET', '/api/users/profile', { token: session.idToken });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ _id: user._id, name: user.name, email: user.email, isAdmin: false });
  });

  it('refuses missing and forged tokens with 401', async () => {
    expect((await call('GET', '/api/users/profile')).status).toBe(401);
    const forged = await call('GET', '/api/users/profile', { token: 'not.a.token' });
    expect(forged.status).toBe(401);
    expect(forged.body.message).toBe('Not authorized, token failed');
  });

  it('updates the profile (name, password) and answers a fresh token', async () => {
    const user = await register();
    const res = await call('PUT', '/api/users/profile', {
      token: user.token,
      body: { name: 'Carol Renamed', password: 'newsecret1', currentPassword: user.password },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ _id: user._id, name: 'Carol Renamed', email: user.email, isAdmin: false });
    expect((await auth.verifyIdToken(res.body.token)).uid).toBe(user._id);
    expect((await call('GET', '/api/users/profile', { token: res.body.token })).body.name).toBe('Carol Renamed');
    expect(
      (await call('POST', '/api/users/login', { body: { email: user.email, password: 'newsecret1' } })).status,
    ).toBe(200);
    expect(
      (await call('POST', '/api/users/login', { body: { email: user.email, password: user.password } })).status,
    ).toBe(401);
  });
});

/** A revoked session gives no usable token any more: the refresh fails, or its token is refused by the API. */
async function expectSessionEnded(refreshToken: string) {
  const refreshed = await rest.refresh(refreshToken).catch(() => null);
  if (refreshed) expect((await call('GET', '/api/users/profile', { token: refreshed.idToken })).status).toBe(401);
}

describe('the admin claim', () => {
  let boss: { uid: string; idToken: string };

  beforeAll(async () => {
    // The first admin: made with the Admin SDK (scripts/firebase/bootstrap-admin.mjs), never by an endpoint.
    const email = unique('boss');
    const made = await bootstrapAdmin(auth, store, { email, password: 'bosspass1', name: 'Boss' });
    expect(made.created).toBe(true);
    expect((await auth.getUser(made.uid)).customClaims).toEqual({ admin: true });
    boss = { ...(await signIn(email, 'bosspass1')), uid: made.uid };
  });

  it('lets a bootstrapped admin list users; customers get 403', async () => {
    const list = await call('GET', '/api/users', { token: boss.idToken });
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual(expect.objectContaining({ _id: boss.uid, name: 'Boss', isAdmin: true }));
    expect(list.body).toContainEqual(expect.objectContaining({ email: DEMO_CUSTOMERS.alice.email, isAdmin: false }));
    const alice = await call('POST', '/api/users/login', {
      body: { email: DEMO_CUSTOMERS.alice.email, password: DEMO_CUSTOMERS.alice.password },
    });
    expect((await call('GET', '/api/users', { token: alice.body.token })).status).toBe(403);
  });

  it('the seeded admin signs in through the API with isAdmin true', async () => {
    const res = await call('POST', '/api/users/login', { body: seedAdmin });
    expect(res.status).toBe(200);
    expect(res.body.isAdmin).toBe(true);
    expect((await auth.verifyIdToken(res.body.token)).admin).toBe(true);
    expect((await call('GET', '/api/orders', { token: res.body.token })).status).toBe(200);
  });

  it('grants and revokes admin through PUT /api/users/:id, at once: the old session ends, the next sign-in has the new role', async () => {
    const user = await register('Erin Test');
    let session = await signIn(user.email, user.password);
    expect((await call('GET', '/api/users', { token: session.idToken })).status).toBe(403);
    // Revocation is stamped in whole seconds: a token from the same second as the revocation would still pass.
    await new Promise((r) => setTimeout(r, 1100));

    const grant = await call('PUT', `/api/users/${user._id}`, {
      token: boss.idToken,
      body: { name: user.name, email: user.email, isAdmin: true },
    });
    expect(grant.status, JSON.stringify(grant.body)).toBe(200);
    expect(grant.body).toEqual({ _id: user._id, name: user.name, email: user.email, isAdmin: true });
    expect((await auth.getUser(user._id)).customClaims).toMatchObject({ admin: true });

    // The role change revoked the user's sessions: the old ID token is refused, and so is any token refreshed from
    // that session (Firebase Auth refuses the refresh; the Auth emulator hands one out, whose sign-in time predates
    // the revocation, so the API refuses it).
    expect((await call('GET', '/api/users/profile', { token: session.idToken })).status).toBe(401);
    await expectSessionEnded(session.refreshToken);
    await new Promise((r) => setTimeout(r, 1100)); // (whole seconds, as above)
    session = await signIn(user.email, user.password);
    expect((await auth.verifyIdToken(session.idToken)).admin).toBe(true);
    expect((await call('GET', '/api/users', { token: session.idToken })).status).toBe(200);
    expect((await call('GET', `/api/users/${user._id}`, { token: session.idToken })).body.isAdmin).toBe(true);
    await new Promise((r) => setTimeout(r, 1100));

    const revoke = await call('PUT', `/api/users/${user._id}`, {
      token: boss.idToken,
      body: { name: user.name, email: user.email, isAdmin: false },
    });
    expect(revoke.status).toBe(200);
    expect(revoke.body.isAdmin).toBe(false);
    // A demotion wins at once: the token that still says admin is refused outright ...
    expect((await call('GET', '/api/users', { token: session.idToken })).status).toBe(401);
    await expectSessionEnded(session.refreshToken);
    // ... and the next sign-in is a customer's.
    await new Promise((r) => setTimeout(r, 1100));
    const after = await signIn(user.email, user.password);
    expect((await auth.verifyIdToken(after.idToken)).admin).toBeUndefined();
    expect((await call('GET', '/api/users', { token: after.idToken })).status).toBe(403);
    expect((await call('GET', '/api/users/profile', { token: after.idToken })).status).toBe(200);
  });

  it('keeps an admin from demoting or deleting themselves', async () => {
    const me = (await call('GET', `/api/users/${boss.uid}`, { token: boss.idToken })).body;
    const demote = await call('PUT', `/api/users/${boss.uid}`, {
      token: boss.idToken,
      body: { name: me.name, email: me.email, isAdmin: false },
    });
    expect(demote.status).toBe(400);
    expect((await call('DELETE', `/api/users/${boss.uid}`, { token: boss.idToken })).status).toBe(400);
    expect((await auth.getUser(boss.uid)).customClaims).toMatchObject({ admin: true });
  });

  it('changes a user’s email in Firebase Auth too, and refuses one in use', async () => {
    const user = await register();
    const other = await register();
    const email = unique('renamed');
    const res = await call('PUT', `/api/users/${user._id}`, {
      token: boss.idToken,
      body: { name: 'Renamed', email, isAdmin: false },
    });
    expect(res.status).toBe(200);
    expect((await auth.getUser(user._id)).email).toBe(email.toLowerCase());
    expect((await call('POST', '/api/users/login', { body: { email, password: user.password } })).status).toBe(200);
    const taken = await call('PUT', `/api/users/${user._id}`, {
      token: boss.idToken,
      body: { name: 'Renamed', email: other.email.toUpperCase(), isAdmin: false },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Email already in use');
  });

  it('deletes a user: the Firebase Auth account goes too', async () => {
    const user = await register();
    const res = await call('DELETE', `/api/users/${user._id}`, { token: boss.idToken });
    expect(res.status).toBe(200);
    await expect(auth.getUser(user._id)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect(
      (await call('POST', '/api/users/login', { body: { email: user.email, password: user.password } })).status,
    ).toBe(401);
    expect((await call('GET', `/api/users/${user._id}`, { token: boss.idToken })).status).toBe(404);
  });
});

describe('shopping through the function', () => {
  it('creates a product, orders it, pays once, delivers; other customers cannot see the order', async () => {
    const product = (await call('POST', '/api/products', { token: keeper.idToken })).body;
    expect(product.name).toBe('Sample name');
    const name = `Emulator Drone ${Date.now()}`;
    const put = await call('PUT', `/api/products/${product._id}`, {
      token: keeper.idToken,
      body: {
        name,
        price: 89.99,
        image: '/images/sample.svg',
        brand: 'Volt',
        category: 'Drones',
        description: 'Flies',
        countInStock: 3,
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    const buyer = await register('Buyer Test');
    const placed = await call('POST', '/api/orders', {
      token: buyer.token,
      body: {
        orderItems: [{ product: product._id, qty: 3, price: 0.01 }],
        shippingAddress: { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' },
        paymentMethod: 'PayPal',
        totalPrice: 0.01,
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body).toMatchObject({
      itemsPrice: 269.97,
      shippingPrice: 0,
      taxPrice: 40.5,
      totalPrice: 310.47,
      isPaid: false,
    });
    const again = await call('POST', '/api/orders', {
      token: buyer.token,
      body: {
        orderItems: [{ product: product._id, qty: 1 }],
        shippingAddress: { address: 'a', city: 'b', postalCode: '12345', country: 'US' },
      },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(name);

    const stranger = await register('Stranger Test');
    expect((await call('GET', `/api/orders/${placed.body._id}`, { token: stranger.token })).status).toBe(403);
    expect((await call('PUT', `/api/orders/${placed.body._id}/pay`, { token: stranger.token, body: {} })).status).toBe(
      403,
    );

    expect(
      (await call('PUT', `/api/orders/${placed.body._id}/deliver`, { token: keeper.idToken, body: {} })).status,
    ).toBe(409);
    const paid = await call('PUT', `/api/orders/${placed.body._id}/pay`, {
      token: buyer.token,
      body: { simulated: true },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ isPaid: true, status: 'paid' });
    const twice = await call('PUT', `/api/orders/${placed.body._id}/pay`, {
      token: buyer.token,
      body: { simulated: true },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Order is already paid');
    const delivered = await call('PUT', `/api/orders/${placed.body._id}/deliver`, { token: keeper.idToken, body: {} });
    expect(delivered.status).toBe(200);
    expect(delivered.body.isDelivered).toBe(true);

    const mine = await call('GET', '/api/orders/myorders', { token: buyer.token });
    expect(mine.body.map((o: { _id: string }) => o._id)).toEqual([placed.body._id]);
  });

  it('answers the admin views: all orders, dashboard stats; deletes a product', async () => {
    const orders = await call('GET', '/api/orders', { token: keeper.idToken });
    expect(orders.status).toBe(200);
    expect(orders.body.length).toBeGreaterThan(0);
    const stats = await call('GET', '/api/admin/stats', { token: keeper.idToken });
    expect(stats.status).toBe(200);
    expect(stats.body.daily).toHaveLength(30);
    expect(stats.body.daily.some((d: { orders: number }) => d.orders > 0)).toBe(true);
    expect(stats.body.lowStock.length).toBeGreaterThan(0); // the seed has products at 0
    const made = (await call('POST', '/api/products', { token: keeper.idToken })).body;
    expect((await call('DELETE', `/api/products/${made._id}`, { token: keeper.idToken })).status).toBe(200);
    expect((await call('DELETE', `/api/products/${made._id}`, { token: keeper.idToken })).status).toBe(404);
    const customer = await register();
    expect((await call('GET', '/api/orders', { token: customer.token })).status).toBe(403);
    expect((await call('GET', '/api/admin/stats', { token: customer.token })).status).toBe(403);
    expect((await call('POST', '/api/products', { token: customer.token })).status).toBe(403);
  });

  it('takes reviews once per user', async () => {
    const top = (await call('GET', '/api/products/top')).body[0];
    const reviewer = await register('Reviewer Test');
    const first = await call('POST', `/api/products/${top._id}/reviews`, {
      token: reviewer.token,
      body: { rating: 5, comment: 'Superb' },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await call('POST', `/api/products/${top._id}/reviews`, {
      token: reviewer.token,
      body: { rating: 1, comment: 'Again' },
    });
    expect(second.status).toBe(400);
    expect(second.body.message).toBe('Product already reviewed');
  });

  it('reads uploads from the replayed body (multipart through the platform’s body parsing)', async () => {
    // A 1x1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = new FormData();
    form.append('image', new Blob([png], { type: 'image/png' }), 'dot.png');
    const res = await call('POST', '/api/upload', { token: keeper.idToken, raw: form });
    expect(res.status, String(res.body)).toBe(201);
    expect(res.body).toMatch(
      // uploads are re-encoded to WebP (src/images/pipeline.ts)
      STORE === 'embedded' ? /^\/uploads\/[0-9a-f]{32}\.webp$/ : /\/o\/products%2F[0-9a-f]{32}\.webp\?alt=media$/,
    );
    const text = new FormData();
    text.append('image', new Blob(['hello'], { type: 'image/png' }), 'fake.png');
    expect((await call('POST', '/api/upload', { token: keeper.idToken, raw: text })).status).toBe(400);
  });

  it('applies the app’s own JSON limit to the replayed body', async () => {
    const huge = { email: 'x@example.com', password: 'y'.repeat(200_000) };
    const res = await call('POST', '/api/users/login', { body: huge });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request body too large' });
  });
});

describe('the Firebase web build in Chromium (served by the Hosting emulator, signed in with the Auth emulator)', () => {
  let browser: Browser;
  const firestoreRuns = STORE === 'firestore';

  beforeAll(async () => {
    // Debian's Chromium (never downloaded), with the flags every browser run shares (scripts/chromium.mjs).
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_ARGS],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A fresh browser profile on the Hosting emulator; collects page errors and CSP refusals. */
  async function open() {
    const context = await browser.newContext({ baseURL: base });
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${String(e)}`));
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to (connect|load|execute)/i.test(m.text()))
        problems.push(`CSP: ${m.text()}`);
    });
    const apiCalls: string[] = [];
    const authCalls: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) apiCalls.push(`${r.method()} ${url.pathname}`);
      if (url.pathname.includes('identitytoolkit.googleapis.com')) authCalls.push(url.pathname.split('/').pop()!);
    });
    return { context, page, problems, apiCalls, authCalls };
  }

  // The header's menus (web/src/app/components/Header.tsx): the user's name, and "Admin" for admins.
  const userMenu = (page: Page, name: string) => page.locator('#username').getByText(name, { exact: true });
  const adminMenu = (page: Page) => page.locator('#adminmenu');

  async function signInWithTheForm(page: Page, email: string, password: string, name: string) {
    await page.goto('/login');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await userMenu(page, name).waitFor();
  }

  it('shows the catalogue (from the API) and, where no Firestore runs, says so instead of waiting for it', async () => {
    const { context, page, problems } = await open();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Latest Products' }).waitFor();
    await page.locator('.card').first().waitFor(); // the static home page loads its catalogue from the API
    const notice = page.getByText('The Firestore emulator is not running here');
    if (firestoreRuns) expect(await notice.count()).toBe(0);
    else await notice.waitFor();

    const first = (await call('GET', '/api/products?pageNumber=1')).body.products[0];
    await page.goto(`/product/${first._id}`);
    await page.getByRole('heading', { name: first.name }).waitFor();
    // The product page says it too (its live stock and reviews would come from Firestore).
    if (firestoreRuns) expect(await notice.count()).toBe(0);
    else await notice.waitFor();
    await page.goto('/search/volt');
    await page.getByRole('heading', { name: 'Results for “volt”' }).waitFor();
    if (!firestoreRuns) await notice.waitFor(); // and search, which reads Firestore directly where it runs
    expect(problems).toEqual([]);
    await context.close();
  });

  it('signs up in the browser (Auth emulator), and the function makes the profile on the first call', async () => {
    const { context, page, problems, apiCalls, authCalls } = await open();
    const email = unique('webshopper');
    await page.goto('/register');
    await page.getByLabel('Name').fill('Wendy Web');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm Password').fill('secret123');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await userMenu(page, 'Wendy Web').waitFor();

    expect(authCalls).toContain('accounts:signUp'); // the browser made the account ...
    expect(apiCalls).not.toContain('POST /api/users'); // ... not the function's REST sign-up
    expect(apiCalls).toContain('POST /api/users/profile');
    const account = await auth.getUserByEmail(email);
    expect(await store.users.get(account.uid)).toMatchObject({ name: 'Wendy Web', email, isAdmin: false });
    expect(problems).toEqual([]);
    await context.close();
  });

  /** The Auth emulator's out-of-band codes (what its emails would carry) for this address and kind. */
  async function oobCodes(email: string, requestType: 'PASSWORD_RESET' | 'VERIFY_EMAIL') {
    const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    const res = await fetch(`http://${host}/emulator/v1/projects/${PROJECT_ID}/oobCodes`, {
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    expect(res.status).toBe(200);
    const { oobCodes: codes } = (await res.json()) as {
      oobCodes: { email: string; oobCode: string; oobLink: string; requestType: string }[];
    };
    return codes.filter((c) => c.email === email && c.requestType === requestType);
  }

  it('resets a password through the app (Forgot Password, the Auth emulator’s code, /auth/action): the new password signs in, the old one fails, the code works once', async () => {
    const user = await register('Reset Rosa', 'oldsecret1');
    const { context, page, problems, authCalls } = await open();
    await page.goto('/forgot-password');
    await page.getByLabel('Email Address').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('If an account uses this email, a link to reset its password is on its way.').waitFor();
    expect(authCalls).toContain('accounts:sendOobCode'); // Firebase Auth's own email, not the shop's outbox
    // An unknown address reads the same (no account enumeration).
    await page.goto('/forgot-password');
    await page.getByLabel('Email Address').fill(unique('nobody'));
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('If an account uses this email, a link to reset its password is on its way.').waitFor();

    const codes = await oobCodes(user.email, 'PASSWORD_RESET');
    expect(codes).toHaveLength(1);
    // The link the email carries, on the shop's own action page.
    const action = `/auth/action?mode=resetPassword&oobCode=${encodeURIComponent(codes[0]!.oobCode)}`;
    await page.goto(action);
    await page.getByRole('heading', { name: 'Choose a New Password' }).waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('newsecret2');
    await page.getByLabel('Confirm Password').fill('newsecret2');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByText('Your password was changed. Sign in with the new one.').waitFor();

    // Through the API (the function asks the Auth emulator): the new password works, the old one does not.
    const login = (password: string) => call('POST', '/api/users/login', { body: { email: user.email, password } });
    expect((await login('newsecret2')).status).toBe(200);
    expect((await login('oldsecret1')).status).toBe(401);
    // Not asserted: that the sessions from before the reset end. Firebase Auth revokes them on a reset; the Auth
    // emulator does not (measured: an old refresh token still refreshed, and the function accepted its ID token).
    // The code is spent: the same link now says so when used.
    await page.goto(action);
    await page.getByLabel('New Password', { exact: true }).fill('thirdsecret3');
    await page.getByLabel('Confirm Password').fill('thirdsecret3');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByText('This password reset link is invalid, used or expired. Ask for a new one.').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('an admin claim granted and revoked takes effect in the UI at once (the old session ends, the next sign-in shows the role)', async () => {
    const user = await register('Rita Role');
    const { context, page, problems } = await open();
    await signInWithTheForm(page, user.email, user.password, user.name);
    expect(await adminMenu(page).count()).toBe(0);
    await new Promise((r) => setTimeout(r, 1100)); // revocation is stamped in whole seconds

    // Granted by an admin: the sessions the user had end, and their next sign-in carries the admin role.
    expect(
      (
        await call('PUT', `/api/users/${user._id}`, {
          token: keeper.idToken,
          body: { name: user.name, email: user.email, isAdmin: true },
        })
      ).status,
    ).toBe(200);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor(); // the API refused the revoked token: signed out
    await new Promise((r) => setTimeout(r, 1100)); // revocation is stamped in whole seconds
    await signInWithTheForm(page, user.email, user.password, user.name);
    await adminMenu(page).waitFor();
    await page.goto('/admin/userlist');
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await new Promise((r) => setTimeout(r, 1100));

    // Revoked: the admin screens stop working with the token that still says admin.
    expect(
      (
        await call('PUT', `/api/users/${user._id}`, {
          token: keeper.idToken,
          body: { name: user.name, email: user.email, isAdmin: false },
        })
      ).status,
    ).toBe(200);
    await page.goto('/admin/userlist');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await new Promise((r) => setTimeout(r, 1100));
    await signInWithTheForm(page, user.email, user.password, user.name);
    expect(await adminMenu(page).count()).toBe(0);
    await page.goto('/admin/userlist');
    await page.getByRole('heading', { name: 'Latest Products' }).waitFor(); // non-admins are sent home
    expect(problems).toEqual([]);
    await context.close();
  });
});
