// The mail outbox on Firestore: mailOutbox/{key}, the same outbox as the embedded one (adapters/embedded/mailOutbox.ts)
// with the same worker (mail/outboxWorker.ts) and templates (mail/render.ts), so both backends send identical
// messages. `recordMail(tx, ...)` writes a message inside the transaction of the change it reports (orders.ts): a
// refused or rolled-back change writes none. The sendMail functions (src/index.ts) run the worker over
// `FirestoreMailOutbox`: at once when a message is created, and on a schedule for retries.
//
// The document id is the message's idempotency key (keyId), so a key is one document: a change that records its
// key a second time finds it (`recordMail` reads first) and leaves the first alone.
import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import type { MailFailure, MailQueue, OutboxEntry, OutboxStore, QueuedMail } from '../../../ports.js';
import { MAIL_OUTBOX_COLLECTION } from '../../../firestore/schema.js';
import { keyId } from './mapping.js';

export type MailStatus = 'pending' | 'sent' | 'failed';

/** Messages put back in the queue per transaction by resendGivenUp (a transaction writes at most 500 documents). */
const RESEND_CHUNK = 200;

/** mailOutbox/{keyId(key)}. `data` is dropped once sent (it may carry a one-time link). */
export interface MailDoc {
  key: string;
  to: string;
  template: string;
  data: Record<string, unknown> | null;
  status: MailStatus;
  attempts: number;
  /** ISO: when the next attempt is due (or the running attempt's lease ends). */
  nextAttemptAt: string;
  createdAt: string;
  sentAt?: string;
  lastError?: string | null;
  /** True while unsent after a failed attempt (retried or given up), false once sent: the dashboard's query. A
   *  message given up before this field existed has none and is not reported; one still retried gets it at its next
   *  failed attempt. */
  failing?: boolean;
}

export const mailRef = (db: Firestore, key: string): DocumentReference =>
  db.collection(MAIL_OUTBOX_COLLECTION).doc(keyId(key));

/**
 * Writes the message in `tx`. A transaction reads before it writes, so the caller reads the messages' documents
 * first (`tx.getAll(...refs)`) and passes which already exist: those are left as they are.
 */
export function recordMail(tx: Transaction, db: Firestore, mail: QueuedMail, now: Date, exists = false): void {
  if (exists) return;
  const at = now.toISOString();
  const doc: MailDoc = {
    key: mail.key,
    to: mail.to,
    template: mail.template,
    data: mail.data,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: at,
    createdAt: at,
  };
  tx.set(mailRef(db, mail.key), doc);
}

/** Reads these messages' documents in `tx` and writes those not recorded yet (a transaction's reads come first:
 *  call before its other writes). */
export async function recordMails(tx: Transaction, db: Firestore, mails: QueuedMail[], now: Date): Promise<void> {
  if (!mails.length) return;
  const snaps = await tx.getAll(...mails.map((m) => mailRef(db, m.key)));
  mails.forEach((mail, i) => recordMail(tx, db, mail, now, snaps[i]!.exists));
}

export class FirestoreMailOutbox implements OutboxStore, MailQueue {
  constructor(
    private readonly db: Firestore,
    private readonly now: () => Date,
  ) {}

  private get col() {
    return this.db.collection(MAIL_OUTBOX_COLLECTION);
  }

  async enqueue(mail: QueuedMail): Promise<void> {
    await this.db.runTransaction((tx) => recordMails(tx, this.db, [mail], this.now()));
  }

  async due(now: Date, limit: number): Promise<OutboxEntry[]> {
    // firestore/queries.ts MAIL_DUE_SHAPE.
    const snap = await this.col
      .where('status', '==', 'pending')
      .where('nextAttemptAt', '<=', now.toISOString())
      .orderBy('nextAttemptAt')
      .limit(limit)
      .get();
    return snap.docs.map((d) => {
      const m = d.data() as MailDoc;
      return {
        id: d.id,
        to: m.to,
        template: m.template,
        data: m.data ?? {},
        attempts: m.attempts,
        dueAt: m.nextAttemptAt,
      };
    });
  }

  async failing(since: Date, limit: number): Promise<MailFailure[]> {
    // firestore/queries.ts MAIL_FAILING_SHAPE.
    const snap = await this.col
      .where('failing', '==', true)
      .where('nextAttemptAt', '>=', since.toISOString())
      .orderBy('nextAttemptAt', 'desc')
      .limit(limit)
      .get();
    return snap.docs.map((d) => {
      const m = d.data() as MailDoc;
      return {
        to: m.to,
        template: m.template,
        attempts: m.attempts,
        lastError: m.lastError ?? '',
        givenUp: m.status === 'failed',
        at: m.nextAttemptAt,
      };
    });
  }

  /** Takes the message for one attempt only if it is still as `due()` read it (two instances of the function, or a
   *  crashed one's lease, never make two attempts at once). */
  async claim(entry: OutboxEntry, leaseUntil: Date): Promise<boolean> {
    const ref = this.col.doc(entry.id);
    return this.db.runTransaction(async (tx) => {
      const snap = await tx.get(ref);
      const m = snap.data() as MailDoc | undefined;
      if (!m || m.status !== 'pending' || m.nextAttemptAt !== entry.dueAt) return false;
      tx.update(ref, { attempts: m.attempts + 1, nextAttemptAt: leaseUntil.toISOString() });
      return true;
    });
  }

  async markSent(id: string, now: Date): Promise<void> {
    await this.col
      .doc(id)
      .update({ status: 'sent', sentAt: now.toISOString(), data: null, lastError: null, failing: false });
  }

  async markFailed(id: string, error: string, retryAt: Date | null): Promise<void> {
    await this.col
      .doc(id)
      .update(
        retryAt
          ? { lastError: error, failing: true, nextAttemptAt: retryAt.toISOString() }
          : { lastError: error, failing: true, status: 'failed' },
      );
  }

  async resendGivenUp(since: Date, now: Date, except: readonly string[]): Promise<number> {
    // firestore/queries.ts MAIL_FAILING_SHAPE (its index), the given-up ones picked here: the retried ones among the
    // failing are few. Each chunk is taken again in a transaction, so two admins' clicks count each message once.
    const snap = await this.col
      .where('failing', '==', true)
      .where('nextAttemptAt', '>=', since.toISOString())
      .orderBy('nextAttemptAt', 'desc')
      .get();
    const givenUp = (m: MailDoc | undefined) => m?.status === 'failed' && !except.includes(m.template);
    const refs = snap.docs.filter((d) => givenUp(d.data() as MailDoc)).map((d) => d.ref);
    let resent = 0;
    for (let i = 0; i < refs.length; i += RESEND_CHUNK) {
      resent += await this.db.runTransaction(async (tx) => {
        const docs = await tx.getAll(...refs.slice(i, i + RESEND_CHUNK));
        const still = docs.filter((d) => givenUp(d.data() as MailDoc | undefined));
        for (const d of still) tx.update(d.ref, { status: 'pending', attempts: 0, nextAttemptAt: now.toISOString() });
        return still.length;
      });
    }
    // No worker runs here: the retryMail schedule (src/index.ts) sends them within its five minutes.
    return resent;
  }

  /** Every recorded message, oldest first (tests, the emulator's mailbox). */
  async all(): Promise<(MailDoc & { id: string })[]> {
    const snap = await this.col.orderBy('createdAt').get();
    return snap.docs.map((d) => ({ id: d.id, ...(d.data() as MailDoc) }));
  }
}
