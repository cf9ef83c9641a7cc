// Every TanStack Query key of the web app, built here so that a page's query, the mutations that invalidate it and
// the sign-out cleanup agree on one shape. Each group's `all` is the prefix its narrower keys start with.
import type { QueryKey } from '@tanstack/react-query';

// The catalogue's keys have their own module: the home page's first bundle takes them without the rest.
export { productKeys, type ProductListParams } from './productKeys';

export const orderKeys = {
  all: ['orders'] as const,
  mine: () => [...orderKeys.all, 'mine'] as const,
  /** Every shopper's orders (admin). */
  everyone: () => [...orderKeys.all, 'all'] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
};

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
  detail: (id: string) => [...userKeys.all, 'detail', id] as const,
  /** Issue 41: the caller's abandoned-cart reminder preference. */
  cartReminders: () => [...userKeys.all, 'cartReminders'] as const,
  /** Issue 39: the caller's store credit (GET /api/gift-cards/credit). */
  storeCredit: () => [...userKeys.all, 'storeCredit'] as const,
};

export const adminKeys = {
  all: ['admin'] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
  /** The drafts (created products never saved), GET /api/products/drafts. */
  drafts: () => [...adminKeys.all, 'drafts'] as const,
  /** A product or draft as the edit form loads it from the API (either build). */
  product: (id: string) => [...adminKeys.all, 'product', id] as const,
  /** GET /api/settings and its history (admin). */
  settings: () => [...adminKeys.all, 'settings'] as const,
  settingsHistory: () => [...adminKeys.all, 'settings', 'history'] as const,
};

/** The shop's public settings (GET /api/settings/public): tax, shipping and limits for the cart and product pages. */
/** The signed-in account's address book (lib/addressBook.ts). */
export const addressKeys = {
  all: ['addresses'] as const,
};

// The server inlines the public settings with the product page and the Add to Cart link: one key for both sides.
export { settingsKeys } from '@domain/inlineData';

export const configKeys = {
  all: ['config'] as const,
};

/** Keys of data that belongs to the signed-in user: dropped on sign-out or when another user signs in. */
export const USER_SCOPED_KEYS: readonly QueryKey[] = [orderKeys.all, userKeys.all, adminKeys.all, addressKeys.all];
