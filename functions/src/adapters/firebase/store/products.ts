// The ProductStore port on Firestore: products and their reviews (products/{id}/reviews/{uid}).
import { planVariantsIn, writeVariantsIn } from './variants.js';
import { FieldValue, type Firestore, type Query } from 'firebase-admin/firestore';
import {
  stockTotals,
  applyProductEdit,
  type CatalogFacets,
  type CatalogFilters,
  type DomainEvent,
  type EditedFrom,
  galleryUrlsAfterSave,
  listOf,
  type Product,
  type ProductDetail,
  type ProductImage,
  type ProductPage,
  type ProductSuggestions,
  type ProductUpdateInput,
  type Review,
  SYSTEM_ACTOR,
  type StockHistoryPage,
  type PriceHistoryPage,
  ownStockOnVariantSave,
} from '../../../domain/index.js';
import type { Clock, EventPublisher, NewReview, ProductQuery, ProductStore, UserReview } from '../../../ports.js';
import {
  COLLECTIONS,
  isDocId,
  MAX_ATTEMPTS,
  productOf,
  toProduct,
  toReview,
  type ProductDoc,
  type ReviewDoc,
} from './mapping.js';
import { PUBLIC_REVIEW_LIST_LIMIT } from '../../../firestore/catalog.js';
import { topProductsShape } from '../../../firestore/queries.js';
import { lowStockIn, withLowest } from './lowStock.js';
import { catalogueFacets, FacetTally } from './facetCounts.js';
import { managedNamesIn } from './taxonomy.js';
import { listProducts, suggestProducts } from './search.js';
import { catalogFacets } from './catalogFacets.js';
import { VocabularyTally } from './searchVocabulary.js';
import { searchKeysOf } from '../../../firestore/searchIndex.js';
import { sitemapFile } from './sitemap.js';
import { recordStockHistory, stockHistoryPage } from './stock.js';
import { priceHistoryPage, recentPrices, recordPriceChanges } from './priceHistory.js';
import { displayFields, readAllShards, rewriteShards, shardCount } from './stockShards.js';
import { editedProductDoc, newDraftDoc, newProductDoc, publishedDoc } from './productDocs.js';
import { addReview, reviewsBy } from './productReviews.js';
import { planSlugIn, slugOwner } from './slugs.js';
import { removeProduct } from './productRemoval.js';

export { newDraftDoc, newProductDoc, publishedDoc };

const saved = (
  change: Extract<DomainEvent, { type: 'ProductSaved' }>['change'],
  productId: string,
  product: Product | null,
): DomainEvent => ({ type: 'ProductSaved', change, productId, product });

export class FirestoreProducts implements ProductStore {
  constructor(
    private readonly db: Firestore,
    private readonly clock: Clock,
    private readonly events: EventPublisher,
  ) {}

  private get col() {
    return this.db.collection(COLLECTIONS.products);
  }

  list(query: ProductQuery): Promise<ProductPage> {
    return listProducts(this.db, query);
  }

  facets(filters: CatalogFilters): Promise<CatalogFacets> {
    return catalogFacets(this.db, filters);
  }

  async suggest(q: string): Promise<ProductSuggestions> {
    return suggestProducts(this.db, q, await catalogueFacets(this.db));
  }

  sitemap(perFile: number, file?: number) {
    return sitemapFile(this.db, perFile, file);
  }

  async top(limit: number) {
    let q: Query = this.col;
    for (const o of topProductsShape().orderBy) q = q.orderBy(o.field, o.direction);
    const snap = await q.limit(limit).get();
    return snap.docs.map(productOf);
  }

  async get(id: string, options: { reviews?: boolean } = {}): Promise<ProductDetail | null> {
    if (!isDocId(id)) return null;
    const ref = this.col.doc(id);
    const [p, reviews] = await Promise.all([
      ref.get(),
      // The newest reviews, bounded like the web's direct read of them (firestore.rules caps public lists); none
      // asked (a cart line): not read at all, as each would be billed.
      options.reviews === false
        ? null
        : ref.collection(COLLECTIONS.reviews).orderBy('createdAt', 'desc').limit(PUBLIC_REVIEW_LIST_LIMIT).get(),
    ]);
    if (!p.exists) return null;
    return { ...productOf(p), reviews: reviews?.docs.map((r) => toReview(r.id, r.data() as ReviewDoc)) ?? [] };
  }

  slugOwner(slug: string): Promise<string | null> {
    return slugOwner(this.db, slug);
  }

  async many(ids: readonly string[]): Promise<Product[]> {
    const unique = [...new Set(ids)].filter(isDocId);
    if (unique.length === 0) return [];
    // One batched read (getAll answers in the order asked, a missing document as not existing).
    const snaps = await this.db.getAll(...unique.map((id) => this.col.doc(id)));
    return snaps.filter((snap) => snap.exists).map(productOf);
  }

  async create(input: ProductUpdateInput, ownerId: string, by = ownerId) {
    const ref = this.col.doc();
    const now = this.clock.now().toISOString();
    const doc = await this.db.runTransaction(
      async (tx) => {
        const tally = await FacetTally.read(tx, this.db);
        const vocabulary = await VocabularyTally.read(tx, this.db);
        // Every read before any write (Firestore transactions): the managed names, then the variants' SKUs.
        const named = await managedNamesIn(tx, this.db, input, 'create');
        const claims = await planVariantsIn(
          tx,
          this.db,
          ref.id,
          null,
          input,
          undefined,
          () => this.col.doc().id,
          galleryUrlsAfterSave(input, []),
        );
        const slug = await planSlugIn(tx, this.db, ref.id, input.name, null);
        const doc = newProductDoc(named.input, now, slug.slug);
        named.write();
        slug.write();
        const variants = claims ? writeVariantsIn(tx, this.db, ref.id, claims, input.countInStock) : null;
        if (variants) Object.assign(doc, variants.fields);
        // Issue 40: the keys cover the variants' SKUs too, known only now.
        doc.searchKeys = searchKeysOf(doc);
        Object.assign(doc, recordPriceChanges(tx, this.db, ref.id, null, doc, [], by, now));
        tx.create(ref, doc);
        recordStockHistory(
          tx,
          this.db,
          variants ? variants.changes : [{ product: ref.id, before: 0, after: doc.countInStock }],
          { cause: 'admin-edit', by: ownerId, at: doc.createdAt },
        );
        tally.add(doc);
        tally.write(tx);
        vocabulary.change(null, doc);
        vocabulary.write(tx);
        return doc;
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    const product = toProduct(ref.id, doc);
    this.events.publish([saved('created', ref.id, product)]);
    return product;
  }

  private get drafts() {
    return this.db.collection(COLLECTIONS.productDrafts);
  }

  /** A draft: a ProductDoc in productDrafts, which no catalogue query reads. */
  async createDraft(input: ProductUpdateInput, ownerId: string) {
    const ref = this.drafts.doc();
    const now = this.clock.now().toISOString();
    const doc = newDraftDoc(input, ownerId, now);
    await ref.create(doc);
    return { ...toProduct(ref.id, doc), isDraft: true as const };
  }

  async getDraft(id: string) {
    if (!isDocId(id)) return null;
    const snap = await this.drafts.doc(id).get();
    return snap.exists ? { ...productOf(snap), isDraft: true as const } : null;
  }

  async listDrafts(limit: number) {
    const snap = await this.drafts.orderBy('createdAt', 'desc').limit(limit).get();
    return snap.docs.map((d) => ({ ...productOf(d), isDraft: true as const }));
  }

  async update(id: string, edit: ProductUpdateInput, editedFrom?: EditedFrom, by: string = SYSTEM_ACTOR) {
    if (!isDocId(id)) return null;
    const ref = this.col.doc(id);
    const draftRef = this.drafts.doc(id);
    const change = await this.db.runTransaction(
      async (tx) => {
        const [snap, draft] = await Promise.all([tx.get(ref), tx.get(draftRef)]);
        if (!snap.exists && !draft.exists) return null;
        let stored = (snap.exists ? snap.data() : draft.data()) as ProductDoc;
        // A hot product's stock is what its shards hold (issue 37, store/stockShards.ts), not its displayed figure:
        // the edit rule and the history start from it, and the shards are rewritten with the saved stock.
        const shards = snap.exists ? shardCount(stored) : 0;
        if (shards)
          stored = { ...stored, ...displayFields(stored, stockTotals(await readAllShards(tx, this.db, id, shards))) };
        const version = withLowest(applyProductEdit(stored, edit.countInStock, editedFrom, this.clock.now()));
        // The filter counts, in this transaction: a published product moves from its old category and brand to
        // the new ones; a draft starts counting as it is published.
        const tally = await FacetTally.read(tx, this.db);
        const vocabulary = await VocabularyTally.read(tx, this.db);
        // The admin's form (editedFrom) picks from the lists; a spec client's new value may create one.
        const named = await managedNamesIn(tx, this.db, edit, editedFrom ? 'strict' : 'spec');
        const input = named.input;
        // Options and variants (issue 29): planned and their SKUs read here, before any write.
        const claims = await planVariantsIn(
          tx,
          this.db,
          id,
          snap.exists ? stored : null,
          input,
          editedFrom,
          () => this.col.doc().id,
          // A draft's pictures count too: its save keeps them when it sends none.
          galleryUrlsAfterSave(input, listOf(stored.images) as ProductImage[]),
        );
        // Issue 41: the prices of the last 30 days, for the 30-day low of a price this save changes (a draft has none).
        const recent = snap.exists ? await recentPrices(tx, this.db, id, version.updatedAt) : [];
        // Issue 40: a new slug when renamed (or published), claimed here (store/slugs.ts).
        const slug = await planSlugIn(tx, this.db, id, input.name, snap.exists ? stored : null);
        named.write();
        slug.write();
        if (snap.exists) tally.remove(stored);
        tally.add(input);
        tally.write(tx);
        // A draft's stock was no stock yet (nothing could be ordered): a published product's history starts at 0.
        const stockBefore = snap.exists ? stored.countInStock : 0;
        let variantFields: Partial<ProductDoc> = {};
        if (claims) {
          const hadVariants = snap.exists && (stored.variants?.length ?? 0) > 0;
          const written = writeVariantsIn(tx, this.db, id, claims, input.countInStock);
          variantFields = written.fields;
          // The product's own stock as the domain rules it (variants.ts ownStockOnVariantSave): it leaves when the
          // product takes variants, starts again when it drops them.
          const { change } = ownStockOnVariantSave(claims.plan, hadVariants, stockBefore, input.countInStock);
          const own = change ? [{ product: id, ...change }] : [];
          recordStockHistory(tx, this.db, [...own, ...written.changes], {
            cause: 'admin-edit',
            by,
            at: version.updatedAt,
          });
        } else
          recordStockHistory(tx, this.db, [{ product: id, before: stockBefore, after: version.countInStock }], {
            cause: 'admin-edit',
            by,
            at: version.updatedAt,
          });
        // Issue 41: each changed price recorded, and the variants with their 30-day lows (a draft's were no prices).
        variantFields = {
          ...variantFields,
          ...recordPriceChanges(
            tx,
            this.db,
            id,
            snap.exists ? stored : null,
            { ...stored, ...editedProductDoc(input), ...variantFields },
            recent,
            by,
            version.updatedAt,
          ),
        };
        // Issue 40: what is searched after the save (a save without specs or variants keeps the stored ones), for
        // the keys and the words.
        const searched = { ...stored, ...editedProductDoc(input), ...variantFields };
        const searchKeys = searchKeysOf(searched);
        // The search words: a published product's old ones leave, a draft's count from its publishing.
        vocabulary.change(snap.exists ? stored : null, searched);
        vocabulary.write(tx);
        // (`user`: products written before it left the public document lose it at their next save; `nameGrams`:
        // the name's pieces before issue 29's searchKeys.)
        if (shards) {
          rewriteShards(
            tx,
            this.db,
            id,
            { ...stored, ...editedProductDoc(input), ...version, ...variantFields },
            shards,
            shards,
          );
          variantFields = { ...variantFields, stockSyncedAt: Date.now() };
        }
        if (snap.exists)
          tx.update(ref, {
            ...editedProductDoc(input),
            searchKeys,
            slug: slug.slug,
            ...version,
            ...variantFields,
            user: FieldValue.delete(),
            nameGrams: FieldValue.delete(),
          });
        else {
          // A draft's first save publishes it: the newest product, the draft gone, in one transaction.
          tx.create(ref, {
            ...publishedDoc(stored),
            ...editedProductDoc(input),
            searchKeys,
            slug: slug.slug,
            ...version,
            ...variantFields,
            createdAt: version.updatedAt,
          });
          tx.delete(draftRef);
        }
        return snap.exists ? ('updated' as const) : ('published' as const);
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
    if (!change) return null;
    // The product as it now is, for the answer and the event (published even if this read fails: the save is done).
    let product: Product | null = null;
    try {
      const snap = await ref.get();
      product = snap.exists ? productOf(snap) : null;
      return product;
    } finally {
      this.events.publish([saved(change, id, product)]);
    }
  }

  async remove(id: string) {
    return removeProduct(this.db, id, (change) => this.events.publish([saved(change, id, null)]));
  }

  reviewsBy(userId: string): Promise<UserReview[]> {
    return reviewsBy(this.db, userId);
  }

  async addReview(productId: string, review: NewReview): Promise<Review> {
    const { added, reviewed } = await addReview(this.db, this.clock.now(), productId, review);
    this.events.publish([{ type: 'ReviewAdded', productId, review: added, product: reviewed }]);
    return added;
  }

  async stockHistory(id: string, before: string | undefined, limit: number): Promise<StockHistoryPage | null> {
    if (!isDocId(id)) return null;
    if (!(await this.col.doc(id).get()).exists)
      return (await this.getDraft(id)) ? { entries: [], nextBefore: null } : null;
    return stockHistoryPage(this.db, id, before, limit);
  }

  async priceHistory(id: string, before: string | undefined, limit: number): Promise<PriceHistoryPage | null> {
    if (!isDocId(id)) return null;
    if (!(await this.col.doc(id).get()).exists)
      return (await this.getDraft(id)) ? { entries: [], nextBefore: null } : null;
    return priceHistoryPage(this.db, id, before, limit);
  }

  lowStock(threshold: number, limit: number) {
    return lowStockIn(this.col, threshold, limit);
  }
}
