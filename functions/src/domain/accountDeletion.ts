// "Delete my account" (issue 27): the account goes, its orders stay for the shop's books with the personal data
// replaced (name, email, shipping address), its reviews stay under "Deleted customer". Pure: the texts and values
// both stores write (users.forget).
import { z } from 'zod';
import type { Order, ShippingAddress } from './types.js';

export const DELETED_CUSTOMER_NAME = 'Deleted customer';

/** The address an anonymised order keeps: unique per account (so an order still groups with its account's other
 *  orders in the books), never deliverable (.invalid is reserved). */
export const deletedCustomerEmail = (uid: string) => `deleted-${uid.toLowerCase()}@deleted.invalid`;

/** Whether an order's account was deleted (its customer anonymised by `anonymisedFields`). */
export const accountDeleted = (order: { user: { _id: string; email: string } }) =>
  order.user.email === deletedCustomerEmail(order.user._id);

export const REMOVED_ADDRESS: ShippingAddress = { address: '', city: '', postalCode: '', country: '' };

/** What a deletion anonymises (users.forget, issue 38: the one place both stores read): each of the account's orders
 *  keeps its id and the account's id but takes this customer and this address; each of its reviews takes this name.
 *  The stores write exactly these (and delete the cart, address book and the account). */
export function anonymisedFields(uid: string): {
  order: { user: { _id: string; name: string; email: string }; shippingAddress: ShippingAddress };
  review: { name: string };
} {
  return {
    order: {
      user: { _id: uid, name: DELETED_CUSTOMER_NAME, email: deletedCustomerEmail(uid) },
      shippingAddress: { ...REMOVED_ADDRESS },
    },
    review: { name: DELETED_CUSTOMER_NAME },
  };
}

export const ACCOUNT_DELETION_MESSAGES = {
  unpaidOrders: 'Pay for or cancel your unpaid orders first: they hold stock for you.',
  undeliveredOrders:
    'A paid order of yours is not delivered yet: the shop needs your name and address to ship it. You can delete your account once it has arrived (or once the shop has cancelled and refunded it).',
  adminSelf: 'An admin account cannot delete itself. Another admin can remove it.',
  deleted: 'Your account was deleted.',
} as const;

/** DELETE /api/users/profile: the password again (a stolen session must not be enough to delete the account). */
export const accountDeleteSchema = z.strictObject({
  password: z
    .string({ error: 'Enter your password to delete your account' })
    .min(1, 'Enter your password to delete your account')
    .max(128, 'Password is at most 128 characters'),
});
export type AccountDeleteInput = z.infer<typeof accountDeleteSchema>;

/** Whether the account may be deleted now, and why not (issue 36): the account export carries it, the web's dialog
 *  shows it, DELETE /api/users/profile refuses (409) with the message. */
export interface AccountDeletionCheck {
  allowed: boolean;
  message: string | null;
  /** The orders that stand in the way. */
  orders: string[];
}

type DeletionOrder = Pick<Order, '_id' | 'status' | 'paymentStatus' | 'expiresAt'>;

/** An unpaid order whose hold still runs: it holds stock for the customer (pay or cancel it first). */
export const holdsStock = (order: DeletionOrder, now: Date) =>
  order.status === 'awaiting_payment' && (order.expiresAt === null || Date.parse(order.expiresAt) > now.getTime());

/** A paid order not shipped yet (status paid: a shipped one is with the carrier), not refunded in full: the shop
 *  still ships it, to the name and address the deletion would blank. */
export const awaitsShipping = (order: Pick<Order, 'status' | 'paymentStatus'>) =>
  order.status === 'paid' && order.paymentStatus !== 'refunded';

/** The rule over the account's orders: unpaid holds first (the older refusal), then paid orders still to ship. */
export function accountDeletionCheck(orders: readonly DeletionOrder[], now: Date): AccountDeletionCheck {
  const held = orders.filter((o) => holdsStock(o, now)).map((o) => o._id);
  if (held.length) return { allowed: false, message: ACCOUNT_DELETION_MESSAGES.unpaidOrders, orders: held };
  const toShip = orders.filter(awaitsShipping).map((o) => o._id);
  if (toShip.length) return { allowed: false, message: ACCOUNT_DELETION_MESSAGES.undeliveredOrders, orders: toShip };
  return { allowed: true, message: null, orders: [] };
}
