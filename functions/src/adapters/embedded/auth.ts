import {
  createSecretKey,
  randomBytes,
  randomUUID,
  scrypt as scryptCb,
  timingSafeEqual,
  type KeyObject,
  type ScryptOptions,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { conflict, emailKey, unauthenticated } from '../../domain/index.js';
import {
  NO_EVENTS,
  systemClock,
  type AuthPort,
  type Caller,
  type Clock,
  type EventPublisher,
  type Identity,
} from '../../ports.js';
import { DEFAULT_PASSWORD_HASH_COST } from '../../config.js';
import type { Database } from './db.js';
import { newId } from './mapping.js';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

// scrypt's N is config's DEFAULT_PASSWORD_HASH_COST (2^15) unless the tests lower it (PASSWORD_HASH_COST: each hash
// at 2^15 takes ~100 ms of CPU, and the suites sign up hundreds of accounts). The parameters are stored with each
// hash, so a hash made at another cost still verifies.
const SCRYPT = { r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export async function hashPassword(password: string, cost = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, 32, { ...SCRYPT, N: cost });
  return `scrypt$${cost}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return timingSafeEqual(key, expected);
}

/** JWT_SECRET if set, else a random secret generated once and kept in the data directory (never a constant). */
export function loadJwtSecret(dataDir: string, fromEnv?: string): Uint8Array {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/** The JWT claim holding the account's token version (users.token_version, migration 4). */
const VERSION_CLAIM = 'ver';

/**
 * A Map that forgets its oldest entries beyond `max` (first in, first out: enough for a cache whose misses only cost
 * a recomputation). Hand-made because lru-cache's current major cannot sit beside the v6 that firebase-admin's tree
 * hoists, in the standalone lockfile of the Cloud Function (test/deploy/functionsLockfile.test.ts).
 */
class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }

  override set(key: K, value: V): this {
    super.set(key, value);
    if (this.size > this.max) this.delete(this.keys().next().value as K);
    return this;
  }
}

/** A token's claims once its signature checked out (see EmbeddedAuth.signatureChecked). */
interface CheckedClaims {
  uid: string | undefined;
  version: unknown;
  /** Seconds since the epoch, as in the token. */
  exp: number | undefined;
}

/** Local accounts: scrypt password hashes in the users table, HS256 JWT bearer tokens. */
export class EmbeddedAuth implements AuthPort {
  /**
   * Tokens whose signature was already checked, with their claims. Checking the HS256 signature was the larger part
   * of every signed-in request's CPU (docs/benchmarks.md, checkout), even synchronous (below). Only that check is reused:
   * the expiry is checked on every call, and the account row (role, token version) is still read on every call, so
   * revocation, demotion and deletion take effect at once. Only tokens this server signed can enter; bounded.
   */
  private readonly signatureChecked = new BoundedMap<string, CheckedClaims>(10_000);

  /** The secret as a key object, made once. Tokens are signed and checked with jsonwebtoken (the library
   *  firebase-admin checks Google's tokens with), synchronously on node:crypto: jose's WebCrypto check took ~170 µs of
   *  CPU per token and a hop through libuv's thread pool, against ~12 µs (docs/benchmarks.md, sale). */
  private readonly key: KeyObject;

  constructor(
    private readonly db: Database,
    secret: Uint8Array,
    private readonly clock: Clock = systemClock,
    private readonly tokenTtl = '30d',
    private readonly events: EventPublisher = NO_EVENTS,
    private readonly hashCost = DEFAULT_PASSWORD_HASH_COST,
  ) {
    this.key = createSecretKey(secret);
  }

  /** Spends the same time on an unknown email as on a wrong password, so sign-in does not reveal which emails
   *  exist; made at this instance's cost, on first need. */
  private dummyHash?: Promise<string>;

  async signUp(input: { name: string; email: string; password: string }): Promise<Identity> {
    const uid = newId();
    const hash = await hashPassword(input.password, this.hashCost);
    try {
      await this.db.write((tx) =>
        tx.execute({
          sql: 'INSERT INTO users (id, name, email, email_key, password_hash, is_admin, created_at) VALUES (?, ?, ?, ?, ?, 0, ?)',
          args: [uid, input.name, input.email, emailKey(input.email), hash, this.clock.now().toISOString()],
        }),
      );
    } catch (error) {
      if (/UNIQUE constraint failed/i.test(String(error))) throw conflict('User already exists');
      throw error;
    }
    return { uid, token: await this.issueToken(uid) };
  }

  async signIn(email: string, password: string): Promise<Identity> {
    const rs = await this.db.client.execute({
      sql: 'SELECT id, password_hash FROM users WHERE email_key = ?',
      args: [emailKey(email)],
    });
    const row = rs.rows[0];
    const ok = await verifyPassword(
      password,
      row
        ? String(row.password_hash)
        : await (this.dummyHash ??= hashPassword(randomBytes(8).toString('hex'), this.hashCost)),
    );
    if (!row || !ok) throw unauthenticated('Invalid email or password');
    return { uid: String(row.id), token: await this.issueToken(String(row.id)) };
  }

  async verify(token: string): Promise<Caller> {
    let claims = this.signatureChecked.get(token);
    // jsonwebtoken's own rule (expired when exp <= now, in whole seconds), so a reused check never outlives the token.
    if (claims && claims.exp !== undefined && claims.exp <= Math.floor(Date.now() / 1000)) claims = undefined;
    if (!claims) {
      try {
        const payload = jwt.verify(token, this.key, { algorithms: ['HS256'] });
        if (typeof payload === 'string') throw new Error('Not a JWT claims set');
        // Tokens minted before migration 4 carry no version: 0.
        claims = { uid: payload.sub, version: payload[VERSION_CLAIM] ?? 0, exp: payload.exp };
      } catch {
        this.signatureChecked.delete(token);
        throw unauthenticated('Not authorized, token failed');
      }
      this.signatureChecked.set(token, claims);
    }
    const { uid, version } = claims;
    // The role is read now, not from the token: a demoted or deleted user loses access at once. The profile and the
    // email's confirmation (accountLinks.ts emailVerification's rule) come in the same row, so the order route reads
    // the account once per request (issue 42).
    const rs = await this.db.client.execute({
      sql: `SELECT is_admin, token_version, name, email,
              (email_verified_at IS NOT NULL AND email_verified_key = email_key) AS email_verified
            FROM users WHERE id = ?`,
      args: [uid ?? ''],
    });
    const row = rs.rows[0];
    if (!row) throw unauthenticated('Not authorized, user no longer exists');
    if (version !== Number(row.token_version))
      throw unauthenticated('Not authorized, this session was ended. Please sign in again.');
    return {
      uid: uid as string,
      isAdmin: Number(row.is_admin) === 1,
      account: { name: String(row.name), email: String(row.email), emailVerified: Number(row.email_verified) === 1 },
    };
  }

  /** A token for the account's current version; a random id (jti) makes each one distinct, even within a second. */
  async issueToken(uid: string): Promise<string> {
    const rs = await this.db.client.execute({ sql: 'SELECT token_version FROM users WHERE id = ?', args: [uid] });
    if (!rs.rows[0]) throw unauthenticated('Not authorized, user no longer exists');
    return jwt.sign({ [VERSION_CLAIM]: Number(rs.rows[0].token_version) }, this.key, {
      algorithm: 'HS256',
      subject: uid,
      jwtid: randomUUID(),
      expiresIn: this.tokenTtl as jwt.SignOptions['expiresIn'],
    });
  }

  /** Ends every session of the account: tokens minted before carry an older version, which verify() refuses. */
  async revokeSessions(uid: string): Promise<void> {
    await this.db.write((tx) =>
      tx.execute({ sql: 'UPDATE users SET token_version = token_version + 1 WHERE id = ?', args: [uid] }),
    );
    this.events.publish([{ type: 'SessionsRevoked', userId: uid }]);
  }

  async updateCredentials(uid: string, patch: { email?: string; password?: string }): Promise<void> {
    // Email and name live in the same row and are written by the user store; only the password is ours.
    if (!patch.password) return;
    const hash = await hashPassword(patch.password, this.hashCost);
    await this.db.write((tx) =>
      tx.execute({ sql: 'UPDATE users SET password_hash = ? WHERE id = ?', args: [hash, uid] }),
    );
  }

  async setAdmin(): Promise<void> {
    // The flag is the users.is_admin column, written by the user store and read fresh in verify().
  }

  async remove(): Promise<void> {
    // The credentials are in the users row the user store deletes.
  }
}
