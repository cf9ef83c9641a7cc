import type { UserInfo } from '@domain';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { logoutAll as logoutAllCall } from '@/lib/endpoints.gen';
import { signOut } from '@/lib/session';

/**
 * POST /api/users/logout-all ("Sign out everywhere"): every session of the account ends, on every device. The
 * API answers a fresh token for this session; the web signs this browser out too, as the button says.
 */
export async function logoutAll(): Promise<UserInfo> {
  return call(logoutAllCall);
}

export function useLogoutAll() {
  return useMutation({ mutationFn: logoutAll, onSuccess: () => signOut() });
}
