import type { Router, Request, Response } from 'express';
import {
  assertGalleryStartsWithImage,
  catalogFiltersKey,
  compareQuerySchema,
  productComparison,
  editedFromSchema,
  keywordKey,
  MAX_LISTED_DRAFTS,
  idSchema,
  PRODUCT_KEY_PATTERN,
  MIN_SUGGEST_LENGTH,
  notFound,
  productQuerySchema,
  productUpdateSchemaWith,
  reviewSchema,
  SAMPLE_PRODUCT,
  STOCK_HISTORY_PAGE_SIZE,
  PRICE_HISTORY_PAGE_SIZE,
  showsLowestPrice,
  withoutLowestPrice,
  stockHistoryQuerySchema,
  suggestQuerySchema,
  TOP_PRODUCTS,
  type Product,
  type ProductComparison,
  type ProductPage,
  type ProductSuggestions,
  type ShopSettings,
} from '../../domain/index.js';
import { callerOf, requireAdmin, requireUser } from '../../http/auth.js';
import { assertBodyIdsMatch, assertEmptyBody, parse, parseId } from '../../http/validate.js';
import type { Ports } from '../../ports.js';
import { CATALOG_CACHE_CONTROL, JSON_TYPE, type CatalogCache } from '../../cache/catalogCache.js';
import { endpoints } from '../../api/endpoints.js';
import { endpointRouter, handle } from '../../http/endpoint.js';
import { productByKey } from './productKey.js';
import { assertAccessoriesExist } from './accessories.js';

/** A cached catalogue answer, with its ETag (304 when the client has it). */
export function sendCached(req: Request, res: Response, entry: { body: Buffer; etag: string }) {
  res.setHeader('ETag', entry.etag);
  res.setHeader('Cache-Control', CATALOG_CACHE_CONTROL);
  if (req.headers['if-none-match'] === entry.etag) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', JSON_TYPE);
  res.end(entry.body);
}

// What the catalogue answers show of stock (CatalogCache's StockShownBy): an order then clears only these answers.
const idsOf = (products: readonly Product[]) => products.map((product) => product._id);
const stockOfListed = (page: ProductPage) => idsOf(page.products);

/** The catalogue query of a request, validated (400s name the parameter); the keyword is folded once, so the
 *  cache key and the store's query are the same text. */
function parseCatalogQuery(query: unknown) {
  const parsed = parse(productQuerySchema, query);
  // `relevance` is the default asked for by name (the best matches first; without a keyword the newest): one key.
  return {
    ...parsed,
    keyword: keywordKey(parsed.keyword),
    sort: parsed.sort === 'relevance' ? undefined : parsed.sort,
  };
}

type CatalogueOptions = {
  pageSize: number;
  cache: CatalogCache;
  /** The settings in force (features/settings/settingsCache.ts): whether products answer their 30-day low. */
  settings?: { current(): Promise<ShopSettings> };
};

/** Issue 41: the answers' products as the owner's settings show them: without their 30-day lows when the settings
 *  say not to (domain/priceHistory.ts showsLowestPrice). Applied inside the cached loads: a settings save clears
 *  the catalogue cache (cache/catalogCache.ts). */
function lowestPriceShown(settings: CatalogueOptions['settings']) {
  return async <T>(answer: T, products: (answer: T) => Product[], rebuild: (answer: T, shown: Product[]) => T) => {
    if (!settings || showsLowestPrice(await settings.current())) return answer;
    return rebuild(answer, products(answer).map(withoutLowestPrice));
  };
}

/** The public catalogue reads, answered from the catalogue cache: the pages, their filter counts, the top rated. */
function catalogueReads(router: Router, store: Ports['store'], { cache, pageSize, settings }: CatalogueOptions) {
  const shown = lowestPriceShown(settings);
  handle(router, endpoints.productList, async (req, res) => {
    const { pageNumber: page, sort, ...filters } = parseCatalogQuery(req.query);
    const entry = await cache.get(
      `list:${page}:${sort}:${catalogFiltersKey(filters)}`,
      async () =>
        shown(
          await store.products.list({ ...filters, sort, page, pageSize }),
          (answer) => answer.products,
          (answer, products) => ({ ...answer, products }),
        ),
      req.originalUrl,
      stockOfListed, // which products a page lists (filters, sort, page) does not depend on stock
    );
    sendCached(req, res, entry);
  });

  // The filter bar's counts for the same query (sort and pageNumber are accepted and do not matter).
  handle(router, endpoints.productFacets, async (req, res) => {
    const { pageNumber: _page, sort: _sort, ...filters } = parseCatalogQuery(req.query);
    const entry = await cache.get(
      `facets:${catalogFiltersKey(filters)}`,
      () => store.products.facets(filters),
      req.originalUrl,
      () => [], // counts of products by category and brand show no stock: orders leave them be
    );
    sendCached(req, res, entry);
  });

  // The header's suggestions while typing (before '/:id', which would take 'suggest' for an id). Under
  // MIN_SUGGEST_LENGTH characters the answer is empty without a read.
  handle(router, endpoints.productSuggest, async (req, res) => {
    const q = keywordKey(parse(suggestQuerySchema, req.query).q);
    const entry = await cache.get(
      `suggest:${q}`,
      async (): Promise<ProductSuggestions> =>
        [...q].length < MIN_SUGGEST_LENGTH ? { products: [], categories: [], brands: [] } : store.products.suggest(q),
      req.originalUrl,
      () => [], // names, images, categories and brands: no stock shown
    );
    sendCached(req, res, entry);
  });

  // Issue 41: 2-4 products side by side with their spec rows aligned (domain/specCompare.ts). An id that is not a
  // published product (removed, a draft, mistyped) is left out and named in `missing`, so a shared link still shows
  // the others; the ids' order is the columns' order (and the key: a=b,c and c,b differ only in order).
  handle(router, endpoints.productCompare, async (req, res) => {
    const { ids } = parse(compareQuerySchema, req.query);
    const entry = await cache.get(
      `compare:${ids.join(',')}`,
      async (): Promise<ProductComparison> =>
        productComparison(
          ids,
          await shown(
            await store.products.many(ids),
            (products) => products,
            (_, products) => products,
          ),
        ),
      req.originalUrl,
      (answer) => idsOf(answer.products),
    );
    sendCached(req, res, entry);
  });

  handle(router, endpoints.productTop, async (req, res) => {
    const top = async () =>
      shown(
        await store.products.top(TOP_PRODUCTS),
        (products) => products,
        (_, products) => products,
      );
    sendCached(req, res, await cache.get('top', top, req.originalUrl, idsOf)); // by rating
  });
}

/** The admin's product routes: the drafts, creating, saving and removing a product, and its stock history. */
function adminProductRoutes(router: Router, { store, auth }: Ports, emulatorImageOrigins: readonly string[]) {
  // The spec's fields, plus the optional version of the product as the admin's form loaded it (domain/productEdits.ts).
  const productEditSchema = productUpdateSchemaWith(emulatorImageOrigins).extend({
    editedFrom: editedFromSchema.optional(),
  });

  // The drafts (created, never saved), newest first, for the product list.
  handle(router, endpoints.productDrafts, requireAdmin(auth), async (_req, res) => {
    res.json(await store.products.listDrafts(MAX_LISTED_DRAFTS));
  });

  handle(router, endpoints.productCreate, requireAdmin(auth), async (req, res) => {
    assertEmptyBody(req.body);
    // A draft until its first save: the sample values never show in the shop.
    const product = await store.products.createDraft(SAMPLE_PRODUCT, callerOf(req).uid);
    res.status(201).json(product);
  });

  handle(router, endpoints.productUpdate, requireAdmin(auth), async (req, res) => {
    const id = parseId(req.params.id, 'Product');
    const { _id, productId, editedFrom, ...input } = parse(productEditSchema, req.body);
    assertBodyIdsMatch(id, { _id, productId }, ['_id', 'productId']);
    assertGalleryStartsWithImage(input);
    if (input.accessories?.length) await assertAccessoriesExist(store.products, id, input.accessories);
    const product = await store.products.update(id, input, editedFrom, callerOf(req).uid);
    if (!product) throw notFound('Product not found');
    res.json(product);
  });

  handle(router, endpoints.productDelete, requireAdmin(auth), async (req, res) => {
    const id = parseId(req.params.id, 'Product');
    if (!(await store.products.remove(id))) throw notFound('Product not found');
    res.json({ message: 'Product removed' });
  });

  // The product's stock changes with their causes, newest first, a page at a time (domain/stockHistory.ts).
  handle(router, endpoints.productStockHistory, requireAdmin(auth), async (req, res) => {
    const id = parseId(req.params.id, 'Product');
    const { before } = parse(stockHistoryQuerySchema, req.query);
    const page = await store.products.stockHistory(id, before, STOCK_HISTORY_PAGE_SIZE);
    if (!page) throw notFound('Product not found');
    res.json(page);
  });

  // Issue 41: the product's price changes (who, when, from, to; per variant), newest first (domain/priceHistory.ts).
  handle(router, endpoints.productPriceHistory, requireAdmin(auth), async (req, res) => {
    const id = parseId(req.params.id, 'Product');
    const { before } = parse(stockHistoryQuerySchema, req.query);
    const page = await store.products.priceHistory(id, before, PRICE_HISTORY_PAGE_SIZE);
    if (!page) throw notFound('Product not found');
    res.json(page);
  });
}

export function productRoutes(ports: Ports, options: CatalogueOptions & { emulatorImageOrigins?: readonly string[] }) {
  const router = endpointRouter('/api/products');
  const { store, auth } = ports;
  const { cache } = options;
  const shown = lowestPriceShown(options.settings);
  catalogueReads(router, store, options);
  // Before GET /:id, which would take /drafts.
  adminProductRoutes(router, ports, options.emulatorImageOrigins ?? []);

  handle(router, endpoints.productGet, async (req, res) => {
    // Issue 40: an id, or a slug (current or old: the answer carries the current one, so the web can replace its
    // address).
    const key = String(req.params.id);
    if (!PRODUCT_KEY_PATTERN.test(key)) throw notFound('Product not found');
    // `?reviews=none`: the product alone (the cart's lines show no reviews), `reviews: []`; cached apart.
    const reviews = req.query.reviews !== 'none';
    const entry = await cache.get(
      reviews ? `product:${key}` : `product:${key}:alone`,
      async () => {
        // A draft is unlisted but readable by its id, as the original admin clients load it to edit it without
        // a token (its page is not rendered: features/pages reads products only).
        const product =
          (await productByKey(store.products, key, { reviews })) ??
          (idSchema.safeParse(key).success ? await store.products.getDraft(key) : null);
        if (!product) throw notFound('Product not found');
        return shown(
          product,
          (p) => [p],
          (_, [p]) => p!,
        );
      },
      req.originalUrl,
      (product) => [product._id],
    );
    sendCached(req, res, entry);
  });

  handle(router, endpoints.reviewCreate, requireUser(auth), async (req, res) => {
    const id = parseId(req.params.id, 'Product');
    const { productId, ...input } = parse(reviewSchema, req.body);
    assertBodyIdsMatch(id, { productId }, ['productId']);
    const caller = callerOf(req);
    const user = await store.users.get(caller.uid);
    if (!user) throw notFound('User not found');
    await store.products.addReview(id, { userId: user._id, name: user.name, ...input });
    res.status(201).json({ message: 'Review added' });
  });

  return router;
}
