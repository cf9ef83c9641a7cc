// Account links sent by email (embedded backend): password reset and email verification.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { userKeys } from '@/lib/queryKeys';

interface Answer {
  message: string;
}

/** POST /api/users/password-reset: 202, the same answer whether or not the address has an account. */
export function requestPasswordReset(email: string): Promise<Answer> {
  return api<Answer>('/api/users/password-reset', { method: 'POST', body: { email } });
}

/** POST /api/users/password-reset/confirm: sets the password; every session of the account ends. */
export function confirmPasswordReset(token: string, password: string): Promise<Answer> {
  return api<Answer>('/api/users/password-reset/confirm', { method: 'POST', body: { token, password } });
}

/** POST /api/users/verify-email. */
export function verifyEmail(token: string): Promise<Answer> {
  return api<Answer>('/api/users/verify-email', { method: 'POST', body: { token } });
}

export interface EmailVerification {
  email: string;
  verified: boolean;
  verifiedAt: string | null;
}

/** Under the user keys: cleared with the session (lib/queryKeys.ts USER_SCOPED_KEYS). */
const verificationKey = [...userKeys.all, 'profile', 'verification'] as const;

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useConfirmPasswordReset(token: string) {
  return useMutation({ mutationFn: (password: string) => confirmPasswordReset(token, password) });
}

export function useVerifyEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => client.invalidateQueries({ queryKey: verificationKey }),
  });
}

/** GET /api/users/profile/verification: whether the signed-in account's email is confirmed. Keyed by the
 *  address too, so a profile email change asks again. */
export function useEmailVerification(email: string | undefined) {
  return useQuery({
    queryKey: [...verificationKey, email],
    queryFn: ({ signal }) => api<EmailVerification>('/api/users/profile/verification', { signal }),
  });
}

/** POST /api/users/profile/verification: a new confirmation link. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => api<Answer>('/api/users/profile/verification', { method: 'POST' }),
  });
}
