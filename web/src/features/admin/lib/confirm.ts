import type { OpenOrders } from '@domain';
import type { ConfirmRequest } from '@/components/ui/ConfirmDialog';

/** The spec's question before deleting a user or a product (spec 5), in the dialog's body. */
export const CONFIRM_DELETE = 'Are you sure you want to delete?';

/** The dialog before deleting: its title names what is deleted ("Delete product “Sony WH-1000XM5”?"; two customers
 *  of one name are told apart by email), the body asks the spec's question and gives any warning (a user's open
 *  orders) on a line of its own. */
export function deleteRequest(
  kind: 'product' | 'user' | 'discount code' | 'category' | 'brand' | 'address',
  name: string,
  detail?: string,
  warning?: string,
): ConfirmRequest {
  return {
    title: `Delete ${kind} “${name}”${detail ? ` (${detail})` : ''}?`,
    body: warning ? `${CONFIRM_DELETE} ${warning}` : CONFIRM_DELETE,
    confirmLabel: 'Delete',
    destructive: true,
  };
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** "Alice has 2 open orders (1 unpaid, 1 not delivered)." or nothing when none is open; `null` (the count could
 *  not be read) says so rather than staying silent. */
export function openOrdersWarning(name: string, open: OpenOrders | null): string | undefined {
  if (!open) return 'Open orders could not be checked.';
  const total = open.unpaid + open.undelivered;
  if (total === 0) return undefined;
  const parts = [
    open.unpaid > 0 ? `${open.unpaid} unpaid` : '',
    open.undelivered > 0 ? `${open.undelivered} not delivered` : '',
  ].filter(Boolean);
  return `${name} has ${plural(total, 'open order')} (${parts.join(', ')}).`;
}
