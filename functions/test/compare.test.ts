// GET /api/products/compare (issue 41): three laptops with storage in GB and TB, their rows aligned and the best
// marked; the 400s; an unpublished or unknown id left out and named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductComparison } from '../src/domain/index.js';
import { productInput } from './support/products.js';
import { startTestShop, type TestShop } from './support/shop.js';

let shop: TestShop;
let admin: string;
beforeAll(async () => {
  shop = await startTestShop();
  admin = await shop.adminToken();
});
afterAll(() => shop.close());

async function laptop(name: string, specs: { name: string; value: string }[]) {
  const id = (await shop.call('POST', '/api/products', { token: admin })).body._id as string;
  const res = await shop.call('PUT', `/api/products/${id}`, {
    token: admin,
    body: productInput(name, { category: 'Laptops', specs }),
  });
  expect(res.status).toBe(200);
  return id;
}

describe('GET /api/products/compare', () => {
  let ids: string[];
  beforeAll(async () => {
    ids = [
      await laptop('Compare Air', [
        { name: 'Storage', value: '512 GB SSD' },
        { name: 'Weight', value: '1.2 kg' },
        { name: 'Ports', value: '2 × USB-C' },
      ]),
      await laptop('Compare Pro', [
        { name: 'storage', value: '1 TB SSD' },
        { name: 'Weight', value: '1550 g' },
        { name: 'Ports', value: '2 × USB-C' },
      ]),
      await laptop('Compare Max', [
        { name: 'Storage', value: '2 TB SSD' },
        { name: 'Weight', value: '2.1 kg' },
        { name: 'Ports', value: '2 x usb-c' },
        { name: 'Battery', value: '99 Wh' },
      ]),
    ];
  });

  it('answers the products in the order asked with their rows aligned and the best marked', async () => {
    const { status, body } = await shop.call('GET', `/api/products/compare?ids=${ids.join(',')}`);
    expect(status).toBe(200);
    const answer = body as ProductComparison;
    expect(answer.products.map((p) => p.name)).toEqual(['Compare Air', 'Compare Pro', 'Compare Max']);
    expect(answer.missing).toEqual([]);
    const row = (name: string) => answer.rows.find((r) => r.name === name)!;
    expect(row('Storage').cells.map((c) => [c.value, c.quantity, c.best])).toEqual([
      ['512 GB SSD', { amount: 512, unit: 'GB' }, false],
      ['1 TB SSD', { amount: 1000, unit: 'GB' }, false],
      ['2 TB SSD', { amount: 2000, unit: 'GB' }, true],
    ]);
    expect(row('Weight').cells.map((c) => c.best)).toEqual([true, false, false]);
    expect(row('Battery').cells.map((c) => c.value)).toEqual([null, null, '99 Wh']);
    expect(answer.rows.filter((r) => r.differs).map((r) => r.name)).toEqual(['Storage', 'Weight', 'Battery']);
  });

  it('marks no best between products of different categories, and says so', async () => {
    const mouseId = (await shop.call('POST', '/api/products', { token: admin })).body._id as string;
    await shop.call('PUT', `/api/products/${mouseId}`, {
      token: admin,
      body: productInput('Compare Mouse', { category: 'Mice', specs: [{ name: 'Weight', value: '80 g' }] }),
    });
    const { status, body } = await shop.call('GET', `/api/products/compare?ids=${ids[0]},${mouseId}`);
    expect(status).toBe(200);
    const answer = body as ProductComparison;
    expect(answer.bestMarked).toBe(false);
    const weight = answer.rows.find((r) => r.name === 'Weight')!;
    expect(weight.cells.map((c) => [c.value, c.best])).toEqual([
      ['1.2 kg', false],
      ['80 g', false],
    ]);
    expect(weight.differs).toBe(true);
    const laptops = await shop.call('GET', `/api/products/compare?ids=${ids.join(',')}`);
    expect(laptops.body.bestMarked).toBe(true);
  });

  it('leaves out an unknown id or a draft and names it; an edit shows at once', async () => {
    const draft = (await shop.call('POST', '/api/products', { token: admin })).body._id as string;
    const url = `/api/products/compare?ids=${ids[0]},nope,${draft}`;
    const first = await shop.call('GET', url);
    expect(first.status).toBe(200);
    expect(first.body.products.map((p: { _id: string }) => p._id)).toEqual([ids[0]]);
    expect(first.body.missing).toEqual(['nope', draft]);
    await shop.call('PUT', `/api/products/${ids[0]}`, {
      token: admin,
      body: productInput('Compare Air', { category: 'Laptops', specs: [{ name: 'Storage', value: '4 TB' }] }),
    });
    const again = await shop.call('GET', url);
    expect(again.body.rows[0].cells[0].value).toBe('4 TB'); // the cached answer was cleared by the save
  });

  it('refuses fewer than 2 or more than 4 products, and malformed ids, with a clear 400', async () => {
    const refused = async (query: string) => {
      const res = await shop.call('GET', `/api/products/compare${query}`);
      expect(res.status).toBe(400);
      return String(res.body.message);
    };
    expect(await refused('')).toMatch(/ids/);
    expect(await refused(`?ids=${ids[0]}`)).toMatch(/at least 2/);
    expect(await refused(`?ids=${ids[0]},${ids[0]}`)).toMatch(/at least 2/); // the same product twice is one
    expect(await refused('?ids=a,b,c,d,e')).toMatch(/at most 4/);
    expect(await refused('?ids=a,b%20c')).toMatch(/product ids/);
    expect(await refused('?ids=a,,b')).toMatch(/product ids/);
  });
});
