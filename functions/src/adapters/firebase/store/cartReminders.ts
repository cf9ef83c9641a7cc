// The abandoned-cart reminders on Firestore (issue 41), the same port as adapters/embedded/cartReminders.ts: the
// carts the web writes (carts/{uid}, `updatedAt` the server's timestamp) in a sweep's window, the reminder
// remembered on the cart (`remindedVersion`, `remindedAt`) and in cartReminders/{uid}_{ms} with its message, in
// one transaction; the opt-out on users/{uid} (`cartRemindersOff`). The rule is domain/cartReminders.ts.
import { FieldPath, Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import type { CartReminderCandidate, SentCartReminder } from '../../../domain/cartReminders.js';
import type { CartLine } from '../../../domain/cart.js';
import type { CartReminderStore, QueuedMail } from '../../../ports.js';
import { CART_REMINDERS_COLLECTION, type CartDoc } from '../../../firestore/schema.js';
import { COLLECTIONS, type UserDoc } from './mapping.js';
import { mailRef, recordMail } from './mailOutbox.js';

/** A cart's version: its last change as ISO (milliseconds), as the embedded store keeps it. */
const versionOf = (updatedAt: unknown): string | null =>
  updatedAt instanceof Timestamp ? updatedAt.toDate().toISOString() : null;

type ReminderUserDoc = UserDoc & { cartRemindersOff?: boolean };

export class FirestoreCartReminders implements CartReminderStore {
  constructor(private readonly db: Firestore) {}

  private get carts() {
    return this.db.collection(COLLECTIONS.carts);
  }

  /** The customer's first order at or after `at` (ISO), or null (queries.ts CUSTOMER_ORDER_TIMES_SHAPE). */
  private async firstOrderFrom(userId: string, at: string): Promise<string | null> {
    const snap = await this.db
      .collection(COLLECTIONS.orders)
      .where('userId', '==', userId)
      .where('createdAt', '>=', at)
      .orderBy('createdAt', 'asc')
      .limit(1)
      .select('createdAt')
      .get();
    return snap.empty ? null : String(snap.docs[0]!.get('createdAt'));
  }

  async candidates({
    after,
    until,
    limit,
    cursor,
  }: Parameters<CartReminderStore['candidates']>[0]): Promise<CartReminderCandidate[]> {
    // queries.ts CART_REMINDER_SHAPE
    let query = this.carts
      .where('updatedAt', '>', Timestamp.fromDate(new Date(after)))
      .where('updatedAt', '<=', Timestamp.fromDate(new Date(until)))
      .orderBy('updatedAt', 'asc')
      .orderBy(FieldPath.documentId(), 'asc')
      .limit(limit);
    if (cursor) query = query.startAfter(Timestamp.fromDate(new Date(cursor.version)), cursor.userId);
    const carts = (await query.get()).docs;
    if (!carts.length) return [];
    const users = await this.db.getAll(...carts.map((c) => this.db.collection(COLLECTIONS.users).doc(c.id)));
    const found = await Promise.all(
      carts.map(async (cart, i): Promise<CartReminderCandidate | null> => {
        const doc = cart.data() as CartDoc;
        const user = users[i]!.data() as ReminderUserDoc | undefined;
        const version = versionOf(doc.updatedAt);
        if (!version) return null; // not a timestamp: not written by the web, outside any window
        return {
          userId: cart.id,
          email: user?.email ?? '',
          name: user?.name ?? '',
          items: (doc.items ?? []) as CartLine[],
          version,
          remindedVersion: doc.remindedVersion ?? null,
          // A cart without its account (deleted) counts as opted out: the rule refuses it, the page stays whole.
          optedOut: !user || user.cartRemindersOff === true,
          // The first order since the change is what the rule asks (an order at or after it).
          lastOrderAt: user ? await this.firstOrderFrom(cart.id, version) : null,
        };
      }),
    );
    return found.filter((c): c is CartReminderCandidate => c !== null);
  }

  async record(userId: string, version: string, mail: QueuedMail, now: Date): Promise<boolean> {
    const cartRef = this.carts.doc(userId);
    const userRef = this.db.collection(COLLECTIONS.users).doc(userId);
    const sentRef = this.db.collection(CART_REMINDERS_COLLECTION).doc(`${userId}_${Date.parse(version)}`);
    return this.db.runTransaction(async (tx) => {
      const [cart, user, sent, message] = (await tx.getAll(cartRef, userRef, sentRef, mailRef(this.db, mail.key))) as [
        DocumentSnapshot,
        DocumentSnapshot,
        DocumentSnapshot,
        DocumentSnapshot,
      ];
      const doc = cart.data() as CartDoc | undefined;
      // Still this version (a write since re-arms the cart), not reminded for it, still subscribed.
      if (!doc || versionOf(doc.updatedAt) !== version || doc.remindedVersion === version || sent.exists) return false;
      if (!user.exists || (user.data() as ReminderUserDoc).cartRemindersOff === true) return false;
      const at = now.toISOString();
      tx.update(cartRef, { remindedVersion: version, remindedAt: at });
      tx.set(sentRef, { userId, version, sentAt: at });
      recordMail(tx, this.db, mail, now, message.exists);
      return true;
    });
  }

  async subscribed(userId: string): Promise<boolean> {
    const snap = await this.db.collection(COLLECTIONS.users).doc(userId).get();
    return snap.exists && (snap.data() as ReminderUserDoc).cartRemindersOff !== true;
  }

  async setSubscribed(userId: string, subscribed: boolean): Promise<boolean> {
    const ref = this.db.collection(COLLECTIONS.users).doc(userId);
    return this.db.runTransaction(async (tx) => {
      if (!(await tx.get(ref)).exists) return false;
      tx.update(ref, { cartRemindersOff: !subscribed });
      return true;
    });
  }

  async sentSince(since: Date): Promise<SentCartReminder[]> {
    // queries.ts CART_REMINDERS_SENT_SHAPE; then each reminder's first order after it.
    const snap = await this.db.collection(CART_REMINDERS_COLLECTION).where('sentAt', '>=', since.toISOString()).get();
    const sent = snap.docs
      .map((d) => ({ userId: String(d.get('userId')), sentAt: String(d.get('sentAt')) }))
      .sort((a, b) => a.sentAt.localeCompare(b.sentAt));
    return Promise.all(
      sent.map(async (r) => ({ sentAt: r.sentAt, nextOrderAt: await this.firstOrderFrom(r.userId, r.sentAt) })),
    );
  }
}
