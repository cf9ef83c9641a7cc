// The admin's order tables' status columns (the order list, a customer's orders), each sorted by its date and
// filtered by what it says ("paid Nov 28, 2026", "expired not paid", "not delivered").
import type { Order } from '@domain';
import { DeliveredCell, PaidCell } from '@/features/orders';
import { shortDate } from '@/lib/format';
import type { AdminColumn } from './AdminTable';

export const paidColumn: AdminColumn<Order> = {
  key: 'paid',
  header: 'PAID',
  className: 'text-nowrap',
  sortValue: (o) => o.paidAt,
  filterValue: (o) =>
    o.isPaid ? ['paid', shortDate(o.paidAt)] : o.status === 'expired' ? 'expired not paid' : 'not paid',
  cell: (o) => <PaidCell order={o} />,
};

export const deliveredColumn: AdminColumn<Order> = {
  key: 'delivered',
  header: 'DELIVERED',
  className: 'text-nowrap',
  sortValue: (o) => o.deliveredAt,
  filterValue: (o) => (o.isDelivered ? ['delivered', shortDate(o.deliveredAt)] : 'not delivered'),
  cell: (o) => <DeliveredCell order={o} />,
};
