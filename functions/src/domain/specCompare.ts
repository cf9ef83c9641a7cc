// Issue 41: products compared by their specification rows (GET /api/products/compare, the web's /compare page).
// Pure: rows aligned by spec name, values read as quantities with their units normalised, the best value marked
// where more (or less) is clearly better. Zod-free, so the web's compare page imports it without the schemas.
import { taxonomyKey } from './nameKey.js';
import type { ProductSpec } from './productMedia.js';
import type { Product } from './types.js';

/** At least two products to compare, at most four (the tray's limit, the route's 400). */
export const MIN_COMPARED = 2;
export const MAX_COMPARED = 4;

/** Whether a larger value of a spec is the better one, a smaller one, or neither is clear. */
export type SpecDirection = 'higher' | 'lower' | null;

/** A value read as a quantity: `amount` in the dimension's base unit (`unit`), e.g. 2 TB -> 2000 GB. */
export interface SpecQuantity {
  amount: number;
  unit: string;
}

export interface CompareCell {
  /** The value as the product states it; null when the product has no row of that name. */
  value: string | null;
  /** The value as a quantity in the row's base unit, when it reads as one. */
  quantity: SpecQuantity | null;
  /** The best value of the row (every cell equal to it), only where the row has a direction and every value present
   *  reads in the same unit. */
  best: boolean;
}

export interface CompareRow {
  /** The name as the first product listing it spells it. */
  name: string;
  direction: SpecDirection;
  /** One cell per compared product, in their order. */
  cells: CompareCell[];
  /** Not every product says the same (a missing row differs; 1 TB and 1000 GB do not). */
  differs: boolean;
}

/** A spec name as rows are aligned by: case, spacing and surrounding punctuation ignored. */
export const specKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/[\s_\-:]+/g, ' ')
    .trim();

// Each unit a value may carry, by its dimension's base unit: the factor to it. Storage in decimal units, as drives
// and phones are sold (1 TB = 1000 GB). Charge (mAh) and energy (Wh) are different dimensions: without the voltage
// one cannot be read as the other, so a row mixing them marks no best.
const DIMENSIONS: Record<string, Record<string, number>> = {
  GB: { kb: 1e-6, mb: 1e-3, gb: 1, tb: 1000 },
  mAh: { mah: 1, ah: 1000 },
  Wh: { wh: 1, kwh: 1000 },
  cm: { '"': 2.54, '″': 2.54, in: 2.54, inch: 2.54, inches: 2.54, mm: 0.1, cm: 1, m: 100 },
  Hz: { hz: 1, khz: 1e3, mhz: 1e6, ghz: 1e9 },
  g: { mg: 1e-3, g: 1, kg: 1000, lb: 453.59237, lbs: 453.59237, oz: 28.349523125 },
  W: { mw: 1e-3, w: 1, kw: 1000 },
};

/** Each unit (lower case) with its dimension's base unit and the factor to it (pure: a bundle that imports this module
 *  for something else leaves it out). */
const UNITS = /* @__PURE__ */ unitsOf(DIMENSIONS);

// A Map, not an object: a word such as "constructor" must not find Object.prototype's members.
function unitsOf(dimensions: typeof DIMENSIONS): ReadonlyMap<string, { unit: string; factor: number }> {
  return new Map(
    Object.entries(dimensions).flatMap(([unit, factors]) =>
      Object.entries(factors).map(([word, factor]) => [word, { unit, factor }]),
    ),
  );
}

// The first number of a value (thousands separated by "," or a thin space, decimals by "." or a "," not followed by
// exactly three digits), then what follows it ("6.1-inch" too): a known unit, or a word counted as its own unit ("8 cores").
const QUANTITY = /(\d{1,3}(?:[,\u202f\u2009](?=\d{3}(?!\d))\d{3})+|\d+)(?:[.,](\d+))?\s*-?\s*("|″|[a-zA-Z]+)?/;

/** A spec value's first quantity, in its dimension's base unit; null when it holds no number. */
export function parseSpecValue(value: string): SpecQuantity | null {
  const match = QUANTITY.exec(value);
  return match ? quantityOf(match) : null;
}

function quantityOf(match: RegExpExecArray): SpecQuantity | null {
  const amount = Number(`${match[1]!.replace(/[^\d]/g, '')}${match[2] ? `.${match[2]}` : ''}`);
  if (!Number.isFinite(amount)) return null;
  const word = match[3]?.toLowerCase() ?? '';
  const known = UNITS.get(word);
  if (known) return { amount: round(amount * known.factor), unit: known.unit };
  // A plain number, or one counted in a word of its own: comparable with the same word only.
  return { amount, unit: word };
}

/** A value as compared for "differs": every quantity in its base unit, case, spacing and "×" against "x" ignored, so
 *  "1 TB SSD" and "1000 GB SSD" say the same and "2 × USB-C" and "2 × USB-A" do not. */
export function comparableText(value: string): string {
  const folded = specKey(value.replace(/×/g, 'x'));
  return folded.replace(new RegExp(QUANTITY.source, 'g'), (...groups: unknown[]) => {
    const match = groups.slice(0, 4) as unknown as RegExpExecArray;
    const quantity = quantityOf(match);
    return quantity ? `${quantity.amount}${quantity.unit.toLowerCase()}` : String(groups[0]);
  });
}

/** Conversions are kept to 9 significant digits, so 1 TB and 1000 GB read as the same amount. */
const round = (n: number) => Number(n.toPrecision(9));

// Which specs are better larger, which smaller, by a word or phrase of their name. A name matching both kinds, or
// none, has no direction (the page marks no best rather than guess).
const DIRECTIONS: Record<Exclude<SpecDirection, null>, readonly string[]> = {
  higher: [
    'storage',
    'capacity',
    'memory',
    'ram',
    'ssd',
    'battery',
    'battery life',
    'refresh rate',
    'refresh',
    'cores',
    'brightness',
    'charging',
  ],
  lower: ['weight', 'mass', 'thickness', 'latency'],
};

/** Whether more or less of a spec is better, from its name (unknown: null). */
export function specDirection(name: string): SpecDirection {
  const padded = ` ${specKey(name).replace(/[^a-z0-9 ]/g, ' ')} `;
  const found = (['higher', 'lower'] as const).filter((d) => DIRECTIONS[d].some((p) => padded.includes(` ${p} `)));
  return found.length === 1 ? found[0]! : null;
}

/** The products' spec rows aligned by name, in the order they first appear (the first product's order, then any
 *  name a later product adds), each with its cells, its best value (unless `markBest` is false) and whether the
 *  products differ on it. */
export function compareSpecs(
  products: readonly { specs: readonly ProductSpec[] }[],
  { markBest = true }: { markBest?: boolean } = {},
): CompareRow[] {
  const rows = new Map<string, { name: string; values: (string | null)[] }>();
  products.forEach((product, index) => {
    for (const spec of product.specs) {
      const key = specKey(spec.name);
      let row = rows.get(key);
      if (!row) {
        row = { name: spec.name.trim(), values: products.map(() => null) };
        rows.set(key, row);
      }
      // A name given twice by one product (older data; the schema refuses it now): its first value counts.
      row.values[index] ??= spec.value;
    }
  });
  return [...rows.values()].map(({ name, values }) => compareRow(name, values, markBest));
}

function compareRow(name: string, values: readonly (string | null)[], markBest: boolean): CompareRow {
  const quantities = values.map((value) => (value === null ? null : parseSpecValue(value)));
  const present = values.flatMap((value, i) => (value === null ? [] : [quantities[i]]));
  const units = new Set(present.map((q) => q?.unit));
  // Comparable as quantities: every value present reads as one, all in the same unit.
  const comparable = present.length > 0 && !units.has(undefined) && units.size === 1;
  const differs = values.includes(null) || new Set(values.map((value) => comparableText(value ?? ''))).size > 1;
  const same = comparable && new Set(present.map((q) => q!.amount)).size === 1;
  const direction = specDirection(name);
  let best: number | null = null;
  if (markBest && direction && comparable && present.length >= 2 && !same) {
    const amounts = present.map((q) => q!.amount);
    best = direction === 'higher' ? Math.max(...amounts) : Math.min(...amounts);
  }
  return {
    name,
    direction,
    differs,
    cells: values.map((value, i) => ({
      value,
      quantity: quantities[i] ?? null,
      best: best !== null && quantities[i]?.amount === best,
    })),
  };
}

/** The rows on which the products differ ("Show differences only"). */
export const differencesOnly = (rows: readonly CompareRow[]) => rows.filter((row) => row.differs);

/** GET /api/products/compare's answer: the products found, in the order asked, their aligned rows, and the ids
 *  asked for that are not (or no longer) published products. */
export interface ProductComparison {
  products: Product[];
  rows: CompareRow[];
  missing: string[];
  /** Whether the rows mark a best value: only where every product is of one category. The lighter of a laptop and a
   *  mouse is not the better buy; the values are still shown, and still compared for "differs". */
  bestMarked: boolean;
}

/** The compare answer for the ids asked and the published products found among them (the API's and the server-
 *  rendered page's, alike). */
export function productComparison(ids: readonly string[], products: Product[]): ProductComparison {
  const found = new Set(products.map((product) => product._id));
  const bestMarked = new Set(products.map((product) => taxonomyKey(product.category))).size <= 1;
  return {
    products,
    rows: compareSpecs(products, { markBest: bestMarked }),
    missing: ids.filter((id) => !found.has(id)),
    bestMarked,
  };
}
