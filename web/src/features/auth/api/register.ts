import type { RegisterInput, UserInfo } from '@domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { isFirebase, loadFirebase } from '@/lib/backend';
import { setUserInfo } from '@/lib/session';

/** POST /api/users: creates the account and answers the user with a bearer token. */
export async function register(input: RegisterInput): Promise<UserInfo> {
  if (isFirebase) {
    const [fb, { registerWithFirebase }] = await Promise.all([loadFirebase(), import('./firebaseAuth')]);
    return registerWithFirebase(fb, input);
  }
  return api<UserInfo>('/api/users', { method: 'POST', body: input });
}

export function useRegister() {
  return useMutation({ mutationFn: register, onSuccess: (user) => setUserInfo(user) });
}
