// Managed categories and brands through the API (issue 29): the public lists (cached), the admin's create, rename,
// merge and delete with their refusals, old slugs resolving to the new ones, and product saves picking from the
// lists (the admin's form strictly; the spec's clients may add a value unless it looks like a typo). The storage
// rules on both stores are the contract's (contract/taxonomy.contract.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from './support/shop.js';
import { productInput } from './support/products.js';

let shop: TestShop;
let admin: string;

beforeAll(async () => {
  shop = await startTestShop();
  admin = await shop.adminToken();
});
afterAll(() => shop.close());

type Entry = { _id: string; name: string; slug: string; productCount: number };
const categories = async () => (await shop.call('GET', '/api/categories')).body as Entry[];
const byName = async (name: string) => (await categories()).find((c) => c.name === name);

async function productIn(category: string, brand = 'B') {
  const id = (await shop.call('POST', '/api/products', { token: admin })).body._id as string;
  const res = await shop.call('PUT', `/api/products/${id}`, {
    token: admin,
    body: productInput(`In ${category}`, { category, brand }),
  });
  expect(res.status).toBe(200);
  return id;
}

describe('categories and brands through the API', () => {
  it('lists the seeded catalogue’s categories and brands with slugs and counts, publicly', async () => {
    const list = await categories();
    expect(list.find((c) => c.name === 'Accessories')).toMatchObject({ slug: 'accessories' });
    expect(list.every((c) => c.productCount >= 0 && /^[a-z0-9-]+$/.test(c.slug))).toBe(true);
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const brands = await shop.call('GET', '/api/brands');
    expect(brands.status).toBe(200);
    expect(brands.body.length).toBeGreaterThan(0);
    expect(brands.headers.get('etag')).toBeTruthy();
  });

  it('only admins write; names are unique case-insensitively; bad input is a clear 400', async () => {
    const customer = await shop.aliceToken();
    expect((await shop.call('POST', '/api/categories', { body: { name: 'Drones' } })).status).toBe(401);
    expect((await shop.call('POST', '/api/categories', { token: customer, body: { name: 'Drones' } })).status).toBe(
      403,
    );
    const created = await shop.call('POST', '/api/categories', { token: admin, body: { name: '  Drones & Kites ' } });
    expect(created.status).toBe(201);
    // A write answers the entry alone (issue 39: the same on both stores); the count is the list's.
    expect(created.body).toEqual({ _id: expect.any(String), name: 'Drones & Kites', slug: 'drones-and-kites' });
    const again = await shop.call('POST', '/api/categories', { token: admin, body: { name: 'drones & kites' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A category named "Drones & Kites" already exists');
    const empty = await shop.call('POST', '/api/categories', { token: admin, body: { name: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/Name is required/);
    const extra = await shop.call('POST', '/api/categories', { token: admin, body: { name: 'X', slug: 'y' } });
    expect(extra.status).toBe(400);
    expect((await shop.call('PUT', '/api/categories/nope', { token: admin, body: { name: 'Y' } })).status).toBe(404);
  });

  it('a rename relabels its products and the old slug leads to the new one', async () => {
    const created = (await shop.call('POST', '/api/categories', { token: admin, body: { name: 'Smart Home' } }))
      .body as Entry;
    const product = await productIn('Smart Home');
    const renamed = await shop.call('PUT', `/api/categories/${created._id}`, {
      token: admin,
      body: { name: 'Home Automation' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ _id: created._id, name: 'Home Automation', slug: 'home-automation' });
    expect((await shop.call('GET', `/api/products/${product}`)).body.category).toBe('Home Automation');
    expect(await byName('Home Automation')).toMatchObject({ productCount: 1 });
    const old = await shop.call('GET', '/api/categories/slug/smart-home');
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({ redirect: true, entry: { slug: 'home-automation' } });
    const current = await shop.call('GET', '/api/categories/slug/home-automation');
    expect(current.body).toMatchObject({ redirect: false, entry: { name: 'Home Automation' } });
    expect((await shop.call('GET', '/api/categories/slug/never-was')).status).toBe(404);
    // The catalogue's filter names it at once (the cached pages were cleared).
    const page = await shop.call('GET', `/api/products?category=${encodeURIComponent('Home Automation')}`);
    expect(page.body.products.map((p: { _id: string }) => p._id)).toEqual([product]);
  });

  it('a merge moves the products, removes the source, and its slug leads to the target; delete waits for a merge', async () => {
    const typo = (await shop.call('POST', '/api/categories', { token: admin, body: { name: 'Acessories' } }))
      .body as Entry;
    const product = await productIn('Acessories');
    const refused = await shop.call('DELETE', `/api/categories/${typo._id}`, { token: admin });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('"Acessories" is used by 1 product: merge it into another category first');
    const target = (await byName('Accessories'))!;
    const self = await shop.call('POST', `/api/categories/${typo._id}/merge`, {
      token: admin,
      body: { into: typo._id },
    });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('Pick another category to merge into');
    const merged = await shop.call('POST', `/api/categories/${typo._id}/merge`, {
      token: admin,
      body: { into: target._id },
    });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ _id: target._id, name: 'Accessories' });
    expect((await shop.call('GET', `/api/products/${product}`)).body.category).toBe('Accessories');
    expect(await byName('Acessories')).toBeUndefined();
    expect((await byName('Accessories'))!.productCount).toBe(target.productCount + 1);
    expect((await shop.call('GET', '/api/categories/slug/acessories')).body.entry.slug).toBe('accessories');
    const empty = (await shop.call('POST', '/api/categories', { token: admin, body: { name: 'Empty One' } }))
      .body as Entry;
    expect((await shop.call('DELETE', `/api/categories/${empty._id}`, { token: admin })).status).toBe(200);
    expect(await byName('Empty One')).toBeUndefined();
  });

  it('the admin’s form (editedFrom) picks from the lists: an unknown value is a 400 naming the way out', async () => {
    const id = await productIn('Audio');
    const product = (await shop.call('GET', `/api/products/${id}`)).body;
    const editedFrom = { updatedAt: product.updatedAt, countInStock: product.countInStock };
    const unknown = await shop.call('PUT', `/api/products/${id}`, {
      token: admin,
      body: { ...productInput('Edited', { category: 'Brand New Thing' }), editedFrom },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(
      /^Unknown category "Brand New Thing": pick one of .*Accessories.*or create it first$/,
    );
    expect(await byName('Brand New Thing')).toBeUndefined();
    const caseVariant = await shop.call('PUT', `/api/products/${id}`, {
      token: admin,
      body: { ...productInput('Edited', { category: 'audio ' }), editedFrom },
    });
    expect(caseVariant.status).toBe(200);
    expect(caseVariant.body.category).toBe('Audio');
  });

  it('a spec client’s new value creates the entry, but a near miss of one is refused with "did you mean"', async () => {
    const id = await productIn('Audio');
    const typo = await shop.call('PUT', `/api/products/${id}`, {
      token: admin,
      body: productInput('Spec edit', { category: 'accesories' }),
    });
    expect(typo.status).toBe(400);
    expect(typo.body.message).toBe(
      'Unknown category "accesories": did you mean "Accessories"? If it is a new category, create it first',
    );
    const fresh = await shop.call('PUT', `/api/products/${id}`, {
      token: admin,
      body: productInput('Spec edit', { category: 'Garden Tools' }),
    });
    expect(fresh.status).toBe(200);
    expect(await byName('Garden Tools')).toMatchObject({ slug: 'garden-tools', productCount: 1 });
  });
});
