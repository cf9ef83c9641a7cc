// The Firebase build (issue 37): the admin's "Send password reset link" is offered there too. The function records
// the shop's reset message with a Firebase Auth action code (functions/src/adapters/firebase/accountLinks.ts), so
// the page calls the same endpoint as on the embedded backend.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { mockFetch, renderAt } from '@/testing/render';
import { UserEditPage } from './UserEditPage';

// The Firebase build's client over a mocked SDK (lib/firebase/client.tsx): what lib/shop answers in that build.
vi.mock('@/lib/shop', async () => {
  const { createFirebaseShop } = await import('@/lib/firebase/client');
  return { shop: createFirebaseShop(async () => ({}) as never, { firestore: false }) };
});

const admin = { _id: 'a1', name: 'Ada Admin', email: 'admin@voltshop.test', isAdmin: true };
const alice = { _id: 'u1', name: 'Alice', email: 'alice@voltshop.test', isAdmin: false };

describe('UserEditPage on Firebase: Send password reset link', () => {
  beforeEach(() => setUserInfo({ ...admin, token: 't' }));
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('offers the button and asks the API, which emails the link', async () => {
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
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/users/u1/password-reset']);
  });
});
