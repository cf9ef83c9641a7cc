// The ProductStore port on the embedded database: products and their reviews.
import {
  applyProductEdit,
  searchKey,
  type CatalogFacets,
  type CatalogFilters,
  type Product,
  type ProductDetail,
  type ProductPage,
  type ProductSuggestions,
  type ProductUpdateInput,
  type EditedFrom,
  type DomainEvent,
  type Review,
  reviewProduct,
  SYSTEM_ACTOR,
  type StockHistoryPage,
  type PriceHistoryPage,
  type ManagedNameMode,
  type StockChange,
  ownStockOnVariantSave,
} from '../../domain/index.js';
import type { Clock, EventPublisher, NewReview, ProductQuery, ProductStore, UserReview } from '../../ports.js';
import type { Transaction } from './sql.js';
import type { Database } from './db.js';
import * as drafts from './drafts.js';
import { editedRow, insertRow, newId, PRODUCT_COLUMNS, str, toProduct, toReview, updateRow } from './mapping.js';
import { purchasesOf } from './purchases.js';
import { applyStockChanges, stockHistoryPage } from './stock.js';
import { priceHistoryPage, recordPriceChanges, storedPrices } from './priceHistory.js';
import { attachVariants, planVariants, writeVariants } from './variants.js';
import { facetCounts, indexNameGrams, listProducts, suggestProducts, type SearchBounds } from './search.js';
import { managedNameIn } from './taxonomy.js';
import { assignSlug, slugOwner } from './slugs.js';
import { lowStockIn } from './lowStock.js';

/** The input with its category and brand as the managed lists spell them (domain/taxonomy.ts resolveManagedName),
 *  inside the save's transaction: an unknown one is refused or created, as `mode` says. */
async function withManagedNames<T extends { category: string; brand: string }>(
  tx: Transaction,
  input: T,
  mode: ManagedNameMode,
  at: string,
): Promise<T> {
  const category = await managedNameIn(tx, 'category', input.category, mode, at);
  const brand = await managedNameIn(tx, 'brand', input.brand, mode, at);
  return { ...input, category, brand };
}

/** A product's row as an edit writes it: its edited fields and the name's search key. Its stock is written apart,
 *  through stock.ts (with its history entry). */
const productRow = (input: ProductUpdateInput, nameKey: string) => ({ ...editedRow(input), name_key: nameKey });

/** A new product's row: no stock until editStock gives it (so that its first history entry is the stock it has). */
const newProductRow = (id: string, ownerId: string, input: ProductUpdateInput, nameKey: string, at: string) => ({
  id,
  user_id: ownerId,
  ...productRow(input, nameKey),
  count_in_stock: 0,
  created_at: at,
  updated_at: at,
});

/** A product's stock as the admin's save or creation sets it, with its history entry. */
const editStock = (tx: Transaction, product: string, before: number, after: number, by: string, at: string) =>
  applyStockChanges(tx, [{ product, before, after }], { cause: 'admin-edit', by, at });

/**
 * An admin save's options and variants (issue 29), inside its transaction, after the product row is written:
 * `ownStock` is the product row's own stock now (0 for a product that already had variants: its count_in_stock is
 * only their default's copy). Answers the stock the row keeps for a product without variants after the save (the
 * caller writes it through editStock), or null when the product has variants (the row's price and stock are then
 * its default variant's).
 */
async function saveVariants(
  tx: Transaction,
  id: string,
  input: ProductUpdateInput,
  editedFrom: EditedFrom | undefined,
  ownStock: number,
  by: string,
  at: string,
): Promise<'plain' | { plainStock: number } | null> {
  const write = await planVariants(tx, id, input, editedFrom);
  if (!write) return 'plain';
  const applyStock = (changes: StockChange[]) => applyStockChanges(tx, changes, { cause: 'admin-edit', by, at });
  const hadVariants = write.changes.length > 0 || write.plan.removed.length > 0;
  // The product's own stock as the domain rules it (variants.ts ownStockOnVariantSave): taking variants it leaves
  // first; dropping every one it starts again from 0 (the caller writes that move through editStock).
  const own = ownStockOnVariantSave(write.plan, hadVariants, ownStock, input.countInStock);
  const first = write.plan.variants[0];
  if (first && own.change) await editStock(tx, id, own.change.before, own.change.after, by, at);
  await writeVariants(tx, id, write.plan, applyStock);
  await applyStock(write.changes);
  if (!first) {
    await tx.execute({ sql: 'UPDATE products SET count_in_stock = 0 WHERE id = ?', args: [id] });
    return { plainStock: own.countInStock };
  }
  await tx.execute({
    sql: 'UPDATE products SET price_cents = ?, count_in_stock = ? WHERE id = ?',
    args: [first.priceCents, own.countInStock, id],
  });
  return null;
}

const saved = (
  change: Extract<DomainEvent, { type: 'ProductSaved' }>['change'],
  productId: string,
  product: ProductDetail | null,
): DomainEvent => ({ type: 'ProductSaved', change, productId, product });

export class SqlProducts implements ProductStore {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly events: EventPublisher,
    private readonly searchBounds: SearchBounds = {},
  ) {}

  /**
   * After a committed write: the product as it now is (with its reviews), read for the answer, and the write's
   * event published with it. Published even when that read fails: the write happened all the same.
   */
  private async readAndPublish(
    id: string,
    event: (product: ProductDetail | null) => DomainEvent,
  ): Promise<ProductDetail | null> {
    let product: ProductDetail | null = null;
    try {
      product = await this.get(id);
      return product;
    } finally {
      this.events.publish([event(product)]);
    }
  }

  list(query: ProductQuery): Promise<ProductPage> {
    return listProducts(this.db.client, query, this.searchBounds);
  }

  facets(filters: CatalogFilters): Promise<CatalogFacets> {
    return facetCounts(this.db.client, filters);
  }

  suggest(q: string): Promise<ProductSuggestions> {
    return suggestProducts(this.db.client, q, this.searchBounds);
  }

  async top(limit: number): Promise<Product[]> {
    const rs = await this.db.client.execute({
      sql: `SELECT ${PRODUCT_COLUMNS} FROM products ORDER BY rating DESC, num_reviews DESC, created_at DESC LIMIT ?`,
      args: [limit],
    });
    return attachVariants(this.db.client, rs.rows.map(toProduct));
  }

  async get(id: string, options: { reviews?: boolean } = {}): Promise<ProductDetail | null> {
    const c = this.db.client;
    const [p, reviews] = await Promise.all([
      c.execute({ sql: `SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = ?`, args: [id] }),
      options.reviews === false
        ? null
        : c.execute({
            sql: 'SELECT id, user_id, name, rating, comment, created_at, verified FROM reviews WHERE product_id = ? ORDER BY created_at DESC',
            args: [id],
          }),
    ]);
    const row = p.rows[0];
    if (!row) return null;
    const [product] = await attachVariants(c, [toProduct(row)]);
    return { ...product!, reviews: reviews?.rows.map(toReview) ?? [] };
  }

  slugOwner(slug: string): Promise<string | null> {
    return slugOwner(this.db.client, slug);
  }

  async many(ids: readonly string[]): Promise<Product[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const rs = await this.db.client.execute({
      sql: `SELECT ${PRODUCT_COLUMNS} FROM products WHERE id IN (${unique.map(() => '?').join(', ')})`,
      args: unique,
    });
    const byId = new Map((await attachVariants(this.db.client, rs.rows.map(toProduct))).map((p) => [p._id, p]));
    return unique.flatMap((id) => byId.get(id) ?? []);
  }

  async create(input: Parameters<ProductStore['create']>[0], ownerId: string, by = ownerId): Promise<Product> {
    const id = newId();
    const now = this.clock.now().toISOString();
    const nameKey = searchKey(input.name);
    await this.db.write(async (tx) => {
      const named = await withManagedNames(tx, input, 'create', now);
      await tx.execute(insertRow('products', newProductRow(id, ownerId, named, nameKey, now)));
      await assignSlug(tx, id, input.name, null);
      const variants = await saveVariants(tx, id, input, undefined, 0, ownerId, now);
      if (variants === 'plain') await editStock(tx, id, 0, input.countInStock, ownerId, now);
      await recordPriceChanges(tx, id, new Map(), by, now);
      await indexNameGrams(tx, [{ id, nameKey }]);
    });
    return (await this.readAndPublish(id, (product) => saved('created', id, product))) as Product;
  }

  createDraft(input: ProductUpdateInput, ownerId: string): Promise<Product> {
    return drafts.createDraft(this.db, input, ownerId, this.clock.now().toISOString());
  }

  getDraft(id: string): Promise<Product | null> {
    return drafts.getDraft(this.db, id);
  }

  listDrafts(limit: number): Promise<Product[]> {
    return drafts.listDrafts(this.db, limit);
  }

  async update(
    id: string,
    edit: Parameters<ProductStore['update']>[1],
    editedFrom?: EditedFrom,
    by: string = SYSTEM_ACTOR,
  ): Promise<Product | null> {
    const nameKey = searchKey(edit.name);
    // The admin's form (editedFrom) picks from the lists; a spec client's new value may create one.
    const mode = editedFrom ? 'strict' : 'spec';
    const rs = await this.db.write(async (tx) => {
      const current = await tx.execute({
        sql: `SELECT updated_at, count_in_stock, name, slug,
                (SELECT count(*) FROM product_variants WHERE product_id = products.id) AS variant_count
              FROM products WHERE id = ?`,
        args: [id],
      });
      const row = current.rows[0];
      if (!row)
        return { ...(await this.publishDraft(tx, id, edit, nameKey, editedFrom, by)), change: 'published' as const };
      const { countInStock, updatedAt } = applyProductEdit(
        { updatedAt: str(row.updated_at), countInStock: Number(row.count_in_stock) },
        edit.countInStock,
        editedFrom,
        this.clock.now(),
      );
      const input = await withManagedNames(tx, edit, mode, updatedAt);
      const prices = await storedPrices(tx, id);
      const updated = await tx.execute(
        updateRow('products', id, { ...productRow(input, nameKey), updated_at: updatedAt }),
      );
      await assignSlug(tx, id, input.name, { name: str(row.name), slug: str(row.slug) });
      const hasVariants = Number(row.variant_count) > 0;
      const variants = await saveVariants(
        tx,
        id,
        input,
        editedFrom,
        hasVariants ? 0 : Number(row.count_in_stock),
        by,
        updatedAt,
      );
      if (variants === 'plain') await editStock(tx, id, Number(row.count_in_stock), countInStock, by, updatedAt);
      else if (variants) await editStock(tx, id, 0, variants.plainStock, by, updatedAt);
      await recordPriceChanges(tx, id, prices, by, updatedAt);
      await indexNameGrams(tx, [{ id, nameKey }]);
      return { rowsAffected: updated.rowsAffected, change: 'updated' as const };
    });
    if (rs.rowsAffected === 0) return null;
    const product = await this.readAndPublish(id, (read) => saved(rs.change, id, read));
    if (!product) return null;
    const { reviews: _reviews, ...rest } = product;
    void _reviews;
    return rest;
  }

  /** A draft's first save, inside update's transaction: the draft becomes a product, the newest one. */
  private async publishDraft(
    tx: Transaction,
    id: string,
    edit: ProductUpdateInput,
    nameKey: string,
    editedFrom: EditedFrom | undefined,
    by: string,
  ): Promise<{ rowsAffected: number }> {
    const draft = await drafts.takeDraft(tx, id);
    if (!draft) return { rowsAffected: 0 };
    const { countInStock, updatedAt } = applyProductEdit(draft, edit.countInStock, editedFrom, this.clock.now());
    const input = await withManagedNames(tx, edit, editedFrom ? 'strict' : 'spec', updatedAt);
    await tx.execute(insertRow('products', newProductRow(id, draft.ownerId, input, nameKey, updatedAt)));
    await assignSlug(tx, id, input.name, null);
    // The draft's stock was no stock yet (nothing could be ordered): the product's history starts here.
    const variants = await saveVariants(tx, id, input, undefined, 0, by, updatedAt);
    if (variants === 'plain') await editStock(tx, id, 0, countInStock, by, updatedAt);
    // A draft's price was no price in effect: its history starts here too.
    await recordPriceChanges(tx, id, new Map(), by, updatedAt);
    await indexNameGrams(tx, [{ id, nameKey }]);
    return { rowsAffected: 1 };
  }

  async remove(id: string): Promise<boolean> {
    const rs = await this.db.write(async (tx) => {
      if (await drafts.removeDraft(tx, id)) return { rowsAffected: 1 };
      await tx.execute({ sql: 'DELETE FROM reviews WHERE product_id = ?', args: [id] });
      return tx.execute({ sql: 'DELETE FROM products WHERE id = ?', args: [id] });
    });
    if (rs.rowsAffected === 0) return false;
    this.events.publish([saved('removed', id, null)]);
    return true;
  }

  async reviewsBy(userId: string): Promise<UserReview[]> {
    const rs = await this.db.client.execute({
      sql: `SELECT r.*, p.name AS product_name FROM reviews r JOIN products p ON p.id = r.product_id
            WHERE r.user_id = ? ORDER BY r.created_at, r.id`,
      args: [userId],
    });
    return rs.rows.map((r) => ({ ...toReview(r), product: str(r.product_id), productName: str(r.product_name) }));
  }

  async addReview(productId: string, review: NewReview): Promise<Review> {
    const id = newId();
    const decision = await this.db.write(async (tx) => {
      // Load: the product's totals (from its reviews, so they never disagree) and this customer's earlier review.
      const rs = await tx.execute({
        sql: `SELECT (SELECT coalesce(sum(rating), 0) FROM reviews WHERE product_id = ?1) AS rating_sum,
                     (SELECT count(*) FROM reviews WHERE product_id = ?1) AS num_reviews,
                     EXISTS (SELECT 1 FROM reviews WHERE product_id = ?1 AND user_id = ?2) AS reviewed
              FROM products WHERE id = ?1`,
        args: [productId, review.userId],
      });
      const row = rs.rows[0];
      const totals = row ? { ratingSum: Number(row.rating_sum), numReviews: Number(row.num_reviews) } : null;
      const purchases = row ? await purchasesOf(tx, review.userId, productId) : [];
      const decided = reviewProduct(
        totals && { id: productId, ...totals },
        Boolean(row && Number(row.reviewed)),
        review,
        purchases,
        this.clock.now(),
      );
      const r = decided.review;
      await tx.execute({
        sql: `INSERT INTO reviews (id, product_id, user_id, name, rating, comment, created_at, verified)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        args: [id, productId, r.user, r.name, r.rating, r.comment, r.createdAt, r.verified ? 1 : 0],
      });
      await tx.execute({
        sql: 'UPDATE products SET rating = ?, num_reviews = ?, updated_at = ? WHERE id = ?',
        args: [decided.totals.rating, decided.totals.numReviews, r.createdAt, productId],
      });
      return decided;
    });
    const added: Review = { _id: id, ...decision.review };
    // The product with its new rating and reviews, for the live product page (a review is rare: one read).
    await this.readAndPublish(productId, (product) => ({ type: 'ReviewAdded', productId, review: added, product }));
    return added;
  }

  async stockHistory(id: string, before: string | undefined, limit: number): Promise<StockHistoryPage | null> {
    const exists = await this.db.client.execute({ sql: 'SELECT 1 FROM products WHERE id = ?', args: [id] });
    if (!exists.rows.length) return (await drafts.getDraft(this.db, id)) ? { entries: [], nextBefore: null } : null;
    return stockHistoryPage(this.db, id, before, limit);
  }

  async priceHistory(id: string, before: string | undefined, limit: number): Promise<PriceHistoryPage | null> {
    const exists = await this.db.client.execute({ sql: 'SELECT 1 FROM products WHERE id = ?', args: [id] });
    if (!exists.rows.length) return (await drafts.getDraft(this.db, id)) ? { entries: [], nextBefore: null } : null;
    return priceHistoryPage(this.db, id, before, limit);
  }

  lowStock(threshold: number, limit: number) {
    return lowStockIn(this.db, threshold, limit);
  }
}
