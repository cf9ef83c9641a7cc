// The account forms' fields (sign in, register, profile), described once: label, input type, placeholder and the
// autocomplete hint password managers rely on. Each form adds its own error and registration.
import type { FieldProps } from '@/components/ui/Field';
import { MISMATCH_ALERT_ID } from '../schemas';

export const accountFields = {
  name: { label: 'Name', type: 'text', placeholder: 'Enter name', autoComplete: 'name' },
  email: { label: 'Email Address', type: 'email', placeholder: 'Enter email', autoComplete: 'email' },
  password: { label: 'Password', type: 'password', placeholder: 'Enter password', autoComplete: 'current-password' },
  newPassword: { label: 'Password', type: 'password', placeholder: 'Enter password', autoComplete: 'new-password' },
  /** Its error is the form's "Password do not match" alert (MISMATCH_ALERT_ID), not a line under the field. */
  confirmPassword: {
    label: 'Confirm Password',
    type: 'password',
    placeholder: 'Confirm password',
    autoComplete: 'new-password',
    errorShownIn: MISMATCH_ALERT_ID,
  },
  currentPassword: {
    label: 'Current Password',
    type: 'password',
    placeholder: 'Needed to change email or password',
    autoComplete: 'current-password',
  },
} satisfies Record<string, Partial<FieldProps>>;
