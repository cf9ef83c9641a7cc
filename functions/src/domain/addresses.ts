// Addresses (issue 30): how one is shown (addressLines, for the order pages, papers and emails), when two are the
// same place (addressKey), and the account's address book as pure decisions: at most MAX_SAVED_ADDRESSES, an
// order's address saved once and marked last used (rememberAddress), edits and removals by id.
// The book's field table (ADDRESS_MODEL) is the pure part of the addresses module (functions/src/modules/addresses):
// it stays in the domain because the web (@domain) and the order rules use the book's shape and decisions.
import { countryCode, countryLabel } from './countries.js';
import { conflict, notFound } from './errors.js';
import { applyModelChange, defineModel, field, type ModelChange, type ModelRecord } from './model.js';
import type { ShippingAddress } from './types.js';

/** How many addresses one account keeps: enough for home, work and family, small enough to pick from a list. */
export const MAX_SAVED_ADDRESSES = 10;

/**
 * The address book's field table: embedded `user_addresses` (migration 21: the fields as JSON in `data`, the creation
 * time also in its column), Firestore `users/{uid}/addresses/{id}` (one field each). At most MAX_SAVED_ADDRESSES per
 * account, counted again by the generic stores in the writing transaction.
 */
export const ADDRESS_MODEL = /* @__PURE__ */ defineModel({
  name: 'address',
  table: 'user_addresses',
  collection: 'users/{owner}/addresses',
  key: { field: '_id', column: 'id' },
  owner: { column: 'user_id' },
  jsonColumn: 'data',
  perOwner: {
    max: MAX_SAVED_ADDRESSES,
    message: `At most ${MAX_SAVED_ADDRESSES} addresses can be saved: remove one first`,
  },
  indexes: [{ name: 'user_addresses_by_user', columns: ['user_id'] }],
  fields: {
    recipientName: field.text({ optional: true }),
    phone: field.text({ optional: true }),
    address: field.text(),
    city: field.text(),
    state: field.text({ optional: true }),
    postalCode: field.text(),
    country: field.text(),
    createdAt: field.timestamp({ column: 'created_at' }),
    updatedAt: field.timestamp(),
    /** When an order last shipped here (or it was chosen); null: never. The newest is preselected at checkout. */
    lastUsedAt: field.timestamp({ nullable: true }),
  },
});

/** An address in the account's book (GET /api/users/profile/addresses): derived from ADDRESS_MODEL. */
export type SavedAddress = ModelRecord<typeof ADDRESS_MODEL>;

// The field table and the API's ShippingAddress agree (the compiler refuses otherwise, both ways).
type SameAs<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const ADDRESS_MODEL_MATCHES_API: SameAs<
  SavedAddress,
  ShippingAddress & { _id: string; createdAt: string; updatedAt: string; lastUsedAt: string | null }
> = true;

/** The address as lines: recipient, street, city and postal code, the country's name; the phone apart. */
export function addressLines(a: ShippingAddress): string[] {
  const lines = [a.address, [a.city, a.state, a.postalCode].filter(Boolean).join(' '), countryLabel(a.country)];
  return [...(a.recipientName ? [a.recipientName] : []), ...lines].filter((l) => l.trim() !== '');
}

const fold = (s: string | undefined) => (s ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

/** Two addresses are one place for one recipient when these match (case, spaces and the country's spelling aside). */
export function addressKey(a: ShippingAddress): string {
  return JSON.stringify([
    fold(a.recipientName),
    fold(a.phone).replace(/[^\d+]/g, ''),
    fold(a.address),
    fold(a.city),
    fold(a.state),
    fold(a.postalCode).replace(/\s/g, ''),
    countryCode(a.country) ?? fold(a.country),
  ]);
}

/** Only the address's own fields (an answer or a stored row may carry more). */
export function shippingAddressOf(a: ShippingAddress): ShippingAddress {
  return {
    ...(a.recipientName ? { recipientName: a.recipientName } : {}),
    ...(a.phone ? { phone: a.phone } : {}),
    address: a.address,
    city: a.city,
    ...(a.state ? { state: a.state } : {}),
    postalCode: a.postalCode,
    country: a.country,
  };
}

export const ADDRESS_MESSAGES = {
  full: ADDRESS_MODEL.perOwner.message,
  notFound: 'Address not found',
  duplicate: 'This address is already saved',
} as const;

/** What a book write answers: the address to insert or replace (null: nothing), and the ids to delete. */
export type AddressBookChange = ModelChange<SavedAddress>;

/** A new address from the account (POST): refused when the book is full or the address is already in it. */
export function addAddress(
  book: readonly SavedAddress[],
  address: ShippingAddress,
  id: string,
  now: Date,
): AddressBookChange {
  const key = addressKey(address);
  if (book.some((b) => addressKey(b) === key)) throw conflict(ADDRESS_MESSAGES.duplicate);
  if (book.length >= MAX_SAVED_ADDRESSES) throw conflict(ADDRESS_MESSAGES.full);
  const at = now.toISOString();
  return {
    put: { ...shippingAddressOf(address), _id: id, createdAt: at, updatedAt: at, lastUsedAt: null },
    remove: [],
  };
}

/** An edit (PUT): the address replaced; an edit that makes it equal to another saved one is refused. */
export function editAddress(
  book: readonly SavedAddress[],
  id: string,
  address: ShippingAddress,
  now: Date,
): AddressBookChange {
  const saved = book.find((b) => b._id === id);
  if (!saved) throw notFound(ADDRESS_MESSAGES.notFound);
  const key = addressKey(address);
  if (book.some((b) => b._id !== id && addressKey(b) === key)) throw conflict(ADDRESS_MESSAGES.duplicate);
  return {
    put: {
      ...shippingAddressOf(address),
      _id: id,
      createdAt: saved.createdAt,
      updatedAt: now.toISOString(),
      lastUsedAt: saved.lastUsedAt,
    },
    remove: [],
  };
}

/** A removal (DELETE). */
export function removeAddress(book: readonly SavedAddress[], id: string): AddressBookChange {
  if (!book.some((b) => b._id === id)) throw notFound(ADDRESS_MESSAGES.notFound);
  return { put: null, remove: [id] };
}

/**
 * An order shipped to `address`: the same saved address is marked last used; a new one is saved, and when the book
 * is full the one used longest ago (never used counts as oldest) makes room. Never refuses: an order is never
 * held up by its address book.
 */
export function rememberAddress(
  book: readonly SavedAddress[],
  address: ShippingAddress,
  id: string,
  now: Date,
): AddressBookChange {
  const at = now.toISOString();
  const key = addressKey(address);
  const same = book.find((b) => addressKey(b) === key);
  if (same) return { put: { ...same, lastUsedAt: at }, remove: [] };
  const remove: string[] = [];
  if (book.length >= MAX_SAVED_ADDRESSES) {
    const stalest = [...book].sort((a, b) =>
      (a.lastUsedAt ?? a.createdAt).localeCompare(b.lastUsedAt ?? b.createdAt),
    )[0];
    remove.push(stalest._id);
  }
  return { put: { ...shippingAddressOf(address), _id: id, createdAt: at, updatedAt: at, lastUsedAt: at }, remove };
}

/** The book after a decided change (a batch of orders keeps its view of a customer's book with it). */
export function applyBookChange(book: readonly SavedAddress[], change: AddressBookChange): SavedAddress[] {
  return applyModelChange(ADDRESS_MODEL, book, change);
}

/** The book as answered: the last used first, then the newest. */
export function sortAddressBook(book: readonly SavedAddress[]): SavedAddress[] {
  return [...book].sort(
    (a, b) =>
      (b.lastUsedAt ?? '').localeCompare(a.lastUsedAt ?? '') ||
      b.createdAt.localeCompare(a.createdAt) ||
      a._id.localeCompare(b._id),
  );
}
