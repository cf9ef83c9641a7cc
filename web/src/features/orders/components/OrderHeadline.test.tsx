import type { Order } from '@domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '@/testing/render';
import { OrderHeadline } from './OrderHeadline';

const paid = {
  _id: '65f1a2b3c4d5e6f7a8c595d7',
  user: { _id: 'u1', name: 'Alice', email: 'alice@voltshop.test' },
  isGuest: false,
  isPaid: true,
  paidAt: '2030-01-01T10:00:00.000Z',
  status: 'paid',
  isCancelled: false,
  isShipped: false,
  isDelivered: false,
  createdAt: '2030-01-01T09:00:00.000Z',
} as unknown as Order;

describe('OrderHeadline, just placed and paid', () => {
  it('tells a customer with an account where the order stays: their profile', () => {
    renderAt(<OrderHeadline order={paid} justPlaced />);
    expect(screen.getByText(/You will find it any time under your profile/)).toBeInTheDocument();
  });

  it('tells a guest (no profile) that the link to the order was emailed to them', () => {
    const guest = { ...paid, isGuest: true, user: { _id: 'guest:gus@x.test', name: 'Gus', email: 'gus@x.test' } };
    renderAt(<OrderHeadline order={guest as Order} justPlaced />);
    expect(screen.queryByText(/under your profile/)).toBeNull();
    expect(screen.getByText(/We emailed a link to this order to gus@x\.test/)).toBeInTheDocument();
  });
});
