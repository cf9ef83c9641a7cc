// Pages search engines and link previews read without JavaScript (src/features/pages): each catalogue and product
// URL answers HTML with its own title, description, canonical URL, Open Graph / Twitter tags, JSON-LD and the data
// its first queries need; unknown products are 404 pages never indexed; sitemap.xml and robots.txt. Everything is
// fetched over HTTP and read as a crawler would, scripts not run.
import express from 'express';
import { JSDOM } from 'jsdom';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAROUSEL_IMAGE_SIZES,
  CARD_IMAGE_SIZES,
  catalogKeys,
  FIRST_PAINT_SLOT,
  FIRST_PAINT_TEMPLATE_ID,
  imageSrcSet,
  PRODUCT_IMAGE_SIZES,
  INLINE_DATA_ID,
  settingsKeys,
  type InlineData,
  type Product,
  type ProductDetail,
  type ProductPage,
} from '../src/domain/index.js';
import { paths } from '../src/domain/routes.js';
import { CRAWLER_FILES, listHead, productHead, renderPage } from '../src/features/pages/render.js';
import {
  CART_PAGE_CODE,
  COMPARE_PAGE_CODE,
  HOSTING_RENDERED,
  pageRoutes,
  PRODUCT_PAGE_CODE,
  SERVER_RENDERED,
  categoryLookupPath,
  type CatalogReader,
} from '../src/features/pages/routes.js';
import { hostingPagesRegex } from '../src/http/webApp.js';
import { createProduct, registerCustomer, shippingAddress, startTestShop, type TestShop } from './support/shop.js';
import { openStream } from './support/sse.js';
import { productInput } from './support/products.js';

const ORIGIN = 'https://shop.example';
const dist = join(tmpdir(), `voltshop-pages-${process.pid}-${Date.now()}`);
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Welcome To Voltshop</title>
    <meta name="description" content="Voltshop: the best tech products at the best prices" />
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

let shop: TestShop;
beforeAll(async () => {
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'index.html'), TEMPLATE);
  // The build manifest of the pages' lazily loaded code (web/vite.config.ts `manifest`).
  mkdirSync(join(dist, '.vite'), { recursive: true });
  const chunk = (source: string) => ({ file: `assets/${source.split('/').pop()!.replace('.tsx', '')}-h1.js` });
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js', isEntry: true },
      ...Object.fromEntries(
        [...PRODUCT_PAGE_CODE, ...CART_PAGE_CODE, ...COMPARE_PAGE_CODE].map((source) => [source, chunk(source)]),
      ),
    }),
  );
  shop = await startTestShop({ WEB_DIST: dist, PUBLIC_URL: ORIGIN });
});
afterAll(async () => {
  await shop?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** GETs `path` as a crawler: no JavaScript, the markup parsed as it is. */
async function crawl(path: string, base = shop.url) {
  const res = await fetch(base + path, { headers: { 'Accept-Encoding': 'br, gzip' } });
  const html = await res.text();
  const { document } = new JSDOM(html).window;
  const meta = (key: string) =>
    document.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? null;
  const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
    JSON.parse(s.textContent ?? ''),
  ) as Record<string, any>[];
  const dataText = document.getElementById(INLINE_DATA_ID)?.textContent;
  const data = dataText ? (JSON.parse(dataText) as InlineData) : null;
  const canonical = document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null;
  return {
    res,
    html,
    document,
    meta,
    jsonLd,
    data,
    canonical,
    title: document.title,
    titles: document.querySelectorAll('title').length,
  };
}

/** A product of the fake catalogues: the i-th, updated on day i + 1. Its gallery starts with its image, as the API's
 *  answers always do (domain/productMedia.ts galleryOf). */
const fakeProduct = (i: number, over: Partial<ProductDetail> = {}): ProductDetail => ({
  _id: `p${i}`,
  name: `Product ${i}`,
  slug: `product-${i}`,
  image: '/images/x.svg',
  brand: 'b',
  category: 'c',
  description: 'd',
  price: 1,
  countInStock: 1,
  specs: [],
  accessories: [],
  rating: 0,
  numReviews: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: `2026-01-0${i + 1}T00:00:00.000Z`,
  reviews: [],
  ...over,
  images: over.images ?? [{ url: over.image ?? '/images/x.svg', alt: '' }],
});

const ofType = (lds: Record<string, any>[], type: string) => lds.find((l) => l['@type'] === type);
const dataFor = (data: InlineData | null, key: readonly unknown[]) =>
  data?.queries.find((q) => JSON.stringify(q.key) === JSON.stringify(key))?.data;

async function allProducts(): Promise<Product[]> {
  const out: Product[] = [];
  for (let page = 1; ; page++) {
    const res = await shop.call<ProductPage>('GET', `/api/products?pageNumber=${page}`);
    out.push(...res.body.products);
    if (page >= res.body.pages) return out;
  }
}

const modulePreloads = (document: Awaited<ReturnType<typeof crawl>>['document']) =>
  [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));

describe('GET /product/:id without JavaScript', () => {
  it('carries the name, price and image in its title, tags and Product JSON-LD, and the data of its first query', async () => {
    const reviewed = (await allProducts()).find((p) => p.numReviews > 0 && p.countInStock > 0 && !p.variants?.length)!;
    const product = (await shop.call<ProductDetail>('GET', `/api/products/${reviewed._id}`)).body;
    const page = await crawl(`/product/${product.slug}`);
    const url = `${ORIGIN}/product/${product.slug}`;
    const image = product.image.startsWith('/') ? ORIGIN + product.image : product.image;

    expect(page.res.status).toBe(200);
    expect(page.res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.res.headers.get('cache-control')).toBe('no-cache');
    expect(page.res.headers.get('link')).toBeNull(); // the data is in the page: nothing to preload
    // ...and so is the product page's own code, the chunks of its lazily loaded routes.
    expect(modulePreloads(page.document)).toEqual(['/assets/QueryLayout-h1.js', '/assets/ProductPage-h1.js']);
    expect(page.title).toBe(`${product.name} | Voltshop`);
    expect(page.titles).toBe(1);
    const description = page.meta('description')!;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.length).toBeGreaterThan(100);
    expect(product.description.replace(/\s+/g, ' ').startsWith(description.replace(/…$/, ''))).toBe(true);
    expect(page.canonical).toBe(url);
    expect(page.meta('robots')).toBeNull();
    expect(page.meta('og:type')).toBe('product');
    expect(page.meta('og:title')).toBe(`${product.name} | Voltshop`);
    expect(page.meta('og:url')).toBe(url);
    expect(page.meta('og:image')).toBe(image);
    expect(page.meta('product:price:amount')).toBe(product.price.toFixed(2));
    expect(page.meta('product:price:currency')).toBe('USD');
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    expect(page.meta('twitter:image')).toBe(image);
    // Its main image is fetched with the page, at high priority, not after the app has rendered.
    const preload = page.document.querySelector('link[rel="preload"][as="image"]');
    expect(preload?.getAttribute('href')).toBe(product.image);
    expect(preload?.getAttribute('fetchpriority')).toBe('high');

    const ld = ofType(page.jsonLd, 'Product')!;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      name: product.name,
      // The whole gallery, the main image first (issue 29).
      image: [image, ...product.images.slice(1).map((picture) => new URL(picture.url, ORIGIN).href)],
      url,
      brand: { name: product.brand },
    });
    expect(ld.offers).toEqual(
      expect.objectContaining({
        '@type': 'Offer',
        price: product.price.toFixed(2),
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      }),
    );
    expect(ld.aggregateRating).toMatchObject({
      '@type': 'AggregateRating',
      ratingValue: product.rating,
      reviewCount: product.numReviews,
    });
    expect(ofType(page.jsonLd, 'BreadcrumbList')!.itemListElement.map((i: { item: string }) => i.item)).toEqual([
      `${ORIGIN}/`,
      url,
    ]);

    // The product page's first query (web: ['products', 'detail', slug]) is answered by the page itself, as the API would.
    expect(dataFor(page.data, catalogKeys.detail(product.slug))).toEqual(product);
    expect(page.data!.renderedAt).toBeLessThanOrEqual(Date.now());
    // The app itself is still the page: its script, its root.
    expect(page.document.querySelector('script[type="module"][src="/assets/index-abc123.js"]')).not.toBeNull();
    expect(page.document.getElementById('root')).not.toBeNull();
  });

  it('inlines the live position taken before its read: a first stream from it replays a purchase made after (docs/live.md)', async () => {
    const product = (await allProducts()).find((p) => p.countInStock >= 2 && !p.variants?.length)!;
    const page = await crawl(`/product/${product.slug}`);
    const position = page.data!.liveEventId!;
    expect(position).toMatch(/^[0-9a-f]{8}\.\d+$/);
    const shown = dataFor(page.data, catalogKeys.detail(product.slug)) as ProductDetail;
    // Bought between the page's read and its stream, which opens after the page's code has loaded.
    const buyer = await registerCustomer(shop, 'pagegap');
    const bought = await shop.call('POST', '/api/orders', {
      token: buyer,
      body: { orderItems: [{ product: product._id, qty: 1 }], shippingAddress },
    });
    expect(bought.status).toBe(201);
    const s = await openStream(`${shop.url}/api/live?topics=product:${product._id}&lastEventId=${position}`);
    try {
      const replayed = await s.next((e) => e.event === 'product');
      expect(replayed.data.data).toEqual({ _id: product._id, countInStock: shown.countInStock - 1 });
    } finally {
      s.close();
    }
  });

  it('an out-of-stock product without reviews: OutOfStock, no aggregateRating', async () => {
    const created = await createProduct(shop, 10, 0, `Sold out ${Date.now()}`); // stock 0, no reviews
    const ld = ofType((await crawl(`/product/${created._id}`)).jsonLd, 'Product')!;
    expect(ld.offers.availability).toBe('https://schema.org/OutOfStock');
    expect(ld.aggregateRating).toBeUndefined();
  });

  it('a product with specs and a gallery: every image, and the specs as additionalProperty (issue 29)', async () => {
    const name = `Specced ${Date.now()}`;
    const { _id } = await createProduct(shop, 10, 3, name);
    const admin = await shop.adminToken();
    const images = [
      { url: '/images/sample.svg', alt: 'Front' },
      { url: '/images/specced-back.webp', alt: 'Back' },
    ];
    const specs = [
      { name: 'Display', value: '6.1" OLED' },
      { name: 'Battery', value: '4,000 mAh' },
    ];
    const saved = await shop.call('PUT', `/api/products/${_id}`, {
      token: admin,
      body: productInput(name, { price: 10, countInStock: 3, specs, images }),
    });
    expect(saved.status).toBe(200);
    const ld = ofType((await crawl(`/product/${_id}`)).jsonLd, 'Product')!;
    expect(ld.image).toEqual(images.map((image) => new URL(image.url, ORIGIN).href));
    expect(ld.additionalProperty).toEqual([
      { '@type': 'PropertyValue', name: 'Display', value: '6.1" OLED' },
      { '@type': 'PropertyValue', name: 'Battery', value: '4,000 mAh' },
    ]);
  });

  it('a product with variants: a ProductGroup with one Product and Offer per variant, specs kept (issue 29)', async () => {
    const name = `Grouped ${Date.now()}`;
    const { _id } = await createProduct(shop, 10, 3, name);
    const admin = await shop.adminToken();
    const images = [
      { url: '/images/sample.svg', alt: 'Front' },
      { url: '/images/grouped-blue.webp', alt: 'Blue' },
    ];
    const specs = [{ name: 'Display', value: '6.1" OLED' }];
    const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();
    const saved = await shop.call('PUT', `/api/products/${_id}`, {
      token: admin,
      body: productInput(name, {
        specs,
        images,
        options: [
          { name: 'Colour', values: ['Black', 'Blue'] },
          { name: 'Storage', values: ['128 GB', '256 GB'] },
        ],
        variants: [
          { sku: `GB-BLK-${suffix}`, options: { Colour: 'Black', Storage: '128 GB' }, price: 499, countInStock: 2 },
          {
            sku: `GB-BLU-${suffix}`,
            options: { Colour: 'Blue', Storage: '256 GB' },
            price: 599.5,
            countInStock: 0,
            image: '/images/grouped-blue.webp',
          },
        ],
      }),
    });
    expect(saved.status).toBe(200);
    const ids = (saved.body as Product).variants!.map((v) => v._id);
    const page = await crawl(`/product/${_id}`); // moved to its slug (301), followed
    const url = `${ORIGIN}/product/${(saved.body as Product).slug}`;
    // One node for the page, not a Product beside a group.
    expect(ofType(page.jsonLd, 'Product')).toBeUndefined();
    const group = ofType(page.jsonLd, 'ProductGroup')!;
    expect(group).toMatchObject({
      '@context': 'https://schema.org',
      name,
      url,
      productGroupID: _id,
      // Colour has a schema.org property; Storage has none, so it is said per variant instead.
      variesBy: ['https://schema.org/color'],
      additionalProperty: [{ '@type': 'PropertyValue', name: 'Display', value: '6.1" OLED' }],
    });
    expect(group.offers).toBeUndefined();
    expect(group.hasVariant).toEqual([
      {
        '@type': 'Product',
        '@id': `${url}?variant=${ids[0]}#variant`,
        sku: `GB-BLK-${suffix}`,
        name: `${name} (Black / 128 GB)`,
        image: `${ORIGIN}/images/sample.svg`,
        inProductGroupWithID: _id,
        color: 'Black',
        additionalProperty: [{ '@type': 'PropertyValue', name: 'Storage', value: '128 GB' }],
        offers: {
          '@type': 'Offer',
          url: `${url}?variant=${ids[0]}`,
          price: '499.00',
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
          itemCondition: 'https://schema.org/NewCondition',
        },
      },
      expect.objectContaining({
        sku: `GB-BLU-${suffix}`,
        image: `${ORIGIN}/images/grouped-blue.webp`,
        color: 'Blue',
        offers: expect.objectContaining({
          url: `${url}?variant=${ids[1]}`,
          price: '599.50',
          availability: 'https://schema.org/OutOfStock',
        }),
      }),
    ]);
  });

  it('each variant’s Offer url names it in ?variant= (encoded); Size is a variesBy property of its own', () => {
    const product = fakeProduct(1, {
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { _id: 'v1', sku: 'S-1', options: { Size: 'S' }, price: 1, countInStock: 1 },
        { _id: 'v/2', sku: 'M-1', options: { Size: 'M' }, price: 2, countInStock: 1 },
      ],
    });
    const group = productHead(ORIGIN, product).jsonLd[0]! as Record<string, any>;
    expect(group.variesBy).toEqual(['https://schema.org/size']);
    expect(group.hasVariant.map((v: Record<string, any>) => [v.size, v.additionalProperty, v.offers.url])).toEqual([
      ['S', undefined, `${ORIGIN}/product/product-1?variant=v1`],
      ['M', undefined, `${ORIGIN}/product/product-1?variant=v%2F2`],
    ]);
  });

  it('a draft (created, never saved) has no page: a noindex 404 until its first save', async () => {
    const admin = await shop.adminToken();
    const draft = (await shop.call<Product>('POST', '/api/products', { token: admin })).body;
    const page = await crawl(`/product/${draft._id}`);
    expect(page.res.status).toBe(404);
    expect(page.document.querySelector('meta[name="robots"]')?.getAttribute('content')).toContain('noindex');
    await shop.call('DELETE', `/api/products/${draft._id}`, { token: admin });
  });

  it('issue 40: the id and an old slug move for good (301) to the current slug, the variant kept; canonical is the slug', async () => {
    const admin = await shop.adminToken();
    const created = await createProduct(shop, 10, 3, `Slug Lamp ${Date.now()}`);
    const oldSlug = (await shop.call<Product>('GET', `/api/products/${created._id}`)).body.slug;
    const renamed = await shop.call<Product>('PUT', `/api/products/${created._id}`, {
      token: admin,
      body: productInput(`Slug Lamp Renamed ${Date.now()}`, { price: 10, countInStock: 3 }),
    });
    const { slug } = renamed.body;
    expect(slug).toMatch(/^slug-lamp-renamed-\d+$/);
    const moved = (path: string) => fetch(shop.url + path, { redirect: 'manual' });
    for (const [from, to] of [
      [`/product/${created._id}`, `/product/${slug}`],
      [`/product/${oldSlug}`, `/product/${slug}`],
      [`/product/${created._id}?variant=v1`, `/product/${slug}?variant=v1`],
    ]) {
      const res = await moved(from!);
      expect(res.status, from).toBe(301);
      expect(res.headers.get('location'), from).toBe(to);
    }
    const page = await crawl(`/product/${slug}`);
    expect(page.res.status).toBe(200);
    expect(page.canonical).toBe(`${ORIGIN}/product/${slug}`);
    expect(ofType(page.jsonLd, 'Product')!['@id']).toBe(`${ORIGIN}/product/${slug}#product`);
    // The API answers by the id, the current slug and the old one alike (the spec's clients keep their ids).
    for (const key of [created._id, slug, oldSlug])
      expect((await shop.call<Product>('GET', `/api/products/${key}`)).body._id, key).toBe(created._id);
    // An unknown slug is the 404 page.
    const unknown = await crawl('/product/no-such-slug-anywhere');
    expect(unknown.res.status).toBe(404);
    expect(unknown.meta('robots')).toBe('noindex');
  });

  it('an unknown or malformed id: a 404 page marked noindex, with no data, that still opens the app', async () => {
    for (const path of [
      '/product/000000000000000000000000',
      '/product/no%20such%20thing',
      `/product/${'x'.repeat(300)}`,
    ]) {
      const page = await crawl(path);
      expect(page.res.status, path).toBe(404);
      expect(page.res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(page.meta('robots'), path).toBe('noindex');
      expect(page.canonical, path).toBeNull();
      expect(page.data, path).toBeNull();
      expect(page.jsonLd, path).toEqual([]);
      expect(page.document.querySelector('script[type="module"]'), path).not.toBeNull();
    }
  });

  it('escapes an admin-written name everywhere: no element, attribute or script can be injected', async () => {
    const admin = await shop.adminToken();
    const created = (await shop.call<Product>('POST', '/api/products', { token: admin })).body;
    const name = `Pwn</script><img src=x onerror=alert(1)>"' & <!-- \u2028`;
    const description = `</title><script>alert(2)</script><meta http-equiv="refresh" content="0;url=https://evil.test">`;
    const update = await shop.call('PUT', `/api/products/${created._id}`, {
      token: admin,
      body: {
        name,
        price: 12.5,
        image: '/images/sample.svg',
        brand: '"><svg onload=alert(3)>',
        category: 'x',
        countInStock: 3,
        description,
      },
    });
    expect(update.status).toBe(200);
    const read = (await shop.call<Product>('GET', `/api/products/${created._id}`)).body;
    const stored = read.name; // as the store keeps it
    expect(stored).toContain('</script><img src=x onerror=alert(1)>"\' & <!--');

    const page = await crawl(`/product/${created._id}`);
    expect(page.res.status).toBe(200);
    // Nothing the admin wrote became markup: only the template's one module script and the data blocks.
    expect(page.document.querySelectorAll('img, svg, meta[http-equiv]')).toHaveLength(0);
    expect([...page.document.querySelectorAll('script')].map((s) => s.getAttribute('type'))).toEqual([
      'module',
      'application/ld+json',
      'application/ld+json',
      'application/json',
    ]);
    expect(page.titles).toBe(1);
    // ...and every text reads back exactly.
    expect(page.title).toBe(`${stored} | Voltshop`);
    expect(page.meta('og:title')).toBe(`${stored} | Voltshop`);
    expect(page.meta('description')).toBe(description);
    expect(ofType(page.jsonLd, 'Product')!.name).toBe(stored);
    expect(ofType(page.jsonLd, 'Product')!.description).toBe(description);
    expect((dataFor(page.data, catalogKeys.detail(read.slug)) as Product).name).toBe(stored);
    expect(page.html).not.toMatch(/<\/script><img/i);
  });

  it('keeps the content security policy: no inline script allowed, the data blocks are not scripts to run', async () => {
    const [first] = await allProducts();
    const page = await crawl(`/product/${first._id}`);
    const csp = page.res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const executable = [...page.document.querySelectorAll('script')].filter(
      (s) => !['application/json', 'application/ld+json'].includes(s.getAttribute('type') ?? ''),
    );
    expect(executable.every((s) => s.hasAttribute('src'))).toBe(true);
  });
});

describe('catalogue pages without JavaScript', () => {
  it('home: WebSite with a SearchAction, canonical /, and the first list page and top rated inlined', async () => {
    const page = await crawl('/');
    expect(page.res.status).toBe(200);
    expect(page.res.headers.get('link')).toBeNull();
    expect(page.title).toBe('Welcome To Voltshop');
    expect(page.canonical).toBe(`${ORIGIN}/`);
    expect(page.meta('og:type')).toBe('website');
    expect(page.meta('og:image')).toMatch(/^https?:\/\//);
    expect(ofType(page.jsonLd, 'WebSite')).toMatchObject({
      url: `${ORIGIN}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${ORIGIN}/search/{search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
    // Byte for byte what the home page's two first calls answer.
    expect(dataFor(page.data, catalogKeys.list('', 1))).toEqual(
      (await shop.call('GET', '/api/products?keyword=&pageNumber=1')).body,
    );
    const top = (await shop.call<Product[]>('GET', '/api/products/top')).body;
    expect(dataFor(page.data, catalogKeys.top())).toEqual(top);
    // The carousel's first slide (the largest paint on a phone) is fetched with the page.
    const preloads = page.document.querySelectorAll('link[rel="preload"][as="image"]');
    expect(preloads).toHaveLength(1);
    expect(preloads[0].getAttribute('href')).toBe(top[0].image);
  });

  it('an uploaded image is preloaded with the srcset and sizes its <img> uses (one download, the same file)', () => {
    const image = `/uploads/${'ab'.repeat(16)}.webp`;
    const product = fakeProduct(1, { name: 'Uploaded', image });
    const html = renderPage(TEMPLATE, ORIGIN, productHead(ORIGIN, product), Date.now());
    const link = new JSDOM(html).window.document.querySelector('link[rel="preload"][as="image"]')!;
    expect(link.getAttribute('href')).toBe(image);
    expect(link.getAttribute('imagesrcset')).toBe(imageSrcSet(image));
    expect(link.getAttribute('imagesizes')).toBe(PRODUCT_IMAGE_SIZES);
    const home = listHead(ORIGIN, {
      keyword: '',
      page: { products: [], page: 1, pages: 0 } as unknown as ProductPage,
      top: [product],
    });
    expect(home.preloadImage).toEqual({ href: image, srcset: imageSrcSet(image), sizes: CAROUSEL_IMAGE_SIZES });
    // A category page or a search: its first card's picture (web CatalogPage's one card at high priority), with the
    // card's sizes; a page without products preloads none.
    const listed = { products: [product], page: 1, pages: 1 } as unknown as ProductPage;
    const card = { href: image, srcset: imageSrcSet(image), sizes: CARD_IMAGE_SIZES };
    const categoryHead = listHead(ORIGIN, {
      keyword: '',
      page: listed,
      top: null,
      view: { sort: 'newest', category: 'c' },
    });
    expect(categoryHead.preloadImage).toEqual(card);
    expect(listHead(ORIGIN, { keyword: 'up', page: listed, top: null }).preloadImage).toEqual(card);
    const none = { products: [], page: 1, pages: 0 } as unknown as ProductPage;
    expect(listHead(ORIGIN, { keyword: 'up', page: none, top: null }).preloadImage).toBeUndefined();
  });

  it("puts index.html's first paint in #root: the home page's poster in its slot, escaped; the template taken out", () => {
    const layout = `<div data-first-paint="" inert=""><header>Voltshop</header><main><div class="container">${FIRST_PAINT_SLOT}</div></main></div>`;
    const withShell = TEMPLATE.replace(
      '<div id="root"></div>',
      `<div id="root"></div>\n    <template id="${FIRST_PAINT_TEMPLATE_ID}">${layout}</template>`,
    );
    const image = `/uploads/${'cd'.repeat(16)}.webp`;
    const product = fakeProduct(1, { name: 'Tom & "Jerry" <Deluxe>', image, price: 1234.5 });
    const page = { products: [product], page: 1, pages: 1 } as unknown as ProductPage;
    const home = new JSDOM(renderPage(withShell, ORIGIN, listHead(ORIGIN, { keyword: '', page, top: [product] }), 1))
      .window.document;
    expect(home.querySelectorAll('template')).toHaveLength(0);
    const root = home.getElementById('root')!;
    expect(root.querySelector('[data-first-paint] header')?.textContent).toBe('Voltshop');
    const poster = root.querySelector('[data-first-paint] main .container [data-testid="carousel-poster"]')!;
    expect(poster.textContent).toBe('Tom & "Jerry" <Deluxe> ($1,234.50)');
    const img = poster.querySelector('img')!;
    expect([img.getAttribute('src'), img.getAttribute('srcset'), img.getAttribute('sizes')]).toEqual([
      image,
      imageSrcSet(image),
      CAROUSEL_IMAGE_SIZES,
    ]);
    expect(root.innerHTML).not.toContain(FIRST_PAINT_SLOT);
    // The product page: its top bar and first picture (web ProductPage.test.tsx checks they are the app's own), the
    // page's code fetched below them.
    const productHtml = renderPage(
      withShell,
      ORIGIN,
      { ...productHead(ORIGIN, product), modulePreloads: ['/assets/ProductPage-x.js'] },
      1,
    );
    const productPage = new JSDOM(productHtml).window.document;
    const productFrame = productPage.querySelector('#root [data-first-paint] main .container .product-page')!;
    expect(productFrame.querySelector('[aria-current="page"]')?.textContent).toBe('Tom & "Jerry" <Deluxe>');
    const picture = productFrame.querySelector('.product-image img')!;
    expect([picture.getAttribute('src'), picture.getAttribute('fetchpriority')]).toEqual([image, 'high']);
    expect(productPage.querySelectorAll('template')).toHaveLength(0);
    const preload = productPage.querySelector('link[rel="modulepreload"]')!;
    expect(preload.getAttribute('fetchpriority')).toBe('low');
    // A page without a first paint of its own (no top products): the layout with an empty main, its code as before.
    const bare = { products: [], page: 1, pages: 0 } as unknown as ProductPage;
    const plain = new JSDOM(
      renderPage(
        withShell,
        ORIGIN,
        { ...listHead(ORIGIN, { keyword: '', page: bare, top: [] }), modulePreloads: ['/assets/CatalogPage-x.js'] },
        1,
      ),
    ).window.document;
    expect(plain.querySelector('#root [data-first-paint] main .container')?.innerHTML).toBe('');
    expect(plain.querySelector('link[rel="modulepreload"]')!.hasAttribute('fetchpriority')).toBe(false);
    // A build without one: #root stays empty, as before.
    expect(
      new JSDOM(renderPage(TEMPLATE, ORIGIN, productHead(ORIGIN, product), 1)).window.document.getElementById('root')!
        .innerHTML,
    ).toBe('');
  });

  it('is sent compressed when the browser accepts it', async () => {
    const res = await fetch(`${shop.url}/`, { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await res.text()).toContain('"@type":"WebSite"');
  });

  it('/page/N: its own canonical and data; past the last page a noindex 404', async () => {
    const { pages } = (await shop.call<ProductPage>('GET', '/api/products?pageNumber=1')).body;
    expect(pages).toBeGreaterThan(1);
    const second = await crawl('/page/2');
    expect(second.res.status).toBe(200);
    expect(second.canonical).toBe(`${ORIGIN}/page/2`);
    expect(second.title).toBe('Latest Products, page 2 | Voltshop');
    expect(dataFor(second.data, catalogKeys.list('', 2))).toEqual(
      (await shop.call('GET', '/api/products?keyword=&pageNumber=2')).body,
    );
    for (const path of [`/page/${pages + 1}`, '/page/0', '/page/abc']) {
      const page = await crawl(path);
      expect(page.res.status, path).toBe(404);
      expect(page.meta('robots'), path).toBe('noindex');
    }
  });

  it('/search/:keyword: titled, its results inlined, followed but not indexed, no canonical', async () => {
    const page = await crawl('/search/usb%20c');
    expect(page.res.status).toBe(200);
    expect(page.title).toBe('Search: usb c | Voltshop');
    expect(page.meta('robots')).toBe('noindex, follow');
    expect(page.canonical).toBeNull();
    expect(dataFor(page.data, catalogKeys.list('usb c', 1))).toEqual(
      (await shop.call('GET', '/api/products?keyword=usb%20c&pageNumber=1')).body,
    );
    expect(dataFor(page.data, catalogKeys.top())).toBeUndefined();
  });

  it('leaves the other screens to the plain app shell (no per-page head, no data)', async () => {
    for (const path of ['/cart', '/login', '/admin/productlist']) {
      const page = await crawl(path);
      expect(page.res.status, path).toBe(200);
      expect(page.data, path).toBeNull();
      expect(page.jsonLd, path).toEqual([]);
    }
  });
});

describe('GET /cart/:id (the Add to Cart link)', () => {
  it('inlines the product it adds, so the cart opens without asking for it: titled, never indexed', async () => {
    const [product] = await allProducts();
    const page = await crawl(`/cart/${product!._id}?qty=2`);
    expect(page.res.status).toBe(200);
    // Its code comes with it (the manifest's chunks of the cart page's routes).
    expect(modulePreloads(page.document)).toEqual(['/assets/QueryLayout-h1.js', '/assets/CartPage-h1.js']);
    expect(page.title).toBe('Shopping Cart | Voltshop');
    expect(page.meta('robots')).toBe('noindex');
    expect(page.canonical).toBeNull();
    expect(page.jsonLd).toEqual([]);
    expect(dataFor(page.data, catalogKeys.detail(product!._id))).toEqual(
      (await shop.call('GET', `/api/products/${product!._id}`)).body,
    );
  });

  it('an unknown, malformed or draft product is left to the plain app (which says why it cannot be added)', async () => {
    const admin = await shop.adminToken();
    const draft = (await shop.call<Product>('POST', '/api/products', { token: admin })).body;
    for (const id of ['000000000000000000000000', 'no%20such%20thing', draft._id]) {
      const page = await crawl(`/cart/${id}?qty=1`);
      expect(page.res.status, id).toBe(200);
      expect(page.data, id).toBeNull();
      expect(page.meta('robots'), id).toBeNull();
      expect(page.document.querySelector('script[type="module"]'), id).not.toBeNull();
    }
    await shop.call('DELETE', `/api/products/${draft._id}`, { token: admin });
  });
});

describe('GET /compare?ids= (issue 41) without JavaScript', () => {
  it('names the products in its title and description, previews the first, inlines the API’s answer; not indexed', async () => {
    const [a, b] = await allProducts();
    const ids = [a!._id, b!._id];
    const page = await crawl(`/compare?ids=${ids.join(',')}`);
    expect(page.res.status).toBe(200);
    expect(modulePreloads(page.document)).toEqual(['/assets/QueryLayout-h1.js', '/assets/ComparePage-h1.js']);
    expect(page.title).toBe(`Compare ${a!.name} vs ${b!.name} | Voltshop`);
    expect(page.meta('description')).toContain(`${a!.name}, ${b!.name} side by side`);
    expect(page.meta('og:title')).toBe(page.title);
    expect(page.meta('og:image')).toBe(`${ORIGIN}${a!.image}`);
    expect(page.meta('robots')).toBe('noindex, follow');
    expect(page.canonical).toBe(`${ORIGIN}/compare?ids=${ids.join(',')}`);
    expect(dataFor(page.data, catalogKeys.compare(ids))).toEqual(
      (await shop.call('GET', `/api/products/compare?ids=${ids.join(',')}`)).body,
    );
  });

  it('ids the API refuses are left to the plain app (which says what is wrong)', async () => {
    const [a] = await allProducts();
    for (const query of ['', `?ids=${a!._id}`, '?ids=a,b,c,d,e', '?ids=a,%3Cb%3E']) {
      const page = await crawl(`/compare${query}`);
      expect(page.res.status, query).toBe(200);
      expect(page.data, query).toBeNull();
      expect(page.document.querySelector('script[type="module"]'), query).not.toBeNull();
    }
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('the sitemap lists the home page and every product, with absolute URLs and last-modified dates', async () => {
    const res = await fetch(`${shop.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const products = await allProducts();
    // Issue 40: each product at its slug's address.
    expect(locs.sort()).toEqual([`${ORIGIN}/`, ...products.map((p) => `${ORIGIN}/product/${p.slug}`)].sort());
    expect([...xml.matchAll(/<lastmod>/g)]).toHaveLength(products.length);
  });

  it('robots.txt disallows the private and checkout routes and names the sitemap', async () => {
    const res = await fetch(`${shop.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await res.text()).split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of [
      '/admin',
      '/cart',
      '/shipping',
      '/payment',
      '/placeorder',
      '/order',
      '/profile',
      '/login',
      '/register',
    ]) {
      expect(lines, path).toContain(`Disallow: ${path}`);
    }
    expect(lines.some((l) => /^Disallow: \/(product|page|search)?$/.test(l))).toBe(false);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe('GET /category/:category and filtered list pages without JavaScript', () => {
  it('a category page: its title, canonical URL, Home / Category breadcrumbs, and the first page and facets inlined', async () => {
    const page = await crawl('/category/audio');
    expect(page.res.status).toBe(200);
    expect(page.title).toBe('Audio | Voltshop');
    expect(page.canonical).toBe(`${ORIGIN}/category/audio`);
    expect(page.meta('robots')).toBeNull();
    expect(page.meta('description')).toContain('Audio');
    expect(ofType(page.jsonLd, 'BreadcrumbList')!.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Voltshop', item: `${ORIGIN}/` },
      { '@type': 'ListItem', position: 2, name: 'Audio', item: `${ORIGIN}/category/audio` },
    ]);
    const filters = 'category=Audio';
    const inlined = dataFor(page.data, catalogKeys.list('', 1, filters)) as ProductPage;
    expect(inlined).toEqual((await shop.call('GET', '/api/products?category=Audio&pageNumber=1')).body);
    expect(inlined.products.every((p) => p.category === 'Audio')).toBe(true);
    expect(dataFor(page.data, catalogKeys.facets('', filters))).toEqual(
      (await shop.call('GET', '/api/products/facets?category=Audio')).body,
    );
    expect(dataFor(page.data, catalogKeys.top())).toBeUndefined();
  });

  it('preloads the one call the app still makes before showing it: the slug’s category (Link: rel=preload)', async () => {
    const page = await crawl('/category/audio?sort=price_asc');
    expect(page.res.headers.get('link')).toBe('</api/categories/slug/audio>; rel=preload; as=fetch; crossorigin');
    // The URL the app's loader asks for (web/src/lib/shop/embedded.ts), answering the page's category as it is.
    const lookup = await shop.call('GET', categoryLookupPath('audio'));
    expect(lookup.body).toMatchObject({ entry: { name: 'Audio', slug: 'audio' }, redirect: false });
    // Pages that make no such call preload nothing; a moved or unknown category neither.
    for (const path of ['/', '/search/audio', '/category/No%20Such%20Category'])
      expect((await crawl(path)).res.headers.get('link'), path).toBeNull();
    expect((await fetch(`${shop.url}/category/Audio`, { redirect: 'manual' })).headers.get('link')).toBeNull();
  });

  it('honours the URL query when inlining: brand, price range and sort, marked noindex with the plain canonical', async () => {
    const page = await crawl('/category/audio?brand=Arcwave&minPrice=10&maxPrice=500&sort=price_desc');
    expect(page.res.status).toBe(200);
    expect(page.meta('robots')).toBe('noindex, follow');
    expect(page.canonical).toBe(`${ORIGIN}/category/audio`);
    const key = catalogKeys.list('', 1, 'category=Audio&brand=Arcwave&minPrice=10&maxPrice=500&sort=price_desc');
    const inlined = dataFor(page.data, key) as ProductPage;
    expect(inlined).toEqual(
      (
        await shop.call(
          'GET',
          '/api/products?category=Audio&brand=Arcwave&minPrice=10&maxPrice=500&sort=price_desc&pageNumber=1',
        )
      ).body,
    );
    expect(inlined.products.length).toBeGreaterThan(0);

    const home = await crawl('/?sort=price_asc');
    const sorted = dataFor(home.data, catalogKeys.list('', 1, 'sort=price_asc')) as ProductPage;
    expect(sorted.products[0]!.price).toBe(Math.min(...(await allProducts()).map((p) => p.price)));
    expect(dataFor(home.data, catalogKeys.top())).toBeDefined(); // the spec's carousel: home without a keyword
    const plain = await crawl('/');
    expect(dataFor(plain.data, catalogKeys.list('', 1))).toBeDefined(); // unchanged key without filters
    expect(dataFor(plain.data, catalogKeys.top())).toBeDefined();
  });

  it('a category’s name or old slug (renamed, merged) moves to its slug for good, with the page and the query', async () => {
    const moved = (path: string) => fetch(shop.url + path, { redirect: 'manual' });
    const byName = await moved('/category/Audio/page/2?sort=price_asc');
    expect(byName.status).toBe(301);
    expect(byName.headers.get('location')).toBe('/category/audio/page/2?sort=price_asc');
    const admin = await shop.adminToken();
    const created = await shop.call('POST', '/api/categories', { token: admin, body: { name: 'Pages Old' } });
    await shop.call('PUT', `/api/categories/${created.body._id}`, { token: admin, body: { name: 'Pages New' } });
    const old = await moved('/category/pages-old');
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/category/pages-new');
  });

  it('unknown query parameters move to the canonical URL (301) before anything is read: one CDN cache entry', async () => {
    // `?r=<random>` (or utm_*, fbclid) would make every request a new key at Hosting's CDN, each a function run.
    const moved = (path: string) => fetch(shop.url + path, { redirect: 'manual' });
    const cases: [string, string][] = [
      ['/?r=123', '/'],
      ['/page/2?utm_source=x&sort=price_asc', '/page/2?sort=price_asc'],
      ['/category/audio?fbclid=1&brand=Acme&minPrice=10.50', '/category/audio?brand=Acme&minPrice=10.5'],
      // The filters as the app writes them (catalogSearchParams' order), a default sort dropped.
      ['/search/cable?sort=relevance&brand=Acme', '/search/cable?brand=Acme'],
      ['/product/aaaaaaaaaaaaaaaaaaaaaaaa?r=1&variant=v1', '/product/aaaaaaaaaaaaaaaaaaaaaaaa?variant=v1'],
    ];
    for (const [from, to] of cases) {
      const res = await moved(from);
      expect(res.status, from).toBe(301);
      expect(res.headers.get('location'), from).toBe(to);
      // The canonical URL itself is answered, not moved again.
      expect((await moved(to)).status, to).not.toBe(301);
    }
  });

  it('an empty, unknown or too long category, and a page past the last: 404 pages, never indexed', async () => {
    for (const path of ['/category/No%20Such%20Category', `/category/${'x'.repeat(101)}`, '/category/Audio/page/9']) {
      const page = await crawl(path);
      expect(page.res.status, path).toBe(404);
      expect(page.meta('robots'), path).toBe('noindex');
    }
  });
});

describe('a store that reads each sitemap file on its own (Firestore: ranges of document ids)', () => {
  const products: ProductDetail[] = Array.from({ length: 7 }, (_, i) => fakeProduct(i));
  const calls: string[] = [];
  // Files of 3 (perFile = 4 URLs − the home page), each answered from its own slice: no listing at all.
  const catalog: CatalogReader = {
    async list() {
      calls.push('list');
      throw new Error('the sitemap must not list pages');
    },
    async top() {
      return [];
    },
    async get() {
      return null;
    },
    async sitemap(perFile, file) {
      calls.push(`sitemap ${perFile} ${file ?? '-'}`);
      const files = Math.ceil(products.length / perFile);
      const slice = file === undefined ? [] : products.slice((file - 1) * perFile, file * perFile);
      return { files, products: slice.map((p) => ({ _id: p._id, slug: p.slug, updatedAt: p.updatedAt })) };
    },
  };
  let server: Server;
  let base = '';
  beforeAll(async () => {
    const app = express();
    app.use(
      pageRoutes({
        catalog,
        template: async () => TEMPLATE,
        pageSize: 4,
        cacheControl: 'public, max-age=0, s-maxage=300',
        sitemapMaxUrls: 4,
      }),
    );
    server = await new Promise<Server>((r) => {
      const s = app.listen(0, '127.0.0.1', () => r(s));
    });
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('the index asks the number of files only; each file asks for itself; together every product once', async () => {
    const index = await (await fetch(`${base}/sitemap.xml`)).text();
    expect(calls).toEqual(['sitemap 3 -']);
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(files).toEqual([1, 2, 3].map((n) => `${base}/sitemap-products-${n}.xml`));
    const seen: string[] = [];
    for (const [i, file] of files.entries()) {
      calls.length = 0;
      const res = await fetch(file);
      expect(res.status).toBe(200);
      expect(calls).toEqual([`sitemap 3 ${i + 1}`]);
      seen.push(...[...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
    }
    expect(seen).toEqual([`${base}/`, ...products.map((p) => `${base}/product/${p.slug}`)]);
    expect((await fetch(`${base}/sitemap-products-4.xml`)).status).toBe(404);
  });
});

describe('a large catalogue (pageRoutes on a fake catalogue)', () => {
  const products: ProductDetail[] = Array.from({ length: 7 }, (_, i) => fakeProduct(i));
  const catalog: CatalogReader = {
    async list({ page, pageSize }) {
      return {
        products: products.slice((page - 1) * pageSize, page * pageSize),
        page,
        pages: Math.ceil(products.length / pageSize),
      };
    },
    async top(limit) {
      return products.slice(0, limit);
    },
    async get(id) {
      return products.find((p) => p._id === id) ?? null;
    },
    async slugOwner(slug) {
      return products.find((p) => p.slug === slug)?._id ?? null;
    },
  };
  let server: Server;
  let base = '';
  beforeAll(async () => {
    const app = express();
    app.use(
      pageRoutes({
        catalog,
        template: async () => TEMPLATE,
        pageSize: 4,
        cacheControl: 'public, max-age=0, s-maxage=300',
        sitemapMaxUrls: 4,
      }),
    );
    server = await new Promise<Server>((r) => {
      const s = app.listen(0, '127.0.0.1', () => r(s));
    });
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('answers a sitemap index of files of at most the limit, which together list every product once', async () => {
    const index = await (await fetch(`${base}/sitemap.xml`)).text();
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    // No PUBLIC_URL: the request's own origin.
    expect(files).toEqual([1, 2, 3].map((n) => `${base}/sitemap-products-${n}.xml`));
    const seen: string[] = [];
    for (const file of files) {
      const res = await fetch(file);
      expect(res.status).toBe(200);
      const locs = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(locs.length).toBeLessThanOrEqual(4);
      seen.push(...locs);
    }
    expect(seen).toEqual([`${base}/`, ...products.map((p) => `${base}/product/${p.slug}`)]);
    expect((await fetch(`${base}/sitemap-products-4.xml`)).status).toBe(404);
    expect((await fetch(`${base}/sitemap-products-0.xml`)).status).toBe(404);
  });

  it('never writes a foreign Host into URLs when PUBLIC_URL is unset: only a loopback host is the origin', async () => {
    const { request } = await import('node:http');
    const port = new URL(base).port;
    /** GET with a chosen Host header (fetch does not let a test set it). */
    const get = (path: string, host: string) =>
      new Promise<string>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path, headers: { Host: host } }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve(body));
        });
        req.on('error', reject);
        req.end();
      });
    // Nor one dressed as a loopback name: Express's req.hostname stops at the first ':' of
    // `127.0.0.1:5314@evil.example`, which a browser reads as host evil.example.
    for (const host of ['evil.example', `127.0.0.1:${port}@evil.example`, '127.0.0.1:1@evil.example:80', 'localhost:x'])
      for (const path of ['/', '/product/product-1', '/sitemap.xml', '/sitemap-products-1.xml', '/robots.txt']) {
        const body = await get(path, host);
        expect(body, `${host} ${path}`).not.toContain('evil.example');
        expect(body, `${host} ${path}`).toContain(`http://localhost:${port}/`);
      }
    // A loopback name is the developer's own machine: its origin is used as asked.
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `shop.localhost:${port}`]) {
      expect(await get('/robots.txt', host), host).toContain(`Sitemap: http://${host}/sitemap.xml`);
    }
  });

  it('sends the cache lifetime it is given (the Firebase function: cached at the CDN)', async () => {
    for (const path of ['/', '/product/product-1', '/sitemap.xml', '/robots.txt']) {
      expect((await fetch(base + path)).headers.get('cache-control'), path).toBe('public, max-age=0, s-maxage=300');
    }
  });

  it('without a live hub (the Firebase `pages` function) the data block has no live position', async () => {
    const page = await crawl('/product/product-1', base);
    expect(page.data?.queries.length).toBe(1);
    expect(page.data).not.toHaveProperty('liveEventId');
  });
});

describe('the live position a page inlines (pageRoutes on a fake catalogue)', () => {
  // The hub's position as a counter: each read "publishes" one event while it runs, as a write committing then would.
  let seq = 0;
  const catalog: CatalogReader = {
    async list({ page }) {
      seq++;
      return { products: [fakeProduct(0)], page, pages: 1 };
    },
    async top() {
      seq++;
      return [fakeProduct(0)];
    },
    async get(id) {
      seq++;
      return id === 'p0' ? fakeProduct(0) : null;
    },
    async slugOwner(slug) {
      return slug === 'product-0' ? 'p0' : null;
    },
  };
  let server: Server;
  let base = '';
  beforeAll(async () => {
    const app = express();
    app.use(
      pageRoutes({
        catalog,
        template: async () => TEMPLATE,
        pageSize: 4,
        cacheControl: 'no-cache',
        livePosition: () => `abcd1234.${seq}`,
      }),
    );
    server = await new Promise<Server>((r) => {
      const s = app.listen(0, '127.0.0.1', () => r(s));
    });
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('is taken before the page reads its data, never after (a change during the read is replayed)', async () => {
    for (const path of ['/product/product-0', '/']) {
      const before = seq;
      const page = await crawl(path, base);
      expect(seq, path).toBeGreaterThan(before); // the page read (and "published" meanwhile)
      expect(page.data?.liveEventId, path).toBe(`abcd1234.${before}`);
    }
  });
});

describe('Firebase Hosting', () => {
  type Rewrite = {
    source?: string;
    regex?: string;
    function?: { functionId: string; region: string };
    destination?: string;
  };
  const hosting = JSON.parse(readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8')).hosting as {
    rewrites: Rewrite[];
  };
  const region = hosting.rewrites.find((r) => r.source === '/api/**')!.function!.region; // src/index.ts REGION
  const toPages = { functionId: 'pages', region };
  /** A Hosting glob as Hosting reads it: `**` any path, `*` within one segment. */
  const globMatches = (glob: string, path: string) =>
    new RegExp(
      `^${glob
        .split('**')
        .map((part) =>
          part
            .split('*')
            .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
            .join('[^/]*'),
        )
        .join('.*')}$`,
    ).test(path);
  /** Where Hosting sends `path`: the first rewrite that matches it. */
  const rewriteOf = (path: string) =>
    hosting.rewrites.find((r) =>
      r.source === undefined ? new RegExp(r.regex!).test(path) : globMatches(r.source, path),
    );
  /** A URL of a route (every parameter given). */
  const sample = (pattern: string) => pattern.replace(/:(\w+)\??/g, 'x1');
  /** Every route of the table, admin ones included (not the catch-all). */
  const allRoutes = (table: object): { path: string }[] =>
    Object.values(table).flatMap((entry: { path?: string }) =>
      typeof entry.path === 'string' ? (entry.path === '*' ? [] : [entry as { path: string }]) : allRoutes(entry),
    );

  it('rewrites the routes of the table Hosting renders, the sitemaps and robots.txt to the `pages` function, before the app', () => {
    const fallback = hosting.rewrites.findIndex((r) => r.destination === '/index.html');
    expect(fallback).toBe(hosting.rewrites.length - 1);
    expect(hosting.rewrites[fallback].regex).toBe(hostingPagesRegex(HOSTING_RENDERED));
    for (const route of HOSTING_RENDERED) {
      // The route's fixed first segment, then anything: /product/** for /product/:id.
      // A route without parameters (/compare) is its own source.
      const source = route.path.includes('/:') ? `${route.path.slice(0, route.path.indexOf('/:') + 1)}**` : route.path;
      const at = hosting.rewrites.findIndex((r) => r.source === source);
      expect(at, source).toBeGreaterThanOrEqual(0);
      expect(at, source).toBeLessThan(fallback);
      expect(hosting.rewrites[at].function, source).toEqual(toPages);
    }
    for (const file of [CRAWLER_FILES.robots, CRAWLER_FILES.sitemap, CRAWLER_FILES.sitemapFile(2)])
      expect(rewriteOf(file)?.function, file).toEqual(toPages);
  });

  it('sends every other route of the table to the plain app, and nothing else to `pages`', () => {
    const rendered = new Set<string>(HOSTING_RENDERED.map((r) => r.path));
    const routes = allRoutes(paths);
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const url = sample(route.path);
      if (rendered.has(route.path)) expect(rewriteOf(url)?.function, url).toEqual(toPages);
      // The home page is index.html itself (a file, served before any rewrite).
      else if (route !== paths.home) expect(rewriteOf(url)?.destination, url).toBe('/index.html');
    }
    // No page of the table: no rewrite, so Hosting answers 404.html (the app's "not found" page) with a 404, as the
    // embedded server does; a hashed asset an old page asks for after a deploy is a 404 too, never the app.
    for (const url of [
      '/made-up',
      '/assets/index-old.js',
      '/search',
      '/cart/a/b',
      '/adminx',
      '/order/1/other',
      '/x.php',
    ])
      expect(rewriteOf(url), url).toBeUndefined();
    // Every rewrite to `pages` serves a route or file of the table (none left behind by a renamed route).
    const served = [
      ...HOSTING_RENDERED.map((r) => sample(r.path)),
      CRAWLER_FILES.robots,
      CRAWLER_FILES.sitemap,
      CRAWLER_FILES.sitemapFile(1),
    ];
    for (const rewrite of hosting.rewrites.filter((r) => r.function?.functionId === 'pages'))
      expect(
        served.some((url) => globMatches(rewrite.source!, url)),
        rewrite.source,
      ).toBe(true);
    // What Hosting renders, the embedded server renders too (features/pages).
    for (const route of HOSTING_RENDERED) expect(SERVER_RENDERED).toContain(route);
  });
});

describe('issue 41: a sale price’s 30-day low on the product page, as the settings say', () => {
  it('JSON-LD and the inlined product carry it only when the settings show it', async () => {
    const admin = await shop.adminToken();
    const id = (await shop.call('POST', '/api/products', { token: admin })).body._id as string;
    const save = async (price: number, compareAtPrice?: number, variantId?: string) => {
      const res = await shop.call('PUT', `/api/products/${id}`, {
        token: admin,
        body: productInput('Pages Sale', {
          options: [{ name: 'Colour', values: ['Black'] }],
          variants: [
            {
              ...(variantId ? { _id: variantId } : {}),
              sku: 'PAGES-SALE-1',
              options: { Colour: 'Black' },
              price,
              ...(compareAtPrice === undefined ? {} : { compareAtPrice }),
              countInStock: 3,
            },
          ],
        }),
      });
      expect(res.status).toBe(200);
      return res.body.variants[0]._id as string;
    };
    const variant = await save(100);
    await save(120, undefined, variant);
    await save(99, 120, variant);
    const offerOf = (page: Awaited<ReturnType<typeof crawl>>) =>
      page.jsonLd.find((ld) => ld['@type'] === 'ProductGroup')!.hasVariant[0].offers;

    // The defaults (auto, no EU country): hidden.
    const hidden = await crawl(`/product/${id}`);
    expect(offerOf(hidden).priceSpecification).toBeUndefined();
    expect(hidden.html).not.toContain('lowestPrice30Days');

    const settings = (await shop.call('GET', '/api/settings', { token: admin })).body;
    const on = await shop.call('PUT', '/api/settings', {
      token: admin,
      body: { ...settings, showLowestPrice30Days: 'on' },
    });
    expect(on.status).toBe(200);
    try {
      const shown = await crawl(`/product/${id}`);
      expect(offerOf(shown)).toMatchObject({
        price: '99.00',
        priceSpecification: { name: 'Lowest price in the last 30 days', price: '100.00', priceCurrency: 'USD' },
      });
      expect(shown.html).toContain('"lowestPrice30Days":100');
    } finally {
      await shop.call('PUT', '/api/settings', { token: admin, body: settings });
    }
  });
});

describe('the public settings with the pages that show them', () => {
  it('the product page and the Add to Cart link inline them as GET /api/settings/public answers, a save included', async () => {
    const [product] = (await allProducts()).filter((p) => p.countInStock > 0);
    const settingsOf = async (path: string) => dataFor((await crawl(path)).data, settingsKeys.public);
    const answer = async () => (await shop.call('GET', '/api/settings/public')).body;
    // The limits, tax and shipping the buy box and the cart's summary show are there at the first render: no read
    // after it, and nothing (the per-customer limit, the estimate's lines) appears and pushes the page down.
    expect(await settingsOf(`/product/${product!.slug}`)).toEqual(await answer());
    expect(await settingsOf(`/cart/${product!._id}?qty=1`)).toEqual(await answer());

    const admin = await shop.adminToken();
    const saved = (await shop.call('GET', '/api/settings', { token: admin })).body;
    const put = await shop.call('PUT', '/api/settings', {
      token: admin,
      body: { ...saved, limits: { ...saved.limits, maxUnitsPerProduct: 4 } },
    });
    expect(put.status).toBe(200);
    try {
      const now = await settingsOf(`/cart/${product!._id}?qty=1`);
      expect(now).toEqual(await answer());
      expect(now).toMatchObject({ limits: { maxUnitsPerProduct: 4 } });
    } finally {
      await shop.call('PUT', '/api/settings', { token: admin, body: saved });
    }
    // The catalogue pages do not show them: not inlined there.
    expect(await settingsOf('/')).toBeUndefined();
  });
});

describe('the product page’s largest paint, preloaded with its HTML', () => {
  it('is the gallery’s first picture: the chosen variant’s own (?variant=), else the first variant’s, else the main image', async () => {
    const products = await Promise.all(
      (await allProducts()).map(async (p) => (await shop.call<ProductDetail>('GET', `/api/products/${p._id}`)).body),
    );
    const preloaded = async (path: string) =>
      (await crawl(path)).document.querySelector('link[rel="preload"][as="image"]')?.getAttribute('href');
    const withOwn = products.find((p) => p.variants?.some((v, i) => i > 0 && v.image && v.image !== p.image))!;
    const own = withOwn.variants!.find((v, i) => i > 0 && v.image && v.image !== withOwn.image)!;
    // What web/src/features/catalog/routes/ProductPage.tsx shows first (galleryForVariant), and the page's skeleton
    // shows from this link while the page's code loads.
    expect(await preloaded(`/product/${withOwn.slug}?variant=${own._id}`)).toBe(own.image);
    expect(await preloaded(`/product/${withOwn.slug}`)).toBe(withOwn.variants![0]!.image || withOwn.image);
    const plain = products.find((p) => !p.variants?.length)!;
    expect(await preloaded(`/product/${plain.slug}`)).toBe(plain.image);
  });
});
