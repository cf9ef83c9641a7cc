// Pages search engines and link previews can read without JavaScript: per-route <title>, description, canonical
// URL, Open Graph and Twitter tags, JSON-LD, and the data the page's first queries need, written into the built
// index.html. Pure functions of their inputs (no I/O): features/pages/routes.ts reads the catalogue and sends them.
import {
  catalogKeys,
  catalogSearchParams,
  DEFAULT_CATALOG_SORT,
  type CatalogFacets,
  type CatalogView,
  DEFAULT_DESCRIPTION,
  DEFAULT_TITLE,
  CAROUSEL_IMAGE_SIZES,
  CARD_IMAGE_SIZES,
  carouselPosterHtml,
  escapeHtml,
  FIRST_PAINT_SLOT,
  FIRST_PAINT_TEMPLATE_ID,
  productFirstPaintHtml,
  productPageGallery,
  imageSrcSet,
  PRODUCT_IMAGE_SIZES,
  INLINE_DATA_ID,
  pageTitle,
  SHOP_CURRENCY,
  SITE_NAME,
  type InlineData,
  type Product,
  type ProductDetail,
  type ProductComparison,
  type ProductPage,
  variantLabel,
} from '../../domain/index.js';
import { catalogPath, paths } from '../../domain/routes.js';

/** What a page's <head> says about it. `origin`-relative paths are made absolute when rendered. */
export interface PageHead {
  status: 200 | 404;
  /** The full title (pageTitle()). */
  title: string;
  description: string;
  /** Path of the page's canonical URL; none for pages that must not be indexed. */
  canonical?: string;
  /** e.g. 'noindex, follow' (search results, missing pages). */
  robots?: string;
  ogType: 'website' | 'product';
  /** Path or absolute URL of the preview image. */
  image?: string;
  imageAlt?: string;
  /** The page's largest paint on a phone, fetched with the HTML instead of after the app has rendered. `srcset` and
   *  `sizes` are the <img>'s own, so the browser picks the same file once (web: ProductCarousel, ProductImage). */
  preloadImage?: { href: string; srcset?: string; sizes?: string };
  /** The page's own first paint, HTML for the slot of the layout the page shows before the app's script has run
   *  (domain/firstPaint.ts): the home page carousel's poster, the product page's first picture. */
  firstPaint?: string;
  /** The page's own code beyond the app's entry (its lazily loaded chunks): fetched with the HTML instead of after
   *  the entry has run (below the first paint's files when the page has one). URL paths. */
  modulePreloads?: readonly string[];
  /** Open Graph product price (product pages). */
  price?: number;
  jsonLd: Record<string, unknown>[];
  queries: InlineData['queries'];
}

const SCHEMA = 'https://schema.org';
const DESCRIPTION_MAX = 160;

/** JSON inside a <script> data block: no `</script>`, `<!--` or line separators can end or alter the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** `path` (starting with /) on `origin`; absolute URLs as they are. */
export const absolute = (origin: string, path: string) => (/^https?:\/\//i.test(path) ? path : `${origin}${path}`);

/** The first `max` characters of `text` on one line, cut at a word when it is longer. */
function summary(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/** The files the server writes for crawlers (routes.ts serves them): also rewritten to `pages` on Hosting. */
export const CRAWLER_FILES = {
  robots: '/robots.txt',
  sitemap: '/sitemap.xml',
  sitemapFile: (n: number) => `/sitemap-products-${n}.xml`,
} as const;

// The paths written here (canonical URLs, breadcrumbs, sitemaps) come from the one route table.
export const productPath = paths.product.href;
const listPath = (keyword: string, page: number, category?: string) => catalogPath({ keyword, category, page });

function breadcrumbs(origin: string, trail: { name: string; path: string }[]) {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((t, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: t.name,
      item: absolute(origin, t.path),
    })),
  };
}

function webSite(origin: string) {
  return {
    '@context': SCHEMA,
    '@type': 'WebSite',
    name: SITE_NAME,
    url: `${origin}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${origin}${paths.search.path.replace(':keyword', '{search_term_string}')}`,
      },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** Home, /page/N, /search/kw(/page/N), /category/c(/page/N), each with filters and a sort in the query: the list
 *  page (and, on the plain home page, the top rated) the page shows first, with the filter bar's counts. */
export function listHead(
  origin: string,
  view: {
    keyword: string;
    page: ProductPage;
    top: Product[] | null;
    view?: CatalogView;
    facets?: CatalogFacets | null;
    /** A category page's slug (its URL), when the category is a managed one (domain/taxonomy.ts). */
    categorySlug?: string;
  },
): PageHead {
  const { keyword, page, top, facets } = view;
  const catalogView: CatalogView = view.view ?? { sort: DEFAULT_CATALOG_SORT };
  const { category } = catalogView;
  const categoryInPath = view.categorySlug ?? category;
  const home = !keyword && category === undefined && page.page === 1;
  const pageSuffix = page.page > 1 ? `, page ${page.page}` : '';
  const title = keyword
    ? pageTitle(`Search: ${keyword}${page.page > 1 ? ` (page ${page.page})` : ''}`)
    : category !== undefined
      ? pageTitle(`${category}${pageSuffix}`)
      : home
        ? DEFAULT_TITLE
        : pageTitle(`Latest Products${pageSuffix}`);
  const path = listPath(keyword, page.page, keyword ? undefined : categoryInPath);
  const trail = [{ name: SITE_NAME, path: paths.home.href() }];
  if (keyword) trail.push({ name: `Search: ${keyword}`, path: listPath(keyword, 1) });
  else if (category !== undefined) trail.push({ name: category, path: listPath('', 1, categoryInPath) });
  if (page.page > 1) trail.push({ name: `Page ${page.page}`, path });
  // The same key the app's loader asks for (web/src/features/catalog/routes/catalogLoader.ts).
  const filters = catalogSearchParams(catalogView, keyword).toString();
  const queries: InlineData['queries'] = [{ key: catalogKeys.list(keyword, page.page, filters), data: page }];
  if (top) queries.push({ key: catalogKeys.top(), data: top });
  if (facets) queries.push({ key: catalogKeys.facets(keyword, filters), data: facets });
  const first = top?.[0] ?? page.products[0];
  // Search results and filtered or re-sorted views are not pages of their own for an index (endless
  // combinations); their links are followed. A category page is.
  const { category: _category, ...rest } = catalogView;
  const narrowed = !!keyword || catalogSearchParams(rest).toString() !== '';
  return {
    status: 200,
    title,
    description: keyword
      ? summary(`${SITE_NAME} products matching “${keyword}”.`)
      : category !== undefined
        ? summary(`${category} at ${SITE_NAME}: compare prices, brands and ratings.`)
        : DEFAULT_DESCRIPTION,
    canonical: keyword ? undefined : path,
    robots: narrowed ? 'noindex, follow' : undefined,
    ogType: 'website',
    // The home page's first carousel slide; its poster shows it before the carousel's code arrives. Elsewhere the
    // first card's picture (web CatalogPage: the one card at high priority), the page's largest paint on a phone:
    // fetched beside the app's script instead of after its first render.
    preloadImage: first && {
      href: first.image,
      srcset: imageSrcSet(first.image),
      sizes: top?.[0] ? CAROUSEL_IMAGE_SIZES : CARD_IMAGE_SIZES,
    },
    firstPaint: top?.[0] ? carouselPosterHtml(top[0]) : undefined,
    image: first?.image,
    imageAlt: first?.name,
    jsonLd: [webSite(origin), ...(trail.length > 1 ? [breadcrumbs(origin, trail)] : [])],
    queries,
  };
}

/** An offer of the shop's: price, currency, availability, condition. */
const offerOf = (url: string, price: number, countInStock: number, lowest30Days?: number) => ({
  '@type': 'Offer',
  url,
  price: price.toFixed(2),
  priceCurrency: SHOP_CURRENCY,
  availability: `${SCHEMA}/${countInStock > 0 ? 'InStock' : 'OutOfStock'}`,
  itemCondition: `${SCHEMA}/NewCondition`,
  // Issue 41: the 30-day low a sale is measured against (answered only beside a compare-at price), named as the
  // page shows it; schema.org has no property of its own for it.
  ...(lowest30Days === undefined
    ? {}
    : {
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          name: 'Lowest price in the last 30 days',
          price: lowest30Days.toFixed(2),
          priceCurrency: SHOP_CURRENCY,
        },
      }),
});

/** The option names with a schema.org property of their own (Google's variant-determining properties); any other
 *  option (Storage, Memory) is said per variant as an additionalProperty, and is not in `variesBy`. */
const VARIANT_PROPERTIES: Record<string, string> = {
  color: 'color',
  colour: 'color',
  size: 'size',
  material: 'material',
  pattern: 'pattern',
};
const variantPropertyOf = (option: string) => VARIANT_PROPERTIES[option.trim().toLowerCase()];

/**
 * A product page's JSON-LD (the one place it is built). A product without variants: a `Product` with one `Offer`.
 * With variants (issue 29): a `ProductGroup` (productGroupID, variesBy, the shared fields, specs and rating) whose
 * `hasVariant` lists one `Product` per variant, each with its SKU, options, image and its own `Offer` at the page's
 * `?variant=` URL, which opens the page on that variant. This is the shape Google documents for product variants
 * ("Product variant structured data": ProductGroup + hasVariant + variesBy, single-page variants told apart by a
 * URL parameter); an AggregateOffer says only a price range and is not read as variants (merchant listings take
 * each variant's Offer).
 */
export function productJsonLd(origin: string, product: ProductDetail): Record<string, unknown> {
  const url = absolute(origin, productPath(product.slug));
  const gallery = (product.images ?? [{ url: product.image }]).map((picture) => absolute(origin, picture.url));
  const shared: Record<string, unknown> = {
    '@context': SCHEMA,
    '@id': `${url}#product`,
    name: product.name,
    description: product.description,
    // The whole gallery, main image first (issue 29).
    image: gallery,
    url,
    category: product.category,
    brand: { '@type': 'Brand', name: product.brand },
  };
  // The specification table as schema.org properties (issue 29).
  if (product.specs?.length)
    shared.additionalProperty = product.specs.map((spec) => ({
      '@type': 'PropertyValue',
      name: spec.name,
      value: spec.value,
    }));
  if (product.numReviews > 0)
    shared.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: product.rating,
      reviewCount: product.numReviews,
      bestRating: 5,
      worstRating: 1,
    };
  const options = product.options ?? [];
  const variants = product.variants ?? [];
  if (options.length === 0 || variants.length === 0)
    return {
      ...shared,
      '@type': 'Product',
      sku: product._id,
      offers: offerOf(url, product.price, product.countInStock, product.lowestPrice30Days),
    };
  const variesBy = [
    ...new Set(options.map((o) => variantPropertyOf(o.name)).filter((p): p is string => p !== undefined)),
  ].map((property) => `${SCHEMA}/${property}`);
  return {
    ...shared,
    '@type': 'ProductGroup',
    productGroupID: product._id,
    ...(variesBy.length ? { variesBy } : {}),
    hasVariant: variants.map((variant) => {
      const variantUrl = `${url}?variant=${encodeURIComponent(variant._id)}`;
      const own: Record<string, unknown> = {};
      const others: { '@type': 'PropertyValue'; name: string; value: string }[] = [];
      for (const option of options) {
        const value = variant.options[option.name];
        if (value === undefined) continue;
        const property = variantPropertyOf(option.name);
        if (property && !(property in own)) own[property] = value;
        else others.push({ '@type': 'PropertyValue', name: option.name, value });
      }
      return {
        '@type': 'Product',
        '@id': `${variantUrl}#variant`,
        sku: variant.sku,
        name: `${product.name} (${variantLabel(options, variant)})`,
        image: variant.image ? absolute(origin, variant.image) : gallery[0],
        inProductGroupWithID: product._id,
        ...own,
        ...(others.length ? { additionalProperty: others } : {}),
        offers: offerOf(variantUrl, variant.price, variant.countInStock, variant.lowestPrice30Days),
      };
    }),
  };
}

/** /product/:slug: the product with its offer (price, currency, availability) and rating (with variants, one offer
 *  each: productJsonLd). */
export function productHead(origin: string, product: ProductDetail, variantId: string | null = null): PageHead {
  // Issue 40: the page's address is the product's slug (an id or an old slug moved here for good: routes.ts).
  const path = productPath(product.slug);
  const description = summary(product.description) || DEFAULT_DESCRIPTION;
  const ld = productJsonLd(origin, product);
  const gallery = productPageGallery(product, variantId);
  const first = gallery[0]!.url;
  return {
    status: 200,
    title: pageTitle(product.name),
    description,
    canonical: path,
    ogType: 'product',
    // The gallery's first picture for the variant asked (web ProductPage), fetched with the HTML and shown by it in
    // the page's place before the app has run.
    preloadImage: { href: first, srcset: imageSrcSet(first), sizes: PRODUCT_IMAGE_SIZES },
    firstPaint: productFirstPaintHtml(product, gallery),
    image: product.image,
    imageAlt: product.name,
    price: product.price,
    jsonLd: [
      ld,
      breadcrumbs(origin, [
        { name: SITE_NAME, path: paths.home.href() },
        { name: product.name, path },
      ]),
    ],
    // Under the address's key, as the page asks for it (web ProductPage: by the URL's slug).
    queries: [{ key: catalogKeys.detail(product.slug), data: product }],
  };
}

/** /compare?ids=… (issue 41): the products named in the title and description, the first one's picture as the
 *  preview; not indexed (any 2-4 products make a page), but its links are followed. */
export function compareHead(ids: readonly string[], answer: ProductComparison): PageHead {
  const names = answer.products.map((product) => product.name);
  const rows = answer.rows.filter((row) => row.differs).map((row) => row.name);
  const first = answer.products[0];
  return {
    status: 200,
    title: pageTitle(names.length ? `Compare ${names.join(' vs ')}` : 'Compare products'),
    description: summary(
      names.length
        ? `${names.join(', ')} side by side${rows.length ? `: ${rows.slice(0, 6).join(', ')}` : ''}.`
        : DEFAULT_DESCRIPTION,
    ),
    canonical: paths.compare.href(ids),
    robots: 'noindex, follow',
    ogType: 'website',
    image: first?.image,
    imageAlt: first?.name,
    jsonLd: [],
    queries: [{ key: catalogKeys.compare(ids), data: answer }],
  };
}

/** /cart/:id?qty=n (the Add to Cart link): the product it adds, so the cart opens without asking for it first.
 *  The shopper's own cart is not a page to index. */
export function cartAddHead(product: ProductDetail): PageHead {
  return {
    status: 200,
    title: pageTitle('Shopping Cart'),
    description: DEFAULT_DESCRIPTION,
    robots: 'noindex',
    ogType: 'website',
    jsonLd: [],
    queries: [{ key: catalogKeys.detail(product._id), data: product }],
  };
}

/** A product or page that does not exist: a 404 the app still opens (it shows its own message), never indexed. */
export function notFoundHead(): PageHead {
  return {
    status: 404,
    title: pageTitle('Page not found'),
    description: DEFAULT_DESCRIPTION,
    robots: 'noindex',
    ogType: 'website',
    jsonLd: [],
    queries: [],
  };
}

/** The tags `head` adds to the page. */
function headTags(origin: string, head: PageHead, renderedAt: number, liveEventId?: string): string {
  const tag = (name: string, attr: 'name' | 'property', content: string) =>
    `<meta ${attr}="${name}" content="${escapeHtml(content)}">`;
  const out = [`<title>${escapeHtml(head.title)}</title>`, tag('description', 'name', head.description)];
  if (head.robots) out.push(tag('robots', 'name', head.robots));
  const url = head.canonical ? absolute(origin, head.canonical) : undefined;
  if (url) out.push(`<link rel="canonical" href="${escapeHtml(url)}">`);
  out.push(
    tag('og:site_name', 'property', SITE_NAME),
    tag('og:type', 'property', head.ogType),
    tag('og:title', 'property', head.title),
  );
  out.push(tag('og:description', 'property', head.description));
  if (url) out.push(tag('og:url', 'property', url));
  const image = head.image ? absolute(origin, head.image) : undefined;
  if (image) {
    out.push(tag('og:image', 'property', image));
    if (head.imageAlt) out.push(tag('og:image:alt', 'property', head.imageAlt));
  }
  if (head.preloadImage) {
    const { href, srcset, sizes } = head.preloadImage;
    out.push(
      `<link rel="preload" as="image" href="${escapeHtml(href)}"${srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes ?? '100vw')}"` : ''} fetchpriority="high">`,
    );
  }
  // Where the page paints from its HTML, its code is not needed for that paint: fetched at low priority, below the
  // stylesheet, the font and the picture. Real loads measured the same either way (docs/benchmarks.md, section 4);
  // Lighthouse's simulation counts high-priority scripts fetched before the first paint as blocking it.
  const priority = head.firstPaint ? ' fetchpriority="low"' : '';
  for (const href of head.modulePreloads ?? [])
    out.push(`<link rel="modulepreload" href="${escapeHtml(href)}" crossorigin${priority}>`);
  if (head.price !== undefined) {
    out.push(
      tag('product:price:amount', 'property', head.price.toFixed(2)),
      tag('product:price:currency', 'property', SHOP_CURRENCY),
    );
  }
  out.push(
    tag('twitter:card', 'name', image ? 'summary_large_image' : 'summary'),
    tag('twitter:title', 'name', head.title),
  );
  out.push(tag('twitter:description', 'name', head.description));
  if (image) out.push(tag('twitter:image', 'name', image));
  // Data blocks, never executed (nor blocked by the CSP's script-src).
  for (const ld of head.jsonLd) out.push(`<script type="application/ld+json">${jsonForScript(ld)}</script>`);
  if (head.queries.length) {
    const data: InlineData = { renderedAt, ...(liveEventId ? { liveEventId } : {}), queries: head.queries };
    out.push(`<script type="application/json" id="${INLINE_DATA_ID}">${jsonForScript(data)}</script>`);
  }
  return out.join('\n    ');
}

/** index.html's first-paint template (domain/firstPaint.ts), with the whitespace the build put before it. */
const FIRST_PAINT_TEMPLATE = new RegExp(`\\s*<template id="${FIRST_PAINT_TEMPLATE_ID}">([\\s\\S]*?)</template>`, 'i');

/**
 * The first paint (domain/firstPaint.ts): the layout index.html's template holds, put in the empty #root with the
 * page's own first paint in its slot; the template itself is taken out. A template without either is left as it is (an
 * older build: the page paints with the app, as before).
 */
function withFirstPaint(template: string, head: PageHead): string {
  const found = FIRST_PAINT_TEMPLATE.exec(template);
  if (!found) return template;
  const rest = template.slice(0, found.index) + template.slice(found.index + found[0].length);
  const layout = found[1]!.replace(FIRST_PAINT_SLOT, () => head.firstPaint ?? '');
  return rest.replace(/<div id="root"><\/div>/i, () => `<div id="root">${layout}</div>`);
}

/**
 * The built index.html with `head`'s tags: its own <title> and description replaced, the rest added at the end of
 * <head> (before the app's script runs, which reads the data block), and the first paint in #root. `liveEventId`:
 * the live position taken before the data was read, written into the data block.
 */
export function renderPage(
  template: string,
  origin: string,
  head: PageHead,
  renderedAt: number,
  liveEventId?: string,
): string {
  const tags = headTags(origin, head, renderedAt, liveEventId);
  const stripped = withFirstPaint(template, head)
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name=["']description["'][^>]*>\s*/i, '');
  const at = stripped.search(/<\/head>/i);
  if (at < 0) throw new Error('index.html has no </head>');
  return `${stripped.slice(0, at)}  ${tags}\n  ${stripped.slice(at)}`;
}

/** The public pages in a sitemap: at most this many URLs per file (the sitemaps.org limit). */
export const SITEMAP_MAX_URLS = 50_000;
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A <urlset> of `entries` (absolute URLs, last modified). */
export function sitemapUrlSet(entries: { loc: string; lastmod?: string }[]): string {
  const urls = entries.map(
    (e) =>
      `  <url><loc>${escapeHtml(e.loc)}</loc>${e.lastmod ? `<lastmod>${escapeHtml(e.lastmod)}</lastmod>` : ''}</url>`,
  );
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n${urls.join('\n')}\n</urlset>\n`;
}

/** A <sitemapindex> of the files `/sitemap-products-1.xml` .. `-{count}.xml`. */
export function sitemapIndex(origin: string, count: number): string {
  const files = Array.from(
    { length: count },
    (_, i) => `  <sitemap><loc>${escapeHtml(`${origin}${CRAWLER_FILES.sitemapFile(i + 1)}`)}</loc></sitemap>`,
  );
  return `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${files.join('\n')}\n</sitemapindex>\n`;
}

/** Routes of the signed-in and checkout screens: nothing there for an index. */
export const PRIVATE_PATHS = [
  '/admin',
  '/cart',
  '/shipping',
  '/payment',
  '/placeorder',
  '/order',
  '/profile',
  '/wishlist',
  '/login',
  '/register',
] as const;

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
