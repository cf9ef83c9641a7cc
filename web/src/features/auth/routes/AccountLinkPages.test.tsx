import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_REQUESTED } from '@domain/accounts';
import { LocationProbe, mockFetch, renderRoutes } from '@/testing/render';
import { ForgotPasswordPage, ResetPasswordPage, VerifyEmailPage } from './AccountLinkPages';
import { LoginPage } from './LoginPage';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password/:token', element: <ResetPasswordPage /> },
  { path: '/verify-email/:token', element: <VerifyEmailPage /> },
  { path: '*', element: <LocationProbe /> },
];
const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDE';

describe('password reset pages', () => {
  it('links "Forgot password?" from the sign-in page', async () => {
    const { user } = renderRoutes(routes, { at: '/login' });
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
  });

  it('asks for a link with a valid email only, then shows the same answer for any address', async () => {
    const calls = mockFetch({
      'POST /api/users/password-reset': () => ({ status: 202, body: { message: PASSWORD_RESET_REQUESTED } }),
    });
    const { user } = renderRoutes(routes, { at: '/forgot-password' });
    await user.type(screen.getByLabelText('Email Address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.clear(screen.getByLabelText('Email Address'));
    await user.type(screen.getByLabelText('Email Address'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(PASSWORD_RESET_REQUESTED)).toBeInTheDocument();
    expect(calls[0].body).toEqual({ email: 'ann@example.com' });
  });

  it('sets the new password with the token from the link, after the shared checks', async () => {
    const calls = mockFetch({
      'POST /api/users/password-reset/confirm': () => ({ body: { message: 'Your password was changed.' } }),
    });
    const { user } = renderRoutes(routes, { at: `/reset-password/${TOKEN}` });
    await user.type(screen.getByLabelText('New Password'), '123');
    await user.type(screen.getByLabelText('Confirm Password'), '124');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Password do not match')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.clear(screen.getByLabelText('New Password'));
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('New Password'), 'new-secret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'new-secret1');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Your password was changed.')).toBeInTheDocument();
    expect(calls[0].body).toEqual({ token: TOKEN, password: 'new-secret1' });
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it('shows why a used or expired link fails, with a way to ask for a new one', async () => {
    mockFetch({
      'POST /api/users/password-reset/confirm': () => ({ status: 400, body: { message: 'This link is expired.' } }),
    });
    const { user } = renderRoutes(routes, { at: `/reset-password/${TOKEN}` });
    await user.type(screen.getByLabelText('New Password'), 'new-secret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'new-secret1');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is expired.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('confirms an email address once when its link is opened', async () => {
    const calls = mockFetch({ 'POST /api/users/verify-email': () => ({ body: { message: 'Thank you: confirmed.' } }) });
    renderRoutes(routes, { at: `/verify-email/${TOKEN}` });
    expect(await screen.findByText('Thank you: confirmed.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({ token: TOKEN });
  });
});
