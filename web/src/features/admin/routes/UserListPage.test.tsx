import type { UserSummary } from '@domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { mockFetch, renderAt } from '@/testing/render';
import { UserEditPage } from './UserEditPage';
import { UserListPage } from './UserListPage';

const admin = { _id: 'a1', name: 'Ada Admin', email: 'admin@voltshop.test', isAdmin: true };
const alice = { _id: 'u1', name: 'Alice', email: 'alice@voltshop.test', isAdmin: false };

describe('UserListPage', () => {
  let users: UserSummary[];
  beforeEach(() => {
    users = [admin, alice];
    setUserInfo({ ...admin, token: 't' });
  });
  afterEach(() => {
    cleanup();
    signOut();
  });

  function serve() {
    return mockFetch({
      'GET /api/users': (_b, url) => ({
        body: {
          users: users.filter((u) => u.name.toLowerCase().includes(url.searchParams.get('search') ?? '')),
          page: Number(url.searchParams.get('pageNumber')),
          pages: 1,
          total: users.length,
        },
      }),
      'GET /api/users/u1/open-orders': () => ({ body: { unpaid: 0, undelivered: 0 } }),
      'DELETE /api/users/u1': () => {
        users = users.filter((u) => u._id !== 'u1');
        return { body: { message: 'User removed' } };
      },
      'DELETE /api/users/a1': () => ({ status: 400, body: { message: 'You cannot delete your own account' } }),
    });
  }

  it('lists ID, Name, Email and the Admin tick', async () => {
    serve();
    renderAt(<UserListPage />, { path: '/admin/userlist' });
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      expect.stringContaining('ID'),
      expect.stringContaining('Name'),
      expect.stringContaining('Email'),
      expect.stringContaining('Admin'),
      'Actions',
    ]);
    const aliceRow = within(table).getByRole('row', { name: /Alice/ });
    expect(within(aliceRow).getByText('Not admin')).toBeInTheDocument();
    expect(within(aliceRow).getByRole('link', { name: 'alice@voltshop.test' })).toHaveAttribute(
      'href',
      'mailto:alice@voltshop.test',
    );
    expect(within(aliceRow).getByRole('link', { name: 'Edit Alice' })).toHaveAttribute('href', '/admin/user/u1/edit');
    expect(within(within(table).getByRole('row', { name: /Ada Admin/ })).getByText('Admin')).toBeInTheDocument();
  });

  it('asks before deleting, does nothing when cancelled, and reloads the list after a delete', async () => {
    const calls = serve();
    const { user } = renderAt(<UserListPage />, { path: '/admin/userlist' });
    await user.click(await screen.findByRole('button', { name: 'Delete Alice' }));
    const dialog = await screen.findByRole('dialog', { name: /^Delete user “Alice” \(.+@.+\)\?$/ });
    expect(dialog).toHaveTextContent('Are you sure you want to delete?');
    // Cancel has the focus: Enter does not delete.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Alice' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User Alice deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Alice/ })).toBeNull());
    expect(calls.filter((c) => c.method === 'GET' && !c.url.includes('open-orders'))).toHaveLength(2);
  });

  it('warns in the confirmation about the user’s open orders, counted by the server at the click', async () => {
    const calls = mockFetch({
      'GET /api/users': () => ({ body: { users, page: 1, pages: 1, total: users.length } }),
      'GET /api/users/u1/open-orders': () => ({ body: { unpaid: 1, undelivered: 1 } }),
    });
    const { user } = renderAt(<UserListPage />, { path: '/admin/userlist' });
    await user.click(await screen.findByRole('button', { name: 'Delete Alice' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      /Are you sure you want to delete\? Alice has 2 open orders \(1 unpaid, 1 not delivered\)\./,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.url === '/api/users/u1/open-orders')).toBe(true);
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });

  it('says so when the open orders cannot be counted, rather than staying silent', async () => {
    mockFetch({
      'GET /api/users': () => ({ body: { users, page: 1, pages: 1, total: users.length } }),
      'GET /api/users/u1/open-orders': () => ({ status: 500, body: { message: 'Down' } }),
    });
    const { user } = renderAt(<UserListPage />, { path: '/admin/userlist' });
    await user.click(await screen.findByRole('button', { name: 'Delete Alice' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(/Open orders could not be checked\./);
  });

  it('offers no Delete on the admin’s own row (the API would refuse it only after the confirm)', async () => {
    serve();
    renderAt(<UserListPage />, { path: '/admin/userlist' });
    const own = await screen.findByRole('row', { name: /Ada Admin/ });
    expect(within(own).getByRole('link', { name: 'Edit Ada Admin' })).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Alice' })).toBeInTheDocument();
  });

  it('searches and pages through the API (the whole list, not the page on screen), kept in the URL', async () => {
    const calls = serve();
    const { user } = renderAt(<UserListPage />, { path: '/admin/userlist' });
    expect(await screen.findByTestId('row-count')).toHaveTextContent('Page 1 of 1 (2 users)');
    expect(calls[0]!.url).toBe('/api/users?pageNumber=1');
    await user.type(screen.getByLabelText('Search users'), 'ali');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/api/users?pageNumber=1&search=ali'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Ada Admin/ })).toBeNull());
    expect(screen.getByRole('row', { name: /Alice/ })).toBeInTheDocument();
  });

  it('shows a red alert with the message when the list cannot load', async () => {
    mockFetch({ 'GET /api/users': () => ({ status: 403, body: { message: 'Not authorized as an admin' } }) });
    renderAt(<UserListPage />, { path: '/admin/userlist' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Not authorized as an admin');
  });
});

describe('UserEditPage', () => {
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('edits name, email and Is Admin, sends them, and returns to the user list', async () => {
    setUserInfo({ ...admin, token: 't' });
    const calls = mockFetch({
      'GET /api/users/u1': () => ({ body: alice }),
      'PUT /api/users/u1': (body) => ({ body: { ...alice, ...(body as object) } }),
    });
    const { user } = renderAt(<UserEditPage />, { path: '/admin/user/:id/edit', at: '/admin/user/u1/edit' });
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Alice');
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Is Admin')).not.toBeChecked();
    await user.clear(name);
    await user.type(name, 'Alice Smith');
    await user.click(screen.getByLabelText('Is Admin'));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/userlist');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      _id: 'u1',
      name: 'Alice Smith',
      email: 'alice@voltshop.test',
      isAdmin: true,
    });
  });

  it('checks the fields with the shared schema and shows API refusals', async () => {
    setUserInfo({ ...admin, token: 't' });
    const calls = mockFetch({
      'GET /api/users/a1': () => ({ body: admin }),
      'PUT /api/users/a1': () => ({ status: 400, body: { message: 'You cannot remove your own admin rights' } }),
    });
    const { user } = renderAt(<UserEditPage />, { path: '/admin/user/:id/edit', at: '/admin/user/a1/edit' });
    // The admin's own email is read-only here (the profile changes it, asking for the current password).
    expect(await screen.findByLabelText('Email Address')).toHaveAttribute('readonly');
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByLabelText('Is Admin'));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot remove your own admin rights');
  });

  it("checks another user's email with the shared schema before any call", async () => {
    setUserInfo({ ...admin, token: 't' });
    const calls = mockFetch({ 'GET /api/users/u1': () => ({ body: alice }) });
    const { user } = renderAt(<UserEditPage />, { path: '/admin/user/:id/edit', at: '/admin/user/u1/edit' });
    const email = await screen.findByLabelText('Email Address');
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
