// The embedded auth port reuses a token's signature check (adapters/embedded/auth.ts, signatureChecked): the
// reuse must never let a token through that verify() would refuse without it.
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
    expect(await auth.verify(token)).toEqual({ uid, isAdmin: false });
    await db.client.execute({ sql: 'UPDATE users SET is_admin = 1 WHERE id = ?', args: [uid] });
    expect(await auth.verify(token)).toEqual({ uid, isAdmin: true });
    await auth.revokeSessions(uid);
    await expect(auth.verify(token)).rejects.toMatchObject({ kind: 'unauthenticated', message: /session was ended/ });
    const fresh = await auth.issueToken(uid);
    expect(await auth.verify(fresh)).toMatchObject({ uid });
    await db.client.execute({ sql: 'DELETE FROM users WHERE id = ?', args: [uid] });
    await expect(auth.verify(fresh)).rejects.toMatchObject({ message: /no longer exists/ });
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
});
