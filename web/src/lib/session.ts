// The session: the signed-in user (spec 3: userInfo), restored from browser storage at start. Shared by the app
// shell and every feature, so it lives in lib (the auth feature only holds the screens and calls that change it).
import type { UserInfo } from '@domain';
import { readJSON, removeKey, writeJSON } from '@/lib/storage';
import { createStore, useStore } from '@/lib/store';

export const USER_INFO_KEY = 'userInfo';

function isUserInfo(value: unknown): value is UserInfo {
  const v = value as Partial<UserInfo> | null;
  return (
    !!v &&
    typeof v === 'object' &&
    typeof v.token === 'string' &&
    !!v.token &&
    typeof v._id === 'string' &&
    typeof v.name === 'string'
  );
}

export const sessionStore = createStore<UserInfo | null>(readJSON<UserInfo | null>(USER_INFO_KEY, null, isUserInfo));

/** Login, register and profile update success: keep the user in state and storage. */
export function setUserInfo(user: UserInfo): void {
  writeJSON(USER_INFO_KEY, user);
  sessionStore.set(user);
}

/** Logout (and any 401): removes the stored user; user-scoped data is dropped by the app provider (and the Firebase
 *  build's client signs the SDK out: lib/firebase/client.tsx). */
export function signOut(): void {
  removeKey(USER_INFO_KEY);
  sessionStore.set(null);
}

export function getToken(): string | null {
  return sessionStore.get()?.token ?? null;
}

export const useUserInfo = () => useStore(sessionStore);

/**
 * Firebase mode: the Firebase Auth SDK owns the session and refreshes the ID token. Keeps the stored user's token
 * equal to the SDK's, and signs out here when the SDK has (signed out in another tab, or the session was revoked).
 */
export function followFirebaseSession(fb: {
  watchIdToken(onToken: (token: string | null, uid: string | null) => void): () => void;
}): () => void {
  return fb.watchIdToken((token, uid) => {
    const user = sessionStore.get();
    if (token && uid && user && user._id === uid) {
      if (user.token !== token) setUserInfo({ ...user, token });
    } else if (!token && user) {
      signOut();
    }
  });
}
