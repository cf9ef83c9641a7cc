// The per-route HTML, sitemap and robots.txt (render.ts), served by the embedded server (http/webApp.ts) and by the
// Firebase `pages` function (src/index.ts) behind a Hosting rewrite. Reads go through the catalogue's store port.
import { Router, type NextFunction, type Request, type Response } from 'express';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import {
  catalogSearchParams,
  catalogViewFromSearch,
  compareQuerySchema,
  productComparison,
  defaultCatalogSort,
  idSchema,
  productQuerySchema,
  resolveSlug,
  showsLowestPrice,
  withoutLowestPrice,
  settingsKeys,
  type Product,
  type ShopSettings,
} from '../../domain/index.js';
import { paths } from '../../domain/routes.js';
import { negotiateEncoding, preloadLinks } from '../../http/webApp.js';
import { productByKey } from '../products/productKey.js';
import type { ProductStore, SettingsStore, TaxonomyStore } from '../../ports.js';
import {
  cartAddHead,
  compareHead,
  CRAWLER_FILES,
  listHead,
  notFoundHead,
  productHead,
  productPath,
  renderPage,
  robotsTxt,
  SITEMAP_MAX_URLS,
  sitemapIndex,
  sitemapUrlSet,
  type PageHead,
} from './render.js';

/** The catalogue's pages: home, /page/N, a search and a category, each also paged (one page component, one loader). */
export const CATALOG_ROUTES = [
  paths.home,
  paths.page,
  paths.search,
  paths.searchPage,
  paths.category,
  paths.categoryPage,
] as const;

/** The pages the server renders with their data, head and preloads (these); every other
 *  route is the plain app (index.html), which loads its data itself. */
export const SERVER_RENDERED = [...CATALOG_ROUTES, paths.product, paths.cart, paths.compare] as const;

/**
 * Of those, the ones Firebase Hosting sends to the `pages` function (firebase.json's rewrites, checked against this
 * list by functions/test/pages.test.ts). The others are the plain app there: `/` is Hosting's own index.html, the
 * Firebase build reads the catalogue (searches, categories) straight from Firestore, and carts are per browser.
 */
export const HOSTING_RENDERED = [paths.page, paths.product, paths.compare] as const;

/** What the pages read from the catalogue (with facets, list pages also inline the filter bar's counts). */
export type CatalogReader = Pick<ProductStore, 'get' | 'list' | 'top'> &
  Partial<Pick<ProductStore, 'facets' | 'sitemap' | 'many' | 'slugOwner'>>;

export interface PageRoutesOptions {
  catalog: CatalogReader;
  /** The managed categories: a category page's path holds its slug (an old slug or a name redirects to it). */
  categories?: Pick<TaxonomyStore, 'list'>;
  /** Issue 41: the owner's saved settings, whether the inlined products keep their 30-day lows (as the API's). */
  settings?: Pick<SettingsStore, 'get'>;
  /** The shop's public settings as GET /api/settings/public answers them (the app's settings cache): inlined by the
   *  pages whose first render shows them (the product's limits and delivery, the cart's estimate), so they render
   *  once, with no read after the first paint and nothing appearing then. None (Firebase): the app reads them. */
  publicSettings?: () => Promise<ShopSettings>;
  /** The built index.html (read again when the app is rebuilt, or fetched from Hosting). */
  template: (req: Request) => Promise<string>;
  pageSize: number;
  /** The shop's public origin for absolute URLs (PUBLIC_URL); default: the request's own when its host is a
   *  loopback name (development), else http://localhost:<port>. */
  publicUrl?: string;
  /** Cache-Control of the pages, sitemaps and robots.txt. */
  cacheControl: string;
  /** How many products the home carousel shows (GET /api/products/top). */
  topCount?: number;
  /** The chunks a page's code needs beyond the entry (http/webApp.ts pageModules); none when not given. */
  pageModules?: (sources: readonly string[]) => Promise<string[]>;
  /** URLs per sitemap file (tests make it small). */
  sitemapMaxUrls?: number;
  /** The live hub's newest event id (embedded server; none on Firebase): taken as a page's request starts, before
   *  its reads, and inlined with its data, so the web's first stream replays what changed after the read. */
  livePosition?: () => string;
}

/** The lazily loaded routes of a product page and of the Add to Cart link (web/src/app/router.tsx: the TanStack Query
 *  layout and the page), preloaded with their HTML: one round trip less before the product shows. */
export const PRODUCT_PAGE_CODE = ['src/app/QueryLayout.tsx', 'src/features/catalog/routes/ProductPage.tsx'];
export const COMPARE_PAGE_CODE = ['src/app/QueryLayout.tsx', 'src/features/catalog/routes/ComparePage.tsx'];
export const CART_PAGE_CODE = ['src/app/QueryLayout.tsx', 'src/features/cart/routes/CartPage.tsx'];

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** `body` in the coding the request accepts best (these answers are made per request, so compressed quickly). */
async function sendCompressed(req: Request, res: Response, status: number, type: string, body: string) {
  res.status(status).type(type).vary('Accept-Encoding');
  const coding = negotiateEncoding(req.headers['accept-encoding'], ['br', 'gzip']);
  const bytes = Buffer.from(body);
  if (!coding || bytes.length < 1024) return res.send(bytes);
  res.setHeader('Content-Encoding', coding);
  res.send(
    coding === 'br'
      ? await brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
      : await gzipAsync(bytes, { level: 6 }),
  );
}

/**
 * A page handler that, when the catalogue cannot be read, hands over to the next handler (the plain index.html,
 * whose app then loads the data itself) instead of failing the page.
 */
const orPlainApp =
  (handler: (req: Request, res: Response, next: NextFunction) => Promise<unknown>) =>
  async (req: Request, res: Response, next: NextFunction) => {
    try {
      await handler(req, res, next);
    } catch (error) {
      if (res.headersSent) return next(error);
      console.error('[pages]', error);
      next();
    }
  };

/**
 * Issue 37: a page asked with other query parameters than its canonical ones (`?r=<random>`, utm_*, fbclid, a
 * default sort, another order) moves there for good (301): Hosting's CDN keys its cache by the whole URL, so each
 * variant would be a miss and a function run; the redirect is cached once per variant and the page once. Answers
 * whether it redirected. Compared as URLSearchParams write them (`%20` and `+` are one), so a canonical URL is never
 * moved again.
 */
function movedToCanonical(req: Request, res: Response, search: URLSearchParams, canonical: URLSearchParams) {
  if (search.toString() === canonical.toString()) return false;
  const path = req.originalUrl.split('?')[0]!;
  const query = canonical.toString();
  res.redirect(301, query ? `${path}?${query}` : path);
  return true;
}

/** Host names that can only be this machine: localhost (and *.localhost), 127.0.0.0/8, ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === '::1' ||
    /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(name)
  );
}

/**
 * Without PUBLIC_URL (development only: the embedded server refuses to start without it in production), the
 * request's origin when its Host is a loopback name, else this machine's own: a foreign Host header
 * (`Host: evil.example`) never writes the canonical URLs, link previews, JSON-LD, sitemaps or robots.txt.
 */
function developmentOrigin(req: Request): string {
  const host = req.get('host') ?? '';
  // The whole header is read, not Express's req.hostname, which stops at the first ':' (so
  // `127.0.0.1:1@evil.example` passed as 127.0.0.1): a loopback name and at most a port, nothing else.
  const parts = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::\d{1,5})?$/.exec(host);
  if (parts && isLoopbackHost(parts[1]!)) return `${req.protocol}://${host}`;
  return `http://localhost:${req.socket.localPort}`;
}

/** A route table pattern as Express 5 reads it: an optional parameter (`/:id?`, react-router's syntax) becomes
 *  `{/:id}`. */
export const expressPath = (path: string) => path.replace(/\/:(\w+)\?/g, '{/:$1}');

/** GET /api/categories/slug/:slug as the web's client asks for it (web/src/lib/shop/embedded.ts `category`). */
export const categoryLookupPath = (slug: string) => `/api/categories/slug/${encodeURIComponent(slug)}`;

/** Issue 41: the catalogue as the owner's settings show it, without the 30-day lows when they say so (as the API's
 *  product routes answer it), so a page's inlined products are the API's. The settings are read per page (pages are
 *  cached by their Cache-Control); none saved: the defaults (auto, no EU country: hidden). */
function lowestPriceAsSet(catalog: CatalogReader, settings: Pick<SettingsStore, 'get'>): CatalogReader {
  const shown = async <P extends Product>(products: P[]): Promise<P[]> => {
    const saved = await settings.get();
    return saved && showsLowestPrice(saved) ? products : products.map(withoutLowestPrice);
  };
  return {
    get: async (id, options) => {
      const product = await catalog.get(id, options);
      return product && (await shown([product]))[0]!;
    },
    list: async (query) => {
      const page = await catalog.list(query);
      return { ...page, products: await shown(page.products) };
    },
    top: async (limit) => shown(await catalog.top(limit)),
    ...(catalog.many ? { many: async (ids: readonly string[]) => shown(await catalog.many!(ids)) } : {}),
    ...(catalog.facets ? { facets: catalog.facets.bind(catalog) } : {}),
    ...(catalog.sitemap ? { sitemap: catalog.sitemap.bind(catalog) } : {}),
    ...(catalog.slugOwner ? { slugOwner: catalog.slugOwner.bind(catalog) } : {}),
  };
}

export function pageRoutes(options: PageRoutesOptions): Router {
  const { pageSize } = options;
  const catalog = options.settings ? lowestPriceAsSet(options.catalog, options.settings) : options.catalog;
  const topCount = options.topCount ?? 3;
  const perSitemap = options.sitemapMaxUrls ?? SITEMAP_MAX_URLS;
  const originOf = (req: Request) => options.publicUrl ?? developmentOrigin(req);
  const router = Router();

  // Before any handler reads: the position must not be newer than the data it goes with (docs/live.md).
  const { livePosition } = options;
  if (livePosition)
    router.use((_req, res, next) => {
      res.locals.liveEventId = livePosition();
      next();
    });

  /** `head` with the public settings among its queries (when this server has them). */
  const withSettings = async (head: PageHead): Promise<PageHead> =>
    options.publicSettings
      ? { ...head, queries: [...head.queries, { key: settingsKeys.public, data: await options.publicSettings() }] }
      : head;

  const sendPage = async (req: Request, res: Response, head: PageHead) => {
    const liveEventId = res.locals.liveEventId as string | undefined;
    const html = renderPage(await options.template(req), originOf(req), head, Date.now(), liveEventId);
    res.setHeader('Cache-Control', options.cacheControl);
    await sendCompressed(req, res, head.status, 'html', html);
  };

  const listPage = async (req: Request, res: Response) => {
    const parsed = productQuerySchema.safeParse({
      keyword: req.params.keyword ?? '',
      pageNumber: req.params.pageNumber ?? '1',
    });
    const segment = typeof req.params.category === 'string' ? req.params.category : undefined;
    if (!parsed.success || segment === '') return sendPage(req, res, notFoundHead());
    const { keyword, pageNumber } = parsed.data;
    // Anything but the filters and sort the app writes moves to the canonical URL first, before any read.
    const search = new URL(req.originalUrl, 'http://page').searchParams;
    const view0 = catalogViewFromSearch(search, segment, keyword);
    const canonical = catalogSearchParams(segment === undefined ? view0 : { ...view0, category: undefined }, keyword);
    if (movedToCanonical(req, res, search, canonical)) return;
    // A category's slug names it; an old slug (renamed, merged) or its name moves to the slug for good.
    let category = segment;
    let categorySlug: string | undefined;
    if (segment !== undefined && options.categories) {
      // None (a value outside the lists, e.g. written by SQL): looked for as written, as the web's loader does.
      const found = resolveSlug(await options.categories.list(), segment);
      if (found?.redirect) {
        const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
        return res.redirect(301, `${paths.category.href(found.entry.slug, pageNumber)}${query}`);
      }
      category = found?.entry.name ?? segment;
      categorySlug = found?.entry.slug;
    }
    // The filters and sort of the URL query, read as the app reads them (so the inlined answers are the ones it asks for).
    const view = catalogViewFromSearch(new URL(req.originalUrl, 'http://page').searchParams, category, keyword);
    if (category !== undefined && view.category === undefined) return sendPage(req, res, notFoundHead());
    // The default sort is left unset, as the app's request leaves it (with a keyword: the best matches first).
    const filters = {
      keyword: keyword.trim(),
      ...view,
      sort: view.sort === defaultCatalogSort(keyword) ? undefined : view.sort,
    };
    // The spec's carousel: on the home page whenever no keyword is set (filters or not), not on a category page.
    const withTop = !keyword && category === undefined;
    const [page, top, facets] = await Promise.all([
      catalog.list({ ...filters, page: pageNumber, pageSize }),
      withTop ? catalog.top(topCount) : null,
      catalog.facets?.(filters) ?? null,
    ]);
    // A page past the end (the app says so itself): not a page to index.
    if (pageNumber > 1 && pageNumber > page.pages) return sendPage(req, res, notFoundHead());
    // A category nothing is in (the app shows its no-results page): not a page to index either.
    if (category !== undefined && page.pages === 0 && !keyword) return sendPage(req, res, notFoundHead());
    // The app's loader asks for the slug's category before it takes the inlined products (catalogLoader.ts, the
    // URL byte for byte as its client builds it): announced with the page, that answer is fetched while the app
    // downloads, instead of one round trip after it has started.
    if (categorySlug !== undefined) res.setHeader('Link', preloadLinks([categoryLookupPath(categorySlug)]));
    await sendPage(req, res, listHead(originOf(req), { keyword, page, top, view, facets, categorySlug }));
  };

  // The routes of the one route table (domain/routes.ts) that these pages render.
  for (const route of CATALOG_ROUTES) router.get(expressPath(route.path), orPlainApp(listPage));

  router.get(
    expressPath(paths.product.path),
    orPlainApp(async (req, res) => {
      // The product page knows one parameter: the variant chosen (?variant=).
      const search = new URL(req.originalUrl, 'http://page').searchParams;
      const variant = search.get('variant');
      if (movedToCanonical(req, res, search, new URLSearchParams(variant ? { variant } : {}))) return;
      // Issue 40: by its slug; its id or an old slug (before a rename) moves to the current slug for good.
      const key = String(req.params.id);
      const product = await productByKey(catalog, key);
      if (!product) return sendPage(req, res, notFoundHead());
      if (product.slug !== key) {
        const query = new URLSearchParams(variant ? { variant } : {}).toString();
        return res.redirect(301, `${paths.product.href(product.slug)}${query ? `?${query}` : ''}`);
      }
      await sendPage(
        req,
        res,
        await withSettings({
          ...productHead(originOf(req), product, variant),
          modulePreloads: await options.pageModules?.(PRODUCT_PAGE_CODE),
        }),
      );
    }),
  );

  // Issue 41's compare page: its answer inlined (the API's, computed the same way), its title and preview naming the
  // products. Ids the API would refuse (fewer than 2, more than 4, malformed) are left to the app's own message.
  router.get(
    paths.compare.path,
    orPlainApp(async (req, res, next) => {
      const parsed = compareQuerySchema.safeParse({
        ids: new URL(req.originalUrl, 'http://page').searchParams.get('ids') ?? undefined,
      });
      if (!parsed.success || !catalog.many) return next();
      const { ids } = parsed.data;
      await sendPage(req, res, {
        ...compareHead(ids, productComparison(ids, await catalog.many(ids))),
        modulePreloads: await options.pageModules?.(COMPARE_PAGE_CODE),
      });
    }),
  );

  // The Add to Cart link: the product inlined (embedded server only; Hosting serves /cart/** as the plain app).
  // An unknown or unlisted product, or the cart itself (/cart), is left to the plain app.
  router.get(
    expressPath(paths.cart.path),
    orPlainApp(async (req, res, next) => {
      const id = idSchema.safeParse(req.params.id);
      const product = id.success ? await catalog.get(id.data) : null;
      if (!product) return next();
      await sendPage(
        req,
        res,
        await withSettings({
          ...cartAddHead(product),
          modulePreloads: await options.pageModules?.(CART_PAGE_CODE),
        }),
      );
    }),
  );

  router.get(CRAWLER_FILES.robots, (req, res) => {
    res.setHeader('Cache-Control', options.cacheControl);
    res.type('text/plain').send(robotsTxt(originOf(req)));
  });

  /** File `n` (1-based) of the product sitemap: the home page (first file only) and up to perSitemap products. */
  const sitemapFile = async (origin: string, n: number) => {
    const perFile = perSitemap - 1; // room for the home page in the first file; every file the same size
    if (catalog.sitemap) {
      // A store that reads each file on its own (Firestore: by ranges of ids, no walk through earlier files).
      const { files, products } = await catalog.sitemap(perFile, n);
      const entries = products.map((p) => ({ loc: `${origin}${productPath(p.slug)}`, lastmod: p.updatedAt }));
      return { pages: files, entries: n === 1 ? [{ loc: `${origin}/` }, ...entries] : entries };
    }
    const page = await catalog.list({ keyword: '', page: n, pageSize: perFile });
    const entries = page.products.map((p) => ({ loc: `${origin}${productPath(p.slug)}`, lastmod: p.updatedAt }));
    return { pages: page.pages, entries: n === 1 ? [{ loc: `${origin}${paths.home.href()}` }, ...entries] : entries };
  };

  router.get(CRAWLER_FILES.sitemap, async (req, res) => {
    const origin = originOf(req);
    // Several files: the index alone (the store's count); one: its products.
    const files = catalog.sitemap ? (await catalog.sitemap(perSitemap - 1)).files : 1;
    const first = files > 1 ? { pages: files, entries: [] } : await sitemapFile(origin, 1);
    res.setHeader('Cache-Control', options.cacheControl);
    // Larger than one file: an index of the files.
    await sendCompressed(
      req,
      res,
      200,
      'application/xml',
      first.pages > 1 ? sitemapIndex(origin, first.pages) : sitemapUrlSet(first.entries),
    );
  });

  router.get(/^\/sitemap-products-([1-9][0-9]{0,6})\.xml$/, async (req, res) => {
    const n = Number((req.params as unknown as string[])[0]);
    const file = await sitemapFile(originOf(req), n);
    res.setHeader('Cache-Control', options.cacheControl);
    if (n > Math.max(1, file.pages)) return sendCompressed(req, res, 404, 'application/xml', sitemapUrlSet([]));
    await sendCompressed(req, res, 200, 'application/xml', sitemapUrlSet(file.entries));
  });

  return router;
}
