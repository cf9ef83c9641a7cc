// Password reset and email verification links on the embedded database (migration 13). A link's token is 32
// random bytes; only its SHA-256 is stored, with the address it was sent to (the link is void once the account's
// email changes), its expiry and its use. A reset link also keeps the account's session version (users.token_version,
// migration 43): it is void once the sessions were ended after it was sent (a password or email change, signing out
// everywhere, an admin's demotion), as a session is, so an email changed away and back, or a password changed on the
// profile, leaves no older link that sets a password. Each change and the email reporting it are one transaction
// (mailOutbox.ts recordMail).
import { createHash, randomBytes } from 'node:crypto';
import type { Transaction } from './sql.js';
import {
  badInput,
  EMAIL_VERIFICATION_TTL_HOURS,
  emailKey,
  notFound,
  PASSWORD_RESET_TTL_MINUTES,
  RESET_LINK_INVALID,
  VERIFY_LINK_INVALID,
} from '../../domain/index.js';
import type { AccountEvent, AccountLinks, AccountMails, Clock } from '../../ports.js';
import { paths } from '../../domain/routes.js';
import { DEFAULT_PASSWORD_HASH_COST } from '../../config.js';
import { hashPassword } from './auth.js';
import type { Database } from './db.js';
import { recordMail } from './mailOutbox.js';

type Purpose = 'password-reset' | 'verify-email';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

interface Account {
  id: string;
  name: string;
  email: string;
}

export class SqlAccountLinks implements AccountLinks {
  /** Called after a transaction recorded mail (the outbox worker's wake-up). */
  onMailRecorded: () => void = () => undefined;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    /** Which messages an event records (mail/accountMails.ts, handed in by the composition root). */
    private readonly accountMails: AccountMails,
    /** scrypt's N for a new password (auth.ts DEFAULT_PASSWORD_HASH_COST unless the tests lower it). */
    private readonly hashCost = DEFAULT_PASSWORD_HASH_COST,
  ) {}

  /** Records the messages of `event` (mail/accountMails.ts decides them) in `tx`. */
  private async record(tx: Transaction, event: AccountEvent) {
    for (const mail of this.accountMails(event)) await recordMail(tx, mail, this.clock.now());
  }

  private async account(where: 'id' | 'email_key', value: string, tx?: Transaction): Promise<Account | null> {
    const rs = await (tx ?? this.db.client).execute({
      sql: `SELECT id, name, email FROM users WHERE ${where} = ?`,
      args: [value],
    });
    const row = rs.rows[0];
    return row ? { id: String(row.id), name: String(row.name), email: String(row.email) } : null;
  }

  /** A new token for the account, stored hashed, in `tx`; answers the token (for the link) and its hash. */
  private async newToken(tx: Transaction, account: Account, purpose: Purpose, ttlMs: number) {
    const token = randomBytes(32).toString('base64url');
    const hash = hashToken(token);
    const now = this.clock.now();
    await tx.execute({
      sql: `UPDATE account_tokens SET used_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL`,
      args: [now.toISOString(), account.id, purpose],
    });
    await tx.execute({
      sql: `INSERT INTO account_tokens (token_hash, user_id, email_key, purpose, created_at, expires_at, token_version)
            SELECT ?, ?, ?, ?, ?, ?, token_version FROM users WHERE id = ?`,
      args: [
        hash,
        account.id,
        emailKey(account.email),
        purpose,
        now.toISOString(),
        new Date(now.getTime() + ttlMs).toISOString(),
        account.id,
      ],
    });
    return { token, hash };
  }

  /** The account a valid token of `purpose` belongs to, the token now used up; null when invalid. */
  private async useToken(
    tx: Transaction,
    token: string,
    purpose: Purpose,
  ): Promise<(Account & { hash: string }) | null> {
    const hash = hashToken(token);
    const now = this.clock.now().toISOString();
    const rs = await tx.execute({
      sql: `SELECT t.user_id, t.email_key, t.expires_at, t.used_at, t.token_version, u.name, u.email,
                   u.email_key AS current_key, u.token_version AS current_version
            FROM account_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ? AND t.purpose = ?`,
      args: [hash, purpose],
    });
    const row = rs.rows[0];
    if (!row || row.used_at !== null || String(row.expires_at) <= now || row.email_key !== row.current_key) return null;
    // A reset link outlives no ending of the sessions (above); one sent before migration 43 has no version.
    if (purpose === 'password-reset' && row.token_version !== null && row.token_version !== row.current_version)
      return null;
    await tx.execute({ sql: 'UPDATE account_tokens SET used_at = ? WHERE token_hash = ?', args: [now, hash] });
    return { id: String(row.user_id), name: String(row.name), email: String(row.email), hash };
  }

  private async sendReset(account: Account): Promise<void> {
    await this.db.write(async (tx) => {
      const { token, hash } = await this.newToken(tx, account, 'password-reset', PASSWORD_RESET_TTL_MINUTES * 60_000);
      await this.record(tx, {
        type: 'password-reset-requested',
        account,
        link: { path: paths.resetPassword.href(token), ref: hash },
      });
    });
    this.onMailRecorded();
  }

  async requestPasswordReset(email: string): Promise<void> {
    const account = await this.account('email_key', emailKey(email));
    if (account) await this.sendReset(account);
  }

  async requestPasswordResetFor(uid: string): Promise<{ email: string }> {
    const account = await this.account('id', uid);
    if (!account) throw notFound('User not found');
    await this.sendReset(account);
    return { email: account.email };
  }

  async resetPassword(token: string, password: string): Promise<{ uid: string }> {
    const passwordHash = await hashPassword(password, this.hashCost); // slow: before the write transaction, not inside it
    const uid = await this.db.write(async (tx) => {
      const account = await this.useToken(tx, token, 'password-reset');
      if (!account) throw badInput(RESET_LINK_INVALID);
      const now = this.clock.now().toISOString();
      await tx.execute({
        sql: `UPDATE account_tokens SET used_at = ? WHERE user_id = ? AND purpose = 'password-reset' AND used_at IS NULL`,
        args: [now, account.id],
      });
      // The new password, every session ended (token version), and the address proven: the link reached it.
      await tx.execute({
        sql: `UPDATE users SET password_hash = ?, token_version = token_version + 1,
                email_verified_at = coalesce(email_verified_at, ?), email_verified_key = email_key WHERE id = ?`,
        args: [passwordHash, now, account.id],
      });
      await this.record(tx, { type: 'password-changed', account, how: 'reset', ref: account.hash });
      return account.id;
    });
    this.onMailRecorded();
    return { uid };
  }

  async passwordChanged(uid: string): Promise<void> {
    const account = await this.account('id', uid);
    if (!account) return;
    const ref = `${uid}:${this.clock.now().toISOString()}`;
    await this.db.write((tx) => this.record(tx, { type: 'password-changed', account, how: 'profile', ref }));
    this.onMailRecorded();
  }

  async sendVerification(uid: string, kind: 'welcome' | 'again'): Promise<void> {
    const account = await this.account('id', uid);
    if (!account) throw notFound('User not found');
    await this.db.write(async (tx) => {
      const link = await this.verificationLink(tx, account);
      await this.record(tx, { type: kind === 'welcome' ? 'signed-up' : 'verification-requested', account, link });
    });
    this.onMailRecorded();
  }

  async emailChanged(uid: string, previousEmail: string): Promise<void> {
    const account = await this.account('id', uid);
    if (!account) throw notFound('User not found');
    const ref = `${uid}:${this.clock.now().toISOString()}`;
    await this.db.write(async (tx) => {
      const link = await this.verificationLink(tx, account);
      await this.record(tx, { type: 'email-changed', account, previousEmail, link, ref });
    });
    this.onMailRecorded();
  }

  /** A new confirmation link for the account's current address, in `tx` (earlier ones stop working). */
  private async verificationLink(tx: Transaction, account: Account) {
    const { token, hash } = await this.newToken(tx, account, 'verify-email', EMAIL_VERIFICATION_TTL_HOURS * 3_600_000);
    return { path: paths.verifyEmail.href(token), ref: hash };
  }

  async verifyEmail(token: string): Promise<{ uid: string }> {
    const uid = await this.db.write(async (tx) => {
      const account = await this.useToken(tx, token, 'verify-email');
      if (!account) throw badInput(VERIFY_LINK_INVALID);
      await tx.execute({
        sql: 'UPDATE users SET email_verified_at = ?, email_verified_key = email_key WHERE id = ?',
        args: [this.clock.now().toISOString(), account.id],
      });
      return account.id;
    });
    return { uid };
  }

  async emailVerification(uid: string): Promise<{ verified: boolean; verifiedAt: string | null }> {
    const rs = await this.db.client.execute({
      sql: 'SELECT email_verified_at FROM users WHERE id = ? AND email_verified_key = email_key',
      args: [uid],
    });
    const at = rs.rows[0]?.email_verified_at;
    const verifiedAt = at === undefined || at === null ? null : String(at);
    return { verified: verifiedAt !== null, verifiedAt };
  }
}
