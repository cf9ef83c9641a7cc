// The original clients (issue 13, point 7): the request bodies the unchanged ProShop front ends send, byte for
// byte as their code builds them, replayed against the spec's routes, and each must succeed.
//   v1: bradtraversy/proshop_mern, frontend/src/actions/*.js and screens (redux + axios, bearer token)
//   v2: bradtraversy/proshop-v2, frontend/src/slices/*ApiSlice.js, utils/cartUtils.js and screens (RTK Query)
// Their quirks the shop accepts: prices and totals as strings ("1199.00", ignored anyway), what the admin typed in
// number inputs as strings (price "899.99", countInStock "12", review rating "5"), v2's cart lines (the product
// answer spread, `_id` in place of `product`) and the ids v2 repeats in bodies (productId, userId).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../src/domain/index.js';
import { payPalSettings, startFakePayPal, type FakePayPal } from '../support/fakePayPal.js';
import { startTestShop, type TestShop } from '../support/shop.js';

// In PayPal mode (against the local fake PayPal API): the original clients capture in the browser and send the SDK's
// capture result, which the server verifies with PayPal. (Test-payment mode accepts only the shop's own test body.)
let paypal: FakePayPal;
let shop: TestShop;
let admin: string;
beforeAll(async () => {
  paypal = await startFakePayPal();
  shop = await startTestShop(payPalSettings(paypal));
  admin = await shop.adminToken();
});
afterAll(async () => {
  await shop?.close();
  await paypal?.close();
});

let n = 0;
const account = (who: string) => ({
  name: `${who} Shopper`,
  email: `${who.toLowerCase()}-${Date.now()}-${++n}@example.com`,
  password: 'secret123',
});
const shipping = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };

/** Both clients' addDecimals (utils/cartUtils.js; PlaceOrderScreen.js in v1). */
const addDecimals = (num: number) => (Math.round(num * 100) / 100).toFixed(2);

/** A product in stock, as GET /api/products/:id answers it (what both clients put in the cart). */
async function productInStock(): Promise<ProductDetail> {
  const page = (await shop.call('GET', '/api/products?keyword=&pageNumber=1')).body;
  const id = page.products.find((p: { countInStock: number }) => p.countInStock >= 2)._id;
  return (await shop.call('GET', `/api/products/${id}`)).body;
}

/** What the PayPal JS SDK hands the client after `actions.order.capture()` (v1 sends it from onSuccess, v2 as `details`). */
function paypalCaptureResult(total: string, orderId: string) {
  return {
    id: paypal.completedOrder(total, 'USD', orderId).id,
    intent: 'CAPTURE',
    status: 'COMPLETED',
    purchase_units: [
      {
        reference_id: 'default',
        amount: { currency_code: 'USD', value: total },
        payee: { email_address: 'merchant@example.com', merchant_id: 'C7CYMKZDG8D6E' },
        shipping: {
          name: { full_name: 'John Doe' },
          address: {
            address_line_1: '1 Main St',
            admin_area_2: 'San Jose',
            admin_area_1: 'CA',
            postal_code: '95131',
            country_code: 'US',
          },
        },
        payments: {
          captures: [
            {
              id: '3C679366HH908993F',
              status: 'COMPLETED',
              amount: { currency_code: 'USD', value: total },
              final_capture: true,
              seller_protection: {
                status: 'ELIGIBLE',
                dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
              },
              create_time: '2026-11-23T10:00:00Z',
              update_time: '2026-11-23T10:00:00Z',
            },
          ],
        },
      },
    ],
    payer: {
      name: { given_name: 'John', surname: 'Doe' },
      email_address: 'buyer@example.com',
      payer_id: 'QYR5Z8XDVJNXQ',
      address: { country_code: 'US' },
    },
    create_time: '2026-11-23T09:59:50Z',
    update_time: '2026-11-23T10:00:00Z',
    links: [
      { href: 'https://api.sandbox.paypal.com/v2/checkout/orders/5O190127TN364715T', rel: 'self', method: 'GET' },
    ],
  };
}

describe('ProShop v1 (proshop_mern)', () => {
  it('register, login, profile, place order, pay, review, admin product and user edits', async () => {
    const me = account('V1');
    // userActions.js register / login
    const reg = await shop.call('POST', '/api/users', {
      body: { name: me.name, email: me.email, password: me.password },
    });
    expect(reg.status).toBe(201);
    const login = await shop.call('POST', '/api/users/login', { body: { email: me.email, password: me.password } });
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    // ProfileScreen.js: updateUserProfile({ id: user._id, name, email, password }), password '' when left empty
    const profile = await shop.call('PUT', '/api/users/profile', {
      token,
      body: { id: reg.body._id, name: 'V1 Renamed', email: me.email, password: '' },
    });
    expect(profile.status).toBe(200);
    expect(profile.body.name).toBe('V1 Renamed');

    // cartActions.js addToCart: { product, name, image, price, countInStock, qty }; PlaceOrderScreen.js prices as strings
    const product = await productInStock();
    const cartItems = [
      {
        product: product._id,
        name: product.name,
        image: product.image,
        price: product.price,
        countInStock: product.countInStock,
        qty: 2,
      },
    ];
    const itemsPrice = addDecimals(cartItems.reduce((acc, item) => acc + item.price * item.qty, 0));
    const shippingPrice = addDecimals(Number(itemsPrice) > 100 ? 0 : 100);
    const taxPrice = addDecimals(Number((0.15 * Number(itemsPrice)).toFixed(2)));
    const totalPrice = (Number(itemsPrice) + Number(shippingPrice) + Number(taxPrice)).toFixed(2);
    const placed = await shop.call('POST', '/api/orders', {
      token,
      body: {
        orderItems: cartItems,
        shippingAddress: shipping,
        paymentMethod: 'PayPal',
        itemsPrice,
        shippingPrice,
        taxPrice,
        totalPrice,
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.orderItems[0]).toMatchObject({ product: product._id, qty: 2, price: product.price });

    // OrderScreen.js successPaymentHandler(paymentResult) -> payOrder: the SDK's capture result, as is.
    const paid = await shop.call('PUT', `/api/orders/${placed.body._id}/pay`, {
      token,
      body: paypalCaptureResult(placed.body.totalPrice.toFixed(2), placed.body._id),
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.isPaid).toBe(true);

    // ProductScreen.js: createProductReview(id, { rating, comment }), rating straight from the <select> (a string)
    const review = await shop.call('POST', `/api/products/${product._id}/reviews`, {
      token,
      body: { rating: '5', comment: 'Works great' },
    });
    expect(review.status, JSON.stringify(review.body)).toBe(201);
    expect((await shop.call('GET', `/api/products/${product._id}`)).body.reviews[0]).toMatchObject({
      rating: 5,
      comment: 'Works great',
    });

    // productActions.js createProduct: axios.post('/api/products', {}); ProductEditScreen.js updateProduct with the
    // edited number inputs as strings (e.target.value)
    const created = await shop.call('POST', '/api/products', { token: admin, body: {} });
    expect(created.status).toBe(201);
    const edit = {
      _id: created.body._id,
      name: 'V1 Lamp',
      price: '899.99',
      image: '/images/sample.svg',
      brand: 'Lumo',
      category: 'Lighting',
      description: 'A lamp',
      countInStock: '12',
    };
    const updated = await shop.call('PUT', `/api/products/${created.body._id}`, { token: admin, body: edit });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ price: 899.99, countInStock: 12 });

    // UserEditScreen.js: updateUser({ _id: userId, name, email, isAdmin })
    const userEdit = await shop.call('PUT', `/api/users/${reg.body._id}`, {
      token: admin,
      body: { _id: reg.body._id, name: 'V1 Edited', email: me.email, isAdmin: false },
    });
    expect(userEdit.status).toBe(200);

    // orderActions.js deliverOrder: axios.put(url, {})
    expect((await shop.call('PUT', `/api/orders/${placed.body._id}/deliver`, { token: admin, body: {} })).status).toBe(
      200,
    );
  });
});

describe('ProShop v2 (proshop-v2)', () => {
  it('register, login, profile, place order, pay, review, admin product and user edits', async () => {
    const me = account('V2');
    // usersApiSlice.js register / login: body = { name, email, password } / { email, password }
    const reg = await shop.call('POST', '/api/users', {
      body: { name: me.name, email: me.email, password: me.password },
    });
    expect(reg.status).toBe(201);
    const login = await shop.call('POST', '/api/users/login', { body: { email: me.email, password: me.password } });
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    // ProfileScreen.jsx: updateProfile({ name, email, password })
    expect(
      (
        await shop.call('PUT', '/api/users/profile', {
          token,
          body: { name: 'V2 Renamed', email: me.email, password: '' },
        })
      ).status,
    ).toBe(200);

    // cartSlice.js addToCart: the product answer without user, rating, numReviews, reviews, plus qty (Number);
    // cartUtils.js updateCart: prices as strings, shipping 10 under 100
    const product = await productInStock();
    const { rating: _r, numReviews: _n, reviews: _v, ...item } = product;
    const cartItems = [{ ...item, qty: 1 }];
    const itemsPriceNumber = cartItems.reduce((acc, i) => acc + (i.price * 100 * i.qty) / 100, 0);
    const shippingPriceNumber = itemsPriceNumber > 100 ? 0 : 10;
    const taxPriceNumber = 0.15 * itemsPriceNumber;
    const body = {
      orderItems: cartItems,
      shippingAddress: shipping,
      paymentMethod: 'PayPal',
      itemsPrice: addDecimals(itemsPriceNumber),
      shippingPrice: addDecimals(shippingPriceNumber),
      taxPrice: addDecimals(taxPriceNumber),
      totalPrice: addDecimals(itemsPriceNumber + shippingPriceNumber + taxPriceNumber),
    };
    const placed = await shop.call('POST', '/api/orders', { token, body });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.orderItems[0]).toMatchObject({ product: product._id, qty: 1, price: product.price });

    // OrderScreen.jsx onApprove: actions.order.capture().then((details) => payOrder({ orderId, details }))
    const paid = await shop.call('PUT', `/api/orders/${placed.body._id}/pay`, {
      token,
      body: paypalCaptureResult(placed.body.totalPrice.toFixed(2), placed.body._id),
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    // productsApiSlice.js createReview: body = { productId, rating, comment }, rating from the <select> (a string)
    const review = await shop.call('POST', `/api/products/${product._id}/reviews`, {
      token,
      body: { productId: product._id, rating: '4', comment: 'Solid' },
    });
    expect(review.status, JSON.stringify(review.body)).toBe(201);

    // ProductEditScreen.jsx updateProduct({ productId, name, price, image, brand, category, description, countInStock })
    const created = await shop.call('POST', '/api/products', { token: admin });
    expect(created.status).toBe(201);
    const edit = {
      productId: created.body._id,
      name: 'V2 Kettle',
      price: '79.5',
      image: '/images/sample.svg',
      brand: 'Boil',
      category: 'Kitchen',
      description: 'A kettle',
      countInStock: '3',
    };
    const updated = await shop.call('PUT', `/api/products/${created.body._id}`, { token: admin, body: edit });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ name: 'V2 Kettle', price: 79.5, countInStock: 3 });

    // UserEditScreen.jsx updateUser({ userId, name, email, isAdmin })
    const userEdit = await shop.call('PUT', `/api/users/${reg.body._id}`, {
      token: admin,
      body: { userId: reg.body._id, name: 'V2 Edited', email: me.email, isAdmin: false },
    });
    expect(userEdit.status, JSON.stringify(userEdit.body)).toBe(200);

    // ordersApiSlice.js deliverOrder: PUT with no body
    expect((await shop.call('PUT', `/api/orders/${placed.body._id}/deliver`, { token: admin })).status).toBe(200);
  });
});

describe('what the leniency does not open', () => {
  it('ids repeated in bodies must match the URL; a cart line names one product', async () => {
    const product = await productInStock();
    const other = (await shop.call('POST', '/api/products', { token: admin })).body._id as string;
    const edit = {
      productId: other,
      name: 'X',
      price: '1',
      image: '/images/sample.svg',
      brand: 'B',
      category: 'C',
      description: 'D',
      countInStock: '1',
    };
    const res = await shop.call('PUT', `/api/products/${product._id}`, { token: admin, body: edit });
    expect(res.status).toBe(400);
    expect((await shop.call('GET', `/api/products/${product._id}`)).body.name).toBe(product.name);

    const alice = await shop.aliceToken();
    const review = await shop.call('POST', `/api/products/${product._id}/reviews`, {
      token: alice,
      body: { productId: other, rating: 5, comment: 'x' },
    });
    expect(review.status).toBe(400);

    const bothIds = await shop.call('POST', '/api/orders', {
      token: alice,
      body: { orderItems: [{ product: product._id, _id: other, qty: 1 }], shippingAddress: shipping },
    });
    expect(bothIds.status).toBe(400);
    const noId = await shop.call('POST', '/api/orders', {
      token: alice,
      body: { orderItems: [{ qty: 1 }], shippingAddress: shipping },
    });
    expect(noId.status).toBe(400);
  });

  it('only plain decimal strings count as numbers', async () => {
    const product = await productInStock();
    for (const price of ['', ' ', '12,50', '1e3', '0x10', 'Infinity', '12.5.1', '-1', '12.345']) {
      const edit = {
        _id: product._id,
        name: 'X',
        price,
        image: '/images/sample.svg',
        brand: 'B',
        category: 'C',
        description: 'D',
        countInStock: 1,
      };
      const res = await shop.call('PUT', `/api/products/${product._id}`, { token: admin, body: edit });
      expect(res.status, JSON.stringify(price)).toBe(400);
      expect(res.body.fields).toHaveProperty('price');
    }
    const alice = await shop.aliceToken();
    for (const qty of ['1', 1.5]) {
      const res = await shop.call('POST', '/api/orders', {
        token: alice,
        body: { orderItems: [{ product: product._id, qty }], shippingAddress: shipping },
      });
      expect(res.status, `qty ${JSON.stringify(qty)}`).toBe(400);
    }
  });
});
