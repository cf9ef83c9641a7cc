import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HOLD_LIMITS, DEFAULT_HOLD_MINUTES } from './limits.js';
import { toCents, toDollars } from './money.js';
import { priceOrder } from './pricing.js';
import {
  DEFAULT_SETTINGS,
  defaultSettings,
  holdLimitsOf,
  pricingRulesFor,
  settingsChanges,
  withSettingsDefaults,
  type ShopSettings,
} from './settings.js';
import { settingsSchema } from './settingsSchema.js';

const line = fc.record({ priceCents: fc.integer({ min: 0, max: 10_000_00 }), qty: fc.integer({ min: 1, max: 1000 }) });
const lines = fc.array(line, { minLength: 1, maxLength: 20 });
/** Percents and dollars as the schema accepts them: at most 2 decimals. */
const percent = fc.integer({ min: 0, max: 100_00 }).map((n) => n / 100);
const dollars = fc.integer({ min: 0, max: 1_000_00 }).map((n) => n / 100);
const country = fc.constantFrom('DE', 'FR', 'USA', 'Japan', 'nz');
const settingsArb: fc.Arbitrary<ShopSettings> = fc.record({
  tax: fc.record({
    defaultPercent: percent,
    pricesIncludeTax: fc.boolean(),
    countries: fc.uniqueArray(fc.record({ country, percent }), { selector: (c) => c.country, maxLength: 3 }),
    states: fc.constant([]),
  }),
  shipping: fc.record({
    defaultPrice: dollars,
    freeOver: fc.option(dollars, { nil: null }),
    countries: fc.uniqueArray(fc.record({ country, price: dollars }), { selector: (c) => c.country, maxLength: 3 }),
    standardDays: fc.constant(DEFAULT_SETTINGS.shipping.standardDays),
    methods: fc.constant([]),
  }),
  limits: fc.constant(DEFAULT_SETTINGS.limits),
  holdMinutes: fc.constant(30),
  timeZone: fc.constantFrom('UTC', 'Europe/Berlin', 'America/New_York'),
  store: fc.constant(DEFAULT_SETTINGS.store),
  policies: fc.record({
    returns: fc.constantFrom('', 'Returns within 14 days.'),
    shipping: fc.constant(''),
    privacy: fc.constant(''),
    terms: fc.constantFrom('', '## Terms\n\nOurs.'),
  }),
  cartReminderHours: fc.integer({ min: 0, max: 720 }),
  lowStockThreshold: fc.integer({ min: 0, max: 100 }),
  showLowestPrice30Days: fc.constantFrom('auto', 'on', 'off'),
});

describe('the one pricing decision with the settings', () => {
  it('the defaults price every cart as the spec does, whatever the country (property)', () => {
    fc.assert(
      fc.property(lines, fc.option(country, { nil: undefined }), (cart, to) => {
        expect(priceOrder(cart, pricingRulesFor(DEFAULT_SETTINGS, to))).toEqual(priceOrder(cart));
        const items = cart.reduce((s, l) => s + l.priceCents * l.qty, 0);
        const p = priceOrder(cart, pricingRulesFor(DEFAULT_SETTINGS, to));
        expect(p.shippingCents).toBe(items > 100_00 ? 0 : 100_00);
        expect(p.taxCents).toBe(Number((BigInt(items) * 15n + 50n) / 100n));
        expect(p.totalCents).toBe(items + p.shippingCents + p.taxCents);
      }),
      { numRuns: 300 },
    );
  });

  it('never answers a negative or fractional amount, and the total adds up (property)', () => {
    fc.assert(
      fc.property(lines, settingsArb, fc.option(country, { nil: undefined }), (cart, settings, to) => {
        const p = priceOrder(cart, pricingRulesFor(settings, to));
        for (const cents of Object.values(p)) {
          expect(cents).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(cents)).toBe(true);
          expect(toCents(toDollars(cents))).toBe(cents);
        }
        const added = settings.tax.pricesIncludeTax ? 0 : p.taxCents;
        expect(p.totalCents).toBe(p.itemsCents + p.shippingCents + added);
        // Included tax is a part of the items, never more.
        if (settings.tax.pricesIncludeTax) expect(p.taxCents).toBeLessThanOrEqual(p.itemsCents);
      }),
      { numRuns: 500 },
    );
  });

  const germany: ShopSettings = {
    ...DEFAULT_SETTINGS,
    tax: { defaultPercent: 15, pricesIncludeTax: false, countries: [{ country: 'DE', percent: 19 }], states: [] },
    shipping: {
      defaultPrice: 100,
      freeOver: 100,
      countries: [{ country: 'de', price: 4.9 }],
      standardDays: DEFAULT_SETTINGS.shipping.standardDays,
      methods: [],
    },
  };

  it("takes the shipping country's own rate and price, matched case-insensitively", () => {
    const p = priceOrder([{ priceCents: 50_00, qty: 1 }], pricingRulesFor(germany, ' De '));
    expect(p).toEqual({ itemsCents: 50_00, discountCents: 0, shippingCents: 4_90, taxCents: 9_50, totalCents: 64_40 });
    // Another country keeps the defaults.
    expect(priceOrder([{ priceCents: 50_00, qty: 1 }], pricingRulesFor(germany, 'France')).taxCents).toBe(7_50);
  });

  it('a code, a name and an alias are one country; an old free-text setting still matches its name', () => {
    const us: ShopSettings = {
      ...DEFAULT_SETTINGS,
      tax: { ...DEFAULT_SETTINGS.tax, countries: [{ country: 'US', percent: 7 }] },
    };
    for (const to of ['US', 'usa', 'USA', 'United States', 'United States of America', 'U.S.A.'])
      expect(pricingRulesFor(us, to).taxBasisPoints, to).toBe(700);
    // Saved before the list existed: "United States" as typed.
    const old: ShopSettings = { ...us, tax: { ...us.tax, countries: [{ country: 'United States', percent: 7 }] } };
    expect(pricingRulesFor(old, 'US').taxBasisPoints).toBe(700);
    const narnia: ShopSettings = { ...us, tax: { ...us.tax, countries: [{ country: 'Narnia', percent: 3 }] } };
    expect(pricingRulesFor(narnia, ' narnia ').taxBasisPoints).toBe(300);
    expect(pricingRulesFor(narnia, 'US').taxBasisPoints).toBe(1500);
  });

  it('free shipping stays "strictly over" the threshold, and null never ships free', () => {
    expect(priceOrder([{ priceCents: 100_00, qty: 1 }], pricingRulesFor(germany, 'DE')).shippingCents).toBe(490);
    expect(priceOrder([{ priceCents: 100_01, qty: 1 }], pricingRulesFor(germany, 'DE')).shippingCents).toBe(0);
    const never = { ...germany, shipping: { ...germany.shipping, freeOver: null } };
    expect(priceOrder([{ priceCents: 9_999_00, qty: 1 }], pricingRulesFor(never, 'DE')).shippingCents).toBe(490);
  });

  it('prices that include tax show the tax inside them and add none', () => {
    const included = { ...germany, tax: { ...germany.tax, pricesIncludeTax: true } };
    // 119.00 gross at 19%: 100.00 net, 19.00 tax.
    expect(priceOrder([{ priceCents: 119_00, qty: 1 }], pricingRulesFor(included, 'DE'))).toEqual({
      itemsCents: 119_00,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 19_00,
      totalCents: 119_00,
    });
  });

  it('rules are whole basis points and cents', () => {
    expect(pricingRulesFor({ ...germany, tax: { ...germany.tax, defaultPercent: 7.7 } }, 'CH')).toEqual({
      taxBasisPoints: 770,
      pricesIncludeTax: false,
      shippingCents: 100_00,
      freeShippingOverCents: 100_00,
    });
  });
});

describe('defaults and limits', () => {
  it('the environment values become the defaults, the spec prices stay', () => {
    const s = defaultSettings({
      holdMinutes: 45,
      holdLimits: { maxUnitsPerProduct: 2, maxHeldCents: 500_00, maxOpenOrders: 1 },
    });
    expect(s.holdMinutes).toBe(45);
    expect(s.limits).toEqual({ maxUnitsPerProduct: 2, maxHeldTotal: 500, maxOpenOrders: 1 });
    expect(holdLimitsOf(s)).toEqual({ maxUnitsPerProduct: 2, maxHeldCents: 500_00, maxOpenOrders: 1 });
    expect(s.tax).toEqual(DEFAULT_SETTINGS.tax);
    expect(holdLimitsOf(DEFAULT_SETTINGS)).toEqual(DEFAULT_HOLD_LIMITS);
    expect(DEFAULT_SETTINGS.holdMinutes).toBe(DEFAULT_HOLD_MINUTES);
    expect(settingsSchema.parse(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
  });
});

describe('settingsSchema', () => {
  const refusal = (body: unknown) => {
    const result = settingsSchema.safeParse(body);
    expect(result.success).toBe(false);
    return result.error!.issues[0]!.message;
  };
  it('refuses each bad value with a message naming it', () => {
    expect(refusal({ ...DEFAULT_SETTINGS, tax: { ...DEFAULT_SETTINGS.tax, defaultPercent: -1 } })).toBe(
      'Default tax rate must not be negative',
    );
    expect(refusal({ ...DEFAULT_SETTINGS, tax: { ...DEFAULT_SETTINGS.tax, defaultPercent: 150 } })).toBe(
      'Default tax rate must be at most 100',
    );
    expect(refusal({ ...DEFAULT_SETTINGS, tax: { ...DEFAULT_SETTINGS.tax, defaultPercent: 7.125 } })).toBe(
      'Default tax rate must have at most 2 decimals',
    );
    expect(refusal({ ...DEFAULT_SETTINGS, shipping: { ...DEFAULT_SETTINGS.shipping, defaultPrice: 1.001 } })).toBe(
      'Default shipping price must be in whole cents',
    );
    expect(refusal({ ...DEFAULT_SETTINGS, limits: { ...DEFAULT_SETTINGS.limits, maxOpenOrders: 0 } })).toBe(
      'Open orders must be at least 1',
    );
    expect(refusal({ ...DEFAULT_SETTINGS, holdMinutes: 2.5 })).toBe('Hold minutes must be a whole number');
    expect(
      refusal({
        ...DEFAULT_SETTINGS,
        tax: {
          ...DEFAULT_SETTINGS.tax,
          countries: [
            { country: 'DE', percent: 19 },
            { country: 'de', percent: 7 },
          ],
        },
      }),
    ).toBe('Tax rates: Germany is listed twice');
    expect(
      refusal({
        ...DEFAULT_SETTINGS,
        shipping: {
          ...DEFAULT_SETTINGS.shipping,
          countries: [
            { country: 'USA', price: 5 },
            { country: 'United States', price: 7 },
          ],
        },
      }),
    ).toBe('Shipping prices: United States is listed twice');
    expect(
      refusal({
        ...DEFAULT_SETTINGS,
        tax: { ...DEFAULT_SETTINGS.tax, countries: [{ country: 'Narnia', percent: 5 }] },
      }),
    ).toBe('Country Narnia is not in the list of countries');
    expect(refusal({ ...DEFAULT_SETTINGS, extra: 1 })).toMatch(/extra|Unrecognized/i);
  });
});

describe('settingsChanges (the history)', () => {
  it('lists each changed field, countries one by one', () => {
    const after: ShopSettings = {
      ...DEFAULT_SETTINGS,
      tax: { ...DEFAULT_SETTINGS.tax, countries: [{ country: 'de', percent: 19 }] },
      holdMinutes: 60,
    };
    expect(settingsChanges(DEFAULT_SETTINGS, after)).toEqual([
      { field: 'holdMinutes', from: 30, to: 60 },
      { field: 'tax.countries.DE', from: null, to: 19 },
    ]);
    expect(settingsChanges(after, after)).toEqual([]);
  });

  it('records a time zone change, and none when settings saved before issue 38 (no zone: UTC) are saved as UTC', () => {
    const berlin = { ...DEFAULT_SETTINGS, timeZone: 'Europe/Berlin' };
    expect(settingsChanges(DEFAULT_SETTINGS, berlin)).toEqual([
      { field: 'timeZone', from: 'UTC', to: 'Europe/Berlin' },
    ]);
    const { timeZone: _, ...old } = DEFAULT_SETTINGS;
    expect(settingsChanges(old as ShopSettings, DEFAULT_SETTINGS)).toEqual([]);
    expect(settingsChanges(old as ShopSettings, berlin)).toEqual([
      { field: 'timeZone', from: 'UTC', to: 'Europe/Berlin' },
    ]);
  });
});

describe('the time zone setting', () => {
  it('is UTC by default, and settings stored without one read as UTC', () => {
    expect(DEFAULT_SETTINGS.timeZone).toBe('UTC');
    const { timeZone: _, ...old } = DEFAULT_SETTINGS;
    expect(withSettingsDefaults(old, DEFAULT_SETTINGS).timeZone).toBe('UTC');
    expect(withSettingsDefaults({ ...old, timeZone: 'Asia/Tokyo' }, DEFAULT_SETTINGS).timeZone).toBe('Asia/Tokyo');
  });

  it('accepts IANA names (saved in their canonical spelling) and refuses anything else', () => {
    expect(settingsSchema.parse({ ...DEFAULT_SETTINGS, timeZone: 'Europe/Berlin' }).timeZone).toBe('Europe/Berlin');
    expect(settingsSchema.parse({ ...DEFAULT_SETTINGS, timeZone: 'europe/berlin' }).timeZone).toBe('Europe/Berlin');
    expect(settingsSchema.parse({ ...DEFAULT_SETTINGS, timeZone: 'UTC' }).timeZone).toBe('UTC');
    const { timeZone: _, ...old } = DEFAULT_SETTINGS;
    // An older client sends none: the route keeps the saved zone.
    expect(settingsSchema.parse(old).timeZone).toBeUndefined();
    for (const bad of ['Mars/Olympus', '+01:00', 'CET; DROP', '', 'Europe/Berlin/Mitte', 'x'.repeat(65)])
      expect(refusalOf({ ...DEFAULT_SETTINGS, timeZone: bad })).toMatch(/is not a known time zone/);
    expect(refusalOf({ ...DEFAULT_SETTINGS, timeZone: 1 })).toBe('Time zone must be a text');
  });
});

describe('the store details and policies (issue 40)', () => {
  it('settings stored without them read the defaults; a stored policy keeps the others default', () => {
    const { store: _s, policies: _p, ...old } = DEFAULT_SETTINGS;
    const read = withSettingsDefaults(old, DEFAULT_SETTINGS);
    expect(read.store).toEqual(DEFAULT_SETTINGS.store);
    expect(read.store.name).toBe('Voltshop');
    expect(read.policies).toEqual({ returns: '', shipping: '', privacy: '', terms: '' });
    const partial = withSettingsDefaults(
      { ...old, policies: { terms: 'Ours.' } as ShopSettings['policies'] },
      DEFAULT_SETTINGS,
    );
    expect(partial.policies).toEqual({ returns: '', shipping: '', privacy: '', terms: 'Ours.' });
  });

  it('accepts them trimmed, and an older client may send neither', () => {
    const parsed = settingsSchema.parse({
      ...DEFAULT_SETTINGS,
      store: { name: ' Volt ', address: 'Main St 1\nTown', email: ' help@volt.example ', phone: '+1 (555) 010-0000' },
      policies: { ...DEFAULT_SETTINGS.policies, returns: '  ## Returns\n\n14 days.  ' },
    });
    expect(parsed.store).toEqual({
      name: 'Volt',
      address: 'Main St 1\nTown',
      email: 'help@volt.example',
      phone: '+1 (555) 010-0000',
    });
    expect(parsed.policies?.returns).toBe('## Returns\n\n14 days.');
    const { store: _s, policies: _p, ...old } = DEFAULT_SETTINGS;
    const older = settingsSchema.parse(old);
    expect(older.store).toBeUndefined();
    expect(older.policies).toBeUndefined();
  });

  it('refuses a missing name, a bad email or phone, control characters and overlong texts', () => {
    const store = DEFAULT_SETTINGS.store;
    expect(refusalOf({ ...DEFAULT_SETTINGS, store: { ...store, name: '  ' } })).toBe('Store name is required');
    expect(refusalOf({ ...DEFAULT_SETTINGS, store: { ...store, email: 'not an email' } })).toBe(
      'Support email must be an email address',
    );
    expect(refusalOf({ ...DEFAULT_SETTINGS, store: { ...store, phone: '555<script>' } })).toMatch(/^Phone may hold/);
    expect(refusalOf({ ...DEFAULT_SETTINGS, store: { ...store, name: 'Volt\u0000' } })).toMatch(/control characters/);
    expect(refusalOf({ ...DEFAULT_SETTINGS, store: { ...store, extra: 1 } })).toMatch(/extra|Unrecognized/i);
    expect(
      refusalOf({ ...DEFAULT_SETTINGS, policies: { ...DEFAULT_SETTINGS.policies, terms: 'x'.repeat(20_001) } }),
    ).toBe('Terms must be at most 20000 characters');
    expect(refusalOf({ ...DEFAULT_SETTINGS, policies: { returns: '' } })).toBeTruthy();
  });

  it('a changed policy or store detail is one field of the history', () => {
    const after = { ...DEFAULT_SETTINGS, policies: { ...DEFAULT_SETTINGS.policies, shipping: 'Fast.' } };
    expect(settingsChanges(DEFAULT_SETTINGS, after)).toEqual([{ field: 'policies.shipping', from: '', to: 'Fast.' }]);
    const renamed = { ...DEFAULT_SETTINGS, store: { ...DEFAULT_SETTINGS.store, name: 'Volt' } };
    expect(settingsChanges(DEFAULT_SETTINGS, renamed)).toEqual([{ field: 'store.name', from: 'Voltshop', to: 'Volt' }]);
  });
});

function refusalOf(body: unknown): string {
  const result = settingsSchema.safeParse(body);
  expect(result.success).toBe(false);
  return result.error!.issues[0]!.message;
}
