import type { RegisterInput, UserInfo } from '@domain';
import { useMutation } from '@tanstack/react-query';
import { shop } from '@/lib/shop';
import { setUserInfo } from '@/lib/session';

/** POST /api/users: creates the account and answers the user with a bearer token. */
export function register(input: RegisterInput): Promise<UserInfo> {
  return shop.auth.register(input);
}

export function useRegister() {
  return useMutation({ mutationFn: register, onSuccess: (user) => setUserInfo(user) });
}
