// The UserStore port on Firestore: users/{uid}, with userEmails/{emailKey} claimed in the same transactions so
// emails stay unique case-insensitively.
import { ACCOUNT_OWNED_MODELS } from '../../../modules/index.js';
import { forgetOwned } from './modelStore.js';
import type { Firestore, Query, Transaction, WriteBatch } from 'firebase-admin/firestore';
import {
  anonymisedFields,
  badInput,
  conflict,
  customerSearchKeys,
  emailKey,
  orderSearchKeys,
  type UserListQuery,
  type UserPage,
} from '../../../domain/index.js';
import { LIST_ORDER_FIELD, userListFilters } from '../../../firestore/queries.js';
import type { Clock, QueuedMail, StoredUser, UserStore } from '../../../ports.js';
import { customerRef, writeAccountCustomer } from './customers.js';
import { recordMails } from './mailOutbox.js';
import { COLLECTIONS, isDocId, keyId, MAX_ATTEMPTS, toUser, type UserDoc } from './mapping.js';
import { readPage } from './paging.js';
import { reviewsOfUser } from './reviewRefs.js';

export class FirestoreUsers implements UserStore {
  constructor(
    private readonly db: Firestore,
    private readonly clock: Clock,
  ) {}

  private get col() {
    return this.db.collection(COLLECTIONS.users);
  }

  private emailRef(emailKey: string) {
    return this.db.collection(COLLECTIONS.userEmails).doc(keyId(emailKey));
  }

  async get(id: string) {
    if (!isDocId(id)) return null;
    const snap = await this.col.doc(id).get();
    return snap.exists ? toUser(snap.id, snap.data() as UserDoc) : null;
  }

  async findByEmail(email: string) {
    const key = emailKey(email);
    const claim = await this.emailRef(key).get();
    const uid = claim.exists ? String(claim.get('uid')) : null;
    if (!uid) return null;
    const user = await this.get(uid);
    return user && emailKey(user.email) === key ? user : null;
  }

  async list(query: UserListQuery): Promise<UserPage<StoredUser>> {
    // The filters of firestore/queries.ts, from which firestore.indexes.json is derived and checked.
    let filtered: Query = this.col;
    for (const f of userListFilters(query)) filtered = filtered.where(f.field, f.op, f.value);
    const { rows, ...page } = await readPage(
      filtered,
      { field: LIST_ORDER_FIELD, descending: false },
      query.page,
      query.pageSize,
      (d) => toUser(d.id, d.data() as UserDoc),
    );
    return { users: rows, ...page };
  }

  /** Creates (or, for an existing uid, overwrites) the profile, claiming the email in the same transaction; `mails`
   *  go to the outbox in it when there was no profile (a racing first call finds one and records none). */
  async create(user: { _id: string; name: string; email: string; isAdmin: boolean }, mails: QueuedMail[] = []) {
    if (!isDocId(user._id)) throw badInput('Invalid user id');
    const ref = this.col.doc(user._id);
    const key = emailKey(user.email);
    const created = await this.db.runTransaction(
      async (tx) => {
        const [current, claim, customer] = await tx.getAll(ref, this.emailRef(key), customerRef(this.db, user._id));
        if (claim.exists && claim.get('uid') !== user._id) throw conflict('Email already in use');
        const previous = current.exists ? (current.data() as UserDoc) : null;
        if (previous && previous.emailKey !== key) await this.releaseEmail(tx, previous.emailKey, user._id);
        // Reads before writes: recordMails reads the messages' documents, then writes those not recorded yet.
        if (!previous) await recordMails(tx, this.db, mails, this.clock.now());
        const doc: UserDoc = {
          name: user.name,
          email: user.email,
          emailKey: key,
          isAdmin: user.isAdmin,
          createdAt: previous?.createdAt ?? this.clock.now().toISOString(),
          searchKeys: customerSearchKeys(user.name, user.email),
        };
        tx.set(this.emailRef(key), { uid: user._id });
        tx.set(ref, doc);
        writeAccountCustomer(tx, this.db, customer!, { id: user._id, name: user.name, email: user.email });
        return doc;
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    return toUser(user._id, created);
  }

  async update(id: string, patch: { name?: string; email?: string; isAdmin?: boolean }) {
    if (!isDocId(id)) return null;
    const ref = this.col.doc(id);
    const updated = await this.db.runTransaction(
      async (tx) => {
        const [current, customer] = await tx.getAll(ref, customerRef(this.db, id));
        if (!current!.exists) return null;
        const doc = { ...(current!.data() as UserDoc) };
        const key = patch.email !== undefined ? emailKey(patch.email) : doc.emailKey;
        if (key !== doc.emailKey) {
          const claim = await tx.get(this.emailRef(key));
          if (claim.exists && claim.get('uid') !== id) throw conflict('Email already in use');
          await this.releaseEmail(tx, doc.emailKey, id);
          tx.set(this.emailRef(key), { uid: id });
        }
        if (patch.name !== undefined) doc.name = patch.name;
        if (patch.email !== undefined) Object.assign(doc, { email: patch.email, emailKey: key });
        if (patch.isAdmin !== undefined) doc.isAdmin = patch.isAdmin;
        doc.searchKeys = customerSearchKeys(doc.name, doc.email);
        tx.set(ref, doc);
        writeAccountCustomer(tx, this.db, customer!, { id, name: doc.name, email: doc.email });
        return doc;
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    return updated ? toUser(id, updated) : null;
  }

  /** Orders and reviews rewritten in batches (of at most 500 writes), then the cart and the profile (its email
   *  claim released). A retry after a failure finds what is left and does it. */
  async forget(id: string): Promise<void> {
    if (!isDocId(id)) return;
    // What is anonymised is the domain's (accountDeletion.ts anonymisedFields); this writes it.
    const { order, review } = anonymisedFields(id);
    const [orders, reviews] = await Promise.all([
      this.db.collection(COLLECTIONS.orders).where('userId', '==', id).select().get(),
      // The account's reviews as listed under it (store/reviewRefs.ts), not a collection-group query.
      reviewsOfUser(this.db, id),
    ]);
    // A review removed meanwhile (its product deleted) has nothing left to rename.
    const standing = reviews.length ? await this.db.getAll(...reviews.map((r) => r.review)) : [];
    const writes = [
      ...orders.docs.map(
        (d) => (b: WriteBatch) =>
          b.update(d.ref, { ...order, customerKeys: orderSearchKeys(d.id, order.user.name, order.user.email) }),
      ),
      ...standing.filter((d) => d.exists).map((d) => (b: WriteBatch) => b.update(d.ref, { ...review })),
      // The refs go with the account (its reviews stay, under the deleted customer's name).
      ...reviews.map(
        ({ ref }) =>
          (b: WriteBatch) =>
            b.delete(ref),
      ),
      (b: WriteBatch) => b.delete(this.db.collection(COLLECTIONS.carts).doc(id)),
    ];
    for (let i = 0; i < writes.length; i += 500) {
      const batch = this.db.batch();
      for (const write of writes.slice(i, i + 500)) write(batch);
      await batch.commit();
    }
    await this.remove(id);
  }

  async remove(id: string) {
    if (!isDocId(id)) return false;
    for (const model of ACCOUNT_OWNED_MODELS) await forgetOwned(this.db, model, id);
    const ref = this.col.doc(id);
    return this.db.runTransaction(
      async (tx) => {
        const current = await tx.get(ref);
        if (!current.exists) return false;
        await this.releaseEmail(tx, (current.data() as UserDoc).emailKey, id);
        tx.delete(ref);
        tx.delete(customerRef(this.db, id)); // the admin's customers list the accounts there are
        return true;
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
  }

  /** Deletes the email claim if this user holds it. Reads only, so call it before the transaction's writes. */
  private async releaseEmail(tx: Transaction, emailKey: string, uid: string) {
    const ref = this.emailRef(emailKey);
    const claim = await tx.get(ref);
    if (claim.exists && claim.get('uid') === uid) tx.delete(ref);
  }
}
