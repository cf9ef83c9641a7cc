// The bounded lists over HTTP (issue 13, "bounded answers everywhere"): GET /api/orders, /api/orders/myorders and
// /api/users answer pages of at most 50 as `{ orders | users, page, pages, total }` when pageNumber is given, and
// the spec's plain array (the first page only) when it is not; filters, search and sort are the server's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_PAGE_SIZE, orderNumber, TEST_PAYMENT } from '../src/domain/index.js';
import { placeOneUnitOrder, startTestShop, type TestShop } from './support/shop.js';

let shop: TestShop;
let admin: string;
const ORDERS = LIST_PAGE_SIZE + 5;
/** The placed orders, oldest first, with their customer's token. */
const placed: { _id: string; token: string; email: string }[] = [];

beforeAll(async () => {
  shop = await startTestShop();
  admin = await shop.adminToken();
  // One order per fresh customer (no customer near any open-order limit), named so a search finds a known few.
  for (let i = 0; i < ORDERS; i++) {
    const email = `pager-${i}@lists.test`;
    const name = i % 10 === 0 ? `Quincy Tenth${i}` : `Pager Person${i}`;
    const reg = await shop.call('POST', '/api/users', { body: { name, email, password: 'secret12' } });
    expect(reg.status).toBe(201);
    const order = await placeOneUnitOrder(shop, reg.body.token);
    placed.push({ _id: order._id, token: reg.body.token, email });
  }
}, 120_000);
afterAll(() => shop.close());

type Page = {
  orders: { _id: string; user: { email: string }; isPaid: boolean }[];
  page: number;
  pages: number;
  total: number;
};

describe('GET /api/orders (admin)', () => {
  it('without pageNumber: the plain array the original clients read, bounded to the newest page', async () => {
    const res = await shop.call('GET', '/api/orders', { token: admin });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(LIST_PAGE_SIZE);
    expect(res.body[0]._id).toBe(placed.at(-1)!._id);
  });

  it('with pageNumber: pages of 50 covering every order once, newest first', async () => {
    const first = (await shop.call('GET', '/api/orders?pageNumber=1', { token: admin })).body as Page;
    expect(first).toMatchObject({ page: 1, pages: Math.ceil(first.total / LIST_PAGE_SIZE) });
    expect(first.total).toBeGreaterThanOrEqual(ORDERS);
    const ids: string[] = [];
    for (let page = 1; page <= first.pages; page++) {
      const res = await shop.call('GET', `/api/orders?pageNumber=${page}`, { token: admin });
      expect(res.status).toBe(200);
      expect(res.body.orders.length).toBeLessThanOrEqual(LIST_PAGE_SIZE);
      ids.push(...(res.body as Page).orders.map((o) => o._id));
    }
    expect(new Set(ids).size).toBe(first.total);
    const mine = placed.map((p) => p._id).reverse();
    expect(ids.filter((id) => mine.includes(id))).toEqual(mine);
    const past = await shop.call('GET', `/api/orders?pageNumber=${first.pages + 1}`, { token: admin });
    expect(past.body).toMatchObject({ orders: [], page: first.pages + 1 });
  });

  it('filters by status and customer, sorts oldest first: across all orders, not one page', async () => {
    const paid = placed[3]!;
    const pay = await shop.call('PUT', `/api/orders/${paid._id}/pay`, {
      token: paid.token,
      body: TEST_PAYMENT,
    });
    expect(pay.status).toBe(200);
    const paidPage = (await shop.call('GET', '/api/orders?pageNumber=1&status=paid', { token: admin })).body as Page;
    expect(paidPage.orders.every((o) => o.isPaid)).toBe(true);
    expect(paidPage.orders.map((o) => o._id)).toContain(paid._id);
    const unpaid = (await shop.call('GET', '/api/orders?pageNumber=1&status=unpaid', { token: admin })).body as Page;
    expect(unpaid.orders.every((o) => !o.isPaid)).toBe(true);

    const tenth = (await shop.call('GET', '/api/orders?pageNumber=1&search=QUINCY&sort=oldest', { token: admin }))
      .body as Page;
    const expected = placed.filter((_, i) => i % 10 === 0).map((p) => p._id);
    expect(tenth.orders.map((o) => o._id)).toEqual(expected);
    expect(tenth).toMatchObject({ total: expected.length, pages: 1 });
    const byEmail = (await shop.call('GET', '/api/orders?pageNumber=1&search=pager-7%40', { token: admin }))
      .body as Page;
    expect(byEmail.orders.map((o) => o._id)).toEqual([placed[7]!._id]);
  });

  it('finds an order by the number the customer sees (#D0728E, D0728E, d0728e) or its full id', async () => {
    const wanted = placed[11]!;
    const number = orderNumber(wanted._id);
    for (const search of [`#${number}`, number, number.toLowerCase(), ` ${number} `, wanted._id.toUpperCase()]) {
      const page = (
        await shop.call('GET', `/api/orders?pageNumber=1&search=${encodeURIComponent(search)}`, { token: admin })
      ).body as Page;
      expect(
        page.orders.map((o) => o._id),
        search,
      ).toEqual([wanted._id]);
    }
  });

  it('refuses bad list parameters with a 400 naming them', async () => {
    for (const [query, field] of [
      ['pageNumber=0', 'pageNumber'],
      ['pageNumber=abc', 'pageNumber'],
      ['status=lost', 'status'],
      ['sort=price', 'sort'],
      [`search=${'x'.repeat(31)}`, 'search'],
      ['search=a%00b', 'search'],
    ]) {
      const res = await shop.call('GET', `/api/orders?${query}`, { token: admin });
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.fields ?? {}), query).toContain(field);
    }
  });
});

describe('GET /api/orders/myorders', () => {
  it('pages only the caller’s orders; plain array without pageNumber', async () => {
    const { token, _id } = placed[5]!;
    const plain = await shop.call('GET', '/api/orders/myorders', { token });
    expect(plain.body.map((o: { _id: string }) => o._id)).toEqual([_id]);
    const paged = await shop.call('GET', '/api/orders/myorders?pageNumber=1', { token });
    expect(paged.body).toMatchObject({ page: 1, pages: 1, total: 1, orders: [{ _id }] });
    // A customer cannot search other customers' orders: search is not a parameter here.
    const other = await shop.call('GET', '/api/orders/myorders?pageNumber=1&search=quincy', { token });
    expect(other.body.orders.map((o: { _id: string }) => o._id)).toEqual([_id]);
  });
});

describe('GET /api/users (admin)', () => {
  it('pages and searches users; plain array (first page) without pageNumber', async () => {
    const plain = await shop.call('GET', '/api/users', { token: admin });
    expect(plain.status).toBe(200);
    expect(plain.body).toHaveLength(LIST_PAGE_SIZE);
    const first = (await shop.call('GET', '/api/users?pageNumber=1', { token: admin })).body;
    expect(first.total).toBeGreaterThanOrEqual(ORDERS);
    const ids: string[] = [];
    for (let page = 1; page <= first.pages; page++) {
      ids.push(
        ...(await shop.call('GET', `/api/users?pageNumber=${page}`, { token: admin })).body.users.map(
          (u: { _id: string }) => u._id,
        ),
      );
    }
    expect(new Set(ids).size).toBe(first.total);
    const quincys = (await shop.call('GET', '/api/users?pageNumber=1&search=quincy', { token: admin })).body;
    expect(quincys.users).toHaveLength(Math.ceil(ORDERS / 10));
    expect(quincys.users[0]).toEqual({
      _id: expect.any(String),
      name: 'Quincy Tenth0',
      email: 'pager-0@lists.test',
      isAdmin: false,
    });
  });
});

describe('GET /api/products?keyword= (the admin product list searches the whole catalogue)', () => {
  it('finds "SSD" on page 1 of the search although the SSDs sit on later pages of the unfiltered list', async () => {
    const pageOf = async (query: string) => (await shop.call('GET', `/api/products?${query}`)).body;
    const first = await pageOf('pageNumber=1');
    const ssds: string[] = [];
    for (let page = 1; page <= first.pages; page++) {
      for (const p of (await pageOf(`pageNumber=${page}`)).products as { _id: string; name: string }[]) {
        if (/ssd/i.test(p.name)) ssds.push(`${page}:${p._id}`);
      }
    }
    expect(ssds.length).toBeGreaterThanOrEqual(2);
    expect(
      ssds.some((at) => !at.startsWith('1:')),
      'an SSD past page 1 unfiltered',
    ).toBe(true);
    const found = await pageOf('keyword=SSD&pageNumber=1');
    expect(found).toMatchObject({ page: 1, pages: 1 });
    // Every product named so, first (the name weighs most), then those whose description says it (issue 29).
    const ids = found.products.map((p: { _id: string }) => p._id);
    const named = ssds.map((at) => at.split(':')[1]);
    expect(ids.slice(0, named.length).sort()).toEqual(named.sort());
  });
});

describe('GET /api/users/:id/open-orders (admin): what the delete confirmation warns of', () => {
  it('counts the unpaid (still held) and the paid, undelivered orders of that user only', async () => {
    const reg = await shop.call('POST', '/api/users', {
      body: { name: 'Open Orders', email: 'open-orders@lists.test', password: 'secret12' },
    });
    const { token, _id } = reg.body as { token: string; _id: string };
    const path = `/api/users/${_id}/open-orders`;
    expect((await shop.call('GET', path, { token: admin })).body).toEqual({ unpaid: 0, undelivered: 0 });
    const pay = async (id: string) =>
      expect((await shop.call('PUT', `/api/orders/${id}/pay`, { token, body: TEST_PAYMENT })).status).toBe(200);
    const paid = await placeOneUnitOrder(shop, token);
    await pay(paid._id);
    const delivered = await placeOneUnitOrder(shop, token);
    await pay(delivered._id);
    expect((await shop.call('PUT', `/api/orders/${delivered._id}/deliver`, { token: admin })).status).toBe(200);
    await placeOneUnitOrder(shop, token);
    const res = await shop.call('GET', path, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ unpaid: 1, undelivered: 1 });
    expect((await shop.call('GET', path, { token })).status).toBe(403);
    const unknown = await shop.call('GET', '/api/users/000000000000000000000000/open-orders', { token: admin });
    expect(unknown.status).toBe(404);
  });
});
