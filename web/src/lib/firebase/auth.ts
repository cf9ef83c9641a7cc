// Firebase Auth in the browser: sign-in, sign-out and ID token refresh (tokens live 1 hour; the SDK renews them).
import {
  createUserWithEmailAndPassword,
  deleteUser,
  onIdTokenChanged,
  signInWithEmailAndPassword,
  signOut,
} from 'firebase/auth';
import { firebase } from './app';

/** Signs in and answers a fresh ID token (the bearer token of every /api call). */
export async function signIn(email: string, password: string): Promise<string> {
  const { user } = await signInWithEmailAndPassword(firebase().auth, email, password);
  return user.getIdToken();
}

/**
 * Creates the account in the browser (Firebase Auth counts sign-ups per shopper's address, not the function's)
 * and answers its first ID token; the profile is then made by the API (POST /api/users/profile).
 */
export async function signUp(email: string, password: string): Promise<string> {
  const { user } = await createUserWithEmailAndPassword(firebase().auth, email, password);
  return user.getIdToken();
}

/** Deletes the account just made (the API refused its profile), so no account is left without one. */
export async function deleteNewAccount(): Promise<void> {
  const user = firebase().auth.currentUser;
  if (user) await deleteUser(user);
}

export async function signOutEverywhere(): Promise<void> {
  await signOut(firebase().auth);
}

/** Current ID token; `force` asks Auth for a new one (after an admin claim change). */
export async function currentToken(force = false): Promise<string | null> {
  const user = firebase().auth.currentUser;
  return user ? user.getIdToken(force) : null;
}

/** Calls back with every new ID token (refreshes, sign-in, sign-out as null). */
export function watchIdToken(onToken: (token: string | null, uid: string | null) => void): () => void {
  return onIdTokenChanged(firebase().auth, async (user) => {
    onToken(user ? await user.getIdToken() : null, user?.uid ?? null);
  });
}
