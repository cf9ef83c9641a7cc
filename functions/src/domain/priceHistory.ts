// Issue 41, honest sale prices: every price change recorded (who, when, from, to; per variant), like stock history
// (stockHistory.ts), and the price a reduction is measured against: the lowest price in the 30 days before it (the
// EU's Omnibus rule, Directive 98/6/EC art. 6a, as the ECJ read it in C-330/23: the announced reduction is against
// that prior lowest price). Pure: each store records the entries in the save's transaction and keeps the figure
// beside the variant's price (embedded: adapters/embedded/priceHistory.ts; Firestore: store/priceHistory.ts).
import { countryCode } from './countries.js';
import type { ShopSettings } from './settings.js';

export { withoutLowestPrice } from './lowestPrice.js';

/** The days before a reduction whose lowest price it is measured against. */
export const LOWEST_PRICE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One product's (or one of its variants': `variant`) price before and after a save, in cents; `before` null for a
 *  new product or variant (its first price: recorded, but no earlier price to be lowest). */
export interface PriceChange {
  product: string;
  variant?: string;
  beforeCents: number | null;
  afterCents: number;
}

/** One entry of a product's price history, as recorded and shown to the admin. */
export interface PriceHistoryEntry {
  at: string;
  /** The admin who saved it (a user id), or "system" (a seed, an import). */
  by: string;
  variant?: string;
  fromCents: number | null;
  toCents: number;
}

/** A page of a product's price history, newest first; `before` of the next (older) page, null on the last. */
export interface PriceHistoryPage {
  entries: PriceHistoryEntry[];
  nextBefore: string | null;
}

/** The entries the admin's product page shows per page. */
export const PRICE_HISTORY_PAGE_SIZE = 20;

/** The changes a save makes: each product or variant whose price is new or different (the same price: none). */
export function priceChanges(
  before: ReadonlyMap<string, number>,
  after: readonly { product: string; variant?: string; priceCents: number }[],
): PriceChange[] {
  return after.flatMap(({ product, variant, priceCents }) => {
    const was = before.get(variant ?? product);
    if (was === priceCents) return [];
    return [{ product, ...(variant ? { variant } : {}), beforeCents: was ?? null, afterCents: priceCents }];
  });
}

/**
 * The lowest price in effect in the LOWEST_PRICE_DAYS before the current price took effect (its last change), from
 * one product's (or variant's) history in any order; null when there is no earlier price in that window (a new
 * product, or one whose price has not changed: no reduction to measure). Anchored at the reduction, not at today:
 * the figure of a sale does not change while it runs, so a store can keep it beside the price.
 */
export function lowestPriceBeforeLastChange(history: readonly PriceHistoryEntry[]): number | null {
  const sorted = [...history].sort((a, b) => a.at.localeCompare(b.at));
  const last = sorted.at(-1);
  if (!last) return null;
  const since = Date.parse(last.at) - LOWEST_PRICE_DAYS * DAY_MS;
  // The price each change replaced was in effect up to that change: it counts if the change came within the window.
  const prior = sorted
    .filter((entry) => Date.parse(entry.at) > since && entry.fromCents !== null)
    .map((entry) => entry.fromCents!);
  return prior.length ? Math.min(...prior) : null;
}

/** The EU's member states (ISO 3166-1 alpha-2), where the Omnibus rule applies. */
export const EU_COUNTRIES: ReadonlySet<string> = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' '),
);

/** Whether the shop shows "Lowest price in the last 30 days" when the owner has not said: yes when any country its
 *  settings name (a tax rate or a shipping price of its own) is an EU member state. */
export function showLowestPriceByDefault(countries: readonly string[]): boolean {
  return countries.some((country) => EU_COUNTRIES.has(countryCode(country) ?? ''));
}

/** What a save records and keeps: its history entries, and for each changed price (by variant, or the product
 *  without variants) the figure to keep beside it (domain rule above, anchored at this change). */
export interface PriceSave {
  entries: PriceHistoryEntry[];
  lowest: Map<string, number | null>;
}

/**
 * One product's save: `before` its prices as stored (by variant id, or the product id without variants; empty for a
 * new product or a draft's first save), `after` its prices as saved, `recent` its history entries of the
 * LOWEST_PRICE_DAYS before `at` (older ones may be given: they do not count). An unchanged price records nothing
 * and keeps its figure (absent from `lowest`).
 */
export function priceSave(
  product: string,
  before: ReadonlyMap<string, number>,
  after: readonly { variant?: string; priceCents: number }[],
  recent: readonly PriceHistoryEntry[],
  by: string,
  at: string,
): PriceSave {
  const changes = priceChanges(
    before,
    after.map((price) => ({ product, ...price })),
  );
  const lowest = new Map<string, number | null>();
  const entries = changes.map(({ variant, beforeCents, afterCents }): PriceHistoryEntry => {
    const entry = { at, by, ...(variant ? { variant } : {}), fromCents: beforeCents, toCents: afterCents };
    const own = recent.filter((r) => (r.variant ?? null) === (variant ?? null));
    lowest.set(variant ?? product, lowestPriceBeforeLastChange([...own, entry]));
    return entry;
  });
  return { entries, lowest };
}

/** The 30-day low's setting (ShopSettings.showLowestPrice30Days): 'auto' shows it when the shop deals with an EU
 *  country (showLowestPriceByDefault), 'on' and 'off' as the owner says. */
export const LOWEST_PRICE_SETTINGS = ['auto', 'on', 'off'] as const;
export type LowestPriceSetting = (typeof LOWEST_PRICE_SETTINGS)[number];

/** Every country the settings name: tax rates (countries and states) and shipping prices (Standard's and each
 *  method's). */
export function settingsCountries(settings: ShopSettings): string[] {
  return [
    ...settings.tax.countries.map((c) => c.country),
    ...(settings.tax.states ?? []).map((s) => s.country),
    ...settings.shipping.countries.map((c) => c.country),
    ...(settings.shipping.methods ?? []).flatMap((m) => m.countries.map((c) => c.country)),
  ];
}

/** Whether products answer their 30-day low under these settings. */
export function showsLowestPrice(settings: ShopSettings): boolean {
  const setting = settings.showLowestPrice30Days ?? 'auto';
  if (setting !== 'auto') return setting === 'on';
  return showLowestPriceByDefault(settingsCountries(settings));
}
