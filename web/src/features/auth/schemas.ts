// Form schemas built from the shared domain schemas (the same ones the API checks), plus the
// confirm-password check of spec 5: 'Password do not match'.
import { loginSchema, passwordSchema, registerSchema } from '@domain';
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

/** Profile: empty password keeps the current one. */
export const profileFormSchema = z
  .object({
    name: registerSchema.shape.name,
    email: registerSchema.shape.email,
    password: z.union([z.literal(''), passwordSchema]),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, mismatch);
export type ProfileForm = z.infer<typeof profileFormSchema>;
