// Account links sent by email: password reset and email verification (texts, lifetimes, input schemas), shared by
// the API and the web's forms.
import { z } from 'zod';
import { emailSchema, passwordSchema, plainString } from './schemas.js';

/** A password reset link works once, for this long. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** An email verification link works for this long (a new one comes with "Send again"). */
export const EMAIL_VERIFICATION_TTL_HOURS = 72;

// The texts live apart, zod-free, so the web's first bundle can name them without the schemas.
export * from './accountMessages.js';

/** The random part of a link: 32 random bytes, base64url (43 characters). */
export const accountTokenSchema = plainString('Token', 'Invalid or expired link').regex(
  /^[A-Za-z0-9_-]{20,128}$/,
  'Invalid or expired link',
);

export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetConfirmSchema = z.strictObject({ token: accountTokenSchema, password: passwordSchema });
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmSchema>;

export const emailVerificationSchema = z.strictObject({ token: accountTokenSchema });
