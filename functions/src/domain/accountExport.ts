// "Download my data" (issue 27): what the shop holds about one account, as one JSON document (with the address
// book since issue 30). Pure: the route loads the profile, the orders, the reviews and the saved addresses through
// the store, this shapes them.
import { accountDeletionCheck, type AccountDeletionCheck } from './accountDeletion.js';
import type { SavedAddress } from './addresses.js';
import type { Order, Review, ShippingAddress } from './types.js';
import type { WishlistItem } from './wishlist.js';

export interface AccountExport {
  exportedAt: string;
  profile: { _id: string; name: string; email: string; isAdmin: boolean; createdAt: string };
  /** The shipping addresses of the account's orders, each once, in the order first used. */
  addresses: ShippingAddress[];
  /** The account's address book (issue 30), the last used first. */
  savedAddresses: SavedAddress[];
  orders: Order[];
  reviews: (Review & { product: string; productName: string })[];
  /** The wishlist's items (issue 41), in the order added. */
  wishlist: WishlistItem[];
  /** Whether "Delete my account" would go through now, and what stands in the way (issue 36). */
  accountDeletion: AccountDeletionCheck;
}

/** The export's file name: `voltshop-data-2026-11-25.json`. */
export const accountExportFileName = (now: Date) => `voltshop-data-${now.toISOString().slice(0, 10)}.json`;

export function accountExport(
  profile: AccountExport['profile'],
  orders: readonly Order[],
  reviews: AccountExport['reviews'],
  now: Date,
  savedAddresses: readonly SavedAddress[] = [],
  wishlist: readonly WishlistItem[] = [],
): AccountExport {
  const addresses = new Map<string, ShippingAddress>();
  for (const o of orders) {
    const a = o.shippingAddress;
    const key = JSON.stringify([a.address, a.city, a.postalCode, a.country].map((s) => s.trim().toLowerCase()));
    if (!addresses.has(key)) addresses.set(key, a);
  }
  const { _id, name, email, isAdmin, createdAt } = profile;
  return {
    exportedAt: now.toISOString(),
    profile: { _id, name, email, isAdmin, createdAt },
    addresses: [...addresses.values()],
    savedAddresses: [...savedAddresses],
    orders: [...orders],
    reviews: [...reviews],
    wishlist: [...wishlist],
    accountDeletion: accountDeletionCheck(orders, now),
  };
}
