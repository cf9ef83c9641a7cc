import type { LoginInput, UserInfo } from '@domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { isFirebase, loadFirebase } from '@/lib/backend';
import { setUserInfo } from '@/lib/session';

/** POST /api/users/login: the user with a bearer token. */
export async function login(input: LoginInput): Promise<UserInfo> {
  if (isFirebase) {
    const [fb, { loginWithFirebase }] = await Promise.all([loadFirebase(), import('./firebaseAuth')]);
    return loginWithFirebase(fb, input);
  }
  return api<UserInfo>('/api/users/login', { method: 'POST', body: input });
}

export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: (user) => setUserInfo(user) });
}
