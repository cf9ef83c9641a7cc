// The embedded auth port reuses a token's signature check (adapters/embedded/auth.ts, signatureChecked): the
// reuse must never let a token through that verify() would refuse without it.
import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EmbeddedAuth } from '../src/adapters/embedded/auth.js';
import { Database } from '../src/adapters/embedded/db.js';
import { newId } from '../src/adapters/embedded/store.js';

describe('embedded verify() with the reused signature check', () => {
  let dir: string;
  let db: Database;
  let uid: string;
  const secret = new TextEncoder().encode('a-test-secret-of-enough-length-0123456789');
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'voltshop-verify-'));
    db = await Database.open(dir);
    uid = newId();
    await db.write((tx) =>
      tx.execute({
        sql: "INSERT INTO users (id, name, email, email_key, password_hash, is_admin, created_at) VALUES (?, 'A', 'a@x.test', 'a@x.test', 'x', 0, 'now')",
        args: [uid],
      }),
    );
  });
  afterEach(async () => {
    vi.useRealTimers();
    db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('revocation, demotion/promotion and deletion take effect on a token already checked', async () => {
    const auth = new EmbeddedAuth(db, secret);
    const token = await auth.issueToken(uid);
    const account = { name: 'A', email: 'a@x.test', emailVerified: false };
    expect(await auth.verify(token)).toEqual({ uid, isAdmin: false, account });
    await db.client.execute({ sql: 'UPDATE users SET is_admin = 1 WHERE id = ?', args: [uid] });
    expect(await auth.verify(token)).toEqual({ uid, isAdmin: true, account });
    await auth.revokeSessions(uid);
    await expect(auth.verify(token)).rejects.toMatchObject({ kind: 'unauthenticated', message: /session was ended/ });
    const fresh = await auth.issueToken(uid);
    expect(await auth.verify(fresh)).toMatchObject({ uid });
    await db.client.execute({ sql: 'DELETE FROM users WHERE id = ?', args: [uid] });
    await expect(auth.verify(fresh)).rejects.toMatchObject({ message: /no longer exists/ });
  });

  it("answers the account's profile and email confirmation as the row says now, not as at the first check (issue 42)", async () => {
    const auth = new EmbeddedAuth(db, secret);
    const token = await auth.issueToken(uid);
    expect((await auth.verify(token)).account).toEqual({ name: 'A', email: 'a@x.test', emailVerified: false });
    await db.client.execute({
      sql: "UPDATE users SET name = 'B', email_verified_at = 'now', email_verified_key = email_key WHERE id = ?",
      args: [uid],
    });
    expect((await auth.verify(token)).account).toEqual({ name: 'B', email: 'a@x.test', emailVerified: true });
    // Confirmed for another address than the account's current one: not confirmed (accountLinks.ts's rule).
    await db.client.execute({
      sql: "UPDATE users SET email = 'c@x.test', email_key = 'c@x.test' WHERE id = ?",
      args: [uid],
    });
    expect((await auth.verify(token)).account).toEqual({ name: 'B', email: 'c@x.test', emailVerified: false });
  });

  it('an expired token is refused even though its signature was checked before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    const auth = new EmbeddedAuth(db, secret, undefined, '60s');
    const token = await auth.issueToken(uid);
    expect(await auth.verify(token)).toMatchObject({ uid });
    vi.setSystemTime(new Date('2026-03-01T10:00:59Z'));
    expect(await auth.verify(token)).toMatchObject({ uid });
    vi.setSystemTime(new Date('2026-03-01T10:01:00Z'));
    await expect(auth.verify(token)).rejects.toMatchObject({ kind: 'unauthenticated', message: /token failed/ });
  });

  it('a token differing from a checked one in any byte is checked afresh (and refused)', async () => {
    const auth = new EmbeddedAuth(db, secret);
    const token = await auth.issueToken(uid);
    await auth.verify(token);
    const [header, payload, signature] = token.split('.');
    const flipped = signature!.slice(0, -2) + (signature!.at(-2) === 'A' ? 'B' : 'A') + signature!.at(-1);
    for (const forged of [`${header}.${payload}.${flipped}`, `${header}.${payload}.`, `${token}x`]) {
      await expect(auth.verify(forged)).rejects.toMatchObject({ kind: 'unauthenticated' });
    }
    const otherSecret = new EmbeddedAuth(db, new TextEncoder().encode('another-secret-of-enough-length-987654321'));
    await expect(otherSecret.verify(token)).rejects.toMatchObject({ kind: 'unauthenticated' });
  });

  // Tokens are signed and checked with jsonwebtoken since the sale benchmark's round of issue 25; before, jose
  // signed them with a header of its own ({"alg":"HS256"}, no "typ"). A signed-in shopper keeps her session.
  it('accepts a token in the form signed before (jose: no typ) and refuses other algorithms with the same secret', async () => {
    const auth = new EmbeddedAuth(db, secret);
    const now = Math.floor(Date.now() / 1000);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const signed = (header: object, claims: object, hash = 'sha256') => {
      const body = `${part(header)}.${part(claims)}`;
      return `${body}.${createHmac(hash, secret).update(body).digest('base64url')}`;
    };
    const claims = { ver: 0, sub: uid, jti: 'j-1', iat: now, exp: now + 3600 };
    expect(await auth.verify(signed({ alg: 'HS256' }, claims))).toMatchObject({ uid, isAdmin: false });
    await expect(auth.verify(signed({ alg: 'HS512' }, claims, 'sha512'))).rejects.toMatchObject({
      kind: 'unauthenticated',
    });
    await expect(auth.verify(signed({ alg: 'HS256' }, { ...claims, exp: now - 1 }))).rejects.toMatchObject({
      kind: 'unauthenticated',
    });
    // A token whose claims are not an object (a JWS over a plain string) is no session.
    const plain = `${part({ alg: 'HS256' })}.${Buffer.from('"just text"').toString('base64url')}`;
    const plainToken = `${plain}.${createHmac('sha256', secret).update(plain).digest('base64url')}`;
    await expect(auth.verify(plainToken)).rejects.toMatchObject({ kind: 'unauthenticated' });
  });

  it('issues HS256 tokens naming the account, its version, a distinct id and the expiry', async () => {
    const auth = new EmbeddedAuth(db, secret, undefined, '2h');
    const [a, b] = [await auth.issueToken(uid), await auth.issueToken(uid)];
    const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(JSON.parse(Buffer.from(a.split('.')[0]!, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    const claims = claimsOf(a);
    expect(claims).toMatchObject({ sub: uid, ver: 0 });
    expect(claims.exp - claims.iat).toBe(7200);
    expect(claimsOf(b).jti).not.toBe(claims.jti);
  });
});
