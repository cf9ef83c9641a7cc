// PUT /api/settings's body (domain/settings.ts ShopSettings), for the route and the admin's form alike. Apart from
// settings.ts so the web's first bundle stays zod-free.
import { z } from 'zod';
import { MAX_STOCK } from './limits.js';
import { plainString } from './schemas.js';
import { countryCode, countryLabel } from './countries.js';
import { countryKey } from './settings.js';
import { canonicalTimeZone } from './timeZones.js';

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

export const settingsSchema = z.strictObject({
  tax: z.strictObject({
    defaultPercent: percent('Default tax rate'),
    pricesIncludeTax: z.boolean({ error: 'Prices include tax must be true or false' }),
    countries: z
      .array(z.strictObject({ country, percent: percent('Tax rate') }), { error: 'Tax countries must be a list' })
      .max(MAX_SETTINGS_COUNTRIES, `At most ${MAX_SETTINGS_COUNTRIES} tax countries`)
      .superRefine((list, ctx) => uniqueCountries(list, ctx, 'Tax rates')),
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
  }),
  limits: z.strictObject({
    maxUnitsPerProduct: whole('Units per product', 1, MAX_STOCK),
    maxHeldTotal: dollars('Unpaid total', 1_000_000_000).refine((v) => v >= 1, 'Unpaid total must be at least 1'),
    maxOpenOrders: whole('Open orders', 1, 100_000),
  }),
  holdMinutes: whole('Hold minutes', 1, 7 * 24 * 60),
  /** Optional: a client that predates it (an open page of the last release) keeps the saved zone (the route). */
  timeZone: timeZoneSchema.optional(),
});

/** What PUT /api/settings accepts: the settings, the time zone optional. */
export type SettingsInput = z.output<typeof settingsSchema>;
