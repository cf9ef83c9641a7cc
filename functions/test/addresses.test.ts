// Saved addresses (issue 30) through the API: GET/POST/PUT/DELETE /api/users/profile/addresses, the caller's own
// book; placing an order saves its address once and marks it last used; the export includes the book (the
// account's deletion deleting it is the store contract's case, contract/addresses.contract.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES, MAX_SAVED_ADDRESSES } from '../src/domain/index.js';
import { createProduct, registerCustomer, startTestShop, type TestShop } from './support/shop.js';

const BOOK = '/api/users/profile/addresses';
const home = {
  recipientName: 'Rita Receiver',
  phone: '+1 555 010 4477',
  address: '7 Elm St',
  city: 'Springfield',
  postalCode: '12345',
  country: 'United States',
};

describe('the address book', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.close());

  it('adds, lists, edits and removes the caller’s addresses, each refusal with a clear message', async () => {
    const token = await registerCustomer(shop, 'book');
    expect((await shop.call('GET', BOOK, { token })).body).toEqual([]);
    const added = await shop.call('POST', BOOK, { token, body: home });
    expect(added.status).toBe(201);
    // The country is stored as its ISO code.
    expect(added.body).toMatchObject({ ...home, country: 'US', lastUsedAt: null });

    const again = await shop.call('POST', BOOK, { token, body: { ...home, country: 'USA' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ADDRESS_MESSAGES.duplicate);

    const bad = await shop.call('POST', BOOK, { token, body: { ...home, postalCode: '!!!' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Postal code is not valid for United States');
    const narnia = await shop.call('POST', BOOK, { token, body: { ...home, country: 'Narnia' } });
    expect(narnia.status).toBe(400);
    expect(narnia.body.message).toBe('Choose a country from the list');

    const edited = await shop.call('PUT', `${BOOK}/${added.body._id}`, {
      token,
      body: { ...home, address: '8 Elm St' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ _id: added.body._id, address: '8 Elm St' });

    const other = await registerCustomer(shop, 'book-other');
    expect((await shop.call('GET', BOOK, { token: other })).body).toEqual([]);
    expect((await shop.call('DELETE', `${BOOK}/${added.body._id}`, { token: other })).status).toBe(404);

    expect((await shop.call('DELETE', `${BOOK}/${added.body._id}`, { token })).status).toBe(200);
    expect((await shop.call('GET', BOOK, { token })).body).toEqual([]);
    expect((await shop.call('GET', BOOK)).status).toBe(401);
  });

  it(`holds at most ${MAX_SAVED_ADDRESSES}`, async () => {
    const token = await registerCustomer(shop, 'book-full');
    for (let i = 0; i < MAX_SAVED_ADDRESSES; i++)
      expect((await shop.call('POST', BOOK, { token, body: { ...home, address: `${i} Elm St` } })).status).toBe(201);
    const full = await shop.call('POST', BOOK, { token, body: { ...home, address: '99 Elm St' } });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(ADDRESS_MESSAGES.full);
  });

  it("saves an order's address once, last used first; the export includes the book", async () => {
    const token = await registerCustomer(shop, 'book-order');
    const lamp = await createProduct(shop, 20, 50, 'Book Lamp');
    const order = (shippingAddress: unknown) =>
      shop.call('POST', '/api/orders', {
        token,
        body: { orderItems: [{ product: lamp._id, qty: 1 }], shippingAddress, paymentMethod: 'PayPal' },
      });
    // The original client's four fields, free-text country: saved too.
    const proshop = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };
    expect((await order(proshop)).status).toBe(201);
    expect((await order(home)).status).toBe(201);
    expect((await order({ ...proshop, country: 'United States', city: 'SPRINGFIELD' })).status).toBe(201);
    const book = (await shop.call('GET', BOOK, { token })).body;
    expect(book).toHaveLength(2);
    expect(book[0]).toMatchObject({ address: '1 Main St', country: 'US' });
    expect(book[0].lastUsedAt).not.toBeNull();
    expect(book[1]).toMatchObject({ recipientName: 'Rita Receiver', phone: '+1 555 010 4477' });

    const exported = (await shop.call('GET', '/api/users/profile/export', { token })).body;
    expect(exported.savedAddresses).toEqual(book);
  });
});
