import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { mockFetch, renderAt } from '@/testing/render';
import { GiftCardsPage } from './GiftCardsPage';

const admin = { _id: 'a1', name: 'Ada Admin', email: 'admin@voltshop.test', isAdmin: true };
const card = {
  code: 'ABCD-EFGH-JKLM-NPQR',
  balance: 30,
  expiresAt: null,
  initial: 50,
  recipientEmail: 'ann@example.com',
  createdAt: '2026-03-01T09:00:00.000Z',
  history: [
    { at: '2026-03-01T09:00:00.000Z', kind: 'issued', amount: 50, balance: 50 },
    { at: '2026-03-02T09:00:00.000Z', kind: 'order', orderId: 'order123456', amount: -20, balance: 30 },
  ],
};

describe('GiftCardsPage (issue 39)', () => {
  beforeEach(() => setUserInfo({ ...admin, token: 't' }));
  afterEach(() => {
    cleanup();
    signOut();
    vi.restoreAllMocks();
  });

  it('lists the cards with balance and history; issues a card as the API takes it', async () => {
    const calls = mockFetch({
      'GET /api/gift-cards': () => ({ body: [card] }),
      'POST /api/gift-cards': () => ({ status: 201, body: { code: 'WXYZ-WXYZ-WXYZ-WXYZ', balance: 25 } }),
    });
    const { user } = renderAt(<GiftCardsPage />, { path: '/admin/gift-cards', at: '/admin/gift-cards' });
    expect(await screen.findByText('ABCD-EFGH-JKLM-NPQR')).toBeInTheDocument();
    expect(screen.getByText('$30.00')).toBeInTheDocument();
    expect(screen.getByText(/order \(order 123456\): −\$20\.00 → \$30\.00/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Amount ($)'), '25');
    await user.type(screen.getByLabelText('Recipient email (optional)'), 'bo@example.com');
    await user.click(screen.getByRole('button', { name: 'Issue card' }));
    expect(await screen.findByTestId('issued-code')).toHaveTextContent('WXYZ-WXYZ-WXYZ-WXYZ');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ amount: 25, recipientEmail: 'bo@example.com' }),
    );
  });

  it('labels each cell with its column, for the phone layout (admin.css .admin-table: one card per gift card)', async () => {
    mockFetch({ 'GET /api/gift-cards': () => ({ body: [card] }) });
    renderAt(<GiftCardsPage />, { path: '/admin/gift-cards', at: '/admin/gift-cards' });
    await screen.findByText('ABCD-EFGH-JKLM-NPQR');
    const table = screen.getByRole('table');
    expect(table).toHaveClass('admin-table');
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    const cells = screen.getAllByRole('cell');
    expect(cells.map((td) => td.getAttribute('data-label'))).toEqual(headers);
  });
});
