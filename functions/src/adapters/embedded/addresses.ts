// The AddressStore port on the embedded database (migration 21): one row per saved address, its SavedAddress as
// JSON. Each write loads the owner's book inside the write transaction, asks domain/addresses.ts and writes what
// it answers, so two tabs saving at once never get past MAX_SAVED_ADDRESSES.
import type { Transaction } from './sql.js';
import {
  addAddress,
  editAddress,
  rememberAddress,
  removeAddress,
  sortAddressBook,
  type AddressBookChange,
  type SavedAddress,
  type ShippingAddress,
} from '../../domain/index.js';
import type { AddressStore, Clock } from '../../ports.js';
import type { Database } from './db.js';
import { newId } from './mapping.js';

async function loadBook(tx: Pick<Transaction, 'execute'>, userId: string): Promise<SavedAddress[]> {
  const rs = await tx.execute({ sql: 'SELECT data FROM user_addresses WHERE user_id = ?', args: [userId] });
  return rs.rows.map((r) => JSON.parse(String(r.data)) as SavedAddress);
}

/** Deletes an account's book (its deletion, domain/accountDeletion.ts; an admin's removal of the account). */
export async function forgetAddresses(tx: Transaction, userId: string) {
  await tx.execute({ sql: 'DELETE FROM user_addresses WHERE user_id = ?', args: [userId] });
}

export class SqlAddresses implements AddressStore {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async list(userId: string): Promise<SavedAddress[]> {
    return sortAddressBook(await loadBook(this.db.client, userId));
  }

  /** Load -> decide -> save, in one write transaction. */
  private change(userId: string, decide: (book: SavedAddress[]) => AddressBookChange): Promise<SavedAddress | null> {
    return this.db.write(async (tx) => {
      const { put, remove } = decide(await loadBook(tx, userId));
      for (const id of remove)
        await tx.execute({ sql: 'DELETE FROM user_addresses WHERE id = ? AND user_id = ?', args: [id, userId] });
      if (put)
        await tx.execute({
          sql: `INSERT INTO user_addresses (id, user_id, data, created_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET data = excluded.data`,
          args: [put._id, userId, JSON.stringify(put), put.createdAt],
        });
      return put;
    });
  }

  async add(userId: string, address: ShippingAddress): Promise<SavedAddress> {
    const now = this.clock.now();
    return (await this.change(userId, (book) => addAddress(book, address, newId(), now)))!;
  }

  async update(userId: string, id: string, address: ShippingAddress): Promise<SavedAddress> {
    const now = this.clock.now();
    return (await this.change(userId, (book) => editAddress(book, id, address, now)))!;
  }

  async remove(userId: string, id: string): Promise<void> {
    await this.change(userId, (book) => removeAddress(book, id));
  }

  async remember(userId: string, address: ShippingAddress, now: Date): Promise<SavedAddress> {
    return (await this.change(userId, (book) => rememberAddress(book, address, newId(), now)))!;
  }
}
