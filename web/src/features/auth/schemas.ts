// Form schemas built from the shared domain schemas (the same ones the API checks), plus the
// confirm-password check of spec 5: 'Password do not match'.
import {
  changesCredentials,
  CURRENT_PASSWORD_REQUIRED,
  loginSchema,
  passwordSchema,
  registerSchema,
} from '@domain/schemas';
import { passwordResetConfirmSchema, passwordResetRequestSchema } from '@domain/accounts';
import { z } from 'zod';

export const PASSWORD_MISMATCH = 'Password do not match';
/** The form-level alert that shows the mismatch (the Confirm Password control is described by it). */
export const MISMATCH_ALERT_ID = 'password-mismatch';

export { loginSchema };

// Checked even when other fields are invalid, so the mismatch is reported together with them.
const mismatch = {
  message: PASSWORD_MISMATCH,
  path: ['confirmPassword'],
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

export const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, mismatch);
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** Profile: empty password keeps the current one; a new email or password needs the current password (as the API says). */
export const profileFormSchema = (currentEmail: string) =>
  z
    .object({
      name: registerSchema.shape.name,
      email: registerSchema.shape.email,
      password: z.union([z.literal(''), passwordSchema]),
      confirmPassword: z.string(),
      currentPassword: z.string(),
    })
    .refine((v) => v.password === v.confirmPassword, mismatch)
    .refine((v) => !changesCredentials(currentEmail, v) || v.currentPassword !== '', {
      message: CURRENT_PASSWORD_REQUIRED,
      path: ['currentPassword'],
    });
export type ProfileForm = z.infer<ReturnType<typeof profileFormSchema>>;

/** "Forgot password?": the email to send a reset link to (the API's schema). */
export { passwordResetRequestSchema };
export type PasswordResetRequestForm = z.infer<typeof passwordResetRequestSchema>;

/** /reset-password/:token: the new password twice (the token comes from the URL). */
export const resetPasswordFormSchema = z
  .object({ password: passwordResetConfirmSchema.shape.password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, mismatch);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
