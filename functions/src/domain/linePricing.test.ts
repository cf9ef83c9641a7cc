// One pricing of lines (issue 39): the coupon check (POST /api/coupons/check prices the catalogue's products through
// stockedProductOf + priceLine) and placeOrder take the same amount off, whatever a variant costs beside its product
// and whatever a code's scope leaves out.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideDiscount, DISCOUNT_MESSAGES, type Coupon } from './discounts.js';
import { DomainError } from './errors.js';
import { DEFAULT_HOLD_LIMITS } from './limits.js';
import { checkLines, priceLine, stockedProductOf } from './linePricing.js';
import { toCents, toDollars } from './money.js';
import { placeOrder } from './orderDecisions.js';
import { orderFromRecord } from './orders.js';
import type { Product } from './types.js';

const now = new Date('2026-11-25T10:00:00.000Z');

function product(id: string, category: string, price: number, variantPrices: number[] = []): Product {
  return {
    _id: id,
    name: `Product ${id}`,
    image: `/images/${id}.png`,
    brand: 'Voltra',
    category,
    description: '',
    price: variantPrices[0] ?? price,
    countInStock: 50,
    specs: [],
    images: [],
    rating: 0,
    numReviews: 0,
    slug: `product-${id}`,
    accessories: [],
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    options: variantPrices.length ? [{ name: 'Size', values: variantPrices.map((_, i) => `S${i}`) }] : [],
    variants: variantPrices.map((p, i) => ({
      _id: `${id}-v${i}`,
      sku: `${id}-SKU-${i}`,
      options: { Size: `S${i}` },
      price: p,
      countInStock: 50,
    })),
  };
}

type Line = { product: string; qty: number; variant?: string };

const coupon = (over: Partial<Coupon>): Coupon => ({ code: 'SCOPED', percentOff: 15, active: true, uses: 0, ...over });

/** The check's decision, as the route computes it (cents). */
function checkOf(catalogue: Product[], lines: Line[], code: Coupon) {
  return decideDiscount(code, checkLines(catalogue, lines), 0, now);
}

/** The placed order (its figures as the API answers them). */
function orderOf(catalogue: Product[], lines: Line[], code: Coupon) {
  const placed = placeOrder(
    {
      user: { _id: 'u1', name: 'Alice', email: 'alice@example.com' },
      lines,
      shippingAddress: { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' },
      paymentMethod: 'PayPal',
      now,
      expiresAt: new Date(now.getTime() + 30 * 60_000),
      holdLimits: { ...DEFAULT_HOLD_LIMITS, maxHeldCents: 1e12, maxUnitsPerProduct: 1000 },
    },
    new Map(catalogue.map((p) => [p._id, stockedProductOf(p)])),
    [],
    { code: code.code, coupon: code, customerUses: 0 },
  );
  return orderFromRecord('o1', placed.record);
}

const bothWays = (catalogue: Product[], lines: Line[], code: Coupon) => ({
  check: checkOf(catalogue, lines, code),
  order: orderOf(catalogue, lines, code),
});

describe('one pricing of lines', () => {
  it('a variant priced apart from its product: the check and the order price it at the variant', () => {
    const phone = product('phone', 'Phones', 100, [100, 300]);
    const lamp = product('lamp', 'Lamps', 40);
    const lines = [
      { product: 'phone', variant: 'phone-v1', qty: 1 },
      { product: 'lamp', qty: 2 },
    ];
    const { check, order } = bothWays([phone, lamp], lines, coupon({ scope: { categories: ['Phones'] } }));
    // 15% of the 1 TB variant's 300 only: the lamps are out of the code's scope, the default variant is not bought.
    expect(check).toMatchObject({ ok: true, discountCents: 4500 });
    expect(order.discountPrice).toBe(45);
    expect(order.orderItems[0]).toMatchObject({ price: 300, variant: 'phone-v1', discount: 45 });
    expect(order.orderItems[1]).toMatchObject({ price: 40 });
    expect(order.orderItems[1]!.discount).toBeUndefined();
  });

  it('a line naming no variant is the default variant’s, in both', () => {
    const phone = product('phone', 'Phones', 999, [120, 300]);
    const { check, order } = bothWays([phone], [{ product: 'phone', qty: 1 }], coupon({ scope: null }));
    expect(check).toMatchObject({ ok: true, discountCents: 1800 });
    expect(order).toMatchObject({ itemsPrice: 120, discountPrice: 18 });
  });

  it('a code scoped to another category is refused by both alike', () => {
    const phone = product('phone', 'Phones', 100, [100, 300]);
    const lamps = coupon({ scope: { categories: ['Lamps'] } });
    const check = checkOf([phone], [{ product: 'phone', qty: 1 }], lamps);
    expect(check).toEqual({ ok: false, message: DISCOUNT_MESSAGES.nothingInScope });
    expect(() => orderOf([phone], [{ product: 'phone', qty: 1 }], lamps)).toThrow(DISCOUNT_MESSAGES.nothingInScope);
  });

  it('refuses a variant of another product and a variant named on a product without any (400)', () => {
    const loaded = new Map([
      ['phone', stockedProductOf(product('phone', 'Phones', 100, [100, 300]))],
      ['lamp', stockedProductOf(product('lamp', 'Lamps', 40))],
    ]);
    for (const line of [
      { product: 'phone', variant: 'lamp-v0', qty: 1 },
      { product: 'lamp', variant: 'phone-v0', qty: 1 },
    ]) {
      const error = (() => {
        try {
          priceLine(loaded, line);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).kind).toBe('bad_input');
    }
    expect(() => priceLine(loaded, { product: 'missing', qty: 1 })).toThrow(/Product not found/);
  });

  it('any cart, any variant prices, any scope: the check takes off what the order takes off', () => {
    const cents = fc.integer({ min: 1, max: 100_000 });
    fc.assert(
      fc.property(
        fc.array(cents, { minLength: 1, maxLength: 3 }),
        cents,
        fc.array(fc.record({ which: fc.nat(), qty: fc.integer({ min: 1, max: 4 }) }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 100 }),
        fc.boolean(),
        (variantCents, plainCents, picks, percent, scoped) => {
          const phone = product('phone', 'Phones', 1, variantCents.map(toDollars));
          const lamp = product('lamp', 'Lamps', toDollars(plainCents));
          const lines = picks.map(({ which, qty }) =>
            which % (variantCents.length + 1) === variantCents.length
              ? { product: 'lamp', qty }
              : { product: 'phone', variant: `phone-v${which % (variantCents.length + 1)}`, qty },
          );
          const code = coupon({ percentOff: percent, scope: scoped ? { categories: ['Phones'] } : null });
          const check = checkOf([phone, lamp], lines, code);
          if (!check.ok) {
            // The check refused the code: placing refuses it with the same message.
            expect(() => orderOf([phone, lamp], lines, code)).toThrow(check.message);
            return;
          }
          const order = orderOf([phone, lamp], lines, code);
          expect(toCents(order.discountPrice)).toBe(check.discountCents);
        },
      ),
      { numRuns: 200 },
    );
  });
});
