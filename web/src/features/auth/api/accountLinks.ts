// Account links sent by email (embedded backend): password reset and email verification.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PASSWORD_RESET_DONE,
  PASSWORD_RESET_REQUESTED,
  RESET_LINK_INVALID,
  VERIFY_LINK_INVALID,
} from '@domain/accounts';
import { paths } from '@/config/paths';
import { ApiError, api } from '@/lib/api';
import { isFirebase, loadFirebase } from '@/lib/backend';
import { userKeys } from '@/lib/queryKeys';

interface Answer {
  message: string;
}

/** POST /api/users/password-reset: 202, the same answer whether or not the address has an account. The Firebase
 *  build asks Firebase Auth for its own reset email instead (its link opens /auth/action). */
export async function requestPasswordReset(email: string): Promise<Answer> {
  if (isFirebase) {
    const fb = await loadFirebase();
    try {
      await fb.sendPasswordReset(email, `${window.location.origin}${paths.login.href()}`);
    } catch (error) {
      throw firebaseActionError(error);
    }
    return { message: PASSWORD_RESET_REQUESTED };
  }
  return api<Answer>('/api/users/password-reset', { method: 'POST', body: { email } });
}

/** Firebase Auth's action codes' errors in the shop's words. */
export function firebaseActionError(error: unknown): ApiError {
  const code = String((error as { code?: string }).code ?? '');
  if (/auth\/(expired-action-code|invalid-action-code|user-disabled|user-not-found)/.test(code))
    return new ApiError(RESET_LINK_INVALID, 400);
  if (code === 'auth/weak-password') return new ApiError('Password must be at least 6 characters', 400);
  if (code === 'auth/too-many-requests')
    return new ApiError('Too many attempts. Please wait a few minutes and try again.', 429);
  if (code === 'auth/invalid-email') return new ApiError('Enter a valid email address', 400);
  return new ApiError('The account service could not be reached. Please try again.', 0);
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

/** The Firebase build's /auth/action: a new password with Firebase's emailed code. */
export function useFirebasePasswordReset(oobCode: string) {
  return useMutation({
    mutationFn: async (password: string) => {
      const fb = await loadFirebase();
      try {
        await fb.checkPasswordResetCode(oobCode);
        await fb.finishPasswordReset(oobCode, password);
      } catch (error) {
        throw firebaseActionError(error);
      }
      return { message: PASSWORD_RESET_DONE };
    },
  });
}

/** The Firebase build's /auth/action: the address confirmed with Firebase's emailed code. */
export function useFirebaseVerifyEmail() {
  return useMutation({
    mutationFn: async (oobCode: string) => {
      const fb = await loadFirebase();
      try {
        await fb.finishEmailVerification(oobCode);
      } catch (error) {
        const mapped = firebaseActionError(error);
        throw mapped.status === 400 ? new ApiError(VERIFY_LINK_INVALID, 400) : mapped;
      }
      return { message: 'Thank you: your email address is confirmed.' };
    },
  });
}
