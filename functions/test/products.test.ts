import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, registerCustomer, shippingAddress, startTestShop, type TestShop } from './support/shop.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

const validProduct = {
  name: 'Test Phone X',
  price: 199.99,
  image: '/images/sample.svg',
  brand: 'Testco',
  category: 'Phones',
  description: 'A phone for tests.',
  countInStock: 7,
};

describe('GET /api/products', () => {
  it('answers the first page with the spec shape and page size 8', async () => {
    const { status, body } = await shop.call('GET', '/api/products');
    expect(status).toBe(200);
    expect(body.page).toBe(1);
    expect(body.products).toHaveLength(8);
    expect(body.pages).toBeGreaterThanOrEqual(3);
    const p = body.products[0];
    for (const key of [
      '_id',
      'name',
      'image',
      'brand',
      'category',
      'description',
      'price',
      'countInStock',
      'rating',
      'numReviews',
    ]) {
      expect(p).toHaveProperty(key);
    }
  });

  it('paginates without overlap', async () => {
    const one = await shop.call('GET', '/api/products?pageNumber=1');
    const two = await shop.call('GET', '/api/products?pageNumber=2');
    expect(two.body.page).toBe(2);
    const ids = new Set(one.body.products.map((p: any) => p._id));
    expect(two.body.products.some((p: any) => ids.has(p._id))).toBe(false);
  });

  it('answers an empty last page past the end, and 400 for a bad page number', async () => {
    const far = await shop.call('GET', '/api/products?pageNumber=999');
    expect(far.status).toBe(200);
    expect(far.body.products).toEqual([]);
    expect((await shop.call('GET', '/api/products?pageNumber=-1')).status).toBe(400);
    expect((await shop.call('GET', '/api/products?pageNumber=abc')).status).toBe(400);
    const tooFar = await shop.call('GET', '/api/products?pageNumber=1000001');
    expect([tooFar.status, tooFar.body.message]).toEqual([400, 'pageNumber must be at most 1000000']);
  });

  it('searches case-insensitively by literal substring', async () => {
    const all = await shop.call('GET', '/api/products?pageNumber=1');
    const name: string = all.body.products[0].name;
    const part = name.slice(1, 5).toUpperCase();
    const { body } = await shop.call('GET', `/api/products?keyword=${encodeURIComponent(part)}`);
    expect(body.products.length).toBeGreaterThan(0);
    for (const p of body.products) expect(p.name.toLowerCase()).toContain(part.toLowerCase());
  });

  it('finds every word in any order over name, brand, category and description; offers "Did you mean" for a typo', async () => {
    const laptop = await shop.call('GET', '/api/products?keyword=laptop%20VOLTRA');
    expect(laptop.status).toBe(200);
    expect(laptop.body.products.map((p: any) => p.name)).toEqual(['Voltra Airbook 14 Laptop']);
    // With a keyword and no sort, the best matches first: a name holding the word before a description holding it.
    const ranked = await shop.call('GET', '/api/products?keyword=headphones');
    expect(ranked.body.products[0].name).toBe('Arcwave Quietude ANC Headphones');
    const typo = await shop.call('GET', '/api/products?keyword=hedphones');
    expect(typo.body).toEqual({ products: [], page: 1, pages: 0, total: 0, didYouMean: 'headphones' });
    expect((await shop.call('GET', '/api/products?keyword=noise')).body.products.length).toBeGreaterThan(0);
  });

  it('sorts a search by relevance unless asked otherwise: sort=relevance is the default, sort=newest the newest first', async () => {
    const names = async (query: string) =>
      ((await shop.call('GET', `/api/products?${query}`)).body.products as { name: string }[]).map((p) => p.name);
    const ranked = await names('keyword=headphones');
    expect(await names('keyword=headphones&sort=relevance')).toEqual(ranked);
    const newest = await shop.call('GET', '/api/products?keyword=headphones&sort=newest');
    const created = (newest.body.products as { createdAt: string }[]).map((p) => p.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect([...(await names('keyword=headphones&sort=newest'))].sort()).toEqual([...ranked].sort());
    // Without a keyword there is nothing to rank: the newest first, as with no sort.
    expect(await names('sort=relevance')).toEqual(await names(''));
  });

  it('treats regex characters as text: they neither error nor match everything', async () => {
    const total = (await shop.call('GET', '/api/products')).body.pages;
    for (const kw of ['(', '.*', '[', '%', '_', '\\', '^', '$where']) {
      const { status, body } = await shop.call('GET', `/api/products?keyword=${encodeURIComponent(kw)}`);
      expect(status).toBe(200);
      expect(body.pages).toBeLessThan(total);
      for (const p of body.products) expect(p.name).toContain(kw); // only literal matches, e.g. 'Cable (2 m)' for '('
    }
    // the seed has exactly one name with '(' and none with '.*'
    expect((await shop.call('GET', '/api/products?keyword=(')).body.products).toHaveLength(1);
    expect((await shop.call('GET', '/api/products?keyword=.*')).body.products).toHaveLength(0);
  });

  it('answers 304 to a matching ETag', async () => {
    const first = await shop.call('GET', '/api/products');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${shop.url}/api/products`, { headers: { 'If-None-Match': etag as string } });
    expect(again.status).toBe(304);
  });
});

describe('GET /api/products/top and /:id', () => {
  it('answers the 3 best rated, best first', async () => {
    const { status, body } = await shop.call('GET', '/api/products/top');
    expect(status).toBe(200);
    expect(body).toHaveLength(3);
    expect(body[0].rating).toBeGreaterThanOrEqual(body[1].rating);
    expect(body[1].rating).toBeGreaterThanOrEqual(body[2].rating);
  });

  it('answers a product with its reviews; 404 for unknown and malformed ids', async () => {
    const top = await shop.call('GET', '/api/products/top');
    const { status, body } = await shop.call('GET', `/api/products/${top.body[0]._id}`);
    expect(status).toBe(200);
    expect(Array.isArray(body.reviews)).toBe(true);
    expect(body.reviews.length).toBe(body.numReviews);
    for (const id of ['ffffffffffffffffffffffff', 'not-an-id', '..%2F..%2Fetc', '%00', 'x'.repeat(300)]) {
      const res = await shop.call('GET', `/api/products/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Product not found');
    }
  });
});

describe('product admin', () => {
  it('refuses anonymous and customers', async () => {
    expect((await shop.call('POST', '/api/products')).status).toBe(401);
    const alice = await shop.aliceToken();
    expect((await shop.call('POST', '/api/products', { token: alice })).status).toBe(403);
    const top = await shop.call('GET', '/api/products/top');
    expect(
      (await shop.call('PUT', `/api/products/${top.body[0]._id}`, { token: alice, body: validProduct })).status,
    ).toBe(403);
    expect((await shop.call('DELETE', `/api/products/${top.body[0]._id}`, { token: alice })).status).toBe(403);
  });

  it('creates a sample product, updates it, finds it, deletes it', async () => {
    const admin = await shop.adminToken();
    const created = await shop.call('POST', '/api/products', { token: admin });
    expect(created.status).toBe(201);
    expect(created.body.name).toBe('Sample name');
    expect(created.body.price).toBe(0);
    const id = created.body._id;

    const updated = await shop.call('PUT', `/api/products/${id}`, { token: admin, body: { _id: id, ...validProduct } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject(validProduct);

    // the catalogue cache must not serve the old version
    const found = await shop.call('GET', '/api/products?keyword=test%20phone');
    expect(found.body.products.map((p: any) => p._id)).toContain(id);
    expect((await shop.call('GET', `/api/products/${id}`)).body.price).toBe(199.99);

    const removed = await shop.call('DELETE', `/api/products/${id}`, { token: admin });
    expect(removed.status).toBe(200);
    expect((await shop.call('GET', `/api/products/${id}`)).status).toBe(404);
    expect((await shop.call('DELETE', `/api/products/${id}`, { token: admin })).status).toBe(404);
  });

  it('a created product is a draft: in no list, search, top, sitemap or order until its first save', async () => {
    const admin = await shop.adminToken();
    const before = await shop.call('GET', '/api/products?keyword=sample');
    const created = await shop.call('POST', '/api/products', { token: admin });
    expect(created.body.isDraft).toBe(true);
    const id = created.body._id as string;

    expect((await shop.call('GET', '/api/products?keyword=sample')).body).toEqual(before.body);
    expect((await shop.call('GET', '/api/products')).body.products.map((p: any) => p._id)).not.toContain(id);
    expect((await shop.call('GET', '/api/products/top')).body.map((p: any) => p._id)).not.toContain(id);
    expect(await (await fetch(`${shop.url}/sitemap.xml`)).text()).not.toContain(id);
    // Readable by its id (the original admin clients load it to edit it without a token), marked as a draft.
    expect((await shop.call('GET', `/api/products/${id}`)).body).toMatchObject({ _id: id, isDraft: true });
    // The admin's list of drafts; customers get none.
    const drafts = await shop.call('GET', '/api/products/drafts', { token: admin });
    expect(drafts.body.map((p: any) => p._id)).toContain(id);
    const customer = await registerCustomer(shop, 'drafts');
    expect((await shop.call('GET', '/api/products/drafts', { token: customer })).status).toBe(403);
    // Nobody can order it.
    const order = await shop.call('POST', '/api/orders', {
      token: customer,
      body: { orderItems: [{ product: id, qty: 1 }], shippingAddress, paymentMethod: 'PayPal' },
    });
    expect(order.status).toBe(404);

    // Its first save publishes it.
    const saved = await shop.call('PUT', `/api/products/${id}`, { token: admin, body: { _id: id, ...validProduct } });
    expect(saved.status).toBe(200);
    expect(saved.body.isDraft).toBeUndefined();
    expect((await shop.call('GET', '/api/products')).body.products[0]._id).toBe(id); // the newest
    expect((await shop.call('GET', `/api/products/${id}`)).body.isDraft).toBeUndefined();
    expect(
      (await shop.call('GET', '/api/products/drafts', { token: admin })).body.map((p: any) => p._id),
    ).not.toContain(id);
    await shop.call('DELETE', `/api/products/${id}`, { token: admin });
  });

  it('refuses bad product input with field details and changes nothing', async () => {
    const admin = await shop.adminToken();
    const top = await shop.call('GET', '/api/products/top');
    const id = top.body[0]._id;
    const before = (await shop.call('GET', `/api/products/${id}`)).body;
    const bad = [
      { ...validProduct, price: -5 },
      { ...validProduct, price: '12 USD' }, // a plain decimal string ("12") is a price: the original clients send those
      { ...validProduct, countInStock: 2.5 },
      { ...validProduct, name: '' },
      { ...validProduct, extra: true },
      { ...validProduct, _id: 'ffffffffffffffffffffffff' },
    ];
    for (const body of bad) {
      const res = await shop.call('PUT', `/api/products/${id}`, { token: admin, body });
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    const res = await shop.call('PUT', `/api/products/${id}`, { token: admin, body: { ...validProduct, price: -5 } });
    expect(res.body.fields.price).toBe('Price cannot be negative');
    expect((await shop.call('GET', `/api/products/${id}`)).body).toEqual(before);
  });

  it('saves specs and a gallery (issue 29) and refuses bad ones with clear 400s, changing nothing', async () => {
    const admin = await shop.adminToken();
    // A product of its own (a draft, published by the first save): the seeded ones stay as the search tests expect.
    const id = (await shop.call('POST', '/api/products', { token: admin })).body._id;
    const specs = [
      { name: ' Display ', value: ' 6.1" OLED ' },
      { name: 'Weight', value: '172 g' },
    ];
    const images = [
      { url: '/images/sample.svg', alt: 'Front' },
      { url: '/images/sample-back.svg', alt: '' },
    ];
    const saved = await shop.call('PUT', `/api/products/${id}`, {
      token: admin,
      body: { ...validProduct, specs, images },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      specs: [
        { name: 'Display', value: '6.1" OLED' },
        { name: 'Weight', value: '172 g' },
      ],
      images,
    });
    const before = (await shop.call('GET', `/api/products/${id}`)).body;
    const spec = (name: string, value = 'x') => ({ name, value });
    const refusals: [unknown, string, string][] = [
      [{ specs: [spec('Display'), spec('display')] }, 'specs.1.name', 'Specification "display" appears more than once'],
      [{ specs: Array.from({ length: 31 }, (_, i) => spec(`S${i}`)) }, 'specs', 'At most 30 specifications'],
      [{ specs: [spec('  ')] }, 'specs.0.name', 'Specification name is required'],
      [
        { specs: [spec('Display', 'x'.repeat(201))] },
        'specs.0.value',
        'Specification value must be at most 200 characters',
      ],
      [{ specs: [{ name: 'Display' }] }, 'specs.0.value', 'Specification value is required'],
      [{ specs: 'Display: big' }, 'specs', 'Specifications must be a list of { name, value }'],
      [
        { images: [{ url: 'javascript:alert(1)', alt: '' }] },
        'images.0.url',
        'Image must be a path starting with / or an https URL',
      ],
      [{ images: [images[0], images[0]] }, 'images', 'Each image only once'],
      [
        { images: [{ url: '/images/sample.svg', alt: 'x'.repeat(201) }] },
        'images.0.alt',
        'Alt text must be at most 200 characters',
      ],
      [{ images: [images[1], images[0]] }, 'images', 'The first image of the gallery must be the main image'],
    ];
    for (const [over, field, message] of refusals) {
      const res = await shop.call('PUT', `/api/products/${id}`, {
        token: admin,
        body: { ...validProduct, ...(over as object) },
      });
      expect(res.status, field).toBe(400);
      expect(res.body.fields?.[field] ?? res.body.message, field).toBe(message);
    }
    expect((await shop.call('GET', `/api/products/${id}`)).body).toEqual(before);
  });
});

describe('reviews', () => {
  it('needs a signed-in user', async () => {
    const top = await shop.call('GET', '/api/products/top');
    expect(
      (await shop.call('POST', `/api/products/${top.body[0]._id}/reviews`, { body: { rating: 5, comment: 'x' } }))
        .status,
    ).toBe(401);
  });

  it('adds one review per user, recomputes rating and numReviews, refuses the second', async () => {
    const { _id: id } = await createProduct(shop, 10, 5, `Reviewed ${Date.now()}`);
    const alice = await shop.aliceToken();
    const bob = await shop.bobToken();

    expect(
      (await shop.call('POST', `/api/products/${id}/reviews`, { token: alice, body: { rating: 5, comment: 'Great' } }))
        .status,
    ).toBe(201);
    expect(
      (await shop.call('POST', `/api/products/${id}/reviews`, { token: bob, body: { rating: 2, comment: 'Meh' } }))
        .status,
    ).toBe(201);
    const second = await shop.call('POST', `/api/products/${id}/reviews`, {
      token: alice,
      body: { rating: 1, comment: 'Again' },
    });
    expect(second.status).toBe(400);
    expect(second.body.message).toBe('Product already reviewed');

    const product = (await shop.call('GET', `/api/products/${id}`)).body;
    expect(product.numReviews).toBe(2);
    expect(product.rating).toBe(3.5);
    expect(product.reviews.map((r: any) => r.name).sort()).toEqual(['Alice Walker', 'Bob Chen']);
  });

  it('answers the product alone with ?reviews=none (the cart’s lines), cached apart from the one with reviews', async () => {
    const { _id: id } = await createProduct(shop, 10, 5, `Alone ${Date.now()}`);
    const alice = await shop.aliceToken();
    await shop.call('POST', `/api/products/${id}/reviews`, { token: alice, body: { rating: 4, comment: 'Fine' } });
    const whole = (await shop.call('GET', `/api/products/${id}`)).body;
    const alone = await shop.call('GET', `/api/products/${id}?reviews=none`);
    expect(alone.status).toBe(200);
    expect(alone.body).toEqual({ ...whole, reviews: [] });
    // Asked again with reviews: still there (the two answers are kept under their own keys).
    expect((await shop.call('GET', `/api/products/${id}`)).body.reviews).toHaveLength(1);
  });

  it('refuses concurrent duplicate reviews: exactly one lands', async () => {
    const { _id: id } = await createProduct(shop, 10, 5, `Raced ${Date.now()}`);
    const bob = await shop.bobToken();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        shop.call('POST', `/api/products/${id}/reviews`, { token: bob, body: { rating: 4, comment: 'Race' } }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect((await shop.call('GET', `/api/products/${id}`)).body.numReviews).toBe(1);
  });

  it('validates rating and comment', async () => {
    const top = await shop.call('GET', '/api/products/top');
    const bob = await shop.bobToken();
    for (const body of [
      { rating: 0, comment: 'x' },
      { rating: 6, comment: 'x' },
      { rating: 3.5, comment: 'x' },
      { rating: 3 },
      { rating: 3, comment: '' },
    ]) {
      expect((await shop.call('POST', `/api/products/${top.body[2]._id}/reviews`, { token: bob, body })).status).toBe(
        400,
      );
    }
    expect(
      (
        await shop.call('POST', '/api/products/ffffffffffffffffffffffff/reviews', {
          token: bob,
          body: { rating: 3, comment: 'x' },
        })
      ).status,
    ).toBe(404);
  });
});

describe('GET /api/products/suggest', () => {
  it('answers products, categories and brands for what is typed, cached like the catalogue; nothing under 2 characters', async () => {
    const res = await shop.call('GET', '/api/products/suggest?q=voltra%20lap');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBeTruthy();
    expect(res.body.products[0]).toMatchObject({ name: 'Voltra Airbook 14 Laptop', image: expect.any(String) });
    expect(res.body.products[0]._id).toMatch(/^[0-9a-f]{24}$/);
    expect(res.body.brands).toEqual(['Voltra']);
    const total = res.body.products.length + res.body.categories.length + res.body.brands.length;
    expect(total).toBeLessThanOrEqual(8);
    expect((await shop.call('GET', '/api/products/suggest?q=v')).body).toEqual({
      products: [],
      categories: [],
      brands: [],
    });
    expect((await shop.call('GET', '/api/products/suggest')).status).toBe(200);
    const long = await shop.call('GET', `/api/products/suggest?q=${'x'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/q must be at most 100 characters/);
  });
});
