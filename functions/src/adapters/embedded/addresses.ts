// The AddressStore port on the embedded database (migration 21): one row per saved address, its SavedAddress as
// JSON. Each write loads the owner's book inside the write transaction, asks domain/addresses.ts and writes what
// it answers, so two tabs saving at once never get past MAX_SAVED_ADDRESSES.
import type { InStatement, Transaction } from './sql.js';
import {
  addAddress,
  editAddress,
  removeAddress,
  sortAddressBook,
  type AddressBookChange,
  type SavedAddress,
  type ShippingAddress,
} from '../../domain/index.js';
import type { AddressStore, Clock } from '../../ports.js';
import type { Database } from './db.js';
import { newId } from './mapping.js';

/** The books of `userIds` (one query: a batch of orders' customers), by user id; a user without any is absent. */
export async function loadBooks(tx: Pick<Transaction, 'execute'>, userIds: string[]) {
  const rs = await tx.execute({
    sql: 'SELECT user_id, data FROM user_addresses WHERE user_id IN (SELECT value FROM json_each(?))',
    args: [JSON.stringify(userIds)],
  });
  const books = new Map<string, SavedAddress[]>();
  for (const r of rs.rows) {
    const userId = String(r.user_id);
    books.set(userId, [...(books.get(userId) ?? []), JSON.parse(String(r.data)) as SavedAddress]);
  }
  return books;
}

/** The writes of a decided change of `userId`'s book. */
export function bookChangeStatements(userId: string, { put, remove }: AddressBookChange): InStatement[] {
  return [
    ...remove.map((id) => ({ sql: 'DELETE FROM user_addresses WHERE id = ? AND user_id = ?', args: [id, userId] })),
    ...(put
      ? [
          {
            sql: `INSERT INTO user_addresses (id, user_id, data, created_at) VALUES (?, ?, ?, ?)
                  ON CONFLICT (id) DO UPDATE SET data = excluded.data`,
            args: [put._id, userId, JSON.stringify(put), put.createdAt],
          },
        ]
      : []),
  ];
}

async function loadBook(tx: Pick<Transaction, 'execute'>, userId: string): Promise<SavedAddress[]> {
  return (await loadBooks(tx, [userId])).get(userId) ?? [];
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
      const change = decide(await loadBook(tx, userId));
      await tx.batch(bookChangeStatements(userId, change));
      return change.put;
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
}
