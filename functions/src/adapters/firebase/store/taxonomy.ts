// The TaxonomyStore port on Firestore: one document per list, taxonomies/{category|brand} = { entries, redirects,
// relabels } (domain/taxonomy.ts; at most MAX_TAXONOMY_ENTRIES entries: well under 1 MiB). Every write reads it in
// a transaction, asks the domain, and writes what it answers.
//
// A rename or merge relabels the products in bounded steps, not one transaction (a transaction holds at most 500
// writes, and a catalogue may hold 100,000 products of one category): the list's transaction records the relabel
// as pending (`relabels`), then each step's transaction moves at most RELABEL_BATCH products and their filter
// counts (facets/catalogue) together, and the last one clears the pending relabel. A step that fails leaves the
// relabel pending: the next write to the list (or the same rename again) finishes it first. Until it is done a
// category page may show the products in two steps (those moved and those not yet), never lose one.
//
// The list is made on its first read from the catalogue's distinct values (the count document's, or a one-time
// projection of the products), as the embedded migration 26 does.
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  applySlugMove,
  byEntryName,
  decideCreate,
  decideMerge,
  bareEntry,
  decideRemove,
  decideRename,
  entriesFromValues,
  reclaimSlug,
  relabelCouponScope,
  resolveManagedName,
  type Coupon,
  type ManagedNameMode,
  type ProductRelabel,
  type SlugRedirect,
  type TaxonomyEntry,
  type TaxonomyKind,
  type TaxonomyList,
} from '../../../domain/index.js';
import { taxonomyChanged } from '../../../domain/events.js';
import type { EventPublisher, TaxonomyStore } from '../../../ports.js';
import { FacetTally } from './facetCounts.js';
import { VocabularyTally } from './searchVocabulary.js';
import { searchKeysOf } from '../../../firestore/searchIndex.js';
import { COLLECTIONS, MAX_ATTEMPTS, type ProductDoc } from './mapping.js';

/** Server only (firestore.rules denies clients): the web reads the lists through GET /api/categories, /api/brands. */
export const TAXONOMIES_COLLECTION = 'taxonomies';

/** Most products one relabel step moves (with the count document: well under a transaction's 500 writes). */
export const RELABEL_BATCH = 200;

interface TaxonomyDoc {
  entries: TaxonomyEntry[];
  redirects: SlugRedirect[];
  /** Renames and merges whose products are not all relabelled yet, oldest first. */
  relabels: ProductRelabel[];
}

const listRef = (db: Firestore, kind: TaxonomyKind) => db.collection(TAXONOMIES_COLLECTION).doc(kind);
const newId = (db: Firestore) => db.collection(TAXONOMIES_COLLECTION).doc().id;

/** The list in `tx` (a read: before the transaction's writes); made from the catalogue's values when missing
 *  (`made`: write it in this transaction, so its ids stay). */
export async function loadListIn(
  tx: Transaction,
  db: Firestore,
  kind: TaxonomyKind,
): Promise<TaxonomyDoc & { made?: true }> {
  const snap = await tx.get(listRef(db, kind));
  if (snap.exists) {
    const d = snap.data() as Partial<TaxonomyDoc>;
    return { entries: d.entries ?? [], redirects: d.redirects ?? [], relabels: d.relabels ?? [] };
  }
  let values = (await FacetTally.read(tx, db)).values(kind);
  if (!values) {
    const products = await tx.get(db.collection(COLLECTIONS.products).select(kind));
    values = products.docs.map((p) => String(p.get(kind)));
  }
  return { entries: entriesFromValues(kind, values, () => newId(db)), redirects: [], relabels: [], made: true };
}

const writeList = (tx: Transaction, db: Firestore, kind: TaxonomyKind, { entries, redirects, relabels }: TaxonomyDoc) =>
  tx.set(listRef(db, kind), { entries, redirects, relabels } satisfies TaxonomyDoc);

/**
 * Inside a product save's transaction (after its other reads): the managed names its category and brand get
 * (domain resolveManagedName), and `write`, to call with the transaction's writes, which records any entry the
 * mode allowed to create.
 */
export async function managedNamesIn<T extends { category: string; brand: string }>(
  tx: Transaction,
  db: Firestore,
  input: T,
  mode: ManagedNameMode,
): Promise<{ input: T; write: () => void }> {
  const kinds = ['category', 'brand'] as const;
  const lists = await Promise.all(kinds.map((kind) => loadListIn(tx, db, kind)));
  const names = kinds.map((kind, i) => {
    const list = lists[i]!;
    const resolved = resolveManagedName(kind, list.entries, input[kind], mode);
    if (!resolved.create) return { name: resolved.name, list: list.made ? list : null };
    const { entry } = decideCreate(kind, list.entries, resolved.name, newId(db), true);
    const next = {
      ...list,
      entries: [...list.entries, entry],
      redirects: reclaimSlug(list.redirects, entry.slug),
    };
    return { name: resolved.name, list: next };
  });
  return {
    input: { ...input, category: names[0]!.name, brand: names[1]!.name },
    write: () =>
      names.forEach(({ list }, i) => {
        if (list) writeList(tx, db, kinds[i]!, list);
      }),
  };
}

export class FirestoreTaxonomy implements TaxonomyStore {
  constructor(
    readonly kind: TaxonomyKind,
    private readonly db: Firestore,
    private readonly events: EventPublisher,
  ) {}

  /** One list transaction: reads the list, `decide` answers the next one (and what to answer). */
  private change<T>(decide: (list: TaxonomyDoc, tx: Transaction) => Promise<{ next: TaxonomyDoc; answer: T }>) {
    return this.db.runTransaction(
      async (tx) => {
        const { next, answer } = await decide(await loadListIn(tx, this.db, this.kind), tx);
        writeList(tx, this.db, this.kind, next);
        return answer;
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
  }

  /** Moves the pending relabels' products, a bounded step at a time (see the top). Answers how many moved. */
  private async finishRelabels(): Promise<number> {
    const field = this.kind;
    let moved = 0;
    for (;;) {
      const step = await this.db.runTransaction(
        async (tx) => {
          const list = await loadListIn(tx, this.db, this.kind);
          const relabel = list.relabels[0];
          if (!relabel) {
            if (list.made) writeList(tx, this.db, this.kind, list);
            return null;
          }
          const products = await tx.get(
            this.db.collection(COLLECTIONS.products).where(field, '==', relabel.from).limit(RELABEL_BATCH),
          );
          const tally = await FacetTally.read(tx, this.db);
          const vocabulary = await VocabularyTally.read(tx, this.db);
          const last = products.size < RELABEL_BATCH;
          // With the last step, the discount codes whose scope names the category (codes are few: all are read,
          // as an array-contains query on the nested field did not answer inside a transaction on the community emulator).
          const coupons =
            last && field === 'category' ? (await tx.get(this.db.collection(COLLECTIONS.coupons))).docs : [];
          for (const c of coupons) {
            const scoped = relabelCouponScope(c.data() as Pick<Coupon, 'scope'>, relabel);
            if (scoped) tx.update(c.ref, { scope: scoped.scope });
          }
          for (const p of products.docs) {
            // The category or brand is searched (issue 29): its search keys and words follow the new name.
            const before = p.data() as ProductDoc;
            const after = { ...before, [field]: relabel.to };
            tx.update(p.ref, { [field]: relabel.to, searchKeys: searchKeysOf(after), nameGrams: FieldValue.delete() });
            vocabulary.change(before, after);
            // Counted out and in again: the (category, brand) pairs follow too.
            tally.remove(before);
            tally.add(after);
          }
          tally.write(tx);
          vocabulary.write(tx);
          if (products.size < RELABEL_BATCH)
            writeList(tx, this.db, this.kind, { ...list, relabels: list.relabels.slice(1) });
          return products.size;
        },
        { maxAttempts: MAX_ATTEMPTS },
      );
      if (step === null) return moved;
      moved += step;
    }
  }

  async list(): Promise<TaxonomyList> {
    let snap = await listRef(this.db, this.kind).get();
    if (!snap.exists) {
      // The first read makes it (from the catalogue's values), in a transaction so two first reads agree.
      await this.change(async (list) => ({ next: list, answer: null }));
      snap = await listRef(this.db, this.kind).get();
    }
    const doc = snap.data() as TaxonomyDoc;
    const counts = await this.db.runTransaction((tx) => FacetTally.read(tx, this.db), { readOnly: true });
    const entries = await Promise.all(
      [...doc.entries]
        .sort(byEntryName)
        .map(async (e) => ({ ...e, productCount: counts.count(this.kind, e.name) ?? (await this.countOf(e.name)) })),
    );
    return { entries, redirects: [...doc.redirects].sort((a, b) => a.from.localeCompare(b.from)) };
  }

  /** Products carrying `name`, by an aggregate count (when the count document overflowed). */
  private async countOf(name: string): Promise<number> {
    const q = this.db.collection(COLLECTIONS.products).where(this.kind, '==', name);
    return (await q.count().get()).data().count;
  }

  async create(name: string): Promise<TaxonomyEntry> {
    await this.finishRelabels();
    const entry = await this.change(async (list) => {
      const { entry } = decideCreate(this.kind, list.entries, name, newId(this.db));
      const next = { ...list, entries: [...list.entries, entry], redirects: reclaimSlug(list.redirects, entry.slug) };
      return { next, answer: entry };
    });
    this.events.publish([taxonomyChanged(this.kind, 'created', 0)]);
    return bareEntry(entry);
  }

  async rename(id: string, name: string): Promise<TaxonomyEntry> {
    await this.finishRelabels();
    const { entry, relabel } = await this.change(async (list) => {
      const { entry, relabel, move } = decideRename(this.kind, list.entries, id, name);
      const next: TaxonomyDoc = {
        entries: list.entries.map((e) => (e._id === id ? bareEntry(entry) : e)),
        redirects: applySlugMove(list.redirects, move),
        relabels: relabel ? [...list.relabels, relabel] : list.relabels,
      };
      return { next, answer: { entry, relabel } };
    });
    const relabelled = relabel ? await this.finishRelabels() : 0;
    this.events.publish([taxonomyChanged(this.kind, 'renamed', relabelled)]);
    return bareEntry(entry);
  }

  async merge(id: string, into: string): Promise<TaxonomyEntry> {
    await this.finishRelabels();
    const target = await this.change(async (list) => {
      const { target, relabel, move } = decideMerge(this.kind, list.entries, id, into);
      const next: TaxonomyDoc = {
        entries: list.entries.filter((e) => e._id !== id),
        redirects: applySlugMove(list.redirects, move),
        relabels: [...list.relabels, relabel],
      };
      return { next, answer: target };
    });
    const relabelled = await this.finishRelabels();
    this.events.publish([taxonomyChanged(this.kind, 'merged', relabelled)]);
    return bareEntry(target);
  }

  async remove(id: string): Promise<void> {
    await this.finishRelabels();
    await this.change(async (list, tx) => {
      const entry = list.entries.find((e) => e._id === id);
      let used = 0;
      if (entry) {
        // One product carrying it is enough to refuse; the count document says how many where it can.
        const any = await tx.get(
          this.db.collection(COLLECTIONS.products).where(this.kind, '==', entry.name).select().limit(1),
        );
        used = any.empty ? 0 : Math.max(1, (await FacetTally.read(tx, this.db)).count(this.kind, entry.name) ?? 1);
      }
      const removed = decideRemove(this.kind, list.entries, id, used);
      const next: TaxonomyDoc = {
        ...list,
        entries: list.entries.filter((e) => e._id !== id),
        redirects: list.redirects.filter((r) => r.to !== removed.slug),
      };
      return { next, answer: null };
    });
    this.events.publish([taxonomyChanged(this.kind, 'removed', 0)]);
  }
}
