import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideDiscount, DISCOUNT_MESSAGES, type Coupon, type DiscountLine } from './discounts.js';

const now = new Date('2026-06-01T12:00:00.000Z');
const code = (over: Partial<Coupon> = {}): Coupon => ({
  code: 'SAVE10',
  percentOff: 10,
  active: true,
  uses: 0,
  ...over,
});
const phone: DiscountLine = { product: 'p1', category: 'Phones', priceCents: 500_00, qty: 1 };
const cable: DiscountLine = { product: 'p2', category: 'Cables', priceCents: 9_99, qty: 2 };

describe('decideDiscount', () => {
  it('takes the percentage off the items, rounded half up to cents', () => {
    expect(decideDiscount(code(), [phone, cable], 0, now)).toEqual({
      ok: true,
      discountCents: 52_00,
      lineDiscountCents: [50_00, 2_00],
    });
    expect(decideDiscount(code({ percentOff: 12.5 }), [cable], 0, now)).toEqual({
      ok: true,
      discountCents: 2_50,
      lineDiscountCents: [2_50],
    });
  });

  it('takes a fixed amount, never more than the lines in scope cost', () => {
    const tenOff = code({ percentOff: null, amountOff: 10 });
    expect(decideDiscount(tenOff, [phone], 0, now)).toEqual({
      ok: true,
      discountCents: 10_00,
      lineDiscountCents: [10_00],
    });
    expect(decideDiscount({ ...tenOff, amountOff: 50 }, [cable], 0, now)).toEqual({
      ok: true,
      discountCents: 19_98,
      lineDiscountCents: [19_98],
    });
  });

  it('applies to the lines in scope only (categories or products)', () => {
    const cablesOnly = code({ scope: { categories: ['Cables'] } });
    expect(decideDiscount(cablesOnly, [phone, cable], 0, now)).toEqual({
      ok: true,
      discountCents: 2_00,
      // Issue 36: the share of each line, what a refund of its units takes off.
      lineDiscountCents: [0, 2_00],
    });
    const phoneOnly = code({ scope: { products: ['p1'] } });
    expect(decideDiscount(phoneOnly, [phone, cable], 0, now)).toEqual({
      ok: true,
      discountCents: 50_00,
      lineDiscountCents: [50_00, 0],
    });
  });

  it('matches a category scope as the managed lists compare names: case and spacing aside, never a near name', () => {
    // Issue 40: an older code's free text "audio" applies to the managed "Audio"; "Audio " and "AUDIO" too.
    const headphones: DiscountLine = { product: 'h1', category: 'Audio', priceCents: 100_00, qty: 1 };
    for (const typed of ['audio', ' Audio ', 'AUDIO', 'Audio']) {
      expect(decideDiscount(code({ scope: { categories: [typed] } }), [headphones, cable], 0, now)).toMatchObject({
        ok: true,
        lineDiscountCents: [10_00, 0],
      });
    }
    // Inner spacing is one space: "Smart  Home" is "Smart Home".
    const lamp: DiscountLine = { product: 'l1', category: 'Smart Home', priceCents: 50_00, qty: 1 };
    expect(decideDiscount(code({ scope: { categories: ['smart  home'] } }), [lamp], 0, now)).toMatchObject({
      ok: true,
    });
    // A different name, however close, is not the category: no prefix, no piece, no typo.
    for (const other of ['Audi', 'Audios', 'Au dio', 'Audio Gear', '']) {
      expect(decideDiscount(code({ scope: { categories: [other] } }), [headphones], 0, now)).toEqual({
        ok: false,
        message: DISCOUNT_MESSAGES.nothingInScope,
      });
    }
  });

  it('refuses each case with its own message', () => {
    const cart = [phone];
    expect(decideDiscount(null, cart, 0, now)).toEqual({ ok: false, message: DISCOUNT_MESSAGES.unknown });
    expect(decideDiscount(code({ active: false }), cart, 0, now)).toEqual({
      ok: false,
      message: DISCOUNT_MESSAGES.inactive,
    });
    expect(decideDiscount(code({ startsAt: '2026-07-01T00:00:00.000Z' }), cart, 0, now)).toEqual({
      ok: false,
      message: 'This code can be used from 2026-07-01.',
    });
    expect(decideDiscount(code({ endsAt: '2026-06-01T12:00:00.000Z' }), cart, 0, now)).toEqual({
      ok: false,
      message: DISCOUNT_MESSAGES.ended,
    });
    expect(decideDiscount(code({ maxUses: 10, uses: 10 }), cart, 0, now)).toEqual({
      ok: false,
      message: DISCOUNT_MESSAGES.usedUp,
    });
    expect(decideDiscount(code({ maxUsesPerCustomer: 1 }), cart, 1, now)).toEqual({
      ok: false,
      message: DISCOUNT_MESSAGES.usedUpForYou,
    });
    expect(decideDiscount(code({ minSubtotal: 600 }), cart, 0, now)).toEqual({
      ok: false,
      message: 'This code needs items worth at least $600.00 (yours come to $500.00).',
    });
    expect(decideDiscount(code({ scope: { categories: ['Laptops'] } }), cart, 0, now)).toEqual({
      ok: false,
      message: DISCOUNT_MESSAGES.nothingInScope,
    });
  });

  it('is usable up to its limits, not beyond (the last use, the last moment)', () => {
    expect(decideDiscount(code({ maxUses: 10, uses: 9 }), [phone], 0, now).ok).toBe(true);
    expect(decideDiscount(code({ startsAt: now.toISOString() }), [phone], 0, now).ok).toBe(true);
    expect(decideDiscount(code({ endsAt: new Date(now.getTime() + 1).toISOString() }), [phone], 0, now).ok).toBe(true);
  });

  it('never answers a negative, fractional or larger-than-the-items discount (property)', () => {
    const line = fc.record({
      product: fc.constantFrom('p1', 'p2', 'p3'),
      category: fc.constantFrom('A', 'B'),
      priceCents: fc.integer({ min: 0, max: 10_000_00 }),
      qty: fc.integer({ min: 1, max: 1000 }),
    });
    const coupon = fc.record({
      code: fc.constant('X'),
      percentOff: fc.option(
        fc.integer({ min: 0, max: 100_00 }).map((n) => n / 100),
        { nil: null },
      ),
      amountOff: fc.option(
        fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 100),
        { nil: null },
      ),
      scope: fc.option(fc.record({ categories: fc.subarray(['A', 'B']), products: fc.subarray(['p1', 'p2']) }), {
        nil: null,
      }),
      active: fc.constant(true),
      uses: fc.constant(0),
    });
    fc.assert(
      fc.property(coupon, fc.array(line, { minLength: 1, maxLength: 10 }), (c, cart) => {
        const decision = decideDiscount(c, cart, 0, now);
        const subtotal = cart.reduce((s, l) => s + l.priceCents * l.qty, 0);
        if (decision.ok) {
          expect(Number.isInteger(decision.discountCents)).toBe(true);
          expect(decision.discountCents).toBeGreaterThanOrEqual(0);
          expect(decision.discountCents).toBeLessThanOrEqual(subtotal);
        } else expect(decision.message).toBe(DISCOUNT_MESSAGES.nothingInScope);
      }),
      { numRuns: 500 },
    );
  });
});
