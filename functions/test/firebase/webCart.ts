// A cart written as the Firebase web writes it (web/src/lib/firebase/cart.ts: setDoc replacing the document, the
// server's timestamp), with the test's time in place of the server's (issue 41's reminder contract).
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { CartLine } from '../../src/domain/index.js';
import { COLLECTIONS, type CartDoc } from '../../src/firestore/schema.js';

export const putWebCart =
  (db: Firestore) =>
  async (userId: string, items: CartLine[], at: Date): Promise<void> => {
    const doc: CartDoc = { items, writer: 'test-page', updatedAt: Timestamp.fromDate(at) };
    await db.collection(COLLECTIONS.carts).doc(userId).set(doc);
  };
