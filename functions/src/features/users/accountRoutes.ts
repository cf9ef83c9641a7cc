// Account links sent by email (ports.accounts: embedded; Firebase with the Firestore store): password reset and
// email verification.
//   POST /api/users/password-reset {email}            202, the same answer whether or not the address has an account
//   POST /api/users/password-reset/confirm {token, password}   sets the password, ends every session (embedded:
//                                                      Firebase's codes are redeemed by the web SDK, /auth/action)
//   POST /api/users/:id/password-reset (admin)         202, sends the user a reset link
//   POST /api/users/verify-email {token}               marks the account's email verified (embedded, as above)
//   GET  /api/users/profile/verification               { email, verified, verifiedAt } of the caller
//   POST /api/users/profile/verification               202, a new verification link to the caller
import { type RequestHandler } from 'express';
import {
  emailVerificationSchema,
  notFound,
  PASSWORD_RESET_DONE,
  PASSWORD_RESET_REQUESTED,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from '../../domain/index.js';
import { callerOf, requireAdmin, requireUser } from '../../http/auth.js';
import { mailCapped } from '../../http/rateLimits.js';
import { parse, parseId } from '../../http/validate.js';
import type { AccountLinks, Ports } from '../../ports.js';
import { endpoints } from '../../api/endpoints.js';
import { endpointRouter, handle } from '../../http/endpoint.js';

export const EMAIL_VERIFIED = 'Thank you: your email address is confirmed.';
export const VERIFICATION_SENT = 'A new confirmation link is on its way to your email address.';

export function accountRoutes(
  { store, auth }: Ports,
  accounts: AccountLinks,
  options: { limiters: { request: RequestHandler[]; confirm: RequestHandler[] } },
) {
  const router = endpointRouter('/api/users');
  const admin = requireAdmin(auth);
  const signedIn = requireUser(auth);

  handle(router, endpoints.passwordResetRequest, ...options.limiters.request, async (req, res) => {
    const { email } = parse(passwordResetRequestSchema, req.body);
    // Past the email's mail cap the answer is the same and nothing is sent (http/rateLimits.ts).
    if (!mailCapped(res)) await accounts.requestPasswordReset(email);
    res.status(202).json({ message: PASSWORD_RESET_REQUESTED });
  });

  const { resetPassword, verifyEmail } = accounts;
  if (resetPassword)
    handle(router, endpoints.passwordResetConfirm, ...options.limiters.confirm, async (req, res) => {
      const { token, password } = parse(passwordResetConfirmSchema, req.body);
      const { uid } = await resetPassword.call(accounts, token, password);
      // The reset already ended the sessions in its transaction; this ends the live streams and tickets too.
      await auth.revokeSessions(uid);
      res.json({ message: PASSWORD_RESET_DONE });
    });

  handle(router, endpoints.userPasswordReset, admin, async (req, res) => {
    const { email } = await accounts.requestPasswordResetFor(parseId(req.params.id, 'User'));
    res.status(202).json({ message: `A password reset link was sent to ${email}.` });
  });

  if (verifyEmail)
    handle(router, endpoints.emailVerify, ...options.limiters.confirm, async (req, res) => {
      const { token } = parse(emailVerificationSchema, req.body);
      await verifyEmail.call(accounts, token);
      res.json({ message: EMAIL_VERIFIED });
    });

  handle(router, endpoints.emailVerificationGet, signedIn, async (req, res) => {
    const { uid } = callerOf(req);
    const user = await store.users.get(uid);
    if (!user) throw notFound('User not found');
    const { verified, verifiedAt } = await accounts.emailVerification(uid);
    res.json({ email: user.email, verified, verifiedAt });
  });

  handle(router, endpoints.emailVerificationSend, signedIn, ...options.limiters.request, async (req, res) => {
    if (!mailCapped(res)) await accounts.sendVerification(callerOf(req).uid, 'again');
    res.status(202).json({ message: VERIFICATION_SENT });
  });

  return router;
}
