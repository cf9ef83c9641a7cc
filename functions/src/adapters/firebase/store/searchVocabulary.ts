// The catalogue's words for "Did you mean" on Firestore (issue 29): one document, facets/searchVocabulary =
// { terms: { [word]: products holding it } } (firestore/searchIndex.ts vocabularyTermsOf: words of 5 to 30 letters or
// digits of the name, brand, category and indexed description; at most VOCABULARY_MAX words). Every product write
// (create, edit, a draft's publishing, removal, a category or brand relabel) changes it in its own transaction, as
// the filter counts (facetCounts.ts) are kept. A search that finds nothing reads it once (1 read) to correct its
// words. Server only (firestore.rules: facets are the server's). A catalogue written before it existed gets it
// from the backfill (backfill.ts).
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  applyVocabularyChange,
  vocabularyChange,
  VOCABULARY_MAX,
  type SearchFields,
} from '../../../firestore/searchIndex.js';
import { COLLECTIONS } from './mapping.js';

export const SEARCH_VOCABULARY_DOC = 'searchVocabulary';

export const vocabularyRef = (db: Firestore) => db.collection(COLLECTIONS.facets).doc(SEARCH_VOCABULARY_DOC);

interface VocabularyDoc {
  terms?: Record<string, number>;
}

const countsOf = (d: VocabularyDoc | undefined) =>
  new Map(Object.entries(d?.terms ?? {}).filter(([, n]) => typeof n === 'number' && n > 0));

/** The vocabulary inside one product write's transaction: `read` with the other reads, `change` per product, then
 *  `write` with the other writes (only the changed words' fields are written). */
export class VocabularyTally {
  private readonly next = new Map<string, number>();

  private constructor(
    private readonly db: Firestore,
    private readonly counts: Map<string, number>,
  ) {}

  static async read(tx: Transaction, db: Firestore): Promise<VocabularyTally> {
    const snap = await tx.get(vocabularyRef(db));
    return new VocabularyTally(db, countsOf(snap.data() as VocabularyDoc | undefined));
  }

  /** A product's searchable fields went from `before` to `after` (null: it did not exist / no longer does). */
  change(before: SearchFields | null, after: SearchFields | null) {
    const merged = new Map(this.counts);
    for (const [t, n] of this.next)
      if (n > 0) merged.set(t, n);
      else merged.delete(t);
    for (const [t, n] of applyVocabularyChange(merged, vocabularyChange(before, after), VOCABULARY_MAX))
      this.next.set(t, n);
  }

  write(tx: Transaction) {
    if (!this.next.size) return;
    // set(merge) writes only the changed words (the others stay), and creates the document the first time; a word's
    // key is taken literally (no dotted-path parsing).
    const terms = Object.fromEntries([...this.next].map(([term, n]) => [term, n > 0 ? n : FieldValue.delete()]));
    tx.set(vocabularyRef(this.db), { terms }, { merge: true });
  }
}

/** The vocabulary (1 read): word -> products holding it. Empty when not built yet. */
export async function readVocabulary(db: Firestore): Promise<Map<string, number>> {
  const snap = await vocabularyRef(db).get();
  return countsOf(snap.data() as VocabularyDoc | undefined);
}

/** Replaces the whole vocabulary (the backfill, which counted every product). */
export async function writeVocabulary(db: Firestore, counts: ReadonlyMap<string, number>) {
  const kept = [...counts].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  await vocabularyRef(db).set({ terms: Object.fromEntries(kept.slice(0, VOCABULARY_MAX)) });
}
