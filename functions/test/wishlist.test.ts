// Issue 41, the wishlist through the API (GET/PUT /api/wishlist) on the embedded server: the caller's own, bounded,
// deduplicated, each item shown with its product as it is now (a deleted or unpublished one as unavailable), and an
// item added on one device heard live on another (two sessions of one account). The store side runs on both stores
// in contract/wishlist.contract.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WISHLIST_ITEMS, WISHLIST_FULL_MESSAGE } from '../src/domain/index.js';
import { streamOpener } from './support/sse.js';
import { createProduct, startTestShop, type TestShop } from './support/shop.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => shop?.close());

const { stream, closeAll } = streamOpener(() => shop.url);

let seq = 0;
/** A fresh account signed in on two devices: two sessions of the same user. */
async function customerOnTwoDevices() {
  const email = `wish-${Date.now()}-${++seq}@voltshop.test`;
  const made = await shop.call('POST', '/api/users', { body: { name: 'Wish Shopper', email, password: 'secret12' } });
  expect(made.status).toBe(201);
  const second = await shop.call('POST', '/api/users/login', { body: { email, password: 'secret12' } });
  expect(second.status).toBe(200);
  return { phone: made.body.token as string, laptop: second.body.token as string };
}

const put = (token: string, items: unknown) => shop.call('PUT', '/api/wishlist', { token, body: { items } });

describe('wishlist (/api/wishlist)', () => {
  afterAll(closeAll);

  it('an item added on one device appears on another: in its GET and as a live frame', async () => {
    const { phone, laptop } = await customerOnTwoDevices();
    const product = await createProduct(shop, 25, 4, 'Wished headphones');
    const ticket = await shop.call('POST', '/api/live/tickets', { token: laptop, body: { topics: ['wishlist'] } });
    expect(ticket.status).toBe(201);
    // The topic is the caller's own: granted as wishlist:<uid>, never without a ticket, never another's by name.
    expect(ticket.body.topics).toEqual([expect.stringMatching(/^wishlist:/)]);
    expect((await stream('topics=wishlist')).status).toBe(401);
    const named = await shop.call('POST', '/api/live/tickets', {
      token: laptop,
      body: { topics: ['wishlist:someone'] },
    });
    expect(named.status).toBe(400);
    const laptopStream = await stream(`ticket=${ticket.body.ticket}`);
    await laptopStream.next((e) => e.event === 'ready');

    // Someone else's wishlist is never heard on this stream.
    const other = await customerOnTwoDevices();
    expect((await put(other.phone, [{ product: product._id }])).status).toBe(200);
    const saved = await put(phone, [{ product: product._id }]);
    expect(saved.status).toBe(200);

    const frame = await laptopStream.next((e) => e.event === 'wishlist');
    expect(frame.data.data.items).toEqual([{ product: product._id }]);
    expect(laptopStream.events.filter((e) => e.event === 'wishlist')).toHaveLength(1);
    const onLaptop = await shop.call('GET', '/api/wishlist', { token: laptop });
    expect(onLaptop.body.items).toEqual([
      {
        product: product._id,
        available: true,
        // Issue 40: with the product's slug, so the page links its readable address.
        summary: {
          slug: 'wished-headphones',
          name: 'Wished headphones',
          image: expect.any(String),
          price: 25,
          countInStock: 4,
        },
      },
    ]);
    expect(onLaptop.body.updatedAt).toBe(saved.body.updatedAt);
  });

  it("is the caller's own: a guest is refused, another account sees its own", async () => {
    const { phone } = await customerOnTwoDevices();
    const product = await createProduct(shop, 10, 1, 'Private wish');
    expect((await shop.call('GET', '/api/wishlist')).status).toBe(401);
    expect((await put('', [{ product: product._id }])).status).toBe(401);
    await put(phone, [{ product: product._id }]);
    const other = await customerOnTwoDevices();
    expect((await shop.call('GET', '/api/wishlist', { token: other.laptop })).body).toEqual({
      items: [],
      updatedAt: null,
    });
  });

  it('counts an item named twice once, and refuses more than the limit with a clear message, keeping the list', async () => {
    const { phone } = await customerOnTwoDevices();
    const product = await createProduct(shop, 10, 1, 'Wished twice');
    const twice = await put(phone, [{ product: product._id }, { product: product._id }]);
    expect(twice.status).toBe(200);
    expect(twice.body.items.map((i: { product: string }) => i.product)).toEqual([product._id]);

    const full = Array.from({ length: MAX_WISHLIST_ITEMS }, (_, i) => ({ product: `gone-${i}` }));
    expect((await put(phone, full)).status).toBe(200);
    const over = await put(phone, [...full, { product: product._id }]);
    expect(over.status).toBe(400);
    expect(over.body.message).toContain(WISHLIST_FULL_MESSAGE);
    // Repeats do not count against the limit.
    expect((await put(phone, [...full, ...full])).status).toBe(200);
    for (const bad of [
      [{ product: '../x' }],
      [{ product: product._id, qty: 1 }],
      [{ product: product._id, price: 0 }],
      'x',
    ])
      expect((await put(phone, bad)).status, JSON.stringify(bad)).toBe(400);
    expect((await shop.call('GET', '/api/wishlist', { token: phone })).body.items).toHaveLength(MAX_WISHLIST_ITEMS);
  });

  it('lists a deleted product, a draft and an unknown variant as unavailable, never dropping them', async () => {
    const { phone } = await customerOnTwoDevices();
    const admin = await shop.adminToken();
    const kept = await createProduct(shop, 30, 2, 'Still here');
    const deleted = await createProduct(shop, 40, 2, 'Soon gone');
    const draft = (await shop.call('POST', '/api/products', { token: admin })).body._id as string;
    expect(
      (
        await put(phone, [
          { product: deleted._id },
          { product: kept._id, variant: 'no-such-variant' },
          { product: draft },
          { product: kept._id },
        ])
      ).status,
    ).toBe(200);
    expect((await shop.call('DELETE', `/api/products/${deleted._id}`, { token: admin })).status).toBe(200);
    const items = (await shop.call('GET', '/api/wishlist', { token: phone })).body.items;
    expect(items.map((i: { available: boolean; summary: unknown }) => [i.available, i.summary === null])).toEqual([
      [false, true],
      [false, true],
      [false, true],
      [true, false],
    ]);
  });

  it('shows a wished variant with its own price, stock and label', async () => {
    const { phone } = await customerOnTwoDevices();
    const page = await shop.call('GET', '/api/products?pageNumber=1&pageSize=50');
    const withVariants = (
      page.body.products as { _id: string; variants: { _id: string; price: number; countInStock: number }[] }[]
    ).find((p) => p.variants.length > 1);
    expect(withVariants, 'the seed has a product with variants').toBeDefined();
    const variant = withVariants!.variants[1]!;
    const saved = await put(phone, [{ product: withVariants!._id, variant: variant._id }]);
    expect(saved.body.items[0]).toMatchObject({
      product: withVariants!._id,
      variant: variant._id,
      available: true,
      summary: { price: variant.price, countInStock: variant.countInStock, variantLabel: expect.any(String) },
    });
  });
});
