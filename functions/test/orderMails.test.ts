// The order emails (issue 27), embedded backend: each order change records its message in the outbox in the SAME
// transaction (orders/orderUseCases.ts over adapters/embedded/unitOfWork.ts): placed, paid (+ the owner's alert), delivered,
// cancelled, expired; a refused or rolled-back change records none; the group commit records one per accepted order.
// Firstly on the store (the outbox table read directly), then through a running shop (the development mailbox).
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Database } from '../src/adapters/embedded/db.js';
import { createSqlStore } from '../src/adapters/embedded/store.js';
import {
  DEFAULT_HOLD_LIMITS,
  holdUntil,
  orderNumber,
  type PaymentResult,
  type ProductUpdateInput,
} from '../src/domain/index.js';
import type { PlaceOrderCommand, Store } from '../src/ports.js';
import { productInput } from './support/products.js';
import { mails, waitForMail } from './support/mailbox.js';
import { createProduct, shippingAddress, startTestShop, type TestShop } from './support/shop.js';
import { DEMO_CUSTOMERS } from '../src/seed/seed.js';

const now = new Date('2026-03-01T10:00:00.000Z');
const product = (name: string, countInStock: number): ProductUpdateInput => productInput(name, { countInStock });
const command = (customer: number, lines: PlaceOrderCommand['lines'], at = now): PlaceOrderCommand => ({
  user: { _id: `customer-${customer}`, name: `Customer ${customer}`, email: `c${customer}@example.com` },
  lines,
  shippingAddress,
  paymentMethod: 'PayPal',
  now: at,
  expiresAt: holdUntil(at, 30),
  holdLimits: DEFAULT_HOLD_LIMITS,
});
const payment = (id: string): PaymentResult => ({
  id,
  provider: 'simulated',
  status: 'COMPLETED',
  amount: '0.00',
  currency: 'USD',
  updateTime: now.toISOString(),
});

interface Recorded {
  key: string;
  to: string;
  template: string;
  data: Record<string, any>;
}

describe('order emails on the embedded store', () => {
  let dir: string;
  let db: Database;
  let store: Store;
  let wakes: number;
  const open = async (alertEmail?: string) => {
    dir = mkdtempSync(join(tmpdir(), 'voltshop-ordermail-'));
    db = await Database.open(dir);
    wakes = 0;
    store = createSqlStore(db, { orderMail: { alertEmail, onRecorded: () => wakes++ } });
  };
  const outbox = async (): Promise<Recorded[]> => {
    const rs = await db.client.execute(
      'SELECT idempotency_key, to_address, template, data_json FROM mail_outbox ORDER BY created_at, idempotency_key',
    );
    return rs.rows.map((r) => ({
      key: String(r.idempotency_key),
      to: String(r.to_address),
      template: String(r.template),
      data: JSON.parse(String(r.data_json)) as Record<string, any>,
    }));
  };
  beforeEach(() => open());
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('records "order placed" for the customer with the number, lines, totals, pay-by time and order page', async () => {
    const p = await store.products.create(product('Mail Phone', 5), 'owner');
    const order = await store.orders.place(command(1, [{ product: p._id, qty: 2 }]));
    expect(await outbox()).toEqual([
      {
        key: `order-placed:${order._id}`,
        to: 'c1@example.com',
        template: 'order-placed',
        data: {
          order: {
            name: 'Customer 1',
            number: `#${orderNumber(order._id)}`,
            lines: [{ name: 'Mail Phone', qty: 2, priceCents: Math.round(order.orderItems[0]!.price * 100) }],
            itemsCents: Math.round(order.itemsPrice * 100),
            shippingCents: Math.round(order.shippingPrice * 100),
            shippingMethod: 'Standard', // issue 40: the cheapest, none was asked
            taxCents: Math.round(order.taxPrice * 100),
            totalCents: Math.round(order.totalPrice * 100),
          },
          orderPath: `/order/${order._id}`,
          expiresAt: holdUntil(now, 30).toISOString(),
        },
      },
    ]);
    expect(wakes).toBe(1);
  });

  it('records nothing for a refused order: short of stock, or over the hold limits', async () => {
    const p = await store.products.create(product('Scarce Lamp', 1), 'owner');
    await expect(store.orders.place(command(1, [{ product: p._id, qty: 2 }]))).rejects.toMatchObject({
      kind: 'conflict',
    });
    expect(await outbox()).toEqual([]);
    expect(wakes).toBe(0);
    // The hold limits: an order alone beyond them (400), and one past the customer's open orders (409).
    const big = await store.products.create(product('Big Lamp', 1000), 'owner');
    const overLimit = DEFAULT_HOLD_LIMITS.maxUnitsPerProduct + 1;
    await expect(store.orders.place(command(2, [{ product: big._id, qty: overLimit }]))).rejects.toMatchObject({
      kind: 'bad_input',
      message: expect.stringMatching(/^At most/),
    });
    const open = [];
    for (let i = 0; i < DEFAULT_HOLD_LIMITS.maxOpenOrders; i++)
      open.push(await store.orders.place(command(3, [{ product: big._id, qty: 1 }])));
    await expect(store.orders.place(command(3, [{ product: big._id, qty: 1 }]))).rejects.toMatchObject({
      kind: 'conflict',
      message: expect.stringMatching(/unpaid order/),
    });
    expect((await outbox()).map((m) => m.key).sort()).toEqual(open.map((o) => `order-placed:${o._id}`).sort());
  });

  it('group commit: concurrent orders, one refused, record exactly one message per accepted order', async () => {
    const p = await store.products.create(product('Batch Speaker', 3), 'owner');
    let writes = 0;
    const write = db.write.bind(db);
    db.write = (fn) => {
      writes++;
      return write(fn);
    };
    const results = await Promise.allSettled([
      store.orders.place(command(1, [{ product: p._id, qty: 1 }])),
      store.orders.place(command(2, [{ product: p._id, qty: 1 }])),
      store.orders.place(command(3, [{ product: p._id, qty: 5 }])), // refused: short of stock
      store.orders.place(command(4, [{ product: p._id, qty: 1 }])),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const placed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const recorded = await outbox();
    expect(recorded.map((m) => m.key).sort()).toEqual(placed.map((o) => `order-placed:${o._id}`).sort());
    expect(recorded.map((m) => m.to).sort()).toEqual(['c1@example.com', 'c2@example.com', 'c4@example.com']);
    expect(recorded.every((m) => m.template === 'order-placed')).toBe(true);
    // The four were one batch (one transaction): the refused one's savepoint took its message back with it.
    expect(writes).toBe(1);
    expect(wakes).toBe(1);
  });

  it('records the receipt for the customer and the alert for every admin, read in the payment transaction', async () => {
    await store.users.create({ _id: 'admin-1', name: 'Owner', email: 'owner@example.com', isAdmin: true });
    await store.users.create({ _id: 'admin-2', name: 'Partner', email: 'partner@example.com', isAdmin: true });
    await store.users.create({ _id: 'shopper', name: 'Shopper', email: 'shopper@example.com', isAdmin: false });
    const p = await store.products.create(product('Paid Tablet', 5), 'owner');
    const order = await store.orders.place(command(1, [{ product: p._id, qty: 1 }]));
    await store.orders.markPaid(order._id, payment('cap-1'), new Date('2026-03-01T10:05:00.000Z'));
    const recorded = (await outbox()).filter((m) => m.template !== 'order-placed');
    expect(recorded.map((m) => [m.template, m.to]).sort()).toEqual([
      ['order-paid', 'c1@example.com'],
      ['owner-order-paid', 'owner@example.com'],
      ['owner-order-paid', 'partner@example.com'],
    ]);
    const receipt = recorded.find((m) => m.template === 'order-paid')!;
    expect(receipt.key).toBe(`order-paid:${order._id}`);
    expect(receipt.data.paidAt).toBe('2026-03-01T10:05:00.000Z');
    const alert = recorded.find((m) => m.template === 'owner-order-paid')!;
    expect(alert.data.customerEmail).toBe('c1@example.com');
    expect(alert.data.orderPath).toBe(`/order/${order._id}`);
  });

  it('sends the owner alert to ORDER_ALERT_EMAIL alone when it is set', async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
    await open('alerts@example.com');
    await store.users.create({ _id: 'admin-1', name: 'Owner', email: 'owner@example.com', isAdmin: true });
    const p = await store.products.create(product('Alert Tablet', 5), 'owner');
    const order = await store.orders.place(command(1, [{ product: p._id, qty: 1 }]));
    await store.orders.markPaid(order._id, payment('cap-2'), now);
    const alerts = (await outbox()).filter((m) => m.template === 'owner-order-paid');
    expect(alerts.map((m) => m.to)).toEqual(['alerts@example.com']);
  });

  it('records nothing for a refused change (delivering an unpaid order, paying twice with one capture)', async () => {
    const p = await store.products.create(product('Refused Watch', 5), 'owner');
    const a = await store.orders.place(command(1, [{ product: p._id, qty: 1 }]));
    const b = await store.orders.place(command(2, [{ product: p._id, qty: 1 }]));
    await expect(store.orders.markDelivered(a._id, now)).rejects.toThrow();
    await store.orders.markPaid(a._id, payment('cap-same'), now);
    await expect(store.orders.markPaid(b._id, payment('cap-same'), now)).rejects.toThrow();
    const keys = (await outbox()).map((m) => m.key);
    expect(keys).not.toContain(`order-delivered:${a._id}`);
    expect(keys).not.toContain(`order-paid:${b._id}`);
    expect(keys.filter((k) => k.startsWith('order-paid:'))).toEqual([`order-paid:${a._id}`]);
  });

  it('records "delivered" and "cancelled" for the customer', async () => {
    const p = await store.products.create(product('Life Radio', 5), 'owner');
    const a = await store.orders.place(command(1, [{ product: p._id, qty: 1 }]));
    const b = await store.orders.place(command(2, [{ product: p._id, qty: 1 }]));
    await store.orders.markPaid(a._id, payment('cap-3'), now);
    await store.orders.markDelivered(a._id, new Date('2026-03-02T09:00:00.000Z'));
    await store.orders.cancel(b._id, now);
    const recorded = await outbox();
    const delivered = recorded.find((m) => m.key === `order-delivered:${a._id}`)!;
    expect(delivered).toMatchObject({ to: 'c1@example.com', template: 'order-delivered' });
    expect(delivered.data.deliveredAt).toBe('2026-03-02T09:00:00.000Z');
    const cancelled = recorded.find((m) => m.key === `order-cancelled:${b._id}`)!;
    expect(cancelled).toMatchObject({
      to: 'c2@example.com',
      template: 'order-cancelled',
      data: { reason: 'cancelled' },
    });
  });

  it('records the expiry message once, however often the sweep runs', async () => {
    const p = await store.products.create(product('Stale Drone', 5), 'owner');
    const order = await store.orders.place(command(1, [{ product: p._id, qty: 1 }]));
    const later = new Date(now.getTime() + 31 * 60_000);
    expect(await store.orders.expireStale(later)).toBe(1);
    expect(await store.orders.expireStale(new Date(later.getTime() + 60_000))).toBe(0);
    const expired = (await outbox()).filter((m) => m.template === 'order-cancelled');
    expect(expired).toEqual([
      expect.objectContaining({
        key: `order-cancelled:${order._id}`,
        to: 'c1@example.com',
        data: expect.objectContaining({ reason: 'expired' }),
      }),
    ]);
  });
});

describe('order emails through a running shop (development mailbox)', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ ORDER_ALERT_EMAIL: 'orders@voltshop.test' });
  });
  afterAll(() => shop.close());

  it('delivers "placed", the receipt and the owner alert (ORDER_ALERT_EMAIL), none for a refused order', async () => {
    const alice = await shop.aliceToken();
    const p = await createProduct(shop, 25, 2, 'Mailbox Lamp');
    const refused = await shop.call('POST', '/api/orders', {
      token: alice,
      body: { orderItems: [{ product: p._id, qty: 3 }], shippingAddress, paymentMethod: 'PayPal' },
    });
    expect(refused.status).toBe(409);
    const placed = await shop.call('POST', '/api/orders', {
      token: alice,
      body: { orderItems: [{ product: p._id, qty: 1 }], shippingAddress, paymentMethod: 'PayPal' },
    });
    expect(placed.status).toBe(201);
    const id = placed.body._id as string;
    const number = `#${orderNumber(id)}`;
    const mail = await waitForMail(shop, DEMO_CUSTOMERS.alice.email, new RegExp(`order ${number}: please pay`));
    expect(mail.text).toContain('Mailbox Lamp');
    expect(mail.text).toContain(`/order/${id}`);

    const paid = await shop.call('PUT', `/api/orders/${id}/pay`, { token: alice, body: { simulated: true } });
    expect(paid.status).toBe(200);
    await waitForMail(shop, DEMO_CUSTOMERS.alice.email, new RegExp(`Receipt .*${number}`));
    await waitForMail(shop, 'orders@voltshop.test', new RegExp(`Paid order ${number}`));
    // Exactly these three about this order: the refused one left nothing behind.
    const about = (await mails(shop)).filter((m) => m.subject.includes(number));
    expect(about).toHaveLength(3);
    // Besides them, issue 40's low-stock alert: one, to the admin, when the product was published with 2 (at or below
    // the threshold); the order's 2 -> 1 sends no second one.
    const lamp = (await mails(shop)).filter((m) => /Mailbox Lamp/.test(m.text));
    expect(lamp.filter((m) => !m.subject.startsWith('Low stock'))).toHaveLength(3);
    expect(lamp.filter((m) => m.subject.startsWith('Low stock')).map((m) => [m.to, m.subject])).toEqual([
      ['admin@voltshop.test', 'Low stock: Mailbox Lamp, 2 left'],
    ]);
  });

  it("issue 38: times in the shop's time zone, a guest greeted by the recipient, carrier and tracking link when delivered", async () => {
    const admin = await shop.adminToken();
    const current = await shop.call<Record<string, unknown>>('GET', '/api/settings', { token: admin });
    const saved = await shop.call('PUT', '/api/settings', {
      token: admin,
      body: { ...current.body, timeZone: 'Europe/Berlin' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // A client that sends no time zone (the last release's form) keeps the saved one.
    const { timeZone: _, ...withoutZone } = current.body;
    const kept = await shop.call<{ timeZone: string }>('PUT', '/api/settings', { token: admin, body: withoutZone });
    expect(kept.body.timeZone).toBe('Europe/Berlin');
    const history = await shop.call<{ changes: { field: string; to: unknown }[] }[]>('GET', '/api/settings/history', {
      token: admin,
    });
    expect(history.body[1]!.changes).toEqual([{ field: 'timeZone', from: 'UTC', to: 'Europe/Berlin' }]);
    expect(history.body[0]!.changes).toEqual([]);

    const p = await createProduct(shop, 25, 5, 'Zone Lamp');
    const guest = await shop.call('POST', '/api/orders/guest', {
      body: {
        email: 'gina@voltshop.test',
        orderItems: [{ product: p._id, qty: 1 }],
        shippingAddress: { ...shippingAddress, recipientName: 'Gina Lovelace' },
      },
    });
    expect(guest.status, JSON.stringify(guest.body)).toBe(201);
    const placed = await waitForMail(shop, 'gina@voltshop.test', /please pay/);
    expect(placed.text).toContain('Hello Gina Lovelace,');
    expect(placed.text).not.toContain('Guest');
    // Berlin's time (CET in winter, CEST in summer), never UTC.
    expect(placed.text).toMatch(/Please pay by \d{1,2} \w+ \d{4}, \d\d:\d\d CES?T/);

    const alice = await shop.aliceToken();
    const order = await shop.call('POST', '/api/orders', {
      token: alice,
      body: { orderItems: [{ product: p._id, qty: 1 }], shippingAddress, paymentMethod: 'PayPal' },
    });
    const id = order.body._id as string;
    expect((await shop.call('PUT', `/api/orders/${id}/pay`, { token: alice, body: { simulated: true } })).status).toBe(
      200,
    );
    const delivered = await shop.call('PUT', `/api/orders/${id}/deliver`, {
      token: admin,
      body: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    const mail = await waitForMail(shop, DEMO_CUSTOMERS.alice.email, new RegExp(`${orderNumber(id)} was delivered`));
    expect(mail.text).toContain('Carrier: UPS');
    expect(mail.text).toContain('Tracking number: 1Z999AA10123456784');
    expect(mail.html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    expect(mail.text).toMatch(/delivered on .* CES?T\./);
  });

  it('issue 38: the lines name the variant bought and its SKU', async () => {
    const admin = await shop.adminToken();
    const id = (await shop.call('POST', '/api/products', { token: admin })).body._id as string;
    const saved = await shop.call('PUT', `/api/products/${id}`, {
      token: admin,
      body: {
        ...productInput('Studio Headphones'),
        options: [{ name: 'Colour', values: ['Black', 'Sand'] }],
        variants: [
          { sku: 'HP-MAIL-BLACK', options: { Colour: 'Black' }, price: 99, countInStock: 5 },
          { sku: 'HP-MAIL-SAND', options: { Colour: 'Sand' }, price: 109, countInStock: 5 },
        ],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const sand = (saved.body.variants as { _id: string; sku: string }[])[1]!;
    const alice = await shop.aliceToken();
    const placed = await shop.call('POST', '/api/orders', {
      token: alice,
      body: {
        orderItems: [{ product: id, variant: sand._id, qty: 2 }],
        shippingAddress,
        paymentMethod: 'PayPal',
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const mail = await waitForMail(
      shop,
      DEMO_CUSTOMERS.alice.email,
      new RegExp(`order #${orderNumber(placed.body._id as string)}: please pay`),
    );
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('2 × Studio Headphones — Sand');
      expect(part).toContain('SKU HP-MAIL-SAND');
      expect(part).toContain('$218.00');
    }
  });
});
