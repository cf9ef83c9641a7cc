// The account emails on Firebase (issue 37): the shop's own messages (mail/accountMails.ts decides them, the
// templates render them, the sendMail function sends them from the mailOutbox collection), carrying Firebase Auth's
// action codes. The Admin SDK makes a code (generateEmailVerificationLink, generatePasswordResetLink) without sending
// anything; the message links to the shop's /auth/action page with it, where the web SDK redeems it
// (applyActionCode, confirmPasswordReset), as for the links of Firebase's own emails. So the shop never mails
// through Firebase's templates, and a link does not depend on the console's "Customize action URL".
// Firebase keeps the codes: their lifetime, their single use and the account's `emailVerified` are its own.
import { createHash } from 'node:crypto';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { notFound, sameEmail } from '../../domain/index.js';
import { paths } from '../../domain/routes.js';
import type {
  AccountEvent,
  AccountLink,
  AccountLinks,
  AccountMails,
  Clock,
  MailAccount,
  QueuedMail,
  StoredUser,
  UserStore,
} from '../../ports.js';
import { recordMails } from './store/mailOutbox.js';

const codeOf = (error: unknown) => String((error as { code?: unknown })?.code ?? '');

/** The shop's /auth/action link for the action code in a link the Admin SDK made (Firebase's hosted action page, or
 *  the Auth emulator's): the same `mode` and `oobCode`, on the shop's own page. */
export function shopActionLink(generated: string): AccountLink {
  const params = new URL(generated).searchParams;
  const mode = params.get('mode');
  const code = params.get('oobCode');
  if (!mode || !code) throw new Error('Firebase Auth answered an action link without mode or oobCode');
  const query = new URLSearchParams({ mode, oobCode: code });
  // The message's key names the code by its hash: the code itself stays out of keys and document ids.
  return { path: `${paths.authAction.href()}?${query}`, ref: createHash('sha256').update(code).digest('hex') };
}

const mailAccount = (u: Pick<StoredUser, '_id' | 'name' | 'email'>): MailAccount => ({
  id: u._id,
  name: u.name,
  email: u.email,
});

export class FirebaseAccountLinks implements AccountLinks {
  constructor(
    private readonly auth: Auth,
    private readonly users: UserStore,
    private readonly db: Firestore,
    private readonly clock: Clock,
    /** Which messages an event records (mail/accountMails.ts, handed in by the composition root). */
    private readonly accountMails: AccountMails,
  ) {}

  /** Records the event's messages in one transaction (mailOutbox/{key}: a key recorded before is left alone). */
  private async record(event: AccountEvent): Promise<void> {
    const mails = this.accountMails(event);
    await this.db.runTransaction((tx) => recordMails(tx, this.db, mails, this.clock.now()));
  }

  private async profile(uid: string): Promise<StoredUser> {
    const user = await this.users.get(uid);
    if (!user) throw notFound('User not found');
    return user;
  }

  private async verificationLink(email: string): Promise<AccountLink> {
    return shopActionLink(await this.auth.generateEmailVerificationLink(email));
  }

  /** A reset link for the profile's address; null when Firebase Auth has no account with it (a leftover profile). */
  private async resetLink(email: string): Promise<AccountLink | null> {
    try {
      return shopActionLink(await this.auth.generatePasswordResetLink(email));
    } catch (error) {
      if (codeOf(error) === 'auth/email-not-found' || codeOf(error) === 'auth/user-not-found') return null;
      throw error;
    }
  }

  async requestPasswordReset(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    const link = user && (await this.resetLink(user.email));
    if (user && link) await this.record({ type: 'password-reset-requested', account: mailAccount(user), link });
  }

  async requestPasswordResetFor(uid: string): Promise<{ email: string }> {
    const user = await this.profile(uid);
    const link = await this.resetLink(user.email);
    if (!link) throw notFound('User not found');
    await this.record({ type: 'password-reset-requested', account: mailAccount(user), link });
    return { email: user.email };
  }

  async passwordChanged(uid: string): Promise<void> {
    const user = await this.users.get(uid);
    if (!user) return;
    const ref = `${uid}:${this.clock.now().toISOString()}`;
    await this.record({ type: 'password-changed', account: mailAccount(user), how: 'profile', ref });
  }

  async sendVerification(uid: string, kind: 'welcome' | 'again'): Promise<void> {
    const user = await this.profile(uid);
    const link = await this.verificationLink(user.email);
    await this.record({
      type: kind === 'welcome' ? 'signed-up' : 'verification-requested',
      account: mailAccount(user),
      link,
    });
  }

  async emailChanged(uid: string, previousEmail: string): Promise<void> {
    const user = await this.profile(uid);
    const link = await this.verificationLink(user.email);
    const ref = `${uid}:${this.clock.now().toISOString()}`;
    await this.record({ type: 'email-changed', account: mailAccount(user), previousEmail, link, ref });
  }

  async emailVerification(uid: string): Promise<{ verified: boolean; verifiedAt: string | null }> {
    try {
      // Auth's flag is of Auth's address, which the browser can move (verifyBeforeUpdateEmail) without the profile:
      // it confirms the profile's address only when the two are the same (as embedded's email_verified_key).
      const [account, profile] = await Promise.all([this.auth.getUser(uid), this.users.get(uid)]);
      return { verified: account.emailVerified && sameEmail(account.email, profile?.email), verifiedAt: null };
    } catch (error) {
      if (codeOf(error) === 'auth/user-not-found') throw notFound('User not found');
      throw error;
    }
  }

  async welcomeMails(account: { _id: string; name: string; email: string }): Promise<QueuedMail[]> {
    return this.accountMails({
      type: 'signed-up',
      account: mailAccount(account),
      link: await this.verificationLink(account.email),
    });
  }
}
