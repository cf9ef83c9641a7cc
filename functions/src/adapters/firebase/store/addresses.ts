// The AddressStore port on Firestore: users/{uid}/addresses/{id}, one document per saved address (domain/addresses.ts
// SavedAddress less its id). Each write reads the owner's book in a transaction, asks the decision and writes what
// it answers: two tabs saving at once never get past MAX_SAVED_ADDRESSES. Server only (firestore.rules: no client
// reads or writes).
import type { CollectionReference, Firestore, QueryDocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import {
  addAddress,
  editAddress,
  removeAddress,
  sortAddressBook,
  type AddressBookChange,
  type SavedAddress,
  type ShippingAddress,
} from '../../../domain/index.js';
import type { AddressStore, Clock } from '../../../ports.js';
import { COLLECTIONS, isDocId, MAX_ATTEMPTS } from './mapping.js';

/** The subcollection under users/{uid}. */
export const ADDRESSES = 'addresses';

type AddressDoc = Omit<SavedAddress, '_id'>;

const toSaved = (d: QueryDocumentSnapshot): SavedAddress => ({ ...(d.data() as AddressDoc), _id: d.id });

/** A user's book (users/{uid}/addresses). */
export const bookOf = (db: Firestore, userId: string) =>
  db.collection(COLLECTIONS.users).doc(userId).collection(ADDRESSES);

/** The book read in `tx` (so a concurrent change of it makes `tx` retry). */
export async function readBook(tx: Transaction, book: CollectionReference): Promise<SavedAddress[]> {
  return (await tx.get(book)).docs.map(toSaved);
}

/** Writes a decided change of the book in `tx`. */
export function writeBookChange(tx: Transaction, book: CollectionReference, { put, remove }: AddressBookChange) {
  for (const id of remove) tx.delete(book.doc(id));
  if (put) {
    const { _id, ...doc } = put;
    tx.set(book.doc(_id), doc satisfies AddressDoc);
  }
}

/** Deletes an account's book (its deletion; an admin's removal of the account): subcollections outlive their
 *  parent document otherwise. */
export async function forgetAddresses(db: Firestore, userId: string) {
  if (!isDocId(userId)) return;
  const snap = await db.collection(COLLECTIONS.users).doc(userId).collection(ADDRESSES).select().get();
  if (snap.empty) return;
  const batch = db.batch();
  for (const d of snap.docs) batch.delete(d.ref);
  await batch.commit();
}

export class FirestoreAddresses implements AddressStore {
  constructor(
    private readonly db: Firestore,
    private readonly clock: Clock,
  ) {}

  private book(userId: string) {
    return bookOf(this.db, userId);
  }

  async list(userId: string): Promise<SavedAddress[]> {
    if (!isDocId(userId)) return [];
    return sortAddressBook((await this.book(userId).get()).docs.map(toSaved));
  }

  /** Load -> decide -> save, in one transaction (the book's query read in it, so a concurrent write retries it). */
  private change(
    userId: string,
    decide: (book: SavedAddress[], newId: string) => AddressBookChange,
  ): Promise<SavedAddress | null> {
    const col = this.book(userId);
    return this.db.runTransaction(
      async (tx) => {
        const change = decide(await readBook(tx, col), col.doc().id);
        writeBookChange(tx, col, change);
        return change.put;
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
  }

  async add(userId: string, address: ShippingAddress): Promise<SavedAddress> {
    const now = this.clock.now();
    return (await this.change(userId, (book, id) => addAddress(book, address, id, now)))!;
  }

  async update(userId: string, id: string, address: ShippingAddress): Promise<SavedAddress> {
    const now = this.clock.now();
    // An id that cannot name a document is one the book does not hold: the decision answers not found.
    return (await this.change(userId, (book) => editAddress(book, isDocId(id) ? id : '', address, now)))!;
  }

  async remove(userId: string, id: string): Promise<void> {
    await this.change(userId, (book) => removeAddress(book, isDocId(id) ? id : ''));
  }
}
