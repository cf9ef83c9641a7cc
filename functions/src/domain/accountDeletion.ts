// "Delete my account" (issue 27): the account goes, its orders stay for the shop's books with the personal data
// replaced (name, email, shipping address), its reviews stay under "Deleted customer". Pure: the texts and values
// both stores write (users.forget).
import { z } from 'zod';
import type { ShippingAddress } from './types.js';

export const DELETED_CUSTOMER_NAME = 'Deleted customer';

/** The address an anonymised order keeps: unique per account (so an order still groups with its account's other
 *  orders in the books), never deliverable (.invalid is reserved). */
export const deletedCustomerEmail = (uid: string) => `deleted-${uid.toLowerCase()}@deleted.invalid`;

export const REMOVED_ADDRESS: ShippingAddress = { address: '', city: '', postalCode: '', country: '' };

export const ACCOUNT_DELETION_MESSAGES = {
  unpaidOrders: 'Pay for or cancel your unpaid orders first: they hold stock for you.',
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
