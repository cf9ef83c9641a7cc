// Issue 41, honest sale prices: every price change recorded (who, when, from, to; per variant), like stock history
// (stockHistory.ts), and the price a reduction is measured against: the lowest price in the 30 days before it (the
// EU's Omnibus rule, Directive 98/6/EC art. 6a, as the ECJ read it in C-330/23: the announced reduction is against
// that prior lowest price). Pure: the stores record the entries and keep the figure (not wired yet: see the report).
import { countryCode } from './countries.js';

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
