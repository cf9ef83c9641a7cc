import type { OpenOrders } from '@domain';

/** The question asked before deleting a user or a product (spec 5). */
export const CONFIRM_DELETE = 'Are you sure you want to delete?';

/** The spec's question, then what is deleted by name (two customers of one name are told apart by email), then
 *  any warning (a user's open orders) on a line of its own. */
export function confirmDeleteText(kind: 'product' | 'user', name: string, detail?: string, warning?: string): string {
  return `${CONFIRM_DELETE}\nThe ${kind} “${name}”${detail ? ` (${detail})` : ''} will be deleted.${warning ? `\n${warning}` : ''}`;
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
