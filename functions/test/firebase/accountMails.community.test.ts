// Issue 37: the account emails on Firebase, through the API as deployed (createFirebasePorts: the Firestore store,
// Firebase Auth, the mailOutbox collection), on the community Firestore emulator and firebase-tools' Auth emulator,
// both in this process (in `npm test`: functions/vitest.community.config.ts). Each message is the shop's template
// in mailOutbox, recorded exactly once, carrying a Firebase action code the Auth emulator made and accepts:
//   welcome + confirmation link when the first call makes the profile (the web app signs up in the browser);
//   "password changed" after PUT /api/users/profile; an email change's notice to the old address and link to the
//   new one (unconfirmed until followed); the admin's "Send password reset link"; "Send link again".
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin, createFirebasePorts, IdentityToolkit } from '../../src/adapters/firebase/index.js';
import { FirestoreMailOutbox } from '../../src/adapters/firebase/store/mailOutbox.js';
import { appOptions, createApp } from '../../src/app.js';
import { readConfig } from '../../src/config.js';
import type { Ports } from '../../src/ports.js';
import {
  type AuthEmulator,
  mayBeRevokedAtBirth,
  signUpTokenOrSignIn,
  startAuthEmulator,
} from '../support/authEmulator.js';
import { type CommunityFirestore, startCommunityFirestore } from '../support/communityFirestore.js';

const PROJECT = 'demo-voltshop-account-mails';
const limit = { max: 1000, windowMs: 60_000 };

let firestore: CommunityFirestore;
let authEmulator: AuthEmulator;
let admin: App;
let ports: Ports;
let server: Server;
let base = '';
let outbox: FirestoreMailOutbox;
const envBefore = {
  firestore: process.env.FIRESTORE_EMULATOR_HOST,
  auth: process.env.FIREBASE_AUTH_EMULATOR_HOST,
};
const rest = () => new IdentityToolkit({ apiKey: () => 'emulator-api-key' });

beforeAll(async () => {
  [firestore, authEmulator] = await Promise.all([startCommunityFirestore(), startAuthEmulator(PROJECT)]);
  process.env.FIRESTORE_EMULATOR_HOST = firestore.host;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = authEmulator.host;
  admin = initializeApp({ projectId: PROJECT }, `account-mails-${Date.now().toString(36)}`);
  const config = readConfig({ DATA_DIR: '/nonexistent', WEB_API_KEY: 'emulator-api-key' });
  ports = await createFirebasePorts(
    {
      store: 'firestore',
      dataDir: '',
      webApiKey: () => 'emulator-api-key',
      orderLinkSecret: () => '',
      paypal: config.paypal,
      production: false,
    },
    admin,
  );
  outbox = new FirestoreMailOutbox(getFirestore(admin), () => new Date());
  const app = createApp(
    ports,
    appOptions(config, {
      backend: 'firebase',
      catalogCacheTtlMs: 0,
      loginLimit: limit,
      signInLimit: limit,
      passwordResetLimit: limit,
    }),
  );
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await ports?.store.close();
  if (admin) await deleteApp(admin);
  await authEmulator?.stop();
  await firestore?.stop();
  for (const [name, value] of [
    ['FIRESTORE_EMULATOR_HOST', envBefore.firestore],
    ['FIREBASE_AUTH_EMULATOR_HOST', envBefore.auth],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

async function call(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

let n = 0;
/** An account made as the web app makes one: in the browser (the Auth REST sign-up), then the API's first call. */
async function signUpInBrowser(name: string) {
  const email = `${name.toLowerCase()}${++n}@example.com`;
  const made = await rest().signUp({ email, password: 'secret123', displayName: name });
  // The emulator's sign-up race (mayBeRevokedAtBirth): a second that began during the sign-up leaves its token
  // older than the account's validSince; the shopper's next sign-in gives one that is not.
  const token = await signUpTokenOrSignIn(
    made.idToken,
    async () => (await rest().signInWithPassword(email, 'secret123')).idToken,
  );
  return { uid: made.localId, email, token, name };
}

/** The messages recorded for `to`, as [template, key] pairs (each exactly once is asserted by the callers). */
const mailsTo = async (to: string) => (await outbox.all()).filter((m) => m.to === to);

/** The action code in a recorded link (/auth/action?mode=…&oobCode=…), with its mode. */
function actionOf(path: unknown) {
  const url = new URL(String(path), 'https://shop.example');
  expect(url.pathname).toBe('/auth/action');
  return { mode: url.searchParams.get('mode'), code: url.searchParams.get('oobCode') ?? '' };
}

describe('account emails on Firebase (Firestore store + Firebase Auth, emulators in process)', () => {
  it('welcomes an account signed up in the browser once, when its first call makes the profile; the link confirms the address', async () => {
    const wendy = await signUpInBrowser('Wendy');
    expect((await call('POST', '/api/users/profile', wendy.token, { name: 'Wendy' })).status).toBe(201);
    // A retry, a second tab, the next sign-in: the profile exists, no second welcome.
    expect((await call('POST', '/api/users/profile', wendy.token, { name: 'Wendy' })).status).toBe(200);

    const mails = await mailsTo(wendy.email);
    expect(mails.map((m) => [m.template, m.key])).toEqual([['welcome', `welcome:${wendy.uid}`]]);
    const { mode, code } = actionOf(mails[0]!.data!.verifyPath);
    expect(mode).toBe('verifyEmail');
    expect(mails[0]!.data).toMatchObject({ name: 'Wendy', expiresInHours: 72 });
    // Firebase Auth's own code (not one of the shop's tokens), and no email of Firebase's own was asked for.
    expect((await authEmulator.oobCodes(PROJECT, wendy.email, 'VERIFY_EMAIL')).map((c) => c.oobCode)).toEqual([code]);

    expect((await call('GET', '/api/users/profile/verification', wendy.token)).body).toEqual({
      email: wendy.email,
      verified: false,
      verifiedAt: null,
    });
    await authEmulator.rest('accounts:update', { oobCode: code }); // what /auth/action's applyActionCode sends
    expect((await call('GET', '/api/users/profile/verification', wendy.token)).body).toMatchObject({ verified: true });
  });

  it("an address confirmed in Firebase Auth but not the profile's (the browser moved the Auth email) confirms nothing of the profile's", async () => {
    const vic = await signUpInBrowser('Vic');
    expect((await call('POST', '/api/users/profile', vic.token, { name: 'Vic' })).status).toBe(201);
    // What the client SDK's verifyBeforeUpdateEmail does once its link is followed: the Auth account's email is
    // another, confirmed one; the profile keeps the address it was made with, which nobody proved.
    const own = `own-${vic.email}`;
    await getAuth(admin).updateUser(vic.uid, { email: own, emailVerified: true });
    const token = (await rest().signInWithPassword(own, 'secret123')).idToken;
    expect((await call('GET', '/api/users/profile/verification', token)).body).toEqual({
      email: vic.email,
      verified: false,
      verifiedAt: null,
    });
  });

  it('"Send link again" records a new confirmation link, each request its own message', async () => {
    const sam = await signUpInBrowser('Sam');
    await call('POST', '/api/users/profile', sam.token, { name: 'Sam' });
    expect((await call('POST', '/api/users/profile/verification', sam.token)).status).toBe(202);
    const mails = await mailsTo(sam.email);
    expect(mails.map((m) => m.template).sort()).toEqual(['verify-email', 'welcome']);
    const again = mails.find((m) => m.template === 'verify-email')!;
    expect(actionOf(again.data!.verifyPath).mode).toBe('verifyEmail');
  });

  it('tells the account its password changed on the profile, once', async () => {
    const pat = await signUpInBrowser('Pat');
    await call('POST', '/api/users/profile', pat.token, { name: 'Pat' });
    const changed = await call('PUT', '/api/users/profile', pat.token, {
      name: 'Pat',
      email: pat.email,
      password: 'newer-secret1',
      currentPassword: 'secret123',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const mails = await mailsTo(pat.email);
    expect(mails.map((m) => m.template).sort()).toEqual(['password-changed', 'welcome']);
    expect(mails.find((m) => m.template === 'password-changed')!.data).toEqual({ name: 'Pat', how: 'profile' });
  });

  it('an email change: the old address hears of it, the new one gets a link and reads unconfirmed until it is followed', async () => {
    const cy = await signUpInBrowser('Cy');
    await call('POST', '/api/users/profile', cy.token, { name: 'Cy' });
    const welcome = (await mailsTo(cy.email))[0]!;
    await authEmulator.rest('accounts:update', { oobCode: actionOf(welcome.data!.verifyPath).code });

    const newEmail = `cy.moved${++n}@example.com`;
    const moved = await call('PUT', '/api/users/profile', cy.token, {
      name: 'Cy',
      email: newEmail,
      currentPassword: 'secret123',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const token = moved.body.token as string;

    const toOld = await mailsTo(cy.email);
    expect(toOld.map((m) => m.template)).toEqual(['welcome', 'email-changed']);
    expect(toOld[1]!.data).toEqual({ name: 'Cy', newEmail });
    const toNew = await mailsTo(newEmail);
    expect(toNew.map((m) => m.template)).toEqual(['verify-email']); // a confirmation, no second welcome
    const { mode, code } = actionOf(toNew[0]!.data!.verifyPath);
    expect(mode).toBe('verifyEmail');
    expect((await authEmulator.oobCodes(PROJECT, newEmail, 'VERIFY_EMAIL')).map((c) => c.oobCode)).toEqual([code]);

    expect((await call('GET', '/api/users/profile/verification', token)).body).toEqual({
      email: newEmail,
      verified: false,
      verifiedAt: null,
    });
    await authEmulator.rest('accounts:update', { oobCode: code });
    expect((await call('GET', '/api/users/profile/verification', token)).body).toMatchObject({ verified: true });
  });

  it('an admin\'s "Send password reset link" records the shop\'s reset message; its code sets a new password', async () => {
    const keeperEmail = `keeper${++n}@example.com`;
    await bootstrapAdmin(getAuth(admin), ports.store, { email: keeperEmail, password: 'keeper123', name: 'Keeper' });
    const keeper = (await rest().signInWithPassword(keeperEmail, 'keeper123')).idToken;
    const rosa = await signUpInBrowser('Rosa');
    await call('POST', '/api/users/profile', rosa.token, { name: 'Rosa' });
    // Only admins may send one (asked before the reset, which ends Rosa's sessions: her token would then be a 401
    // or a 403 by the second it was issued in); an unknown user is a 404.
    expect((await call('POST', `/api/users/${rosa.uid}/password-reset`, rosa.token)).status).toBe(403);
    expect((await call('POST', '/api/users/nobody-here/password-reset', keeper)).status).toBe(404);

    const sent = await call('POST', `/api/users/${rosa.uid}/password-reset`, keeper);
    expect(sent).toEqual({ status: 202, body: { message: `A password reset link was sent to ${rosa.email}.` } });
    const resets = (await mailsTo(rosa.email)).filter((m) => m.template === 'password-reset');
    expect(resets).toHaveLength(1);
    expect(resets[0]!.data).toMatchObject({ name: 'Rosa', expiresInMinutes: 60 });
    const { mode, code } = actionOf(resets[0]!.data!.resetPath);
    expect(mode).toBe('resetPassword');
    // What /auth/action's confirmPasswordReset sends; then the new password signs in.
    await authEmulator.rest('accounts:resetPassword', { oobCode: code, newPassword: 'brand-new9' });
    expect(
      (await call('POST', '/api/users/login', undefined, { email: rosa.email, password: 'brand-new9' })).status,
    ).toBe(200);
  });
});

describe("the Auth emulator's sign-up race (support/authEmulator.ts mayBeRevokedAtBirth)", () => {
  const token = (claims: Record<string, number>) =>
    ['e30', Buffer.from(JSON.stringify(claims)).toString('base64url'), ''].join('.');
  it('reads a token issued in a later second than its auth_time as possibly revoked, one of the same second as not', () => {
    expect(mayBeRevokedAtBirth(token({ auth_time: 1_700_000_000, iat: 1_700_000_001 }))).toBe(true);
    expect(mayBeRevokedAtBirth(token({ auth_time: 1_700_000_000, iat: 1_700_000_000 }))).toBe(false);
  });

  /** Runs `signUp` while a clock in this process moves a second at each `new Date()`: it stands for the pause (a
   *  busy CI machine) that once fell between the emulator's auth_time and its validSince. The clock stays that far
   *  ahead (time does not go back) until `after` has run. */
  async function withSecondsJumping<T>(signUp: () => Promise<T>, after: (made: T) => Promise<void>) {
    const RealDate = Date;
    const clock = { shift: 0, jumping: false };
    class Jumpy extends RealDate {
      constructor(...args: []) {
        if (args.length) super(...args);
        else super(RealDate.now() + (clock.jumping ? (clock.shift += 1000) : clock.shift));
      }
      static override now() {
        return RealDate.now() + clock.shift;
      }
    }
    globalThis.Date = Jumpy as unknown as DateConstructor;
    try {
      clock.jumping = true;
      const made = await signUp();
      clock.jumping = false;
      await after(made);
    } finally {
      globalThis.Date = RealDate;
    }
  }
  const verdict = (idToken: string) =>
    getAuth(admin)
      .verifyIdToken(idToken, true)
      .then(
        () => 'accepted',
        (error: { code?: string }) => error.code,
      );

  it('a second begun during the sign-up: its token is refused as revoked (401), flagged, and the sign-in after is accepted', async () => {
    const email = `race${++n}@example.com`;
    await withSecondsJumping(
      () => rest().signUp({ email, password: 'secret123', displayName: 'Race' }),
      async (made) => {
        expect(await verdict(made.idToken)).toBe('auth/id-token-revoked');
        expect((await call('GET', '/api/users/profile', made.idToken)).status).toBe(401);
        expect(mayBeRevokedAtBirth(made.idToken)).toBe(true);
        const next = await rest().signInWithPassword(email, 'secret123');
        expect(await verdict(next.idToken)).toBe('accepted');
      },
    );
  });

  it("the API's sign-up (POST /api/users, the original clients') answers a token that is accepted through the race", async () => {
    const email = `race${++n}@example.com`;
    await withSecondsJumping(
      () => call('POST', '/api/users', undefined, { name: 'Race', email, password: 'secret123' }),
      async (made) => {
        expect(made.status).toBe(201);
        const token = String(made.body.token);
        expect(await verdict(token)).toBe('accepted');
        const profile = await call('GET', '/api/users/profile', token);
        expect(profile.status).toBe(200);
        expect(profile.body.email).toBe(email);
      },
    );
  });
});
