// Issue 40: a product's accessories ("Works with") through the API: the admin's save keeps them in order, each once;
// it refuses the product itself, an unknown id, and more than MAX_ACCESSORIES; a save without them keeps them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESSORY_MESSAGES, MAX_ACCESSORIES } from '../src/domain/index.js';
import { productInput } from './support/products.js';
import { createProduct, startTestShop, type TestShop } from './support/shop.js';

let shop: TestShop;
let admin: string;

beforeAll(async () => {
  shop = await startTestShop();
  admin = await shop.adminToken();
});
afterAll(() => shop.close());

const save = (id: string, name: string, accessories?: unknown) =>
  shop.call('PUT', `/api/products/${id}`, {
    token: admin,
    body: { ...productInput(name), ...(accessories === undefined ? {} : { accessories }) },
  });

describe('product accessories', () => {
  it('are saved in order, each once, and answered as ids; a save without them keeps them', async () => {
    const camera = await createProduct(shop, 500, 5, 'Acc Camera');
    const strap = await createProduct(shop, 20, 5, 'Acc Strap');
    const card = await createProduct(shop, 30, 5, 'Acc Card');
    const saved = await save(camera._id, 'Acc Camera', [card._id, strap._id, card._id]);
    expect(saved.status).toBe(200);
    expect(saved.body.accessories).toEqual([card._id, strap._id]);
    expect((await shop.call('GET', `/api/products/${camera._id}`)).body.accessories).toEqual([card._id, strap._id]);
    // A spec client's save (no accessories): kept.
    expect((await save(camera._id, 'Acc Camera')).body.accessories).toEqual([card._id, strap._id]);
    expect((await save(camera._id, 'Acc Camera', [])).body.accessories).toEqual([]);
    // A product never edited answers none.
    expect((await shop.call('GET', `/api/products/${strap._id}`)).body.accessories).toEqual([]);
  });

  it('refuses the product itself, an unknown id, a draft, a bad id and too many; nothing is saved', async () => {
    const lens = await createProduct(shop, 300, 5, 'Acc Lens');
    const cap = await createProduct(shop, 5, 5, 'Acc Cap');
    expect((await save(lens._id, 'Acc Lens', [cap._id])).status).toBe(200);
    const draft = (await shop.call('POST', '/api/products', { token: admin })).body._id as string;

    const cases: [unknown, string][] = [
      [[cap._id, lens._id], ACCESSORY_MESSAGES.itself],
      [['no-such-product'], ACCESSORY_MESSAGES.unknown('no-such-product')],
      [[draft], ACCESSORY_MESSAGES.unknown(draft)],
      [['../etc'], 'Invalid id'],
      ['p1', 'Accessories must be a list of product ids'],
      [Array.from({ length: MAX_ACCESSORIES + 1 }, (_, i) => `p${i}`), ACCESSORY_MESSAGES.tooMany],
    ];
    for (const [accessories, message] of cases) {
      const refused = await save(lens._id, 'Acc Lens', accessories);
      expect(refused.status, JSON.stringify(accessories)).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(message);
    }
    expect((await shop.call('GET', `/api/products/${lens._id}`)).body.accessories).toEqual([cap._id]);
  });

  it('takes exactly MAX_ACCESSORIES', async () => {
    const hub = await createProduct(shop, 50, 5, 'Acc Hub');
    const parts = [];
    for (let i = 0; i < MAX_ACCESSORIES; i++) parts.push((await createProduct(shop, 1, 1, `Acc Part ${i}`))._id);
    const saved = await save(hub._id, 'Acc Hub', parts);
    expect(saved.status).toBe(200);
    expect(saved.body.accessories).toEqual(parts);
  });
});
