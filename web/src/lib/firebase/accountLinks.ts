// Firebase Auth's action codes in the browser (the Firebase build). The function sends the shop's own account emails
// with codes it asks Firebase Auth for (welcome, confirmation, the admin's reset link: functions/src/adapters/
// firebase/accountLinks.ts); "Forgot password?" still asks Firebase Auth for its own email here. Every link opens the
// shop's /auth/action page (for Firebase's own, its template's action URL: docs/firebase.md), which finishes it here.
import {
  applyActionCode,
  confirmPasswordReset,
  sendEmailVerification,
  sendPasswordResetEmail,
  verifyPasswordResetCode,
} from 'firebase/auth';
import { firebase } from './app';

/**
 * Sends Firebase's password reset email. An unknown address answers like a known one (with email enumeration
 * protection on, Firebase itself does not tell; without it, its user-not-found is swallowed here).
 * `continueUrl`: where the action page offers to go afterwards (the shop's sign-in page).
 */
export async function sendPasswordReset(email: string, continueUrl: string): Promise<void> {
  try {
    await sendPasswordResetEmail(firebase().auth, email, { url: continueUrl });
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  }
}

/** The account a reset code belongs to (throws for an invalid, used or expired code). */
export function checkPasswordResetCode(oobCode: string): Promise<string> {
  return verifyPasswordResetCode(firebase().auth, oobCode);
}

/** Sets the new password with the emailed code (Firebase revokes the account's sessions). */
export function finishPasswordReset(oobCode: string, password: string): Promise<void> {
  return confirmPasswordReset(firebase().auth, oobCode, password);
}

/** Marks the address verified with the emailed code. */
export function finishEmailVerification(oobCode: string): Promise<void> {
  return applyActionCode(firebase().auth, oobCode);
}

/** Sends the signed-in account Firebase's verification email. */
export async function sendVerificationEmail(continueUrl: string): Promise<void> {
  const user = firebase().auth.currentUser;
  if (user) await sendEmailVerification(user, { url: continueUrl });
}
