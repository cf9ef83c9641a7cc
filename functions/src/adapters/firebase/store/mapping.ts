// Firestore documents -> the API's shapes (orders through the domain's orderFromRecord), and the collection
// names and document-id rules every aggregate shares.
//
// Collections (the schema is documented in docs/firebase.md):
//   products/{id}                 name, nameKey, searchKeys, image, brand, category, description, priceCents,
//                                 countInStock, ratingSum, numReviews, rating, createdAt, updatedAt (public:
//                                 no admin uid)
//   productDrafts/{id}            a product document + user (its creator); server only
//   products/{id}/reviews/{uid}   one review per user: the document id IS the author's user id
//   users/{uid}                   name, email, emailKey, isAdmin, createdAt
//   userEmails/{emailKey}         { uid }: makes emails unique case-insensitively (claimed in transactions)
//   orders/{id}                   userId, user, orderItems (priceCents), shippingAddress, amounts in cents, status, ...
//   captures/{captureId}          { orderId }: created in the pay transaction, so a capture pays one order once
//   holdLocks/{uid}               { at }: written when the customer places an order (hold limits, orders.ts)
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { productFromDoc, reviewFromDoc, type ProductDoc } from '../../../firestore/schema.js';
import { orderFromRecord, waitingRequests, type OrderRecord } from '../../../domain/index.js';
import type { StoredUser } from '../../../ports.js';

// Collection names and the product document's shape are the domain's (shared with the web's Firestore reads).
export {
  COLLECTIONS,
  lowestStockOf,
  type DraftDoc,
  type ProductDoc,
  type ReviewDoc,
} from '../../../firestore/schema.js';

/** Retries of a contended transaction (stock of a popular product) before giving up. */
export const MAX_ATTEMPTS = 20;

// Document ids (isDocId, keyId) live in firestore/docIds.ts: the capability modules key records by them too.
export { isDocId, keyId } from '../../../firestore/docIds.js';

export interface UserDoc {
  name: string;
  email: string;
  emailKey: string;
  isAdmin: boolean;
  createdAt: string;
  /** domain/listQuery's customerSearchKeys of name and email, for the admin's user search (absent on older docs). */
  searchKeys?: string[];
}

/** The domain's OrderRecord, plus the fields queries and the capture check need. */
export interface OrderDoc extends OrderRecord {
  userId: string;
  captureId: string | null;
  /** domain/listQuery's orderSearchKeys (customer, order number, id) for the admin's search; older docs: customer only. */
  customerKeys?: string[];
  /** The discount code's use shard this order's use came from (issue 37, store/coupons.ts); absent without a code
   *  and on orders placed before the shards (their use is given back to the code's document). */
  couponShard?: number;
  /** The units this order took from each stock shard of a hot product (issue 37, store/stockShards.ts): its cancel,
   *  expiry or restock gives them back there. Absent when no line's product was sharded. */
  stockTakes?: { product: string; shard: number; key: string; units: number }[];
  /** Issue 38, domain/lifecycle.ts waitingRequests as fields the admin's counts and ?requests=waiting query: a
   *  pending cancellation request, an open return, either. Written with every change of those (orders.ts); absent
   *  on orders never asked anything (and on requests made before issue 38). */
  waitingCancellation?: boolean;
  waitingReturn?: boolean;
  waitingRequest?: boolean;
}

/** The waiting fields of an order as it now is (OrderDoc.waitingRequest and its two parts). */
export function waitingFields(r: Pick<OrderRecord, 'cancellationRequest' | 'returns'>) {
  const { cancellation, returns } = waitingRequests(r);
  return { waitingCancellation: cancellation, waitingReturn: returns > 0, waitingRequest: cancellation || returns > 0 };
}

export const toProduct = productFromDoc;

export const productOf = (s: DocumentSnapshot) => toProduct(s.id, s.data() as ProductDoc);

/** A review document as the API answers it (the web reads them with the same mapping). */
export const toReview = reviewFromDoc;

export function toUser(id: string, d: UserDoc): StoredUser {
  return { _id: id, name: d.name, email: d.email, isAdmin: d.isAdmin === true, createdAt: d.createdAt };
}

export const toOrder = orderFromRecord;

export const orderOf = (s: DocumentSnapshot) => toOrder(s.id, s.data() as OrderDoc);
