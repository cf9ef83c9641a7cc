// The Firebase build: "Forgot password?" asks Firebase Auth for its email, and /auth/action finishes its links
// (lib/firebase mocked here).
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_RESET_REQUESTED, RESET_LINK_INVALID } from '@domain/accounts';
import { mockFetch, renderRoutes } from '@/testing/render';
import { AuthActionPage, ForgotPasswordPage } from './AccountLinkPages';

const fb = vi.hoisted(() => ({
  sendPasswordReset: vi.fn(async (_email: string, _continueUrl: string) => undefined),
  checkPasswordResetCode: vi.fn(async (_code: string) => 'ann@example.com'),
  finishPasswordReset: vi.fn(async (_code: string, _password: string) => undefined),
  finishEmailVerification: vi.fn(async (_code: string) => undefined),
}));
// The Firebase build's client over a mocked SDK (lib/firebase/client.tsx): what lib/shop answers in that build.
vi.mock('@/lib/shop', async () => {
  const { createFirebaseShop } = await import('@/lib/firebase/client');
  return { shop: createFirebaseShop(async () => fb as never, { firestore: false }) };
});

const routes = [
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/auth/action', element: <AuthActionPage /> },
];

describe('account links on Firebase', () => {
  beforeEach(() => {
    for (const f of Object.values(fb)) f.mockClear();
  });

  it('sends the reset email through Firebase Auth, answering as the embedded API does', async () => {
    const calls = mockFetch({});
    const { user } = renderRoutes(routes, { at: '/forgot-password' });
    await user.type(screen.getByLabelText('Email Address'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(PASSWORD_RESET_REQUESTED)).toBeInTheDocument();
    expect(fb.sendPasswordReset).toHaveBeenCalledWith('ann@example.com', `${window.location.origin}/login`);
    expect(calls).toHaveLength(0);
  });

  it('sets the new password with the oobCode of /auth/action?mode=resetPassword', async () => {
    const { user } = renderRoutes(routes, { at: '/auth/action?mode=resetPassword&oobCode=CODE1' });
    await user.type(screen.getByLabelText('New Password'), 'new-secret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'new-secret1');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText(/Your password was changed/)).toBeInTheDocument();
    expect(fb.finishPasswordReset).toHaveBeenCalledWith('CODE1', 'new-secret1');
  });

  it("says a used or expired code is, in the shop's words", async () => {
    fb.checkPasswordResetCode.mockRejectedValueOnce(
      Object.assign(new Error('x'), { code: 'auth/expired-action-code' }),
    );
    const { user } = renderRoutes(routes, { at: '/auth/action?mode=resetPassword&oobCode=OLD' });
    await user.type(screen.getByLabelText('New Password'), 'new-secret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'new-secret1');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RESET_LINK_INVALID);
    expect(fb.finishPasswordReset).not.toHaveBeenCalled();
  });

  it('confirms the address with mode=verifyEmail once', async () => {
    renderRoutes(routes, { at: '/auth/action?mode=verifyEmail&oobCode=V1' });
    expect(await screen.findByText(/email address is confirmed/)).toBeInTheDocument();
    expect(fb.finishEmailVerification).toHaveBeenCalledTimes(1);
    expect(fb.finishEmailVerification).toHaveBeenCalledWith('V1');
  });
});
