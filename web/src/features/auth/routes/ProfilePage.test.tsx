import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderAt, renderRoutes } from '@/testing/render';
import { ACCOUNT_DELETED_NOTICE } from '../api/deleteAccount';
import { LoginPage } from './LoginPage';
import { sessionStore, setUserInfo, signOut } from '@/lib/session';
import { ProfilePage } from './ProfilePage';

const alice = { _id: 'u1', name: 'Alice', email: 'alice@voltshop.test', isAdmin: false, token: 'tok' };
const myOrders = {
  'GET /api/orders/myorders': () => ({ body: [] }),
  'GET /api/cart-reminders/preference': () => ({ body: { subscribed: true } }),
};

describe('ProfilePage: the cart reminders switch (issue 41)', () => {
  beforeEach(() => setUserInfo(alice));
  afterEach(() => signOut());

  it('shows the saved preference and turns reminders off', async () => {
    const calls = mockFetch({
      ...myOrders,
      'PUT /api/cart-reminders/preference': (body) => ({ body }),
    });
    const { user } = renderAt(<ProfilePage />, { path: '/profile' });
    const toggle = await screen.findByRole('switch', { name: 'Cart reminders' });
    await waitFor(() => expect(toggle).toBeChecked());
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(calls.find((c) => c.method === 'PUT' && c.url === '/api/cart-reminders/preference')?.body).toEqual({
      subscribed: false,
    });
  });
});

describe('ProfilePage: the store credit (issue 39)', () => {
  beforeEach(() => setUserInfo(alice));
  afterEach(() => signOut());

  it('shows the balance when there is some', async () => {
    mockFetch({ ...myOrders, 'GET /api/gift-cards/credit': () => ({ body: { balance: 12.5 } }) });
    renderAt(<ProfilePage />, { path: '/profile' });
    expect(await screen.findByTestId('store-credit-balance')).toHaveTextContent('Store credit: $12.50');
  });

  it('shows nothing without credit', async () => {
    const calls = mockFetch({ ...myOrders, 'GET /api/gift-cards/credit': () => ({ body: { balance: 0 } }) });
    renderAt(<ProfilePage />, { path: '/profile' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/gift-cards/credit')).toBe(true));
    await screen.findByRole('switch', { name: 'Cart reminders' });
    expect(screen.queryByText(/Store credit/)).toBeNull();
  });
});

describe('ProfilePage: current password and "Sign out everywhere"', () => {
  beforeEach(() => setUserInfo(alice));
  afterEach(() => signOut());

  it('a new password needs the Current Password field: nothing is sent without it', async () => {
    const calls = mockFetch(myOrders);
    const { user } = renderAt(<ProfilePage />, { path: '/profile' });
    await user.type(screen.getByLabelText('Password'), 'newsecret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'newsecret1');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Enter your current password to change your email or password')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('sends currentPassword with a new email, and keeps the fresh token answered', async () => {
    const calls = mockFetch({
      ...myOrders,
      'PUT /api/users/profile': (body) => ({
        body: { ...alice, email: (body as { email: string }).email, token: 'fresh' },
      }),
    });
    const { user } = renderAt(<ProfilePage />, { path: '/profile' });
    const email = screen.getByLabelText('Email Address');
    await user.clear(email);
    await user.type(email, 'alice.new@voltshop.test');
    await user.type(screen.getByLabelText('Current Password'), 'alice1234');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      id: 'u1',
      name: 'Alice',
      email: 'alice.new@voltshop.test',
      password: '',
      currentPassword: 'alice1234',
    });
    expect(sessionStore.get()?.token).toBe('fresh');
  });

  it('a name change alone needs no current password and sends none', async () => {
    const calls = mockFetch({
      ...myOrders,
      'PUT /api/users/profile': () => ({ body: { ...alice, name: 'Alice W', token: 'fresh' } }),
    });
    const { user } = renderAt(<ProfilePage />, { path: '/profile' });
    await user.type(screen.getByLabelText('Name'), ' W');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).not.toHaveProperty('currentPassword');
  });

  it('"Sign out everywhere" calls POST /api/users/logout-all and signs this browser out too', async () => {
    const calls = mockFetch({
      ...myOrders,
      'POST /api/users/logout-all': () => ({ body: { ...alice, token: 'fresh' } }),
    });
    const { user } = renderAt(<ProfilePage />, { path: '/profile' });
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(sessionStore.get()).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/users/logout-all')).toBe(true);
    expect(localStorage.getItem('userInfo')).toBeNull();
  });
});

describe('ProfilePage: the orders list says each order’s state in words', () => {
  beforeEach(() => setUserInfo(alice));
  afterEach(() => signOut());

  it('awaiting payment with its pay-by time, paid, delivered on its date, cancelled, expired: no bare ✗', async () => {
    const base = {
      user: 'u1',
      orderItems: [],
      totalPrice: 10,
      createdAt: '2026-11-25T13:30:00.000Z',
      isPaid: false,
      paidAt: null,
      isDelivered: false,
      deliveredAt: null,
      expiresAt: null,
      cancelledAt: null,
    };
    const soon = new Date(Date.now() + 20 * 60_000).toISOString();
    const orders = [
      { ...base, _id: 'o00000000000000000000a01', status: 'awaiting_payment', expiresAt: soon },
      { ...base, _id: 'o00000000000000000000a02', status: 'paid', isPaid: true, paidAt: base.createdAt },
      {
        ...base,
        _id: 'o00000000000000000000a03',
        status: 'delivered',
        isPaid: true,
        paidAt: base.createdAt,
        isDelivered: true,
        deliveredAt: '2026-11-27T09:00:00.000Z',
      },
      { ...base, _id: 'o00000000000000000000a04', status: 'expired', cancelledAt: '2026-11-25T13:35:00.000Z' },
      { ...base, _id: 'o00000000000000000000a05', status: 'expired', expiresAt: '2026-11-25T14:00:00.000Z' },
    ];
    mockFetch({ 'GET /api/orders/myorders': () => ({ body: orders }) });
    renderAt(<ProfilePage />, { path: '/profile' });
    const pay = new Date(soon).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
    expect(await screen.findByText(`Awaiting payment – pay by ${pay}`)).toBeInTheDocument();
    for (const text of ['Paid', 'Delivered on 2026-11-27', 'Cancelled', 'Expired'])
      expect(screen.getByText(text, { selector: '.status-badge' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'STATUS' })).toBeInTheDocument();
    expect(screen.queryByText('✗')).toBeNull();
  });
});

describe('ProfilePage: "Download my data"', () => {
  beforeEach(() => setUserInfo(alice));
  afterEach(() => signOut());

  it('asks the API for the export and hands the browser a JSON file to save', async () => {
    const exported = { profile: { _id: 'u1', email: alice.email }, addresses: [], orders: [], reviews: [] };
    const calls = mockFetch({ ...myOrders, 'GET /api/users/profile/export': () => ({ body: exported }) });
    const saved: { name: string; blob: Blob }[] = [];
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push({ name: '', blob: blob as Blob });
      return 'blob:export';
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved[saved.length - 1]!.name = this.download;
    });
    try {
      const { user } = renderAt(<ProfilePage />, { path: '/profile' });
      await user.click(screen.getByRole('button', { name: 'Download my data' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(calls.filter((c) => c.method === 'GET' && c.url.endsWith('/api/users/profile/export'))).toHaveLength(1);
      expect(saved[0]!.name).toMatch(/^voltshop-data-\d{4}-\d\d-\d\d\.json$/);
      expect(JSON.parse(await saved[0]!.blob.text())).toEqual(exported);
    } finally {
      created.mockRestore();
      clicked.mockRestore();
    }
  });
});

describe('ProfilePage: "Delete my account"', () => {
  beforeEach(() => setUserInfo(alice));
  afterEach(() => signOut());

  it('a dialog names the consequences and asks for the password; a refusal is shown, a deletion signs out', async () => {
    let attempts = 0;
    const calls = mockFetch({
      ...myOrders,
      'DELETE /api/users/profile': (body) =>
        ++attempts === 1
          ? { status: 403, body: { message: 'Current password is incorrect' } }
          : { body: { message: 'Your account was deleted.', echo: body } },
    });
    const { user } = renderRoutes(
      [
        { path: '/profile', element: <ProfilePage /> },
        { path: '/login', element: <LoginPage /> },
      ],
      { at: '/profile' },
    );
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('Your orders stay in the shop’s books');
    expect(dialog).toHaveTextContent('cannot be undone');
    // Issue 36: a paid order still to ship stops the deletion; the dialog says so before the server refuses.
    expect(dialog).toHaveTextContent(
      'paid orders must have arrived: the shop needs your name and address to ship them',
    );
    const confirm = screen.getByRole('button', { name: 'Delete my account for good' });
    expect(confirm).toBeDisabled(); // no password yet: nothing to send
    await user.type(screen.getByLabelText('Your password'), 'wrong');
    await user.click(confirm);
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(sessionStore.get()).not.toBeNull();
    await user.clear(screen.getByLabelText('Your password'));
    await user.type(screen.getByLabelText('Your password'), 'alice1234');
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(sessionStore.get()).toBeNull());
    // Issue 40: on the sign-in page, told the account was deleted.
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_DELETED_NOTICE)).toBeInTheDocument();
    const deletes = calls.filter((c) => c.method === 'DELETE');
    expect(deletes.map((c) => c.body)).toEqual([{ password: 'wrong' }, { password: 'alice1234' }]);
  });

  it('"Keep my account" closes the dialog and sends nothing', async () => {
    const calls = mockFetch(myOrders);
    const { user } = renderAt(<ProfilePage />, { path: '/profile' });
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(await screen.findByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });
});
