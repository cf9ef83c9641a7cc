// Firebase Auth in the browser: sign-in, sign-out and ID token refresh (tokens live 1 hour; the SDK renews them).
import { onIdTokenChanged, signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { firebase } from './app';

/** Signs in and answers a fresh ID token (the bearer token of every /api call). */
export async function signIn(email: string, password: string): Promise<string> {
  const { user } = await signInWithEmailAndPassword(firebase().auth, email, password);
  return user.getIdToken();
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
