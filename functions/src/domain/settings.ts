// The settings the owner controls (GET/PUT /api/settings): tax and shipping by country, the hold limits, the
// unpaid-hold minutes and the shop's time zone (issue 38: the emails' times). Stored by the store (embedded: the settings table; Firestore: settings/shop); until the owner
// saves any, DEFAULT_SETTINGS (with the environment's HOLD_* and ORDER_HOLD_* values) apply, which reproduce the
// spec's totals exactly. Zod-free, so the web's first bundle may import it (the schema: settingsSchema.ts).
import { countryCode } from './countries.js';
import { DEFAULT_HOLD_LIMITS, DEFAULT_HOLD_MINUTES, LOW_STOCK_THRESHOLD, type HoldLimits } from './limits.js';
import { toDollars } from './money.js';
import {
  FREE_SHIPPING_OVER_CENTS,
  SHIPPING_CENTS,
  TAX_PERCENT,
  type DeliveryDays,
  type PricingRules,
  type ShippingOffer,
} from './pricing.js';

import { CONTACT_EMAIL, SHOP_ADDRESS, SHOP_PHONE, SITE_NAME } from './site.js';
import { DEFAULT_TIME_ZONE } from './timeZones.js';
import { DEFAULT_CART_REMINDER_HOURS } from './cartReminders.js';
import type { LowestPriceSetting } from './priceHistory.js';

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

/** Issue 40: a state's or province's own tax rate (domain/regions.ts), overriding its country's. */
export interface StateTax {
  /** The country's ISO code (one with regions: US, CA, AU). */
  country: string;
  /** The region's code ("TX", "ON", "NSW"). */
  state: string;
  percent: number;
}

/** Issue 40: a shipping method beside Standard (Express, Overnight...): its own price, per country where the owner
 *  set one, and its delivery estimate. */
export interface ShippingMethodSetting {
  /** Lower-case letters, digits and dashes, unique, never 'standard' (Standard is the shipping's own prices). */
  id: string;
  label: string;
  days: DeliveryDays;
  /** Dollars, for every country without its own price. */
  price: number;
  countries: CountryShipping[];
  /** Whether the free-shipping threshold makes it free too (Standard's always does). */
  freeOver: boolean;
}

/** Issue 40: who the shop is, as the policy and contact pages give it. */
export interface StoreDetails {
  name: string;
  /** Lines separated by newlines. */
  address: string;
  email: string;
  /** Empty: none given. */
  phone: string;
}

/** The policy pages (`/policies/<topic>`). */
export const POLICY_TOPICS = ['returns', 'shipping', 'privacy', 'terms'] as const;
export type PolicyTopic = (typeof POLICY_TOPICS)[number];

/** Issue 40: the owner's policy texts (domain/policyText.ts reads them: paragraphs, `## ` headings, `- ` lists);
 *  an empty text shows the built-in one, written from the other settings. */
export type PolicyTexts = Record<PolicyTopic, string>;

export interface ShopSettings {
  tax: {
    /** Percent of the items (after any discount), for every country without its own rate. */
    defaultPercent: number;
    /** Prices already include the tax: the tax line shows the part of the items that is tax, the total adds none. */
    pricesIncludeTax: boolean;
    countries: CountryTax[];
    /** Issue 40: rates by state or province, overriding the country's (settings saved before have none). */
    states: StateTax[];
  };
  shipping: {
    /** Dollars, for every country without its own price. */
    defaultPrice: number;
    /** Shipping is free when the items are over this many dollars (strictly, as the spec says); null: never free. */
    freeOver: number | null;
    countries: CountryShipping[];
    /** Issue 40: Standard's delivery estimate (Standard = the prices above). */
    standardDays: DeliveryDays;
    /** Issue 40: the methods offered beside Standard, in the order the checkout lists them. */
    methods: ShippingMethodSetting[];
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
  /** Issue 40: settings saved before have the defaults (withSettingsDefaults). */
  store: StoreDetails;
  policies: PolicyTexts;
  /** Issue 41: hours a signed-in cart stays idle before its reminder email (domain/cartReminders.ts); 0: none. */
  cartReminderHours: number;
  /** Issue 41: whether products show "Lowest price in the last 30 days" beside a compare-at price (priceHistory.ts
   *  showsLowestPrice); settings saved before have none: 'auto'. */
  showLowestPrice30Days: LowestPriceSetting;
  /** Issue 40: the stock at or below which an item is low: the admins' mail (one per fall) and the dashboard's
   *  list. Settings saved before have none: LOW_STOCK_THRESHOLD (5). The shoppers' "Only N left" keeps that constant. */
  lowStockThreshold: number;
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

/** Standard's estimate until the owner sets one. */
export const STANDARD_DAYS: DeliveryDays = { min: 5, max: 8 };
/** The id Standard answers by (the shipping's own prices); the other methods' ids are the owner's. */
export const STANDARD_METHOD = 'standard';
/** The method the defaults offer beside Standard: dearer than Standard, so the default choice (the cheapest) and
 *  with it the spec's totals stay what they were. */
export const DEFAULT_EXPRESS: ShippingMethodSetting = {
  id: 'express',
  label: 'Express',
  days: { min: 1, max: 3 },
  price: 150,
  countries: [],
  freeOver: false,
};

/** The defaults: the spec's pricing, and the hold limits and minutes the environment sets (config.ts). */
export function defaultSettings(
  hold: { holdMinutes: number; holdLimits: HoldLimits } = {
    holdMinutes: DEFAULT_HOLD_MINUTES,
    holdLimits: DEFAULT_HOLD_LIMITS,
  },
): ShopSettings {
  return {
    tax: { defaultPercent: SPEC_TAX_PERCENT, pricesIncludeTax: false, countries: [], states: [] },
    shipping: {
      defaultPrice: SPEC_SHIPPING_PRICE,
      freeOver: SPEC_FREE_SHIPPING_OVER,
      countries: [],
      standardDays: { ...STANDARD_DAYS },
      methods: [{ ...DEFAULT_EXPRESS, days: { ...DEFAULT_EXPRESS.days }, countries: [] }],
    },
    limits: {
      maxUnitsPerProduct: hold.holdLimits.maxUnitsPerProduct,
      maxHeldTotal: toDollars(hold.holdLimits.maxHeldCents),
      maxOpenOrders: hold.holdLimits.maxOpenOrders,
    },
    holdMinutes: hold.holdMinutes,
    timeZone: DEFAULT_TIME_ZONE,
    store: { name: SITE_NAME, address: SHOP_ADDRESS.join('\n'), email: CONTACT_EMAIL, phone: SHOP_PHONE },
    policies: { returns: '', shipping: '', privacy: '', terms: '' },
    cartReminderHours: DEFAULT_CART_REMINDER_HOURS,
    lowStockThreshold: LOW_STOCK_THRESHOLD,
    showLowestPrice30Days: 'auto',
  };
}

/** Stored settings with what they were saved without (a field added since, e.g. timeZone) taken from `defaults`:
 *  the settings in force, however old the stored copy. */
export function withSettingsDefaults(stored: Partial<ShopSettings>, defaults: ShopSettings): ShopSettings {
  const merged = { ...defaults, ...stored };
  // Issue 40's fields inside tax and shipping: settings saved before them keep the defaults' (no state rates,
  // Standard's estimate and the default Express).
  return {
    ...merged,
    tax: { ...merged.tax, states: merged.tax.states ?? defaults.tax.states },
    shipping: {
      ...merged.shipping,
      standardDays: merged.shipping.standardDays ?? defaults.shipping.standardDays,
      methods: merged.shipping.methods ?? defaults.shipping.methods,
    },
    store: { ...defaults.store, ...merged.store },
    policies: { ...defaults.policies, ...merged.policies },
  };
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

const cents = (dollars: number) => Math.round(dollars * 100);
const byCountry = <T extends { country: string }>(list: readonly T[], key: string | undefined) =>
  key === undefined ? undefined : list.find((c) => countryKey(c.country) === key);

/** The methods offered to a shipping country: Standard (the shipping's own prices) first, then the owner's others,
 *  each at the country's price where one is set, else its default. */
export function shippingOffersFor(settings: ShopSettings, country: string | undefined): ShippingOffer[] {
  const key = country === undefined ? undefined : countryKey(country);
  const { shipping } = withSettingsDefaults(settings, settings);
  const freeOverCents = shipping.freeOver === null ? null : cents(shipping.freeOver);
  return [
    {
      id: STANDARD_METHOD,
      label: 'Standard',
      days: shipping.standardDays,
      priceCents: cents(byCountry(shipping.countries, key)?.price ?? shipping.defaultPrice),
      freeOverCents,
    },
    ...shipping.methods.map((m) => ({
      id: m.id,
      label: m.label,
      days: m.days,
      priceCents: cents(byCountry(m.countries, key)?.price ?? m.price),
      freeOverCents: m.freeOver ? freeOverCents : null,
    })),
  ];
}

/** The tax rate in percent for an address: its state's or province's where the owner set one, else its country's,
 *  else the default. */
export function taxPercentFor(
  settings: ShopSettings,
  address: { country: string; state?: string } | undefined,
): number {
  const key = address === undefined ? undefined : countryKey(address.country);
  const states = settings.tax.states ?? [];
  const state =
    address?.state === undefined
      ? undefined
      : states.find((s) => countryKey(s.country) === key && s.state === address.state);
  return state?.percent ?? byCountry(settings.tax.countries, key)?.percent ?? settings.tax.defaultPercent;
}

/** The pricing rules (domain/pricing.ts priceOrder) in force for a shipping country, or an address (its state's
 *  tax), and a shipping method offered there (Standard when not given; shippingOffersFor). */
export function pricingRulesFor(
  settings: ShopSettings,
  address: string | { country: string; state?: string } | undefined,
  method?: ShippingOffer,
): PricingRules {
  const where = typeof address === 'string' ? { country: address } : address;
  const offer = method ?? shippingOffersFor(settings, where?.country)[0]!;
  return {
    taxBasisPoints: Math.round(taxPercentFor(settings, where) * 100),
    pricesIncludeTax: settings.tax.pricesIncludeTax,
    shippingCents: offer.priceCents,
    freeShippingOverCents: offer.freeOverCents,
  };
}

/** Settings as flat fields for the history: country lists become one field per country. */
function flatten(settings: Partial<ShopSettings>): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  // A list's entry is named by its method id, its country and state, or its country (the history's field names).
  const entryKey = (entry: Record<string, unknown>) => {
    if (typeof entry.id === 'string')
      return { name: entry.id, rest: Object.fromEntries(Object.entries(entry).filter(([k]) => k !== 'id')) };
    const { country, state, ...rest } = entry as { country: string; state?: string };
    const name = countryKey(String(country)).toUpperCase();
    return { name: state === undefined ? name : `${name}.${state}`, rest };
  };
  const walk = (prefix: string, value: unknown) => {
    if (Array.isArray(value)) {
      for (const entry of value as Record<string, unknown>[]) {
        const { name, rest } = entryKey(entry);
        const values = Object.values(rest);
        walk(`${prefix}.${name}`, values.length === 1 ? values[0] : rest);
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
