import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  lowestPriceBeforeLastChange,
  priceChanges,
  priceSave,
  showLowestPriceByDefault,
  showsLowestPrice,
  withoutLowestPrice,
  type LowestPriceSetting,
  type PriceHistoryEntry,
} from './priceHistory.js';
import { DEFAULT_SETTINGS, type ShopSettings } from './settings.js';
import type { Product } from './types.js';

const SAMPLE_PRODUCT_ANSWER: Product = {
  _id: 'p1',
  name: 'Volt ANC',
  slug: 'volt-anc',
  image: '/images/sample.svg',
  brand: 'B',
  category: 'C',
  description: 'D',
  price: 99,
  countInStock: 1,
  specs: [],
  images: [],
  accessories: [],
  rating: 0,
  numReviews: 0,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
};

const day = (n: number) => new Date(Date.UTC(2026, 2, 1) + n * 86_400_000).toISOString();
const change = (n: number, fromCents: number | null, toCents: number): PriceHistoryEntry => ({
  at: day(n),
  by: 'admin-1',
  fromCents,
  toCents,
});

describe('price changes of a save', () => {
  it('records a new or different price per product or variant, not an unchanged one', () => {
    const before = new Map([
      ['p1', 1000],
      ['v1', 2000],
    ]);
    expect(
      priceChanges(before, [
        { product: 'p1', priceCents: 1000 },
        { product: 'p2', variant: 'v1', priceCents: 1800 },
        { product: 'p2', variant: 'v2', priceCents: 2500 },
      ]),
    ).toEqual([
      { product: 'p2', variant: 'v1', beforeCents: 2000, afterCents: 1800 },
      { product: 'p2', variant: 'v2', beforeCents: null, afterCents: 2500 },
    ]);
  });
});

describe('the lowest price in the 30 days before a reduction', () => {
  it('after two price changes: the lowest of the prices the sale replaced within 30 days', () => {
    // Created at $100 on day 0, raised to $120 on day 20, "reduced" to $99 on day 40: the reference is $100 (in
    // effect until day 20, within the 30 days before day 40), not the $120 the shop might like to show.
    const history = [change(0, null, 10_000), change(20, 10_000, 12_000), change(40, 12_000, 9_900)];
    expect(lowestPriceBeforeLastChange(history)).toBe(10_000);
  });

  it('forgets a price replaced more than 30 days before the reduction', () => {
    const history = [change(0, null, 8_000), change(5, 8_000, 12_000), change(40, 12_000, 9_900)];
    expect(lowestPriceBeforeLastChange(history)).toBe(12_000);
  });

  it('no earlier price (a new product): none to show', () => {
    expect(lowestPriceBeforeLastChange([])).toBeNull();
    expect(lowestPriceBeforeLastChange([change(0, null, 5_000)])).toBeNull();
  });

  it('never above any price in effect during the window (property: a fake "was" price cannot pass)', () => {
    const entry = fc.record({
      day: fc.integer({ min: 0, max: 120 }),
      cents: fc.integer({ min: 1, max: 1_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(entry, { minLength: 2, maxLength: 12 }), (raw) => {
        // A consistent history: each change starts from the previous price, days strictly increasing.
        const days = [...new Set(raw.map((r) => r.day))].sort((a, b) => a - b);
        let price: number | null = null;
        const history = days.map((d, i) => {
          const next = raw[i]!.cents;
          const entry = change(d, price, next);
          price = next;
          return entry;
        });
        const lowest = lowestPriceBeforeLastChange(history);
        const last = days.at(-1)!;
        const inWindow = history.filter((e, i) => i > 0 && days[i]! > last - 30).map((e) => e.fromCents!);
        if (inWindow.length === 0) expect(lowest).toBeNull();
        else expect(lowest).toBe(Math.min(...inWindow));
      }),
    );
  });
});

describe('whether the 30-day low shows by default', () => {
  it('yes when the settings name an EU country (by code or name), else no', () => {
    expect(showLowestPriceByDefault(['US', 'Germany'])).toBe(true);
    expect(showLowestPriceByDefault(['fr'])).toBe(true);
    expect(showLowestPriceByDefault(['US', 'GB', 'CH', 'NO'])).toBe(false);
    expect(showLowestPriceByDefault([])).toBe(false);
  });
});

describe('a save’s price entries and kept figures (priceSave)', () => {
  it('records changed prices only, each with its 30-day low anchored at this change', () => {
    const recent = [change(15, 8_000, 10_000), { ...change(20, 10_000, 12_000), variant: 'v1' }];
    // v1's own history only: the product-level entry (no variant) does not count for it.
    const save = priceSave(
      'p1',
      new Map([
        ['v1', 12_000],
        ['v2', 5_000],
      ]),
      [
        { variant: 'v1', priceCents: 9_900 },
        { variant: 'v2', priceCents: 5_000 },
        { variant: 'v3', priceCents: 7_000 },
      ],
      recent,
      'admin-1',
      day(40),
    );
    expect(save.entries).toEqual([
      { at: day(40), by: 'admin-1', variant: 'v1', fromCents: 12_000, toCents: 9_900 },
      { at: day(40), by: 'admin-1', variant: 'v3', fromCents: null, toCents: 7_000 },
    ]);
    expect(save.lowest).toEqual(
      new Map([
        ['v1', 10_000],
        ['v3', null],
      ]),
    );
  });
});

describe('whether products answer the 30-day low (showsLowestPrice)', () => {
  const withCountries = (setting: LowestPriceSetting, shipping: string[], tax: string[] = []): ShopSettings => ({
    ...DEFAULT_SETTINGS,
    showLowestPrice30Days: setting,
    tax: { ...DEFAULT_SETTINGS.tax, countries: tax.map((country) => ({ country, percent: 20 })) },
    shipping: { ...DEFAULT_SETTINGS.shipping, countries: shipping.map((country) => ({ country, price: 5 })) },
  });
  it('auto follows the EU countries the settings name; on and off are the owner’s word', () => {
    expect(showsLowestPrice(withCountries('auto', []))).toBe(false);
    expect(showsLowestPrice(withCountries('auto', ['US', 'IT']))).toBe(true);
    expect(showsLowestPrice(withCountries('auto', [], ['NL']))).toBe(true);
    expect(showsLowestPrice(withCountries('on', []))).toBe(true);
    expect(showsLowestPrice(withCountries('off', ['DE'], ['FR']))).toBe(false);
    // Settings saved before the field: auto.
    const { showLowestPrice30Days: _unset, ...older } = withCountries('on', ['AT']);
    void _unset;
    expect(showsLowestPrice(older as ShopSettings)).toBe(true);
  });

  it('withoutLowestPrice drops the figure from the product and every variant, and nothing else', () => {
    const product = {
      ...SAMPLE_PRODUCT_ANSWER,
      lowestPrice30Days: 100,
      variants: [{ _id: 'v1', sku: 'A', options: {}, price: 99, countInStock: 1, lowestPrice30Days: 100 }],
    };
    const hidden = withoutLowestPrice(product);
    expect(JSON.stringify(hidden)).not.toContain('lowestPrice30Days');
    expect(hidden.variants![0]).toEqual({ _id: 'v1', sku: 'A', options: {}, price: 99, countInStock: 1 });
    expect(hidden.name).toBe(product.name);
  });
});
