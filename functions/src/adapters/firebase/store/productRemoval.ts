// A product's removal on Firestore (the ProductStore's remove, store/products.ts): a draft, or a product with its
// reviews, filter counts, search words, stock shards and slugs.
import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, isDocId, MAX_ATTEMPTS, type ProductDoc } from './mapping.js';
import { FacetTally } from './facetCounts.js';
import { VocabularyTally } from './searchVocabulary.js';
import { deleteShards, shardCount } from './stockShards.js';
import { dropReviewRef } from './reviewRefs.js';
import { dropSlugsIn } from './slugs.js';

/** Removes the draft or product `id`, telling `published` what changed (even when a later step fails). */
export async function removeProduct(
  db: Firestore,
  id: string,
  published: (change: 'removed' | 'updated') => void,
): Promise<boolean> {
  if (!isDocId(id)) return false;
  const draft = db.collection(COLLECTIONS.productDrafts).doc(id);
  if ((await draft.get()).exists) {
    await draft.delete();
    published('removed');
    return true;
  }
  const ref = db.collection(COLLECTIONS.products).doc(id);
  if (!(await ref.get()).exists) return false;
  // The reviews, in batches of at most 500 writes, then the product (orders keep their own copy of the lines)
  // with its filter counts in one transaction.
  const reviews = await ref.collection(COLLECTIONS.reviews).select().get();
  const refs = reviews.docs.map((d) => d.ref);
  try {
    // Each review and its author's ref (store/reviewRefs.ts): two writes a review, 400 a batch.
    for (let i = 0; i < refs.length; i += 200) {
      const batch = db.batch();
      for (const r of refs.slice(i, i + 200)) {
        batch.delete(r);
        dropReviewRef(batch, r);
      }
      await batch.commit();
    }
  } catch (error) {
    // Some reviews may be gone already: what the catalogue shows of the product changed.
    published('updated');
    throw error;
  }
  const removed = await db.runTransaction(
    async (tx) => {
      const snap = await tx.get(ref);
      if (!snap.exists) return false; // removed meanwhile: counted down once, by that removal
      const tally = await FacetTally.read(tx, db);
      const vocabulary = await VocabularyTally.read(tx, db);
      (await dropSlugsIn(tx, db, id))();
      tx.delete(ref);
      // A hot product's stock shards go with it (issue 37); its history stays, as orders keep their lines.
      deleteShards(tx, db, id, shardCount(snap.data() as ProductDoc));
      tally.remove(snap.data() as ProductDoc);
      tally.write(tx);
      vocabulary.change(snap.data() as ProductDoc, null);
      vocabulary.write(tx);
      return true;
    },
    { maxAttempts: MAX_ATTEMPTS },
  );
  published(removed ? 'removed' : 'updated');
  return removed;
}
