// Back-in-stock alerts through the API (issue 41): who may subscribe to what, the guest's confirmation, the mail on
// the admin's restock (exactly one), one-click unsubscribe, the admin's waiting demand. The store's side on both
// backends: contract/stockAlerts.contract.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from './support/shop.js';
import { mails, waitForMail, type Mail } from './support/mailbox.js';
import { productInput } from './support/products.js';

let shop: TestShop;
let admin: string;
/** SKUs are unique across the shop: each phone its own. */
let phones = 0;

const phoneBody = (blue: number, ids?: Record<string, string>, n = phones) =>
  productInput('Notify Phone', {
    options: [{ name: 'Colour', values: ['Black', 'Blue'] }],
    variants: [
      { ...(ids ? { _id: ids.B } : {}), sku: `NP-B-${n}`, options: { Colour: 'Black' }, price: 500, countInStock: 4 },
      { ...(ids ? { _id: ids.L } : {}), sku: `NP-L-${n}`, options: { Colour: 'Blue' }, price: 500, countInStock: blue },
    ],
  });

async function newPhone() {
  phones += 1;
  const id = (await shop.call('POST', '/api/products', { token: admin })).body._id as string;
  const res = await shop.call('PUT', `/api/products/${id}`, { token: admin, body: phoneBody(0) });
  expect(res.status).toBe(200);
  const ids = Object.fromEntries(
    (res.body.variants as { _id: string; sku: string }[]).map((v) => [v.sku.startsWith('NP-B') ? 'B' : 'L', v._id]),
  );
  return { id, ids };
}

const tokenIn = (mail: Mail, kind: 'confirm' | 'unsubscribe') =>
  mail.text.match(new RegExp(`/stock-alerts/${kind}/([A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)`))![1]!;

beforeAll(async () => {
  shop = await startTestShop();
  admin = await shop.adminToken();
});
afterAll(async () => shop.close());

describe('back-in-stock alerts (POST /api/products/:id/stock-alerts)', () => {
  it('refuses an item in stock (409), a missing or foreign variant (400), an unknown product (404)', async () => {
    const { id, ids } = await newPhone();
    const ask = (body: unknown, product = id) => shop.call('POST', `/api/products/${product}/stock-alerts`, { body });
    expect((await ask({ email: 'a@example.com', variant: ids.B })).status).toBe(409);
    expect((await ask({ email: 'a@example.com' })).status).toBe(400);
    expect((await ask({ email: 'a@example.com', variant: 'nope' })).status).toBe(400);
    expect((await ask({ email: 'not an email', variant: ids.L })).status).toBe(400);
    expect((await ask({ email: 'a@example.com', variant: ids.L }, 'ffffffffffffffffffffffff')).status).toBe(404);
  });

  it('a guest confirms, the admin restocks, exactly one mail arrives; its link unsubscribes in one click', async () => {
    const { id, ids } = await newPhone();
    const email = 'guest-notify@example.com';
    const asked = await shop.call('POST', `/api/products/${id}/stock-alerts`, { body: { email, variant: ids.L } });
    expect(asked.body).toMatchObject({ status: 'pending' });
    // Asking twice is one alert, one confirmation.
    await shop.call('POST', `/api/products/${id}/stock-alerts`, { body: { email, variant: ids.L } });
    const confirm = await waitForMail(shop, email, /Confirm your alert/);
    expect(confirm.subject).toBe('Confirm your alert for Notify Phone (Blue)');
    // A forged or cross-purpose token is refused.
    const unsubscribeToken = tokenIn(confirm, 'unsubscribe');
    expect((await shop.call('POST', '/api/stock-alerts/confirm', { body: { token: unsubscribeToken } })).status).toBe(
      400,
    );
    const confirmed = await shop.call('POST', '/api/stock-alerts/confirm', {
      body: { token: tokenIn(confirm, 'confirm') },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.productId).toBe(id);
    // Issue 40: and its readable address, which the page links.
    const { body: product } = await shop.call('GET', `/api/products/${id}`);
    expect(confirmed.body.productSlug).toMatch(/^notify-phone/);
    expect(confirmed.body.productSlug).toBe(product.slug);
    const demand = await shop.call('GET', `/api/stock-alerts/demand?products=${id}`, { token: admin });
    expect(demand.body).toEqual([{ product: id, variant: ids.L, waiting: 1 }]);

    expect((await shop.call('PUT', `/api/products/${id}`, { token: admin, body: phoneBody(3, ids) })).status).toBe(200);
    const back = await waitForMail(shop, email, /Back in stock/);
    expect(back.subject).toBe('Back in stock: Notify Phone (Blue)');
    expect(back.text).toContain('/product/notify-phone'); // issue 40: the product's slug
    // Another save of the same stock mails nobody again.
    await shop.call('PUT', `/api/products/${id}`, { token: admin, body: phoneBody(3, ids) });
    await new Promise((r) => setTimeout(r, 300));
    expect((await mails(shop)).filter((m) => m.to === email && /Back in stock/.test(m.subject))).toHaveLength(1);

    const token = tokenIn(back, 'unsubscribe');
    for (let i = 0; i < 2; i++)
      expect((await shop.call('POST', '/api/stock-alerts/unsubscribe', { body: { token } })).status).toBe(200);
    expect((await shop.call('POST', '/api/stock-alerts/unsubscribe', { body: { token: `${token}x` } })).status).toBe(
      400,
    );
  });

  it('a signed-in customer with a verified address is subscribed at once; an unverified one confirms first', async () => {
    const { id, ids } = await newPhone();
    const email = `verified-${Date.now()}@example.com`;
    const reg = await shop.call('POST', '/api/users', { body: { name: 'Vera', email, password: 'secret12' } });
    expect(reg.status).toBe(201);
    const ask = () =>
      shop.call('POST', `/api/products/${id}/stock-alerts`, { token: reg.body.token, body: { email, variant: ids.L } });
    expect((await ask()).body.status).toBe('pending');
    const welcome = await waitForMail(shop, email, /Welcome/);
    const verifyToken = welcome.text.match(/\/verify-email\/([A-Za-z0-9_-]+)/)![1];
    expect((await shop.call('POST', '/api/users/verify-email', { body: { token: verifyToken } })).status).toBe(200);
    expect((await ask()).body.status).toBe('waiting');
    // Someone else's address, even signed in, confirms first.
    const other = await shop.call('POST', `/api/products/${id}/stock-alerts`, {
      token: reg.body.token,
      body: { email: 'someone-else@example.com', variant: ids.L },
    });
    expect(other.body.status).toBe('pending');
  });

  it("the low-stock mail follows the owner's threshold (settings), and the dashboard lists by it", async () => {
    const before = (await shop.call('GET', '/api/settings', { token: admin })).body as Record<string, unknown>;
    expect(before.lowStockThreshold).toBe(5);
    const { id, ids } = await newPhone();
    await shop.call('PUT', `/api/products/${id}`, { token: admin, body: phoneBody(20, ids) });
    const lowBlue = async (left: number) =>
      (await mails(shop)).filter((m) => m.subject === `Low stock: Notify Phone (Blue), ${left} left`);
    // 8 left is not low at the default 5: no mail.
    await shop.call('PUT', `/api/products/${id}`, { token: admin, body: phoneBody(8, ids) });
    await new Promise((r) => setTimeout(r, 300));
    expect(await lowBlue(8)).toHaveLength(0);
    // The owner raises it to 10: back above, then 7 left is low: one mail to the admin.
    const saved = await shop.call('PUT', '/api/settings', { token: admin, body: { ...before, lowStockThreshold: 10 } });
    expect(saved.status).toBe(200);
    await shop.call('PUT', `/api/products/${id}`, { token: admin, body: phoneBody(20, ids) });
    await shop.call('PUT', `/api/products/${id}`, { token: admin, body: phoneBody(7, ids) });
    await waitForMail(shop, 'admin@voltshop.test', /Low stock: Notify Phone \(Blue\), 7 left/);
    expect(await lowBlue(7)).toHaveLength(1);
    const stats = await shop.call('GET', '/api/admin/stats', { token: admin });
    // Issue 40: listed per variant, lowest first, by the owner's threshold: the Blue one at 7 is there, unless the
    // 20 rows are all as low (the earlier cases' phones left at 0).
    type Row = { product: string; variantLabel: string | null; countInStock: number };
    const rows = stats.body.lowStock as Row[];
    expect(stats.body.lowStockThreshold).toBe(10); // the dashboard's texts say the threshold it listed by
    expect(rows.every((r) => r.countInStock <= 10)).toBe(true);
    expect(rows.map((r) => r.countInStock)).toEqual(rows.map((r) => r.countInStock).sort((a, b) => a - b));
    const blue = rows.some((r) => r.product === id && r.variantLabel === 'Blue' && r.countInStock === 7);
    expect(blue || (rows.length === 20 && rows.every((r) => r.countInStock <= 7))).toBe(true);
    // A threshold that is not a whole number from 0 is refused, naming the field; nothing changes.
    const bad = await shop.call('PUT', '/api/settings', { token: admin, body: { ...before, lowStockThreshold: -1 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Low-stock threshold');
    expect((await shop.call('GET', '/api/settings', { token: admin })).body.lowStockThreshold).toBe(10);
    expect((await shop.call('PUT', '/api/settings', { token: admin, body: before })).status).toBe(200);
  });
});
