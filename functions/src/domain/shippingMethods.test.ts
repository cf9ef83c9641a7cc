// Issue 40: tax by state or province and shipping methods, decided once (settings.ts shippingOffersFor,
// taxPercentFor, pricingRulesFor; pricing.ts chooseShippingMethod) for the order and the checkout's preview.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import { DEFAULT_HOLD_LIMITS } from './limits.js';
import { ledgerLines } from './ledger.js';
import { placeOrder, type PlaceOrderRequest } from './orderDecisions.js';
import { orderFromRecord } from './orders.js';
import { priceOrder, type ShippingOffer } from './pricing.js';
import { chooseShippingMethod, deliveryDaysText, offerCents } from './shippingChoice.js';
import { REGIONS } from './regions.js';
import {
  DEFAULT_SETTINGS,
  pricingRulesFor,
  settingsChanges,
  shippingOffersFor,
  taxPercentFor,
  withSettingsDefaults,
  type ShopSettings,
} from './settings.js';
import { settingsSchema } from './settingsSchema.js';

const percent = fc.integer({ min: 0, max: 100_00 }).map((n) => n / 100);
const usState = fc.constantFrom(...REGIONS.US!.map((r) => r.code));

const texas: ShopSettings = {
  ...DEFAULT_SETTINGS,
  tax: {
    ...DEFAULT_SETTINGS.tax,
    countries: [{ country: 'US', percent: 5 }],
    states: [
      { country: 'US', state: 'TX', percent: 8.25 },
      { country: 'AU', state: 'WA', percent: 10 },
    ],
  },
  shipping: {
    ...DEFAULT_SETTINGS.shipping,
    defaultPrice: 10,
    freeOver: 100,
    countries: [{ country: 'US', price: 7 }],
    methods: [
      {
        id: 'express',
        label: 'Express',
        days: { min: 1, max: 2 },
        price: 30,
        countries: [{ country: 'US', price: 20 }],
        freeOver: false,
      },
    ],
  },
};

describe('tax by state or province', () => {
  it("a state's rate overrides its country's; another state, none, or the same code in another country does not", () => {
    expect(taxPercentFor(texas, { country: 'US', state: 'TX' })).toBe(8.25);
    expect(taxPercentFor(texas, { country: 'US', state: 'WA' })).toBe(5); // WA is set for Australia only
    expect(taxPercentFor(texas, { country: 'US' })).toBe(5);
    expect(taxPercentFor(texas, { country: 'AU', state: 'WA' })).toBe(10);
    expect(taxPercentFor(texas, { country: 'DE' })).toBe(15);
  });

  it('property: the tax of an order to a state is its rate of the items after the discount, rounded half up', () => {
    fc.assert(
      fc.property(
        usState,
        percent,
        percent,
        fc.integer({ min: 1, max: 500_000 }),
        fc.integer({ min: 0, max: 600_000 }),
        (state, countryRate, stateRate, itemsCents, discount) => {
          const settings: ShopSettings = {
            ...DEFAULT_SETTINGS,
            tax: {
              ...DEFAULT_SETTINGS.tax,
              countries: [{ country: 'US', percent: countryRate }],
              states: [{ country: 'US', state, percent: stateRate }],
            },
          };
          const rules = pricingRulesFor(settings, { country: 'US', state });
          const p = priceOrder([{ priceCents: itemsCents, qty: 1 }], rules, discount);
          const taxed = itemsCents - Math.min(discount, itemsCents);
          expect(p.taxCents).toBe(Math.floor((taxed * Math.round(stateRate * 100) + 5_000) / 10_000));
          // Another state of the same country pays the country's rate.
          const other = state === 'NY' ? 'NJ' : 'NY';
          const q = priceOrder(
            [{ priceCents: itemsCents, qty: 1 }],
            pricingRulesFor(settings, { country: 'US', state: other }),
            discount,
          );
          expect(q.taxCents).toBe(Math.floor((taxed * Math.round(countryRate * 100) + 5_000) / 10_000));
        },
      ),
      { numRuns: 300 },
    );
  });
});

const offerArb: fc.Arbitrary<ShippingOffer> = fc.record({
  id: fc.stringMatching(/^[a-z]{1,8}$/),
  label: fc.constant('M'),
  days: fc.constant({ min: 1, max: 3 }),
  priceCents: fc.integer({ min: 0, max: 100_000 }),
  freeOverCents: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
});

describe('shipping methods', () => {
  it("offers Standard (the shipping prices) first, then the owner's methods, each at the country's price", () => {
    expect(shippingOffersFor(texas, 'United States')).toEqual([
      { id: 'standard', label: 'Standard', days: { min: 5, max: 8 }, priceCents: 7_00, freeOverCents: 100_00 },
      { id: 'express', label: 'Express', days: { min: 1, max: 2 }, priceCents: 20_00, freeOverCents: null },
    ]);
    expect(shippingOffersFor(texas, 'FR').map((o) => o.priceCents)).toEqual([10_00, 30_00]);
  });

  it('property: without a choice the cheapest for the items, the first of equals; a choice is taken as asked', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(offerArb, { minLength: 1, maxLength: 5, selector: (o) => o.id }),
        fc.integer({ min: 0, max: 200_000 }),
        (offers, items) => {
          const cheapest = chooseShippingMethod(offers, items)!;
          const costs = offers.map((o) => offerCents(o, items));
          expect(offerCents(cheapest, items)).toBe(Math.min(...costs));
          expect(offers.indexOf(cheapest)).toBe(costs.indexOf(Math.min(...costs)));
          for (const o of offers) expect(chooseShippingMethod(offers, items, o.id)).toBe(o);
          expect(chooseShippingMethod(offers, items, 'NOT-AN-ID')).toBeUndefined();
        },
      ),
    );
  });

  it('the free-shipping threshold frees Standard, and a method only when the owner says so', () => {
    const [standard, express] = shippingOffersFor(texas, 'US');
    expect(offerCents(standard!, 100_01)).toBe(0);
    expect(offerCents(express!, 100_01)).toBe(20_00);
    expect(offerCents({ ...express!, freeOverCents: 100_00 }, 100_01)).toBe(0);
    expect(offerCents(standard!, 100_00)).toBe(7_00); // strictly over, as the spec says
  });

  it('reads the estimate as days', () => {
    expect(deliveryDaysText({ min: 1, max: 3 })).toBe('1–3 business days');
    expect(deliveryDaysText({ min: 1, max: 1 })).toBe('1 business day');
  });

  it('settings saved before issue 40 read with the default Standard estimate, Express and no state rates', () => {
    const old = { ...DEFAULT_SETTINGS, tax: { defaultPercent: 15, pricesIncludeTax: false, countries: [] } } as never;
    const read = withSettingsDefaults(
      { ...(old as ShopSettings), shipping: { defaultPrice: 100, freeOver: 100, countries: [] } as never },
      DEFAULT_SETTINGS,
    );
    expect(read.tax.states).toEqual([]);
    expect(read.shipping.methods.map((m) => m.id)).toEqual(['express']);
    expect(read.shipping.standardDays).toEqual({ min: 5, max: 8 });
  });
});

const request = (over: Partial<PlaceOrderRequest> = {}): PlaceOrderRequest => ({
  user: { _id: 'u1', name: 'Alice', email: 'alice@example.com' },
  lines: [
    { product: 'a', qty: 3 },
    { product: 'b', qty: 1 },
  ],
  shippingAddress: { address: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' },
  paymentMethod: 'PayPal',
  now: new Date('2026-11-25T10:00:00.000Z'),
  expiresAt: new Date('2026-11-25T10:30:00.000Z'),
  holdLimits: DEFAULT_HOLD_LIMITS,
  settings: texas,
  ...over,
});
const stocked = new Map([
  ['a', { name: 'A', image: '/a.png', priceCents: 9_99, countInStock: 10 }],
  ['b', { name: 'B', image: '/b.png', priceCents: 3_33, countInStock: 10 }],
]);

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a refusal');
}

describe('placeOrder with a state and a shipping method', () => {
  it("records the chosen method, charges its price and the state's tax; the lines' tax shares add up", () => {
    const { record } = placeOrder(request({ shippingMethod: 'express' }), stocked, []);
    expect(record.shippingMethod).toEqual({ id: 'express', label: 'Express', days: { min: 1, max: 2 } });
    expect(record.shippingCents).toBe(20_00);
    // 33.30 at 8.25% = 2.747 -> 2.75
    expect(record.taxCents).toBe(2_75);
    expect(record.totalCents).toBe(33_30 + 20_00 + 2_75);
    expect(record.orderItems.reduce((s, l) => s + l.taxCents!, 0)).toBe(record.taxCents);
    expect(ledgerLines(record).map((l) => l.taxCents)).toEqual(record.orderItems.map((l) => l.taxCents));
    expect(orderFromRecord('o1', record).shippingMethod).toEqual(record.shippingMethod);
    expect(record.shippingAddress.state).toBe('TX');
  });

  it('without a method: the cheapest (Standard here, or Express where Standard costs more)', () => {
    expect(placeOrder(request(), stocked, []).record.shippingMethod?.id).toBe('standard');
    const dearStandard = { ...texas, shipping: { ...texas.shipping, countries: [{ country: 'US', price: 50 }] } };
    const { record } = placeOrder(request({ settings: dearStandard }), stocked, []);
    expect(record.shippingMethod?.id).toBe('express');
    expect(record.shippingCents).toBe(20_00);
  });

  it('the spec pricing stays: no settings, no state, no method -> Standard at $100 and 15%', () => {
    const { record } = placeOrder(
      request({
        settings: undefined,
        shippingAddress: { address: '1 Main St', city: 'X', postalCode: '12345', country: 'USA' },
      }),
      stocked,
      [],
    );
    expect(record.shippingMethod?.id).toBe('standard');
    expect(record.shippingCents).toBe(100_00);
    expect(record.taxCents).toBe(5_00); // 15% of 33.30 = 4.995 -> 5.00
  });

  it('refuses a method the shop does not offer (400), and a total shown for another method (409)', () => {
    const unknown = refusal(() => placeOrder(request({ shippingMethod: 'teleport' }), stocked, []));
    expect(unknown.kind).toBe('bad_input');
    expect(unknown.message).toBe(
      "Shipping method teleport is not offered to United States: choose one of the shop's methods",
    );
    // The page showed Standard's total; the body asks Express: the price changed.
    const standardTotal = placeOrder(request(), stocked, []).record.totalCents;
    const changed = refusal(() =>
      placeOrder(request({ shippingMethod: 'express', expectedTotalCents: standardTotal }), stocked, []),
    );
    expect(changed.kind).toBe('conflict');
    expect(changed.details).toMatchObject({ shippingPrice: 20 });
    expect(() =>
      placeOrder(request({ shippingMethod: 'express', expectedTotalCents: 33_30 + 20_00 + 2_75 }), stocked, []),
    ).not.toThrow();
  });
});

describe('settings schema (issue 40)', () => {
  const input = (over: Record<string, unknown>) => ({
    ...DEFAULT_SETTINGS,
    tax: { ...DEFAULT_SETTINGS.tax, ...(over.tax as object) },
    shipping: { ...DEFAULT_SETTINGS.shipping, ...(over.shipping as object) },
  });
  const messages = (value: unknown) => {
    const r = settingsSchema.safeParse(value);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it('saves a state by code or name as its code, and refuses one not of the country or a country without any', () => {
    const ok = settingsSchema.parse(input({ tax: { states: [{ country: 'Canada', state: 'Ontario', percent: 13 }] } }));
    expect(ok.tax.states).toEqual([{ country: 'CA', state: 'ON', percent: 13 }]);
    expect(messages(input({ tax: { states: [{ country: 'US', state: 'Ontario', percent: 13 }] } }))).toEqual([
      'Ontario is not a state or province of United States',
    ]);
    expect(messages(input({ tax: { states: [{ country: 'DE', state: 'Berlin', percent: 7 }] } }))).toEqual([
      'Germany has no states or provinces',
    ]);
    expect(
      messages(
        input({
          tax: {
            states: [
              { country: 'US', state: 'TX', percent: 8 },
              { country: 'US', state: 'Texas', percent: 9 },
            ],
          },
        }),
      ),
    ).toEqual(['State tax rates: TX is listed twice']);
  });

  it("refuses 'standard' as a method id, an id twice, days out of order and a negative price", () => {
    const express = DEFAULT_SETTINGS.shipping.methods[0]!;
    expect(messages(input({ shipping: { methods: [{ ...express, id: 'standard' }] } }))).toEqual([
      "Method id standard is Standard's",
    ]);
    expect(messages(input({ shipping: { methods: [express, express] } }))).toEqual([
      'Each shipping method id may appear once',
    ]);
    expect(messages(input({ shipping: { methods: [{ ...express, days: { min: 3, max: 1 } }] } }))).toEqual([
      'Fastest delivery days must not be more than the slowest',
    ]);
    expect(messages(input({ shipping: { methods: [{ ...express, price: -1 }] } }))).toEqual([
      'Method price must not be negative',
    ]);
  });

  it('the history names a state rate and a method by their keys', () => {
    const after: ShopSettings = {
      ...texas,
      shipping: { ...texas.shipping, methods: [{ ...texas.shipping.methods[0]!, price: 35 }] },
    };
    expect(settingsChanges(texas, after)).toEqual([{ field: 'shipping.methods.express.price', from: 30, to: 35 }]);
    const moreTax = { ...texas, tax: { ...texas.tax, states: [{ country: 'US', state: 'TX', percent: 9 }] } };
    expect(settingsChanges(texas, moreTax)).toEqual([
      { field: 'tax.states.US.TX', from: 8.25, to: 9 },
      { field: 'tax.states.AU.WA', from: 10, to: null },
    ]);
  });
});
