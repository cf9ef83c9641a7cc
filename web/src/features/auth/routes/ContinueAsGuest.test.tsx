// "Continue as guest" at the sign-in step of checkout (issue 30): offered only when checkout asked to sign in, the
// email checked inline (react-hook-form + the domain's email schema), then on to shipping as a guest.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { guestEmail } from '@/lib/guestCheckout';
import { signOut } from '@/lib/session';
import { LocationProbe, renderRoutes } from '@/testing/render';
import { LoginPage } from './LoginPage';

const probe = { path: '*', element: <LocationProbe /> };

beforeEach(() => {
  signOut();
  sessionStorage.clear();
});
afterEach(() => sessionStorage.clear());

describe('Continue as guest (sign-in step of checkout)', () => {
  const routes = [{ path: '/login', element: <LoginPage /> }, probe];

  it('is offered only when checkout asked to sign in', async () => {
    renderRoutes(routes, { at: '/login' });
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Continue as guest' })).toBeNull();
  });

  it('checks the email inline, then goes on to shipping with it', async () => {
    const { user } = renderRoutes(routes, { at: '/login?redirect=shipping' });
    const email = await screen.findByLabelText('Email for your order');
    await user.click(screen.getByRole('button', { name: 'Continue as guest' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Continue as guest' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'gail@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue as guest' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/shipping'));
    expect(guestEmail()).toBe('gail@example.com');
  });
});
