// The admin tables' common columns: a sum of money and a date, each sorted by its value and filtered by what it
// shows (the filter box matches "$1,299.00" and "Nov 28, 2026", as a person reads them).
import { formatPrice, shortDate } from '@/lib/format';
import type { AdminColumn } from './AdminTable';

/** A column of sums of money (dollars, as the API answers them), right as the list shows them. */
export function moneyColumn<T>(key: string, header: string, value: (row: T) => number): AdminColumn<T> {
  return {
    key,
    header,
    className: 'text-nowrap',
    sortValue: value,
    filterValue: (row) => formatPrice(value(row)),
    cell: (row) => formatPrice(value(row)),
  };
}

/** A column of dates (ISO strings), shown short. */
export function dateColumn<T>(key: string, header: string, value: (row: T) => string): AdminColumn<T> {
  return {
    key,
    header,
    className: 'text-nowrap',
    sortValue: value,
    filterValue: (row) => shortDate(value(row)),
    cell: (row) => shortDate(value(row)),
  };
}
