// GET /api/orders/export.csv: admin only, the list's filters and a date range, formula injection neutralised,
// streamed (rows reach the client while the store is still reading), and every row reconciles (issue 38: discount,
// refunds and net beside the total; the payment method as charged; each line's variant and SKU).
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseCsv } from 'csv-parse/sync';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRowReconciles, ORDER_EXPORT_COLUMNS, neutraliseFormula, type Order } from '../src/domain/index.js';
import type { SettingsCache } from '../src/features/settings/settingsCache.js';
import { orderRoutes } from '../src/features/orders/routes.js';
import { errorHandler } from '../src/http/errors.js';
import type { Ports } from '../src/ports.js';
import { productInput } from './support/products.js';
import { createProduct, shippingAddress, startTestShop, type TestShop } from './support/shop.js';

let shop: TestShop;
let now = new Date('2031-05-01T10:00:00Z');
const clock = { now: () => new Date(now) };

beforeAll(async () => {
  shop = await startTestShop({}, { clock });
});
afterAll(() => shop.close());

async function download(path: string, token?: string) {
  const res = await fetch(`${shop.url}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes, text: new TextDecoder().decode(bytes) };
}
const rowsOf = (text: string) => parseCsv(text, { bom: true, columns: true }) as Record<string, string>[];

describe('GET /api/orders/export.csv', () => {
  it('answers an attachment a spreadsheet opens as UTF-8, one row per order with the columns', async () => {
    const p = await createProduct(shop, 12.5, 100, 'Export Lamp');
    const alice = await shop.aliceToken();
    const placed = await shop.call('POST', '/api/orders', {
      token: alice,
      body: {
        orderItems: [{ product: p._id, qty: 2 }],
        shippingAddress: { ...shippingAddress, recipientName: 'Alice Liddell', phone: '(555) 010-4477' },
        paymentMethod: 'PayPal',
      },
    });
    const { res, bytes, text } = await download(
      '/api/orders/export.csv?from=2031-05-01&to=2031-05-01',
      await shop.adminToken(),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="voltshop-orders-2031-05-01.csv"');
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the UTF-8 byte-order mark
    const rows = rowsOf(text);
    expect(Object.keys(rows[0]!)).toEqual([...ORDER_EXPORT_COLUMNS]);
    const row = rows.find((r) => r['Order ID'] === placed.body._id)!;
    expect(row).toMatchObject({
      'Order number': placed.body._id.slice(-6).toUpperCase(),
      Customer: placed.body.user.name,
      Status: 'Unpaid',
      Items: '2 × Export Lamp',
      Units: '2',
      'Items price': '25.00',
      Total: placed.body.totalPrice.toFixed(2),
      Refunded: '0.00',
      Net: placed.body.totalPrice.toFixed(2),
      // Not paid: no revenue yet; the method it would be paid with here (no PayPal credentials: test payments).
      Revenue: '0.00',
      'Payment status': 'Unpaid',
      'Payment method': 'Test payment (not paid)',
      // The recipient and a phone to reach them (issue 30), beside the address.
      Recipient: 'Alice Liddell',
      Phone: '(555) 010-4477',
      City: shippingAddress.city,
      // Issue 40: the method the order was placed with (the cheapest: none was asked).
      'Shipping method': 'Standard',
    });
    // Issue 39's payment columns are appended: the columns before them keep their places.
    expect(ORDER_EXPORT_COLUMNS.slice(ORDER_EXPORT_COLUMNS.indexOf('Country') + 1)).toEqual([
      'Gift card',
      'Store credit',
      'Provider',
      'Refunded to provider',
      'Refunded to gift card',
      'Refunded to store credit',
      'Credited as store credit',
    ]);
    expect(
      ORDER_EXPORT_COLUMNS.slice(
        ORDER_EXPORT_COLUMNS.indexOf('Recipient'),
        ORDER_EXPORT_COLUMNS.indexOf('Country') + 1,
      ),
    ).toEqual(['Recipient', 'Phone', 'Address', 'City', 'State', 'Postal code', 'Country']);
  });

  it('neutralises formulas in every text cell (=, +, -, @, tab, CR) and keeps other text as is', async () => {
    const name = '=HYPERLINK("http://evil.example","x")';
    const reg = await shop.call('POST', '/api/users', {
      body: { name, email: 'formula@voltshop.test', password: 'secret12' },
    });
    expect(reg.status).toBe(201);
    const p = await createProduct(shop, 5, 100, '@SUM(A1:A9) cable');
    now = new Date('2031-06-01T10:00:00Z');
    // Postal code and country are checked against the country list (issue 30): formulas reach only free texts.
    const evilAddress = {
      recipientName: '@Bobby Tables',
      phone: '+1 555 010 4477',
      address: '+1 Main St',
      city: '-Springfield',
      postalCode: '12345',
      country: 'USA',
    };
    const placed = await shop.call('POST', '/api/orders', {
      token: reg.body.token,
      body: { orderItems: [{ product: p._id, qty: 1 }], shippingAddress: evilAddress, paymentMethod: 'PayPal' },
    });
    expect(placed.status).toBe(201);
    const { text } = await download('/api/orders/export.csv?from=2031-06-01&to=2031-06-01', await shop.adminToken());
    const [row] = rowsOf(text);
    expect(row).toMatchObject({
      Customer: `'${name}`,
      // The items cell starts with the quantity, so the product name is no formula there.
      Items: '1 × @SUM(A1:A9) cable',
      Recipient: "'@Bobby Tables",
      Phone: "'+1 555 010 4477",
      Address: "'+1 Main St",
      City: "'-Springfield",
      'Postal code': '12345',
      Country: 'US',
    });
    // The text cells as written: none starts with a formula character.
    for (const [column, value] of Object.entries(row!))
      if (!['Order number', 'Order ID', 'Placed at', 'Paid at', 'Delivered at'].includes(column))
        expect(value, column).not.toMatch(/^[=+\-@\t\r]/);
    // Tab and CR cannot reach a stored text field (control characters are refused), but the rule covers them.
    expect(neutraliseFormula('\t=1')).toBe("'\t=1");
    expect(neutraliseFormula('\r=1')).toBe("'\r=1");
    expect(neutraliseFormula('plain')).toBe('plain');
    expect(neutraliseFormula('')).toBe('');
  });

  it('a discounted, taxed, paid order refunded in part: the row reconciles, shows the refund, the net and "Test payment"', async () => {
    now = new Date('2031-08-01T10:00:00Z');
    const admin = await shop.adminToken();
    const alice = await shop.aliceToken();
    const sku = `HP-SND-${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    const id = (await shop.call('POST', '/api/products', { token: admin })).body._id as string;
    const saved = await shop.call('PUT', `/api/products/${id}`, {
      token: admin,
      body: {
        ...productInput('Export Headphones'),
        options: [{ name: 'Colour', values: ['Sand', 'Black'] }],
        variants: [
          { sku, options: { Colour: 'Sand' }, price: 149.99, countInStock: 10 },
          { sku: `${sku}-B`, options: { Colour: 'Black' }, price: 139.99, countInStock: 10 },
        ],
      },
    });
    expect(saved.status).toBe(200);
    const lamp = await createProduct(shop, 19.99, 100, 'Export Desk Lamp');
    const code = `BOOKS${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    expect(
      (await shop.call('POST', '/api/coupons', { token: admin, body: { code, percentOff: 10, active: true } })).status,
    ).toBe(201);
    const placed = await shop.call('POST', '/api/orders', {
      token: alice,
      body: {
        orderItems: [
          { product: id, variant: saved.body.variants[0]._id, qty: 2 },
          { product: lamp._id, qty: 1 },
        ],
        shippingAddress,
        paymentMethod: 'PayPal',
        couponCode: code,
      },
    });
    expect(placed.status).toBe(201);
    // The shop's default tax applies (the figures below are the order's own, whatever its rate).
    expect(placed.body.discountPrice).toBeGreaterThan(0);
    expect(placed.body.taxPrice).toBeGreaterThan(0);
    const orderId = placed.body._id as string;
    expect(
      (await shop.call('PUT', `/api/orders/${orderId}/pay`, { token: alice, body: { simulated: true } })).status,
    ).toBe(200);
    const refunded = await shop.call('POST', `/api/orders/${orderId}/refunds`, {
      token: admin,
      body: { amount: 25.5, reason: 'Scratched box' },
    });
    expect(refunded.status).toBe(201);
    expect(refunded.body.refundedTotal).toBe(25.5);

    const rows = rowsOf((await download('/api/orders/export.csv?from=2031-08-01&to=2031-08-01', admin)).text);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(csvRowReconciles(row)).toBe(true);
    const o = refunded.body as Order;
    const net = Math.round(o.totalPrice * 100) - 2550;
    expect(row).toMatchObject({
      'Order ID': orderId,
      Status: 'Paid, partially refunded',
      Items: `2 × Export Headphones (Sand, SKU ${sku}); 1 × Export Desk Lamp`,
      Units: '3',
      'Items price': o.itemsPrice.toFixed(2),
      Discount: o.discountPrice.toFixed(2),
      'Coupon code': code,
      Shipping: o.shippingPrice.toFixed(2),
      Tax: o.taxPrice.toFixed(2),
      Total: o.totalPrice.toFixed(2),
      Refunded: '25.50',
      Net: (net / 100).toFixed(2),
      Revenue: (net / 100).toFixed(2),
      Currency: 'USD',
      'Payment status': 'Partially refunded',
      // Paid by the simulated gateway (no PayPal credentials), though the customer's method reads "PayPal".
      'Payment method': 'Test payment',
    });

    // Refunded in full, then delivered: never "delivered" at full value.
    const rest = await shop.call('POST', `/api/orders/${orderId}/refunds`, {
      token: admin,
      body: { reason: 'Lost in transit' },
    });
    expect(rest.status).toBe(201);
    await shop.call('PUT', `/api/orders/${orderId}/deliver`, { token: admin });
    const [after] = rowsOf((await download('/api/orders/export.csv?from=2031-08-01&to=2031-08-01', admin)).text);
    expect(csvRowReconciles(after!)).toBe(true);
    expect(after).toMatchObject({ Refunded: o.totalPrice.toFixed(2), Net: '0.00', Revenue: '0.00' });
    expect(after!.Status).toMatch(/, refunded$/);
    expect(after!['Payment status']).toBe('Refunded');
  });

  it("issue 39: a gift card's order refunded to the card, the provider and store credit: the row says who paid and got what back, and the dashboard's revenue is the rows' Revenue", async () => {
    now = new Date('2031-09-01T10:00:00Z');
    const admin = await shop.adminToken();
    const alice = await shop.aliceToken();
    const p = await createProduct(shop, 40, 100, 'Export Card Speaker');
    const card = await shop.call('POST', '/api/gift-cards', { token: admin, body: { amount: 25 } });
    expect(card.status).toBe(201);
    const placed = await shop.call('POST', '/api/orders', {
      token: alice,
      body: {
        orderItems: [{ product: p._id, qty: 2 }],
        shippingAddress,
        paymentMethod: 'PayPal',
        giftCardCode: card.body.code,
      },
    });
    expect(placed.status).toBe(201);
    const o = placed.body as Order;
    const totalCents = Math.round(o.totalPrice * 100);
    expect(o.tenders).toEqual([expect.objectContaining({ kind: 'giftCard', amount: 25 })]);
    expect(
      (await shop.call('PUT', `/api/orders/${o._id}/pay`, { token: alice, body: { simulated: true } })).status,
    ).toBe(200);
    for (const [amount, to] of [
      [5, 'giftCard'],
      [7, 'provider'],
      [3, 'storeCredit'],
    ] as const) {
      const res = await shop.call('POST', `/api/orders/${o._id}/refunds`, { token: admin, body: { amount, to } });
      expect(res.status, to).toBe(201);
    }
    // A second order the same day, unpaid: no revenue, its card share still held.
    const held = await shop.call('POST', '/api/orders', {
      token: alice,
      body: {
        orderItems: [{ product: p._id, qty: 1 }],
        shippingAddress,
        paymentMethod: 'PayPal',
        giftCardCode: card.body.code,
      },
    });
    expect(held.status).toBe(201);

    const rows = rowsOf((await download('/api/orders/export.csv?from=2031-09-01&to=2031-09-01', admin)).text);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(csvRowReconciles(row), row['Order ID']).toBe(true);
    const row = rows.find((r) => r['Order ID'] === o._id)!;
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    expect(row).toMatchObject({
      Total: o.totalPrice.toFixed(2),
      Refunded: '15.00',
      Net: dollars(totalCents - 1500),
      'Gift card': '25.00',
      'Store credit': '0.00',
      Provider: dollars(totalCents - 2500),
      'Refunded to provider': '7.00',
      'Refunded to gift card': '5.00',
      'Refunded to store credit': '0.00',
      'Credited as store credit': '3.00',
      // Revenue counts the card's share (docs/architecture.md: revenue when a card is spent, never when issued).
      Revenue: dollars(totalCents - 1500),
    });
    const other = rows.find((r) => r['Order ID'] === held.body._id)!;
    // The card had $5 back, so it pays $5 of this one.
    expect(other).toMatchObject({ 'Payment status': 'Unpaid', 'Gift card': '5.00', Revenue: '0.00' });

    // The dashboard's revenue of that day is the sum of the rows' Revenue.
    const stats = await shop.call('GET', '/api/admin/stats', { token: admin });
    expect(stats.status).toBe(200);
    const day = (stats.body.daily as { day: string; orders: number; revenue: number }[]).find(
      (d) => d.day === '2031-09-01',
    )!;
    const revenue = rows.reduce((sum, r) => sum + Math.round(Number(r.Revenue) * 100), 0);
    expect(day).toEqual({ day: '2031-09-01', orders: 2, revenue: revenue / 100 });
  });

  it('filters as the list does (status, search by number) and by date range; bad input is a 400', async () => {
    now = new Date('2031-07-01T10:00:00Z');
    const p = await createProduct(shop, 5, 100, 'Filtered');
    const alice = await shop.aliceToken();
    const admin = await shop.adminToken();
    const ids: string[] = [];
    for (const day of ['2031-07-01', '2031-07-02', '2031-07-03']) {
      now = new Date(`${day}T10:00:00Z`);
      const placed = await shop.call('POST', '/api/orders', {
        token: alice,
        body: { orderItems: [{ product: p._id, qty: 1 }], shippingAddress, paymentMethod: 'PayPal' },
      });
      ids.push(placed.body._id);
    }
    now = new Date('2031-07-02T10:05:00Z'); // within the order's hold
    const paid = await shop.call('PUT', `/api/orders/${ids[1]}/pay`, { token: alice, body: { simulated: true } });
    expect(paid.status).toBe(200);
    const idsOf = async (query: string) =>
      rowsOf((await download(`/api/orders/export.csv?${query}`, admin)).text).map((r) => r['Order ID']);
    expect(await idsOf('from=2031-07-01&to=2031-07-03')).toEqual(ids);
    expect(await idsOf('from=2031-07-02&to=2031-07-02')).toEqual([ids[1]]);
    expect(await idsOf('from=2031-07-01&to=2031-07-03&status=paid')).toEqual([ids[1]]);
    expect(await idsOf(`from=2031-07-01&search=%23${ids[2]!.slice(-6).toUpperCase()}`)).toEqual([ids[2]]);
    for (const [query, message] of [
      ['from=yesterday', 'from must be a date (YYYY-MM-DD)'],
      ['from=2031-07-03&to=2031-07-01', 'to must not be before from'],
      ['status=lost', 'status must be one of unpaid, paid, shipped, delivered, expired, cancelled'],
    ]) {
      const res = await shop.call('GET', `/api/orders/export.csv?${query}`, { token: admin });
      expect(res.status, query).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('is for admins only', async () => {
    expect((await download('/api/orders/export.csv')).res.status).toBe(401);
    expect((await download('/api/orders/export.csv', await shop.aliceToken())).res.status).toBe(403);
  });
});

describe('the export streams', () => {
  let server: Server;
  let release: () => void;
  let finished = false;
  const order = (id: string): Order =>
    ({
      _id: id,
      user: { _id: 'u', name: 'Ann', email: 'ann@x.test' },
      isGuest: false,
      tenders: [],
      giftCardPrice: 0,
      orderItems: [],
      shippingAddress,
      paymentMethod: 'PayPal',
      itemsPrice: 1,
      discountPrice: 0,
      couponCode: null,
      shippingPrice: 0,
      taxPrice: 0,
      totalPrice: 1,
      currency: 'USD',
      isPaid: false,
      paidAt: null,
      paymentResult: null,
      isShipped: false,
      shippedAt: null,
      isDelivered: false,
      deliveredAt: null,
      shippingMethod: null,
      carrier: null,
      trackingNumber: null,
      undeliveries: [],
      status: 'awaiting_payment',
      expiresAt: null,
      isCancelled: false,
      cancelledAt: null,
      createdAt: '2031-01-01T00:00:00.000Z',
      paymentStatus: 'unpaid',
      refunds: [],
      refundedTotal: 0,
      cancellationRequest: null,
      returns: [],
    }) as Order;

  beforeAll(async () => {
    const gate = new Promise<void>((resolve) => (release = resolve));
    // A store that yields one batch, then waits until the test has seen its row arrive.
    const ports = {
      store: {
        orders: {
          async *exportOrders() {
            yield [order('first000000000000000001')];
            await gate;
            yield [order('second00000000000000002')];
            finished = true;
          },
        },
      },
      auth: { verify: async () => ({ uid: 'admin', isAdmin: true }) },
      payments: {},
      clock: { now: () => new Date('2031-01-02T00:00:00Z') },
    } as unknown as Ports;
    const app = express();
    app.use('/api/orders', orderRoutes(ports, { settings: {} as SettingsCache })); // the export reads no settings
    app.use(errorHandler);
    server = createServer(app).listen(0, '127.0.0.1');
    await once(server, 'listening');
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the first rows before the store has read the rest', async () => {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/api/orders/export.csv`, {
      headers: { Authorization: 'Bearer t' },
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    while (!received.includes('first000000000000000001')) {
      const { value, done } = await reader.read();
      expect(done, 'the first row arrives while the export is still open').toBe(false);
      received += decoder.decode(value, { stream: true });
    }
    expect(finished).toBe(false);
    expect(received).not.toContain('second');
    release();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      received += decoder.decode(value, { stream: true });
    }
    expect(finished).toBe(true);
    expect(rowsOf(received).map((r) => r['Order ID'])).toEqual(['first000000000000000001', 'second00000000000000002']);
  });
});
