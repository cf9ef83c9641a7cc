import type { AdminOrder, Order, OrderRefund } from '@domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { orderKeys } from '@/lib/queryKeys';
import { patchOrder } from './hooks';

const refund = (id: string, by: OrderRefund['by']): OrderRefund => ({
  id,
  amount: 5,
  reason: '',
  restock: false,
  items: [],
  status: 'completed',
  cancelsOrder: false,
  createdAt: '2030-01-02T10:00:00.000Z',
  completedAt: '2030-01-02T10:00:01.000Z',
  by,
});
const admin = { _id: 'a1', name: 'Shop Admin' };
const shop = { _id: '', name: 'the shop' };
const order = (refunds: OrderRefund[]) => ({ _id: 'o1', refunds }) as unknown as Order;

describe('patchOrder: an order topic frame on the admin’s page (issue 36)', () => {
  it('keeps who made the refunds the page read; the customer’s page takes the frame as it is', () => {
    const client = new QueryClient();
    const adminView = { ...order([refund('r1', admin)]), notes: [] } as unknown as AdminOrder;
    client.setQueryData(orderKeys.detail('o1'), adminView);
    patchOrder(client, order([refund('r1', shop), refund('r2', shop)]));
    const patched = client.getQueryData<AdminOrder>(orderKeys.detail('o1'))!;
    expect(patched.refunds.map((r) => r.by)).toEqual([admin, shop]);
    expect(patched.notes).toEqual([]);

    client.setQueryData(orderKeys.detail('o1'), order([refund('r1', shop)]));
    patchOrder(client, order([refund('r1', shop)]));
    expect(client.getQueryData<Order>(orderKeys.detail('o1'))!.refunds[0]!.by).toEqual(shop);
  });
});
