// PUT /api/settings's body (domain/settings.ts ShopSettings), for the route and the admin's form alike. Apart from
// settings.ts so the web's first bundle stays zod-free.
import { z } from 'zod';
import { MAX_STOCK } from './limits.js';
import { plainString } from './schemas.js';
import { countryCode, countryLabel, countryName } from './countries.js';
import { regionCode, regionsOf } from './regions.js';
import { countryKey, STANDARD_METHOD } from './settings.js';
import { canonicalTimeZone } from './timeZones.js';
import { MAX_CART_REMINDER_HOURS } from './cartReminders.js';
import { LOWEST_PRICE_SETTINGS } from './priceHistory.js';

/** Dollars in whole cents, 0..max (a settings form's amounts). */
const dollars = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must not be negative`)
    .max(max, `${label} must be at most ${max}`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} must be in whole cents`);

const percent = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must not be negative`)
    .max(100, `${label} must be at most 100`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} must have at most 2 decimals`);

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/** A country of the list (domain/countries.ts), given as its code, name or a common alias; saved as its ISO code,
 *  so an older free-text setting ("Germany") becomes "DE" on the next save. */
const country = plainString('Country')
  .trim()
  .min(1, 'Country is required')
  .max(56, 'Country must be at most 56 characters')
  .transform((value, ctx) => {
    const code = countryCode(value);
    if (code === undefined) {
      ctx.addIssue({ code: 'custom', message: `Country ${value} is not in the list of countries` });
      return z.NEVER;
    }
    return code;
  });

/** Each country at most once in a list (compared as domain/settings.ts countryKey does). */
const uniqueCountries = <T extends { country: string }>(list: T[], ctx: z.RefinementCtx, label: string) => {
  const seen = new Set<string>();
  list.forEach((entry, index) => {
    const key = countryKey(entry.country);
    if (seen.has(key))
      ctx.addIssue({
        code: 'custom',
        message: `${label}: ${countryLabel(entry.country)} is listed twice`,
        path: [index, 'country'],
      });
    seen.add(key);
  });
};

export const MAX_SETTINGS_COUNTRIES = 250;

/** An IANA zone name the runtime knows (domain/timeZones.ts), saved in its canonical spelling. */
export const timeZoneSchema = z.string({ error: 'Time zone must be a text' }).transform((value, ctx) => {
  const zone = canonicalTimeZone(value);
  if (zone === null) {
    ctx.addIssue({ code: 'custom', message: `Time zone ${value.slice(0, 64)} is not a known time zone` });
    return z.NEVER;
  }
  return zone;
});

/** A state's or province's tax rate (issue 40): a country with regions (domain/regions.ts) and one of its regions,
 *  given by code or name, saved as its code. */
const stateTax = z
  .strictObject({
    country,
    state: plainString('State').trim().min(1, 'State is required').max(60, 'State must be at most 60 characters'),
    percent: percent('Tax rate'),
  })
  .transform((entry, ctx) => {
    if (!regionsOf(entry.country)) {
      ctx.addIssue({
        code: 'custom',
        message: `${countryLabel(entry.country)} has no states or provinces`,
        path: ['country'],
      });
      return z.NEVER;
    }
    const state = regionCode(entry.country, entry.state);
    if (state === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `${entry.state.slice(0, 60)} is not a state or province of ${countryName(entry.country)}`,
        path: ['state'],
      });
      return z.NEVER;
    }
    return { ...entry, state };
  });

/** Delivery days: whole, 0..60, min at most max. */
const deliveryDays = z
  .strictObject({ min: whole('Fastest delivery days', 0, 60), max: whole('Slowest delivery days', 0, 60) })
  .refine((d) => d.min <= d.max, 'Fastest delivery days must not be more than the slowest');

export const MAX_SHIPPING_METHODS = 5;

/** A method beside Standard (issue 40). */
const shippingMethod = z.strictObject({
  id: plainString('Method id')
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,29}$/, 'Method id must be 1-30 lower-case letters, digits or dashes')
    .refine((id) => id !== STANDARD_METHOD, `Method id ${STANDARD_METHOD} is Standard's`),
  label: plainString('Method name')
    .trim()
    .min(1, 'Method name is required')
    .max(40, 'Method name must be at most 40 characters'),
  days: deliveryDays,
  price: dollars('Method price', 100_000),
  countries: z
    .array(z.strictObject({ country, price: dollars('Method price', 100_000) }), {
      error: 'Method countries must be a list',
    })
    .max(MAX_SETTINGS_COUNTRIES, `At most ${MAX_SETTINGS_COUNTRIES} method countries`)
    .superRefine((list, ctx) => uniqueCountries(list, ctx, 'Method prices')),
  freeOver: z.boolean({ error: 'Free over the threshold must be true or false' }),
});

export const MAX_POLICY_CHARS = 20_000;

/** Issue 40: the store's details; plain text (the pages show it as text, never as HTML). */
const storeDetails = z.strictObject({
  name: plainString('Store name')
    .trim()
    .min(1, 'Store name is required')
    .max(80, 'Store name must be at most 80 characters'),
  address: z.string({ error: 'Address must be a text' }).trim().max(300, 'Address must be at most 300 characters'),
  email: z
    .string({ error: 'Support email must be a text' })
    .trim()
    .max(254, 'Support email must be at most 254 characters')
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Support email must be an email address'),
  phone: plainString('Phone')
    .trim()
    .max(40, 'Phone must be at most 40 characters')
    .regex(/^[0-9+()./\s-]*$/, 'Phone may hold digits, spaces and + ( ) . / - only'),
});

const policyText = (label: string) =>
  z
    .string({ error: `${label} must be a text` })
    .trim()
    .max(MAX_POLICY_CHARS, `${label} must be at most ${MAX_POLICY_CHARS} characters`);

export const settingsSchema = z.strictObject({
  tax: z.strictObject({
    defaultPercent: percent('Default tax rate'),
    pricesIncludeTax: z.boolean({ error: 'Prices include tax must be true or false' }),
    countries: z
      .array(z.strictObject({ country, percent: percent('Tax rate') }), { error: 'Tax countries must be a list' })
      .max(MAX_SETTINGS_COUNTRIES, `At most ${MAX_SETTINGS_COUNTRIES} tax countries`)
      .superRefine((list, ctx) => uniqueCountries(list, ctx, 'Tax rates')),
    /** Issue 40; optional: a client that predates it keeps the saved rates (the route). */
    states: z
      .array(stateTax, { error: 'State tax rates must be a list' })
      .max(MAX_SETTINGS_COUNTRIES, `At most ${MAX_SETTINGS_COUNTRIES} state tax rates`)
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((entry, index) => {
          const key = `${entry.country}.${entry.state}`;
          if (seen.has(key))
            ctx.addIssue({ code: 'custom', message: `State tax rates: ${entry.state} is listed twice`, path: [index] });
          seen.add(key);
        });
      })
      .optional(),
  }),
  shipping: z.strictObject({
    defaultPrice: dollars('Default shipping price', 100_000),
    freeOver: dollars('Free shipping threshold', 1_000_000).nullable(),
    countries: z
      .array(z.strictObject({ country, price: dollars('Shipping price', 100_000) }), {
        error: 'Shipping countries must be a list',
      })
      .max(MAX_SETTINGS_COUNTRIES, `At most ${MAX_SETTINGS_COUNTRIES} shipping countries`)
      .superRefine((list, ctx) => uniqueCountries(list, ctx, 'Shipping prices')),
    /** Issue 40; both optional as `states`. */
    standardDays: deliveryDays.optional(),
    methods: z
      .array(shippingMethod, { error: 'Shipping methods must be a list' })
      .max(MAX_SHIPPING_METHODS, `At most ${MAX_SHIPPING_METHODS} shipping methods beside Standard`)
      .refine((list) => new Set(list.map((m) => m.id)).size === list.length, 'Each shipping method id may appear once')
      .optional(),
  }),
  limits: z.strictObject({
    maxUnitsPerProduct: whole('Units per product', 1, MAX_STOCK),
    maxHeldTotal: dollars('Unpaid total', 1_000_000_000).refine((v) => v >= 1, 'Unpaid total must be at least 1'),
    maxOpenOrders: whole('Open orders', 1, 100_000),
  }),
  holdMinutes: whole('Hold minutes', 1, 7 * 24 * 60),
  /** Optional: a client that predates it (an open page of the last release) keeps the saved zone (the route). */
  timeZone: timeZoneSchema.optional(),
  /** Issue 40; optional as `timeZone`. */
  store: storeDetails.optional(),
  policies: z
    .strictObject({
      returns: policyText('Returns policy'),
      shipping: policyText('Shipping policy'),
      privacy: policyText('Privacy policy'),
      terms: policyText('Terms'),
    })
    .optional(),
  /** Issue 41, optional as `timeZone`: hours before an idle cart's reminder, 0 for none. */
  cartReminderHours: whole('Cart reminder hours', 0, MAX_CART_REMINDER_HOURS).optional(),
  /** Issue 40, optional as `timeZone`: the low-stock alert's threshold (0: only sold-out items). */
  lowStockThreshold: whole('Low-stock threshold', 0, 100_000).optional(),
  /** Issue 41; optional as `timeZone`. */
  showLowestPrice30Days: z
    .enum(LOWEST_PRICE_SETTINGS, { error: 'Lowest price in the last 30 days must be auto, on or off' })
    .optional(),
});

/** What PUT /api/settings accepts: the settings, the time zone optional. */
export type SettingsInput = z.output<typeof settingsSchema>;
