// Account links sent by email: password reset and email verification (the shop's own on the embedded backend,
// Firebase Auth's in the Firebase build: lib/shop's `accounts`).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PASSWORD_RESET_DONE } from '@domain/accounts';
import { ApiError, call } from '@/lib/api';
import { emailVerificationGet, emailVerificationSend, emailVerify, passwordResetConfirm } from '@/lib/endpoints.gen';
import { shop } from '@/lib/shop';
import { userKeys } from '@/lib/queryKeys';

interface Answer {
  message: string;
}

/** A password reset email: the shop's own link (embedded) or Firebase Auth's (its link opens /auth/action). */
export const requestPasswordReset = (email: string): Promise<Answer> => shop.accounts.requestPasswordReset(email);

/** POST /api/users/password-reset/confirm: sets the password; every session of the account ends. */
export function confirmPasswordReset(token: string, password: string): Promise<Answer> {
  return call(passwordResetConfirm, { body: { token, password } });
}

/** POST /api/users/verify-email. */
export function verifyEmail(token: string): Promise<Answer> {
  return call(emailVerify, { body: { token } });
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
    queryFn: ({ signal }): Promise<EmailVerification> => call(emailVerificationGet, { signal }),
  });
}

/** POST /api/users/profile/verification: a new confirmation link. */
export function useResendVerification() {
  return useMutation({
    mutationFn: (): Promise<Answer> => call(emailVerificationSend),
  });
}

/** /auth/action (Firebase Auth's emails): the codes as this build's client finishes them. */
function actionCodes() {
  const codes = shop.accounts.actionCodes;
  if (!codes) throw new ApiError('This link is not one the shop can open. Ask for a new email.', 400);
  return codes;
}

/** The Firebase build's /auth/action: a new password with Firebase's emailed code. */
export function useFirebasePasswordReset(oobCode: string) {
  return useMutation({
    mutationFn: async (password: string): Promise<Answer> => {
      await actionCodes().resetPassword(oobCode, password);
      return { message: PASSWORD_RESET_DONE };
    },
  });
}

/** The Firebase build's /auth/action: the address confirmed with Firebase's emailed code. */
export function useFirebaseVerifyEmail() {
  return useMutation({
    mutationFn: async (oobCode: string): Promise<Answer> => {
      await actionCodes().verifyEmail(oobCode);
      return { message: 'Thank you: your email address is confirmed.' };
    },
  });
}
