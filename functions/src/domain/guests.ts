// Guest checkout (issue 30): an order without an account, placed with an email. The anti-hoarding limits that bind
// a signed-in customer per account bind a guest per email AND per shipping address, each normalised so that case,
// spaces, punctuation or a "+tag" do not make a second customer. A guest order is kept under a customer id derived
// from the email (`guest:<key>`), so the hold limits, the coupons' per-customer uses and the order lists count it
// like any customer's, and no account id can ever equal it (account ids never contain ':').
import { badInput } from './errors.js';
import type { ShippingAddress } from './types.js';

/** The prefix of a guest's customer id: no account id contains ':' (embedded ids are hex, Firebase uids alphanumeric). */
export const GUEST_ID_PREFIX = 'guest:';

/** The name a guest order shows where an account's name would be (the admin's lists, the emails' greeting). */
export const GUEST_NAME = 'Guest';

export const GUEST_MESSAGES = {
  /** A register or claim with a token that proves no order, or another email's order. */
  claimRefused: 'This order link does not belong to an order of this email',
  notConfigured: 'Guest checkout is not available right now',
  claimUnpaid: 'Pay the order first; then it can join your account',
} as const;

/**
 * The key an email's holds are counted by: trimmed, lower-cased, and a "+tag" of the local part dropped
 * (`Ann+1@X.com` and `ann@x.com` reach one inbox, so they are one shopper to the limits).
 */
export function guestEmailKey(email: string): string {
  const key = email.trim().toLowerCase();
  const at = key.lastIndexOf('@');
  if (at < 1) return key;
  const local = key.slice(0, at).split('+')[0] || key.slice(0, at);
  return `${local}${key.slice(at)}`;
}

/** A guest's customer id: one per email key. */
export const guestCustomerId = (email: string) => `${GUEST_ID_PREFIX}${guestEmailKey(email)}`;

export const isGuestCustomerId = (id: string) => id.startsWith(GUEST_ID_PREFIX);

/**
 * Whom a code's per-customer uses are counted by (issue 36): the person, i.e. the account's id AND its email's guest
 * id, so an account and a guest order with the account's email (any case, a "+tag") are one customer to the limit. A
 * guest has its email's id only. A redemption adds a use to each key, a release takes one from each, and a customer's
 * uses are the largest count among its keys.
 */
export function couponCustomerKeys(customer: { _id: string; email: string }): string[] {
  const byEmail = guestCustomerId(customer.email);
  return customer._id === byEmail ? [byEmail] : [customer._id, byEmail];
}

/** One part of an address as the limits compare it: Unicode-folded, lower-cased, letters and digits only. */
function addressPart(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * The key a shipping address's holds are counted by: street, city, postal code and country, each folded so that
 * "12 Main St." and " 12  main st" are one address. Recipient and phone are not part of it (another name at the
 * same door is the same hoard).
 */
export function guestAddressKey(address: Pick<ShippingAddress, 'address' | 'city' | 'postalCode' | 'country'>): string {
  return [address.address, address.city, address.postalCode, address.country].map(addressPart).join('|');
}

/** The customer a guest order is placed for: named by the shipping address's recipient when it has one (the
 *  order page, the admin's list and its search show that name), else "Guest". */
export function guestCustomer(email: string, recipientName?: string): { _id: string; name: string; email: string } {
  return { _id: guestCustomerId(email), name: recipientName?.trim() || GUEST_NAME, email: email.trim() };
}

/** Whom an order request is for: the guest's customer (from the email and the recipient) or the signed-in account. */
export function customerOf(request: {
  user: { _id: string; name: string; email: string };
  guest?: { email: string } | undefined;
  shippingAddress?: { recipientName?: string | undefined };
}): { _id: string; name: string; email: string } {
  return request.guest ? guestCustomer(request.guest.email, request.shippingAddress?.recipientName) : request.user;
}

/**
 * Whether an account may take a guest order as its own ("Create an account" after paying): the order must be a paid
 * guest's and its email the account's (trimmed, case-insensitive; a "+tag" is another address here). Throws 400.
 */
export function assertMayClaim(
  order: { guestEmail?: string | null; paidAt: string | null },
  accountEmail: string,
): void {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  if (!order.guestEmail || !same(order.guestEmail, accountEmail)) throw badInput(GUEST_MESSAGES.claimRefused);
  // Unpaid, the order's hold and its code's use still count for the guest (released on expiry by its customer id).
  if (!order.paidAt) throw badInput(GUEST_MESSAGES.claimUnpaid);
}

/** What a claim changes: the account becomes the order's customer; the guest's keys no longer hold anything. */
export function claimPatch(account: { _id: string; name: string; email: string }) {
  return {
    user: { _id: account._id, name: account.name, email: account.email },
    guestEmail: null,
    guestAddressKey: null,
  };
}
