// The account links' texts (domain/accounts.ts has their schemas): plain strings, so a module in the web's first
// bundle (the Firebase client of lib/shop) can name them without pulling in zod.

/** The same answer whether or not an account uses the address (no account enumeration). */
export const PASSWORD_RESET_REQUESTED =
  'If an account uses this email, a link to reset its password is on its way. It works once, for 1 hour.';
export const RESET_LINK_INVALID = 'This password reset link is invalid, used or expired. Ask for a new one.';
export const PASSWORD_RESET_DONE = 'Your password was changed. Sign in with the new one.';
export const VERIFY_LINK_INVALID = 'This verification link is invalid or expired. Ask for a new one on your profile.';
