// The Firebase build's client (client.tsx): sign-in, sign-up and profile refresh go through the Firebase Auth SDK;
// the API still answers the profile. Everything here receives the lib/firebase module as a parameter, so it is
// loaded only in that build, and tests can hand in a fake.
import type { LoginInput, RegisterInput, UserInfo } from '@domain';
import { ApiError, call } from '@/lib/api';
import { profileCreate } from '@/lib/endpoints.gen';
import type { FirebaseModule } from './client';

export type Firebase = FirebaseModule;

const credentialErrors = /auth\/(invalid-credential|wrong-password|user-not-found|invalid-email|user-disabled)/;

/** The SDK's error codes in the API's words (the same messages as the embedded backend). */
function sdkError(error: unknown): ApiError {
  const code = String((error as { code?: string }).code ?? '');
  if (code === 'auth/email-already-in-use') return new ApiError('User already exists', 409);
  if (code === 'auth/weak-password') return new ApiError('Password must be at least 6 characters', 400);
  if (credentialErrors.test(code)) return new ApiError('Invalid email or password', 401);
  if (code === 'auth/too-many-requests')
    return new ApiError('Too many attempts. Please wait a few minutes and try again.', 429);
  return new ApiError('The sign-in service could not be reached. Please try again.', 0);
}

/** The caller's profile; the API makes it on the first call of an account made in the browser (idempotent). */
const ensureProfile = (token: string, name?: string) => call(profileCreate, { token, body: name ? { name } : {} });

/** Sign in with the SDK, then read the profile with the new ID token (made now if a sign-up was interrupted). */
export async function loginWithFirebase(fb: Firebase, input: LoginInput): Promise<UserInfo> {
  let token: string;
  try {
    token = await fb.signIn(input.email, input.password);
  } catch (error) {
    throw sdkError(error);
  }
  const profile = await ensureProfile(token);
  return { ...profile, token };
}

/**
 * Sign-up in the browser (createUserWithEmailAndPassword), then the API makes the profile. When the API refuses
 * it (4xx: e.g. the email belongs to another profile), the new account is deleted again, so none is left without
 * a profile. When the API cannot be reached, the account stays: the next sign-in makes the profile.
 *
 * A 401 for the sign-up's own token is retried once with a sign-in's: the Auth emulator can stamp the new account's
 * `validSince` in the second after the token's `auth_time`, and the API's revocation check then refuses the token
 * it was born with (docs/firebase.md, "Account emails"). The sign-in's token is newer than both.
 */
export async function registerWithFirebase(fb: Firebase, input: RegisterInput): Promise<UserInfo> {
  let token: string;
  try {
    token = await fb.signUp(input.email, input.password);
  } catch (error) {
    throw sdkError(error);
  }
  try {
    try {
      return { ...(await ensureProfile(token, input.name)), token };
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) throw error;
      token = await fb.signIn(input.email, input.password).catch(() => Promise.reject(error));
      return { ...(await ensureProfile(token, input.name)), token };
    }
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500)
      await fb.deleteNewAccount().catch(() => undefined);
    throw error;
  }
}

/** After a profile update: a password change ends the other sessions, so sign in again with the new one. */
export async function refreshAfterProfileUpdate(fb: Firebase, user: UserInfo, password?: string): Promise<UserInfo> {
  if (password) return { ...user, token: await fb.signIn(user.email, password) };
  return { ...user, token: (await fb.currentToken(true)) ?? user.token };
}
