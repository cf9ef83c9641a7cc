// The order decisions, pure: what both stores write is decided here (the store contract then tests their load/save).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import { DEFAULT_HOLD_LIMITS, MAX_STOCK, UNDELIVER_WINDOW_HOURS } from './limits.js';
import {
  cancelOrder,
  deliverOrder,
  expireOrder,
  orderEvents,
  payOrder,
  placeOrder,
  type PlaceOrderRequest,
  type StockedProduct,
  type UnpaidOrder,
  undeliverOrder,
} from './orderDecisions.js';
import { ORDER_MESSAGES, orderFromRecord, type OrderRecord } from './orders.js';
import { CouponRefusal, DISCOUNT_MESSAGES, type Coupon } from './discounts.js';
import { priceOrder } from './pricing.js';
import { DEFAULT_SETTINGS } from './settings.js';
import type { PaymentResult } from './types.js';

const now = new Date('2026-11-25T10:00:00.000Z');
const in30 = new Date(now.getTime() + 30 * 60_000);
const products = (entries: Record<string, Partial<StockedProduct>>) =>
  new Map(
    Object.entries(entries).map(([id, p]) => [
      id,
      { name: `Product ${id}`, image: `/images/${id}.png`, priceCents: 1000, countInStock: 10, ...p },
    ]),
  );
const request = (lines: PlaceOrderRequest['lines'], over: Partial<PlaceOrderRequest> = {}): PlaceOrderRequest => ({
  user: { _id: 'u1', name: 'Alice', email: 'alice@example.com' },
  lines,
  shippingAddress: { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' },
  paymentMethod: 'PayPal',
  now,
  expiresAt: in30,
  holdLimits: DEFAULT_HOLD_LIMITS,
  ...over,
});

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a DomainError');
}

const placed = (lines: PlaceOrderRequest['lines'], stocked = products({ a: {}, b: {} })) =>
  placeOrder(request(lines), stocked, []).record;

describe('placeOrder', () => {
  it('prices from the stored products (never the request), takes the stock and holds until expiresAt', () => {
    const stocked = products({ a: { priceCents: 2999, countInStock: 3 }, b: { priceCents: 500 } });
    const { record, taken, stock } = placeOrder(
      request([
        { product: 'a', qty: 2 },
        { product: 'b', qty: 1 },
      ]),
      stocked,
      [],
    );
    expect(record.orderItems).toEqual([
      // Each line's tax share (the ledger's, largest remainder): 975 = 900 + 75.
      { product: 'a', name: 'Product a', image: '/images/a.png', priceCents: 2999, qty: 2, taxCents: 900 },
      { product: 'b', name: 'Product b', image: '/images/b.png', priceCents: 500, qty: 1, taxCents: 75 },
    ]);
    expect(record).toMatchObject({
      ...priceOrder([
        { priceCents: 2999, qty: 2 },
        { priceCents: 500, qty: 1 },
      ]),
      status: 'awaiting_payment',
      expiresAt: in30.toISOString(),
      createdAt: now.toISOString(),
      currency: 'USD',
    });
    expect(taken).toEqual([
      { product: 'a', qty: 2 },
      { product: 'b', qty: 1 },
    ]);
    expect(stock).toEqual([
      { product: 'a', countInStock: 1 },
      { product: 'b', countInStock: 9 },
    ]);
    expect(stocked.get('a')!.countInStock).toBe(3); // the decision does not write
  });

  it('counts lines of one product together against its stock, and names the product when short', () => {
    const stocked = products({ a: { name: 'Kestrel Phone', countInStock: 3 } });
    const error = refusal(() =>
      placeOrder(
        request([
          { product: 'a', qty: 2 },
          { product: 'a', qty: 2 },
        ]),
        stocked,
        [],
      ),
    );
    expect(error.kind).toBe('conflict');
    expect(error.message).toContain('Kestrel Phone');
  });

  it('refuses an unknown product (404) and orders beyond the hold limits', () => {
    expect(refusal(() => placed([{ product: 'nope', qty: 1 }])).kind).toBe('not_found');
    const many = products({ a: { countInStock: 100 } });
    const beyond = DEFAULT_HOLD_LIMITS.maxUnitsPerProduct + 1;
    expect(refusal(() => placeOrder(request([{ product: 'a', qty: beyond }]), many, [])).kind).toBe('bad_input');
  });

  it('counts only open holds of the customer: expired or cancelled unpaid orders hold nothing', () => {
    const stocked = products({ a: { countInStock: 100 } });
    const max = DEFAULT_HOLD_LIMITS.maxUnitsPerProduct;
    const open: UnpaidOrder = {
      status: 'awaiting_payment',
      expiresAt: in30.toISOString(),
      totalCents: 1000,
      orderItems: [{ product: 'a', qty: max }],
    };
    expect(refusal(() => placeOrder(request([{ product: 'a', qty: 1 }]), stocked, [open])).kind).toBe('conflict');
    const ended = { ...open, expiresAt: now.toISOString() };
    expect(placeOrder(request([{ product: 'a', qty: 1 }]), stocked, [ended]).record.orderItems).toHaveLength(1);
  });

  it('never takes more than the stock, and the stock after is the stock before minus the units (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.record({ product: fc.constantFrom('p0', 'p1', 'p2'), qty: fc.integer({ min: 1, max: 5 }) }), {
          minLength: 1,
          maxLength: 5,
        }),
        (stocks, lines) => {
          const stocked = new Map(
            stocks.map((countInStock, i) => [`p${i}`, { name: `P${i}`, image: '', priceCents: 100 + i, countInStock }]),
          );
          const limits = { maxUnitsPerProduct: 1000, maxHeldCents: 10_000_000, maxOpenOrders: 10 };
          let decision;
          try {
            decision = placeOrder(request(lines, { holdLimits: limits }), stocked, []);
          } catch (error) {
            expect(error).toBeInstanceOf(DomainError);
            return;
          }
          for (const { product, countInStock } of decision.stock) {
            const units = lines.filter((l) => l.product === product).reduce((n, l) => n + l.qty, 0);
            expect(countInStock).toBe(stocked.get(product)!.countInStock - units);
            expect(countInStock).toBeGreaterThanOrEqual(0);
          }
          expect(decision.record.totalCents).toBe(priceOrder(decision.record.orderItems).totalCents);
        },
      ),
    );
  });
});

const unpaid = (over: Partial<OrderRecord> = {}): OrderRecord => ({
  ...placed([
    { product: 'a', qty: 2 },
    { product: 'b', qty: 1 },
    { product: 'a', qty: 1 },
  ]),
  ...over,
});
const capture: PaymentResult = {
  id: 'CAP-1',
  status: 'COMPLETED',
  updateTime: now.toISOString(),
  provider: 'paypal',
  amount: '23.00',
  currency: 'USD',
};

describe('cancelOrder and expireOrder', () => {
  it('cancel gives every unit back to the products that still exist, never past MAX_STOCK', () => {
    const { patch, stock } = cancelOrder(unpaid(), new Map([['a', MAX_STOCK - 1]]), now);
    expect(patch).toEqual({ status: 'cancelled', cancelledAt: now.toISOString() });
    expect(stock).toEqual([{ product: 'a', countInStock: MAX_STOCK }]); // b was deleted: nothing to return
  });

  it('cancel refuses a paid, an expired and a cancelled order', () => {
    expect(refusal(() => cancelOrder(unpaid({ status: 'paid' }), new Map(), now)).message).toBe(
      ORDER_MESSAGES.paidCannotCancel,
    );
    const late = new Date(in30.getTime() + 1);
    expect(refusal(() => cancelOrder(unpaid(), new Map(), late)).message).toBe(ORDER_MESSAGES.expired);
    const cancelled = unpaid({ status: 'expired', cancelledAt: now.toISOString() });
    expect(refusal(() => cancelOrder(cancelled, new Map(), now)).message).toBe(ORDER_MESSAGES.alreadyCancelled);
  });

  it('expire acts only once the hold has ended, on an unpaid order, returning its units', () => {
    const stock = new Map([
      ['a', 4],
      ['b', 0],
    ]);
    expect(expireOrder(unpaid(), stock, now)).toBeNull();
    expect(expireOrder(unpaid({ status: 'paid' }), stock, in30)).toBeNull();
    expect(expireOrder(unpaid({ status: 'expired' }), stock, in30)).toBeNull();
    expect(expireOrder(unpaid(), stock, in30)).toEqual({
      patch: { status: 'expired' },
      stock: [
        { product: 'a', countInStock: 7 },
        { product: 'b', countInStock: 1 },
      ],
    });
  });
});

describe('payOrder and deliverOrder', () => {
  it('pays an unpaid, held order with an unused capture', () => {
    expect(payOrder(unpaid(), capture, false, now)).toEqual({
      status: 'paid',
      paidAt: now.toISOString(),
      paymentResult: capture,
    });
  });

  it('refuses a used capture, a paid, a cancelled and an expired order', () => {
    expect(refusal(() => payOrder(unpaid(), capture, true, now)).message).toBe(ORDER_MESSAGES.captureUsed);
    expect(refusal(() => payOrder(unpaid({ status: 'paid' }), capture, false, now)).message).toBe(
      ORDER_MESSAGES.alreadyPaid,
    );
    const cancelled = unpaid({ status: 'expired', cancelledAt: now.toISOString() });
    expect(refusal(() => payOrder(cancelled, capture, false, now)).message).toBe(ORDER_MESSAGES.cancelled);
    expect(refusal(() => payOrder(unpaid(), capture, false, in30)).message).toBe(ORDER_MESSAGES.expired);
  });

  it('delivers a paid order once (shipping it at the same time); never an unpaid one', () => {
    expect(deliverOrder({ status: 'paid' }, now)).toEqual({
      status: 'delivered',
      deliveredAt: now.toISOString(),
      shippedAt: now.toISOString(),
    });
    expect(deliverOrder({ status: 'shipped' }, now)).toEqual({ status: 'delivered', deliveredAt: now.toISOString() });
    expect(refusal(() => deliverOrder({ status: 'delivered' }, now)).message).toBe(ORDER_MESSAGES.alreadyDelivered);
    expect(refusal(() => deliverOrder({ status: 'awaiting_payment' }, now)).message).toBe(ORDER_MESSAGES.notPaid);
  });

  it('records a carrier and tracking number given; one not given keeps the earlier', () => {
    expect(deliverOrder({ status: 'shipped' }, now, { carrier: 'DHL', trackingNumber: 'JD1' })).toEqual({
      status: 'delivered',
      deliveredAt: now.toISOString(),
      carrier: 'DHL',
      trackingNumber: 'JD1',
    });
    expect(deliverOrder({ status: 'paid' }, now, { trackingNumber: 'JD2' })).not.toHaveProperty('carrier');
  });

  it('takes a delivery back: freely within the window, with a reason after, never an undelivered order', () => {
    const deliveredAt = now.toISOString();
    const hoursLater = (h: number) => new Date(now.getTime() + h * 3_600_000);
    const edge = hoursLater(UNDELIVER_WINDOW_HOURS);
    expect(undeliverOrder({ status: 'delivered', deliveredAt }, edge, null)).toEqual({
      status: 'paid',
      deliveredAt: null,
      undeliveries: [{ deliveredAt, at: edge.toISOString(), reason: null }],
    });
    const late = hoursLater(UNDELIVER_WINDOW_HOURS + 0.01);
    expect(refusal(() => undeliverOrder({ status: 'delivered', deliveredAt }, late, null)).message).toBe(
      ORDER_MESSAGES.undeliverReasonRequired,
    );
    expect(refusal(() => undeliverOrder({ status: 'delivered', deliveredAt }, late, '')).kind).toBe('bad_input');
    const earlier = { deliveredAt: 'x', at: 'y', reason: 'first' };
    expect(
      undeliverOrder({ status: 'delivered', deliveredAt, undeliveries: [earlier] }, late, 'Lost').undeliveries,
    ).toEqual([earlier, { deliveredAt, at: late.toISOString(), reason: 'Lost' }]);
    // Shipped before it was delivered: taken back, it is on its way again.
    expect(undeliverOrder({ status: 'delivered', deliveredAt, shippedAt: deliveredAt }, edge, null).status).toBe(
      'shipped',
    );
    for (const status of ['paid', 'awaiting_payment', 'expired'] as const)
      expect(refusal(() => undeliverOrder({ status, deliveredAt: null }, now, 'x')).message).toBe(
        ORDER_MESSAGES.notDelivered,
      );
  });
});

describe('orderEvents', () => {
  it('carries the order as it now is and the stock the decision left, so no subscriber reads them again', () => {
    const decided = placeOrder(request([{ product: 'a', qty: 3 }]), products({ a: { countInStock: 5 } }), []);
    const order = orderFromRecord('o1', decided.record);
    expect(orderEvents('OrderPlaced', order, decided.stock)).toEqual([
      { type: 'OrderPlaced', order },
      { type: 'StockChanged', stock: [{ product: 'a', countInStock: 2 }] },
    ]);
    const delivered = orderFromRecord('o1', {
      ...decided.record,
      status: 'paid',
      ...deliverOrder({ status: 'paid' }, now),
    });
    expect(orderEvents('OrderDelivered', delivered)).toEqual([{ type: 'OrderDelivered', order: delivered }]);
  });
});

describe('placeOrder with a discount code (issue 30)', () => {
  const coupon = (over: Partial<Coupon> = {}): Coupon => ({
    code: 'AUDIO20',
    percentOff: 20,
    active: true,
    uses: 0,
    ...over,
  });
  const stocked = () =>
    products({ a: { priceCents: 50_00, category: 'Audio' }, b: { priceCents: 30_00, category: 'Lighting' } });
  const lines = [
    { product: 'a', qty: 1 },
    { product: 'b', qty: 1 },
  ];

  it('takes the discount off the lines in scope, records the code and answers the redemption', () => {
    const scoped = coupon({ scope: { categories: ['Audio'] } });
    const { record, redemption } = placeOrder(request(lines), stocked(), [], {
      code: 'AUDIO20',
      coupon: scoped,
      customerUses: 0,
    });
    // 20% of the Audio line's 50.00; the tax on the 70.00 left.
    expect(record).toMatchObject({ itemsCents: 80_00, discountCents: 10_00, couponCode: 'AUDIO20', taxCents: 10_50 });
    expect(record.totalCents).toBe(80_00 - 10_00 + 100_00 + 10_50);
    expect(redemption).toEqual({
      code: 'AUDIO20',
      userId: 'u1',
      customerKeys: ['u1', 'guest:alice@example.com'],
    });
  });

  it('a refused code refuses the order with its message (400); no code: no redemption, no discount', () => {
    const e = refusal(() =>
      placeOrder(request(lines), stocked(), [], {
        code: 'AUDIO20',
        coupon: coupon({ maxUses: 3, uses: 3 }),
        customerUses: 0,
      }),
    );
    expect(e.kind).toBe('bad_input');
    expect(e.message).toBe(DISCOUNT_MESSAGES.usedUp);
    const plain = placeOrder(request(lines), stocked(), []);
    expect(plain.redemption).toBeNull();
    expect(plain.record).toMatchObject({ discountCents: 0, couponCode: null });
  });

  it('judges the hold limits before the code (issue 36): at a limit, a wrong and a right code get the same 409', () => {
    const held = { totalCents: 10_00, orderItems: [{ product: 'a', qty: 1 }], status: 'awaiting_payment' as const };
    const atLimit = Array.from({ length: DEFAULT_HOLD_LIMITS.maxOpenOrders }, () => ({
      ...held,
      expiresAt: in30.toISOString(),
    }));
    const wrong = refusal(() =>
      placeOrder(request(lines), stocked(), atLimit, { code: 'NOPE', coupon: null, customerUses: 0 }),
    );
    const right = refusal(() =>
      placeOrder(request(lines), stocked(), atLimit, { code: 'AUDIO20', coupon: coupon(), customerUses: 0 }),
    );
    expect(wrong.kind).toBe('conflict');
    expect({ kind: right.kind, message: right.message }).toEqual({ kind: wrong.kind, message: wrong.message });
    // Below the limits the wrong code is refused as a code (the order routes count it as a guess).
    const refused = refusal(() =>
      placeOrder(request(lines), stocked(), [], { code: 'NOPE', coupon: null, customerUses: 0 }),
    );
    expect(refused).toBeInstanceOf(CouponRefusal);
    expect(refused.message).toBe(DISCOUNT_MESSAGES.unknown);
  });
});

describe('placeOrder with the total the shopper was shown (issue 38)', () => {
  // 2 x $10 + 15% tax + $100 shipping (the spec's pricing): $123.00.
  const lines = [{ product: 'a', qty: 2 }];
  const shown = priceOrder([{ priceCents: 1000, qty: 2 }]).totalCents;

  it('places at the shown total, and without one (the original clients) at whatever it costs', () => {
    expect(shown).toBe(12300);
    expect(placeOrder(request(lines, { expectedTotalCents: shown }), products({ a: {} }), []).record.totalCents).toBe(
      shown,
    );
    expect(placeOrder(request(lines), products({ a: { priceCents: 1500 } }), []).record.totalCents).toBe(13450);
  });

  it('refuses a total one cent off either way with 409 and the figures it would charge, deciding nothing', () => {
    for (const expected of [shown - 1, shown + 1, 0]) {
      const error = refusal(() =>
        placeOrder(request(lines, { expectedTotalCents: expected }), products({ a: {} }), []),
      );
      expect(error.kind).toBe('conflict');
      expect(error.details).toEqual({
        expectedTotal: expected / 100,
        totalPrice: 123,
        itemsPrice: 20,
        discountPrice: 0,
        shippingPrice: 100,
        taxPrice: 3,
      });
    }
  });

  it('says both totals as the shop writes money, when the shipping changed since the page was shown', () => {
    const error = refusal(() =>
      placeOrder(
        request([{ product: 'a', qty: 1 }], {
          expectedTotalCents: 6173,
          settings: {
            ...DEFAULT_SETTINGS,
            shipping: { ...DEFAULT_SETTINGS.shipping, defaultPrice: 25, freeOver: null },
          },
        }),
        products({ a: { priceCents: 5368 } }),
        [],
      ),
    );
    expect(error.message).toBe(
      'The total changed from $61.73 to $86.73: prices, a code or shipping changed since the page was shown. ' +
        'Check the order and place it again.',
    );
    expect(error.details).toMatchObject({ expectedTotal: 61.73, totalPrice: 86.73, shippingPrice: 25 });
  });

  it('counts the code: the total shown with the discount places, the one without it is refused', () => {
    const code: Coupon = { code: 'TEN', percentOff: 10, active: true, uses: 0 };
    const withCode = { code: 'TEN', coupon: code, customerUses: 0 };
    const discounted = priceOrder([{ priceCents: 1000, qty: 2 }], undefined, 200).totalCents;
    const ok = placeOrder(request(lines, { expectedTotalCents: discounted }), products({ a: {} }), [], withCode);
    expect(ok.record.totalCents).toBe(discounted);
    const error = refusal(() =>
      placeOrder(request(lines, { expectedTotalCents: shown }), products({ a: {} }), [], withCode),
    );
    expect(error.details).toMatchObject({ totalPrice: discounted / 100, discountPrice: 2 });
  });
});
