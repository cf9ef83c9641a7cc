// The AuthPort on Firebase Auth.
// - Bearer tokens are Firebase ID tokens (1 hour; the web SDK refreshes them). verify() checks them with the Admin
//   SDK with checkRevoked: a revoked session, a disabled or deleted account is refused at once (one Auth lookup
//   per call, made by the Admin SDK).
// - The role is the `admin` custom claim. Changing it (setAdmin) also revokes the user's refresh tokens, so the
//   change takes effect at once: tokens minted before it are refused, and the next sign-in carries the new claim.
//   A token claiming admin is also checked against the user record (admin calls only).
//   The Firestore and Storage rules also require users/{uid}.isAdmin (the API keeps it in step with the claim).
// - signUp / signIn (POST /api/users, /api/users/login for API clients) go through the Auth REST API with the web
//   API key and answer an ID token, like the browser SDK would get. The web app signs up in the browser instead.
// - issueToken (after a profile update) mints a custom token and exchanges it for an ID token (REST
//   accounts:signInWithCustomToken). On Google Cloud, minting needs the runtime service account to hold
//   "Service Account Token Creator" on itself (iam.serviceAccounts.signBlob); see docs/firebase.md.
import type { Auth, UserRecord } from 'firebase-admin/auth';
import { badInput, conflict, notFound, unauthenticated, unavailable } from '../../domain/index.js';
import { NO_EVENTS, type AuthPort, type Caller, type EventPublisher, type Identity } from '../../ports.js';
import { IdentityToolkitError, type IdentityToolkit } from './identityToolkit.js';

const codeOf = (error: unknown) => String((error as { code?: unknown })?.code ?? '');

/** Sign-in failures all read the same, so the answer does not reveal which emails exist. */
const BAD_CREDENTIALS = new Set([
  'EMAIL_NOT_FOUND',
  'INVALID_PASSWORD',
  'INVALID_LOGIN_CREDENTIALS',
  'USER_DISABLED',
  'INVALID_EMAIL',
  'MISSING_PASSWORD',
]);

function restError(error: unknown): never {
  if (!(error instanceof IdentityToolkitError)) throw error;
  if (BAD_CREDENTIALS.has(error.code)) throw unauthenticated('Invalid email or password');
  if (error.code === 'EMAIL_EXISTS') throw conflict('User already exists');
  if (error.code === 'WEAK_PASSWORD')
    throw badInput('Password must be at least 6 characters', { password: 'Password must be at least 6 characters' });
  if (error.code === 'TOO_MANY_ATTEMPTS_TRY_LATER')
    throw unavailable('Too many attempts. Please wait a few minutes and try again.');
  if (error.code === 'OPERATION_NOT_ALLOWED')
    throw unavailable('Email and password sign-in is not enabled for this project');
  console.error('[auth] Identity Toolkit error', error.code);
  throw unavailable('The sign-in service could not complete the request. Please try again later.');
}

/**
 * Whether a token issued at sign-up may be refused as revoked from its birth. The Auth emulator (firebase-tools,
 * emulator/auth/operations.js `signUp`) takes a new account's auth_time from the request's start and its validSince a
 * moment later, each rounded down to the second: when a second begins between the two, auth_time < validSince, and
 * verify()'s `checkRevoked` refuses the token, as it must refuse any session older than its account's validSince.
 * Such a token was also issued (iat) in a later second than its auth_time, which is what this reads; a sign-in with
 * the password then gives a token whose auth_time is not before validSince. (Stop 55's CI failed on this.)
 */
export function mayBeRevokedAtBirth(idToken: string): boolean {
  try {
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      auth_time?: unknown;
      iat?: unknown;
    };
    return typeof claims.auth_time === 'number' && typeof claims.iat === 'number' && claims.auth_time < claims.iat;
  } catch {
    return false;
  }
}

export class FirebaseAuthAdapter implements AuthPort {
  constructor(
    private readonly auth: Auth,
    private readonly rest: IdentityToolkit,
    private readonly events: EventPublisher = NO_EVENTS,
  ) {}

  async signUp(input: { name: string; email: string; password: string }): Promise<Identity> {
    try {
      const a = await this.rest.signUp({ email: input.email, password: input.password, displayName: input.name });
      // A token that verify() may refuse as revoked from its birth (below) is swapped for a sign-in's.
      const token = mayBeRevokedAtBirth(a.idToken)
        ? (await this.rest.signInWithPassword(input.email, input.password)).idToken
        : a.idToken;
      return { uid: a.localId, token };
    } catch (error) {
      restError(error);
    }
  }

  async signIn(email: string, password: string): Promise<Identity> {
    try {
      const a = await this.rest.signInWithPassword(email.trim(), password);
      return { uid: a.localId, token: a.idToken };
    } catch (error) {
      restError(error);
    }
  }

  async verify(token: string): Promise<Caller> {
    let decoded: Awaited<ReturnType<Auth['verifyIdToken']>>;
    try {
      // checkRevoked: refused when the session was revoked (a role change) or the account disabled or deleted.
      decoded = await this.auth.verifyIdToken(token, true);
    } catch (error) {
      const code = codeOf(error);
      if (code === 'auth/id-token-revoked')
        throw unauthenticated('Not authorized, session ended: please sign in again');
      if (code === 'auth/user-disabled') throw unauthenticated('Not authorized, account disabled');
      if (code === 'auth/user-not-found') throw unauthenticated('Not authorized, user no longer exists');
      // Auth unreachable (the revocation check is a lookup): a 5xx, not a sign-out.
      if (code === 'auth/internal-error' || code.startsWith('app/')) throw error;
      throw unauthenticated('Not authorized, token failed');
    }
    // A token claiming admin is also confirmed with the user record: revocation is stamped in whole seconds, so a
    // token minted in the same second as a demotion would otherwise keep its claim until it expires.
    const isAdmin = decoded.admin === true && (await this.auth.getUser(decoded.uid)).customClaims?.admin === true;
    return {
      uid: decoded.uid,
      isAdmin,
      ...(typeof decoded.email === 'string' ? { email: decoded.email } : {}),
      ...(typeof decoded.name === 'string' && decoded.name ? { name: decoded.name } : {}),
      ...(decoded.email_verified === true ? { emailVerified: true } : {}),
    };
  }

  async issueToken(uid: string): Promise<string> {
    const custom = await this.auth.createCustomToken(uid);
    try {
      return (await this.rest.signInWithCustomToken(custom)).idToken;
    } catch (error) {
      restError(error);
    }
  }

  async updateCredentials(uid: string, patch: { email?: string; password?: string; name?: string }): Promise<void> {
    const props: { email?: string; emailVerified?: boolean; password?: string; displayName?: string } = {};
    // A new address is unconfirmed until the link sent to it is followed (as embedded): said explicitly, not left
    // to what Auth does with the flag of the address it replaces.
    if (patch.email) Object.assign(props, { email: patch.email, emailVerified: false });
    if (patch.password) props.password = patch.password;
    if (patch.name) props.displayName = patch.name;
    if (!Object.keys(props).length) return;
    try {
      await this.auth.updateUser(uid, props);
    } catch (error) {
      const code = codeOf(error);
      if (code === 'auth/email-already-exists') throw conflict('Email already in use');
      if (code === 'auth/user-not-found') throw notFound('User not found');
      if (code === 'auth/invalid-password') throw badInput('Password must be at least 6 characters');
      throw error;
    }
  }

  /**
   * Sets or clears the `admin` claim, keeping any other claims, then revokes the user's refresh tokens: their
   * current ID tokens are refused from now on (verify checks revocation) and their next sign-in carries the claim.
   */
  async setAdmin(uid: string, isAdmin: boolean): Promise<void> {
    let user: UserRecord;
    try {
      user = await this.auth.getUser(uid);
    } catch (error) {
      if (codeOf(error) === 'auth/user-not-found') throw notFound('User not found');
      throw error;
    }
    const claims: Record<string, unknown> = { ...(user.customClaims ?? {}) };
    if (isAdmin) claims.admin = true;
    else delete claims.admin;
    await this.auth.setCustomUserClaims(uid, claims);
    await this.auth.revokeRefreshTokens(uid);
  }

  /** Refresh tokens revoked: ID tokens issued before now fail verify() (checkRevoked), and the SDK cannot refresh.
   *  An account Auth no longer has has no session to end (deleting its leftover profile must still work). */
  async revokeSessions(uid: string): Promise<void> {
    try {
      await this.auth.revokeRefreshTokens(uid);
    } catch (error) {
      if (codeOf(error) !== 'auth/user-not-found') throw error;
    }
    this.events.publish([{ type: 'SessionsRevoked', userId: uid }]);
  }

  async remove(uid: string): Promise<void> {
    try {
      await this.auth.deleteUser(uid);
    } catch (error) {
      if (codeOf(error) !== 'auth/user-not-found') throw error;
    }
  }
}
