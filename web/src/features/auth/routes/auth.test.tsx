import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LocationProbe, mockFetch, renderRoutes } from '@/testing/render';
import { sessionStore, signOut } from '@/lib/session';
import { LoginPage } from './LoginPage';
import { RegisterPage } from './RegisterPage';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '*', element: <LocationProbe /> },
];
const alice = { _id: 'u1', name: 'Alice', email: 'alice@voltshop.test', isAdmin: false, token: 'tok' };

describe('LoginPage', () => {
  afterEach(() => signOut());

  it('validates with the shared schema before calling the API', async () => {
    const calls = mockFetch({});
    const { user } = renderRoutes(routes, { at: '/login' });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('type', 'email');
    expect(calls).toHaveLength(0);
  });

  it('signs in, stores userInfo and goes to the redirect target', async () => {
    const calls = mockFetch({ 'POST /api/users/login': () => ({ body: alice }) });
    const { user } = renderRoutes(routes, { at: '/login?redirect=/shipping' });
    await user.type(screen.getByLabelText('Email Address'), 'alice@voltshop.test');
    await user.type(screen.getByLabelText('Password'), 'alice1234');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/shipping'));
    expect(calls[0].body).toEqual({ email: 'alice@voltshop.test', password: 'alice1234' });
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toEqual(alice);
    expect(sessionStore.get()).toEqual(alice);
  });

  it('a redirect hiding another site behind a tab (%2F%09%2Fevil.example) lands on / after signing in', async () => {
    mockFetch({ 'POST /api/users/login': () => ({ body: alice }) });
    const { user } = renderRoutes(routes, { at: '/login?redirect=%2F%09%2Fevil.example' });
    await user.type(screen.getByLabelText('Email Address'), 'alice@voltshop.test');
    await user.type(screen.getByLabelText('Password'), 'alice1234');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it("shows the API's message in a red alert", async () => {
    mockFetch({ 'POST /api/users/login': () => ({ status: 401, body: { message: 'Invalid email or password' } }) });
    const { user } = renderRoutes(routes, { at: '/login' });
    await user.type(screen.getByLabelText('Email Address'), 'alice@voltshop.test');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(sessionStore.get()).toBeNull();
  });

  it('keeps the redirect on the Register link', () => {
    renderRoutes(routes, { at: '/login?redirect=/shipping' });
    expect(screen.getByText(/New Customer\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register?redirect=%2Fshipping');
  });
});

describe('RegisterPage', () => {
  afterEach(() => signOut());

  it("says 'Password do not match' and sends nothing", async () => {
    const calls = mockFetch({});
    const { user } = renderRoutes(routes, { at: '/register' });
    await user.type(screen.getByLabelText('Name'), 'Carol');
    await user.type(screen.getByLabelText('Email Address'), 'carol@voltshop.test');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret124');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Password do not match')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('registers without the confirmation field and goes to the redirect', async () => {
    const calls = mockFetch({
      'POST /api/users': (body) => ({ status: 201, body: { ...alice, name: (body as { name: string }).name } }),
    });
    const { user } = renderRoutes(routes, { at: '/register?redirect=/shipping' });
    await user.type(screen.getByLabelText('Name'), 'Carol');
    await user.type(screen.getByLabelText('Email Address'), 'carol@voltshop.test');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/shipping'));
    expect(calls[0].body).toEqual({ name: 'Carol', email: 'carol@voltshop.test', password: 'secret123' });
  });

  it('keeps the redirect on the Login link (spec defect fixed)', () => {
    renderRoutes(routes, { at: '/register?redirect=/shipping' });
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?redirect=%2Fshipping');
  });
});
