import type { LoginInput, UserInfo } from '@domain';
import { useMutation } from '@tanstack/react-query';
import { shop } from '@/lib/shop';
import { setUserInfo } from '@/lib/session';

/** POST /api/users/login: the user with a bearer token. */
export function login(input: LoginInput): Promise<UserInfo> {
  return shop.auth.login(input);
}

export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: (user) => setUserInfo(user) });
}
