// The address book's store, written once over the generic ModelStore (both backends): each write loads the owner's
// book in the backend's transaction, asks domain/addresses.ts and writes what it answers, so two tabs saving at once
// never get past MAX_SAVED_ADDRESSES (the generic store counts again before writing).
import {
  addAddress,
  editAddress,
  removeAddress,
  sortAddressBook,
  type AddressBookChange,
  type SavedAddress,
  type ShippingAddress,
} from '../../domain/index.js';
import type { Clock } from '../../ports.js';
import type { ModelStore } from '../module.js';

/**
 * The account's address book (issue 30): ids are the store's; not-found and conflict as the decisions say.
 */
export interface AddressStore {
  /** The owner's addresses, the last used first (domain/addresses.ts sortAddressBook). */
  list(userId: string): Promise<SavedAddress[]>;
  /** Saves a new address (conflict when it is already saved or the book is full). */
  add(userId: string, address: ShippingAddress): Promise<SavedAddress>;
  /** Replaces one (not_found when it is not the owner's). */
  update(userId: string, id: string, address: ShippingAddress): Promise<SavedAddress>;
  /** Removes one (not_found when it is not the owner's). */
  remove(userId: string, id: string): Promise<void>;
}

export function addressStore(book: ModelStore<SavedAddress>, clock: Clock): AddressStore {
  const change = async (userId: string, decide: (records: SavedAddress[], newId: string) => AddressBookChange) =>
    (await book.change(userId, decide)).put!;
  return {
    list: async (userId) => sortAddressBook(await book.list(userId)),
    add: (userId, address) => change(userId, (records, id) => addAddress(records, address, id, clock.now())),
    update: (userId, id, address) => change(userId, (records) => editAddress(records, id, address, clock.now())),
    remove: async (userId, id) => {
      await book.change(userId, (records) => removeAddress(records, id));
    },
  };
}
