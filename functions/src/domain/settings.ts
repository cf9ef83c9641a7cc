// The settings the owner controls (GET/PUT /api/settings): tax and shipping by country, the hold limits, the
// unpaid-hold minutes and the shop's time zone (issue 38: the emails' times). Stored by the store (embedded: the settings table; Firestore: settings/shop); until the owner
// saves any, DEFAULT_SETTINGS (with the environment's HOLD_* and ORDER_HOLD_* values) apply, which reproduce the
// spec's totals exactly. Zod-free, so the web's first bundle may import it (the schema: settingsSchema.ts).
import { countryCode } from './countries.js';
import { DEFAULT_HOLD_LIMITS, DEFAULT_HOLD_MINUTES, type HoldLimits } from './limits.js';
import { toDollars } from './money.js';
import { FREE_SHIPPING_OVER_CENTS, SHIPPING_CENTS, TAX_PERCENT, type PricingRules } from './pricing.js';
import { DEFAULT_TIME_ZONE } from './timeZones.js';

export interface CountryTax {
  /** The country's ISO code (an older setting may hold a name; matched through countryKey either way). */
  country: string;
  percent: number;
}

export interface CountryShipping {
  country: string;
  /** Dollars. */
  price: number;
}

export interface ShopSettings {
  tax: {
    /** Percent of the items (after any discount), for every country without its own rate. */
    defaultPercent: number;
    /** Prices already include the tax: the tax line shows the part of the items that is tax, the total adds none. */
    pricesIncludeTax: boolean;
    countries: CountryTax[];
  };
  shipping: {
    /** Dollars, for every country without its own price. */
    defaultPrice: number;
    /** Shipping is free when the items are over this many dollars (strictly, as the spec says); null: never free. */
    freeOver: number | null;
    countries: CountryShipping[];
  };
  /** What one customer may hold unpaid at once (domain/orders.ts assertWithinHoldLimits). */
  limits: {
    maxUnitsPerProduct: number;
    /** Dollars: the customer's open orders' totals together. */
    maxHeldTotal: number;
    maxOpenOrders: number;
  };
  /** How long an unpaid order holds its stock. */
  holdMinutes: number;
  /** Issue 38: the shop's IANA time zone ('Europe/Berlin'), in which the emails give times. Settings saved before
   *  have none: read through withSettingsDefaults, they are UTC. */
  timeZone: string;
}

/** One change of the settings, as GET /api/settings/history lists it (newest first). */
export interface SettingsChange {
  at: string;
  by: { _id: string; name: string };
  /** Each field that changed: its path ('tax.defaultPercent', 'shipping.countries.DE'), before and after (null
   *  where it did not exist). */
  changes: { field: string; from: unknown; to: unknown }[];
}

/** The spec's shop (section 9): tax 15% of the items, shipping $100 unless the items are over $100. */
export const SPEC_TAX_PERCENT = TAX_PERCENT;
export const SPEC_SHIPPING_PRICE = toDollars(SHIPPING_CENTS);
export const SPEC_FREE_SHIPPING_OVER = toDollars(FREE_SHIPPING_OVER_CENTS);

/** The defaults: the spec's pricing, and the hold limits and minutes the environment sets (config.ts). */
export function defaultSettings(
  hold: { holdMinutes: number; holdLimits: HoldLimits } = {
    holdMinutes: DEFAULT_HOLD_MINUTES,
    holdLimits: DEFAULT_HOLD_LIMITS,
  },
): ShopSettings {
  return {
    tax: { defaultPercent: SPEC_TAX_PERCENT, pricesIncludeTax: false, countries: [] },
    shipping: { defaultPrice: SPEC_SHIPPING_PRICE, freeOver: SPEC_FREE_SHIPPING_OVER, countries: [] },
    limits: {
      maxUnitsPerProduct: hold.holdLimits.maxUnitsPerProduct,
      maxHeldTotal: toDollars(hold.holdLimits.maxHeldCents),
      maxOpenOrders: hold.holdLimits.maxOpenOrders,
    },
    holdMinutes: hold.holdMinutes,
    timeZone: DEFAULT_TIME_ZONE,
  };
}

/** Stored settings with what they were saved without (a field added since, e.g. timeZone) taken from `defaults`:
 *  the settings in force, however old the stored copy. */
export function withSettingsDefaults(stored: Partial<ShopSettings>, defaults: ShopSettings): ShopSettings {
  return { ...defaults, ...stored };
}

/** Settings with the built-in defaults (the spec's numbers, limits.ts's hold limits). */
export const DEFAULT_SETTINGS: ShopSettings = /* @__PURE__ */ defaultSettings();

/** The hold limits as the order decision takes them (cents). */
export function holdLimitsOf(settings: ShopSettings): HoldLimits {
  return {
    maxUnitsPerProduct: settings.limits.maxUnitsPerProduct,
    maxHeldCents: Math.round(settings.limits.maxHeldTotal * 100),
    maxOpenOrders: settings.limits.maxOpenOrders,
  };
}

/** How a country is compared: 'de', ' DE ', 'Germany' are one, and so are 'US', 'USA' and 'United States' (its ISO
 *  code, domain/countries.ts); a name the list does not know (an old free-text setting) compares as typed, case
 *  aside. */
export function countryKey(country: string): string {
  return countryCode(country) ?? country.trim().toLowerCase();
}

/** The pricing rules (domain/pricing.ts priceOrder) in force for a shipping country (a country without its own rate or price takes the defaults). */
export function pricingRulesFor(settings: ShopSettings, country: string | undefined): PricingRules {
  const key = country === undefined ? undefined : countryKey(country);
  const tax = settings.tax.countries.find((c) => countryKey(c.country) === key)?.percent ?? settings.tax.defaultPercent;
  const shipping =
    settings.shipping.countries.find((c) => countryKey(c.country) === key)?.price ?? settings.shipping.defaultPrice;
  return {
    taxBasisPoints: Math.round(tax * 100),
    pricesIncludeTax: settings.tax.pricesIncludeTax,
    shippingCents: Math.round(shipping * 100),
    freeShippingOverCents: settings.shipping.freeOver === null ? null : Math.round(settings.shipping.freeOver * 100),
  };
}

/** Settings as flat fields for the history: country lists become one field per country. */
function flatten(settings: Partial<ShopSettings>): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  const walk = (prefix: string, value: unknown) => {
    if (Array.isArray(value)) {
      for (const entry of value as { country: string }[]) {
        const { country, ...rest } = entry;
        const values = Object.values(rest);
        walk(`${prefix}.${countryKey(country).toUpperCase()}`, values.length === 1 ? values[0] : rest);
      }
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(prefix ? `${prefix}.${key}` : key, inner);
    } else fields.set(prefix, value);
  };
  walk('', settings);
  return fields;
}

/** What changed from `before` to `after`, field by field (what the history records). */
export function settingsChanges(before: ShopSettings, after: ShopSettings): SettingsChange['changes'] {
  // Settings stored before the time zone existed were UTC: saving UTC again changes nothing.
  const zoned = (s: Partial<ShopSettings>) => ({ ...s, timeZone: s.timeZone ?? DEFAULT_TIME_ZONE });
  const from = flatten(zoned(before));
  const to = flatten(zoned(after));
  const changes: SettingsChange['changes'] = [];
  for (const field of new Set([...from.keys(), ...to.keys()])) {
    const a = from.has(field) ? from.get(field) : null;
    const b = to.has(field) ? to.get(field) : null;
    if (a !== b) changes.push({ field, from: a, to: b });
  }
  return changes;
}
