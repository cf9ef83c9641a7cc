// The signed-in user (spec 3: userInfo), restored from browser storage at start.
import type { UserInfo } from '@domain';
import { readJSON, removeKey, writeJSON } from '@/lib/storage';
import { isFirebase, loadFirebase } from '@/lib/backend';
import { createStore, useStore } from '@/lib/store';

export const USER_INFO_KEY = 'userInfo';

function isUserInfo(value: unknown): value is UserInfo {
  const v = value as Partial<UserInfo> | null;
  return !!v && typeof v === 'object' && typeof v.token === 'string' && !!v.token && typeof v._id === 'string' && typeof v.name === 'string';
}

export const authStore = createStore<UserInfo | null>(readJSON<UserInfo | null>(USER_INFO_KEY, null, isUserInfo));

/** Login, register and profile update success: keep the user in state and storage. */
export function setUserInfo(user: UserInfo): void {
  writeJSON(USER_INFO_KEY, user);
  authStore.set(user);
}

/** Logout (and any 401): removes the stored user; user-scoped data is dropped by the app provider. */
export function signOut(): void {
  removeKey(USER_INFO_KEY);
  authStore.set(null);
  if (isFirebase) void loadFirebase().then((fb) => fb.signOutEverywhere());
}

export function getToken(): string | null {
  return authStore.get()?.token ?? null;
}

export const useUserInfo = () => useStore(authStore);
