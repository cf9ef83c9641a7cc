// The settings form's number inputs, written once for the form (routes/SettingsPage.tsx) and its parts: how a
// number is read, and the two kinds of input; and what the form gives its parts.
import type { settingsSchema } from '@domain/settingsSchema';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';

export type SettingsFormValues = z.input<typeof settingsSchema>;
/** The form's control, register and errors, given to each of its parts. */
export interface SettingsFormParts {
  control: Control<SettingsFormValues, unknown, z.output<typeof settingsSchema>>;
  register: UseFormRegister<SettingsFormValues>;
  errors: FieldErrors<SettingsFormValues>;
}

/** Read as a number (react-hook-form's `valueAsNumber`). */
export const asNumber = { valueAsNumber: true } as const;
/** Money and rates: two decimals, the decimal keypad. */
export const decimalInput = { type: 'number', step: '0.01', inputMode: 'decimal' } as const;
/** Counts (units, orders, minutes, hours): the numeric keypad. */
export const wholeInput = { type: 'number', inputMode: 'numeric' } as const;
