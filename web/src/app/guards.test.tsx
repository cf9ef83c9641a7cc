import { screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { LocationProbe, renderRoutes } from '@/testing/render';
import { RequireAdmin, RequireAuth } from './guards';

const routes = [
  { element: <RequireAuth />, children: [{ path: '/order/:id', element: <p>order page</p> }] },
  { element: <RequireAdmin />, children: [{ path: '/admin/userlist', element: <p>user list</p> }] },
  { path: '*', element: <LocationProbe /> },
];
const customer = { _id: 'u1', name: 'Alice', email: 'alice@voltshop.test', isAdmin: false, token: 't' };

describe('guards', () => {
  afterEach(() => signOut());

  it('sends signed-out visitors to /login with the page (and its query) as redirect', () => {
    renderRoutes(routes, { at: '/order/abc?x=1' });
    expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Forder%2Fabc%3Fx%3D1');
  });

  it('lets signed-in users through', () => {
    setUserInfo(customer);
    renderRoutes(routes, { at: '/order/abc' });
    expect(screen.getByText('order page')).toBeInTheDocument();
  });

  it('sends signed-in non-admins home from admin pages', () => {
    setUserInfo(customer);
    renderRoutes(routes, { at: '/admin/userlist' });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('sends signed-out visitors of admin pages to login, and lets admins in', () => {
    renderRoutes(routes, { at: '/admin/userlist' });
    expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Fadmin%2Fuserlist');
  });

  it('shows admin pages to admins', () => {
    setUserInfo({ ...customer, isAdmin: true });
    renderRoutes(routes, { at: '/admin/userlist' });
    expect(screen.getByText('user list')).toBeInTheDocument();
  });

  it('leaves a protected page when the user signs out there (e.g. after a 401)', () => {
    setUserInfo(customer);
    renderRoutes(routes, { at: '/order/abc' });
    act(() => signOut());
    expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Forder%2Fabc');
  });
});
