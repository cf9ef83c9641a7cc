// Firebase mode (VITE_BACKEND=firebase): sign-in, registration and profile refresh go through the Firebase Auth SDK;
// the API still answers the profile. Everything here receives the lib/firebase module as a parameter, so it is
// loaded only in that build, and tests can hand in a fake.
import type { LoginInput, RegisterInput, UserInfo, UserSummary } from '@domain';
import { ApiError, api } from '@/lib/api';
import type { FirebaseModule } from '@/lib/backend';

export type Firebase = FirebaseModule;

const credentialErrors = /auth\/(invalid-credential|wrong-password|user-not-found|invalid-email|user-disabled)/;

/** Sign in with the SDK, then read the profile with the new ID token. */
export async function loginWithFirebase(fb: Firebase, input: LoginInput): Promise<UserInfo> {
  let token: string;
  try {
    token = await fb.signIn(input.email, input.password);
  } catch (error) {
    const code = String((error as { code?: string }).code ?? '');
    if (credentialErrors.test(code)) throw new ApiError('Invalid email or password', 401);
    if (code === 'auth/too-many-requests') throw new ApiError('Too many attempts. Please wait a few minutes and try again.', 429);
    throw new ApiError('The sign-in service could not be reached. Please try again.', 0);
  }
  const profile = await api<UserSummary>('/api/users/profile', { token });
  return { ...profile, token };
}

/** The API creates the account and its profile; then the SDK signs in so the session refreshes itself. */
export async function registerWithFirebase(fb: Firebase, input: RegisterInput): Promise<UserInfo> {
  const created = await api<UserInfo>('/api/users', { method: 'POST', body: input });
  return { ...created, token: await fb.signIn(input.email, input.password) };
}

/** After a profile update: a password change ends the other sessions, so sign in again with the new one. */
export async function refreshAfterProfileUpdate(fb: Firebase, user: UserInfo, password?: string): Promise<UserInfo> {
  if (password) return { ...user, token: await fb.signIn(user.email, password) };
  return { ...user, token: (await fb.currentToken(true)) ?? user.token };
}
