import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { mockFetch, renderAt } from '@/testing/render';
import { UserEditPage } from './UserEditPage';

const admin = { _id: 'a1', name: 'Ada Admin', email: 'admin@voltshop.test', isAdmin: true };
const alice = { _id: 'u1', name: 'Alice', email: 'alice@voltshop.test', isAdmin: false };

describe('UserEditPage: Send password reset link', () => {
  beforeEach(() => setUserInfo({ ...admin, token: 't' }));
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('emails the user a reset link and says so', async () => {
    const calls = mockFetch({
      'GET /api/users/u1': () => ({ body: alice }),
      'POST /api/users/u1/password-reset': () => ({
        status: 202,
        body: { message: 'A password reset link was sent to alice@voltshop.test.' },
      }),
    });
    const { user } = renderAt(<UserEditPage />, { path: '/admin/user/:id/edit', at: '/admin/user/u1/edit' });
    await user.click(await screen.findByRole('button', { name: 'Send password reset link' }));
    expect(await screen.findByText('A password reset link was sent to alice@voltshop.test.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});

describe('UserEditPage: an admin editing their own account', () => {
  beforeEach(() => setUserInfo({ ...admin, token: 't' }));
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('shows their email read-only, pointing to the profile (which asks for the current password)', async () => {
    mockFetch({ 'GET /api/users/a1': () => ({ body: admin }) });
    renderAt(<UserEditPage />, { path: '/admin/user/:id/edit', at: '/admin/user/a1/edit' });
    expect(await screen.findByLabelText('Email Address')).toHaveAttribute('readonly');
    expect(screen.getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/profile');
  });

  it("leaves another user's email editable", async () => {
    mockFetch({ 'GET /api/users/u1': () => ({ body: alice }) });
    renderAt(<UserEditPage />, { path: '/admin/user/:id/edit', at: '/admin/user/u1/edit' });
    expect(await screen.findByLabelText('Email Address')).not.toHaveAttribute('readonly');
    expect(screen.queryByRole('link', { name: 'your profile' })).toBeNull();
  });
});
