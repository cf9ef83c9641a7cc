import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderAt } from '@/testing/render';
import { EmailStatus } from './EmailStatus';

describe('EmailStatus (profile)', () => {
  it('says when the address is confirmed', async () => {
    mockFetch({
      'GET /api/users/profile/verification': () => ({
        body: { email: 'a@example.com', verified: true, verifiedAt: '2026-01-01T00:00:00.000Z' },
      }),
    });
    renderAt(<EmailStatus />);
    expect(await screen.findByText('Email address confirmed')).toBeInTheDocument();
  });

  it('offers a new link while it is not', async () => {
    const calls = mockFetch({
      'GET /api/users/profile/verification': () => ({
        body: { email: 'a@example.com', verified: false, verifiedAt: null },
      }),
      'POST /api/users/profile/verification': () => ({ status: 202, body: { message: 'A new link is on its way.' } }),
    });
    const { user } = renderAt(<EmailStatus />);
    expect(await screen.findByText('Email address not confirmed yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send link again' }));
    expect(await screen.findByText('A new link is on its way.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('says nothing where the backend has no such state', async () => {
    mockFetch({});
    const { container } = renderAt(<EmailStatus />);
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="email-status"]')).toBeNull();
  });
});
