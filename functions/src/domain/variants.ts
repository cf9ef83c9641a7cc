// Options and variants (issue 29): a product may offer up to MAX_OPTIONS options (Colour, Storage), and variants
// combining one value of each, every variant with its own SKU, price, compare-at price, stock and image. Not every
// combination need be offered. The first variant is the default: the spec's `price` and `countInStock` of the
// product are its, and an order or cart line naming only the product means it (the original clients keep working).
// Stock, holds and the stock history are per variant: a variant's stock key (stockKey) is what the decisions and the
// stores count by. The zod schemas of the admin's input are in schemas.ts (`productOptionsSchema`,
// `productVariantsSchema`); the cross-checks they run are here, pure.
import { badInput } from './errors.js';
import { MAX_STOCK } from './limits.js';
import { toCents, toDollars } from './money.js';
import type { Product, ProductOption, ProductVariant } from './types.js';

export const MAX_OPTIONS = 3;
export const MAX_OPTION_VALUES = 20;
/** At most this many variants per product: bounded reads and a bounded Firestore document. */
export const MAX_VARIANTS = 100;

export const VARIANT_MESSAGES = {
  tooManyOptions: `A product has at most ${MAX_OPTIONS} options`,
  duplicateOption: (name: string) => `Option "${name}" is listed twice`,
  duplicateValue: (option: string, value: string) => `Option "${option}" lists the value "${value}" twice`,
  variantsWithoutOptions: 'Variants need options: add an option (e.g. Colour) first',
  optionsWithoutVariants: 'A product with options needs at least one variant',
  missingOption: (sku: string, option: string) => `Variant ${sku} has no value for option "${option}"`,
  unknownOption: (sku: string, option: string) => `Variant ${sku} names "${option}", which is not an option`,
  valueNotInOption: (sku: string, option: string, value: string) =>
    `Variant ${sku}: "${value}" is not a value of option "${option}"`,
  duplicateCombination: (label: string) => `The combination ${label} is listed twice`,
  duplicateSku: (sku: string) => `SKU ${sku} is listed twice`,
  skuTaken: (sku: string) => `SKU ${sku} is already used by another product`,
  unknownVariant: (id: string) => `Variant ${id} is not a variant of this product`,
  notAVariantOf: (variant: string, productName: string) => `Variant ${variant} is not a variant of ${productName}`,
  noVariants: (productName: string) => `${productName} has no variants`,
  imageNotInGallery: (sku: string) =>
    `The image of variant ${sku} is not one of the product's gallery images: add it to the gallery first`,
} as const;

/** A variant as the stores keep it (money in cents). */
export interface StoredVariant {
  _id: string;
  sku: string;
  options: Record<string, string>;
  priceCents: number;
  compareAtCents: number | null;
  countInStock: number;
  image: string | null;
  /** Issue 41 (priceHistory.ts): the 30-day low kept beside the price at its last change; null or absent: none. */
  lowestCents?: number | null;
}

/** A variant as the admin saves it (after schemas.ts); `_id` names an existing variant, absent for a new one. */
export interface VariantInput {
  _id?: string;
  sku: string;
  options: Record<string, string>;
  price: number;
  compareAtPrice?: number | null;
  countInStock: number;
  image?: string | null;
}

/** What the stock of a line, a hold or a history entry counts by: the variant, or the product without variants.
 *  Variant and product ids are both unique ids, so the key names one stock. */
export function stockKey(product: string, variant?: string | null): string {
  return variant ? `${product}/${variant}` : product;
}

/** "Black / 256 GB": the variant's values in the order of the product's options. */
export function variantLabel(options: readonly ProductOption[], variant: Pick<ProductVariant, 'options'>): string {
  return options.map((o) => variant.options[o.name] ?? '').join(' / ');
}

/** The problems of a set of options and variants, each with where it is (for the 400's fields); none = valid. */
export function variantProblems(
  options: readonly ProductOption[],
  variants: readonly Pick<VariantInput, 'sku' | 'options'>[],
): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  if (options.length > MAX_OPTIONS) problems.push({ path: ['options'], message: VARIANT_MESSAGES.tooManyOptions });
  const names = new Set<string>();
  options.forEach((option, i) => {
    const key = option.name.toLowerCase();
    if (names.has(key))
      problems.push({ path: ['options', i, 'name'], message: VARIANT_MESSAGES.duplicateOption(option.name) });
    names.add(key);
    const values = new Set<string>();
    option.values.forEach((value, j) => {
      if (values.has(value.toLowerCase()))
        problems.push({
          path: ['options', i, 'values', j],
          message: VARIANT_MESSAGES.duplicateValue(option.name, value),
        });
      values.add(value.toLowerCase());
    });
  });
  if (options.length === 0 && variants.length > 0)
    problems.push({ path: ['variants'], message: VARIANT_MESSAGES.variantsWithoutOptions });
  if (options.length > 0 && variants.length === 0)
    problems.push({ path: ['variants'], message: VARIANT_MESSAGES.optionsWithoutVariants });
  const combinations = new Set<string>();
  const skus = new Set<string>();
  variants.forEach((variant, i) => {
    for (const option of options) {
      const value = variant.options[option.name];
      if (value === undefined)
        problems.push({
          path: ['variants', i, 'options'],
          message: VARIANT_MESSAGES.missingOption(variant.sku, option.name),
        });
      else if (!option.values.includes(value))
        problems.push({
          path: ['variants', i, 'options', option.name],
          message: VARIANT_MESSAGES.valueNotInOption(variant.sku, option.name, value),
        });
    }
    for (const name of Object.keys(variant.options))
      if (!options.some((o) => o.name === name))
        problems.push({
          path: ['variants', i, 'options', name],
          message: VARIANT_MESSAGES.unknownOption(variant.sku, name),
        });
    const combination = JSON.stringify(options.map((o) => variant.options[o.name] ?? null));
    if (combinations.has(combination))
      problems.push({
        path: ['variants', i, 'options'],
        message: VARIANT_MESSAGES.duplicateCombination(variantLabel(options, variant)),
      });
    combinations.add(combination);
    const sku = variant.sku.toUpperCase();
    if (skus.has(sku))
      problems.push({ path: ['variants', i, 'sku'], message: VARIANT_MESSAGES.duplicateSku(variant.sku) });
    skus.add(sku);
  });
  return problems;
}

/** The variant as the API answers it. */
export function variantAnswer(v: StoredVariant): ProductVariant {
  return {
    _id: v._id,
    sku: v.sku,
    options: { ...v.options },
    price: toDollars(v.priceCents),
    ...(v.compareAtCents === null ? {} : { compareAtPrice: toDollars(v.compareAtCents) }),
    // The 30-day low only beside a "was" price: it is what that reduction is measured against.
    ...(v.compareAtCents === null || v.lowestCents === null || v.lowestCents === undefined
      ? {}
      : { lowestPrice30Days: toDollars(v.lowestCents) }),
    countInStock: v.countInStock,
    ...(v.image ? { image: v.image } : {}),
  };
}

/** A product answer with its options and variants: `price`, `countInStock` and `compareAtPrice` are the default
 *  (first) variant's. */
export function withVariants<P extends Product>(product: P, options: ProductOption[], variants: StoredVariant[]): P {
  if (options.length === 0 || variants.length === 0) return { ...product, options: [], variants: [] };
  const answered = variants.map(variantAnswer);
  const first = answered[0]!;
  const { compareAtPrice: _dropped, lowestPrice30Days: _lowest, ...rest } = product;
  void _dropped;
  void _lowest;
  return {
    ...rest,
    options: options.map((o) => ({ name: o.name, values: [...o.values] })),
    variants: answered,
    price: first.price,
    countInStock: first.countInStock,
    ...(first.compareAtPrice === undefined ? {} : { compareAtPrice: first.compareAtPrice }),
    ...(first.lowestPrice30Days === undefined ? {} : { lowestPrice30Days: first.lowestPrice30Days }),
  } as P;
}

/**
 * The stock an edit sets (issue 13's rule, per stock): without the stock the form loaded, the value as sent; with it,
 * the admin's change applied to the stock now (units sold while the form was open stay sold), within 0..MAX_STOCK.
 */
export function editedStock(storedNow: number, requested: number, loaded: number | undefined): number {
  if (loaded === undefined) return requested;
  return Math.min(MAX_STOCK, Math.max(0, storedNow + requested - loaded));
}

/** A variant to write: the stored one updated (or a new one) with the stock before the save (null when new). */
export type PlannedVariant = StoredVariant & { stockBefore: number | null };

export interface VariantSave {
  options: ProductOption[];
  /** In order: the first is the default. */
  variants: PlannedVariant[];
  /** Variants the save drops, with their stock (it leaves with them: a history entry to 0). */
  removed: { _id: string; countInStock: number }[];
}

/**
 * Stock when a product gains or loses variants (issue 38: the one rule both stores' saves follow). A product with
 * variants counts only its variants' stock: taking variants, its own stock leaves (to 0, with a history entry);
 * losing every one, its own stock starts again from 0 at the form's `countInStock`; keeping variants, its own stock
 * does not move. `countInStock` is the product's stock figure after the save: its default variant's, or its own.
 * `change` is null when the product's own stock does not move.
 */
export function ownStockOnVariantSave(
  plan: Pick<VariantSave, 'variants'>,
  hadVariants: boolean,
  ownStock: number,
  formStock: number,
): { change: { before: number; after: number } | null; countInStock: number } {
  const first = plan.variants[0];
  const move = (before: number, after: number) => (before === after ? null : { before, after });
  if (first) return { change: hadVariants ? null : move(ownStock, 0), countInStock: first.countInStock };
  return { change: move(hadVariants ? 0 : ownStock, formStock), countInStock: formStock };
}

/**
 * What an admin save writes for a product's options and variants (PUT /api/products/:id). `input.options` and
 * `input.variants` absent (the original clients' form): the variants stay and the form's `price` and `countInStock`
 * are the default variant's (its stock through the edit rule with `editedFrom.countInStock`). Given: they replace
 * the stored ones; a variant with an `_id` keeps its id (an unknown one is a 400), its stock through the edit rule
 * with `loadedStock[_id]` (the form's `editedFrom.variants`); a new one gets `newId()`.
 * `gallery` is the product's gallery after the save (its urls, `galleryUrlsAfterSave`): a variant's image is one of
 * them (a given one outside it is a 400; a kept one the save took out of the gallery falls back to the product's
 * image, so an original client replacing `image` alone is never refused).
 */
export function planVariantSave(
  stored: { options: ProductOption[]; variants: StoredVariant[] },
  input: { options?: ProductOption[]; variants?: VariantInput[]; price: number; countInStock: number },
  loaded: { countInStock?: number; variants?: Record<string, number> } | undefined,
  newId: () => string,
  gallery: readonly string[],
): VariantSave {
  const byId = new Map(stored.variants.map((v) => [v._id, v]));
  const inGallery = new Set(gallery);
  if (input.options === undefined && input.variants === undefined) {
    const variants = stored.variants.map((stock, i): PlannedVariant => {
      const v = { ...stock, image: stock.image !== null && inGallery.has(stock.image) ? stock.image : null };
      if (i > 0) return { ...v, stockBefore: v.countInStock };
      return {
        ...v,
        priceCents: toCents(input.price),
        countInStock: editedStock(v.countInStock, input.countInStock, loaded?.countInStock),
        stockBefore: v.countInStock,
      };
    });
    return { options: stored.options, variants, removed: [] };
  }
  const options = input.options ?? stored.options;
  const requested = input.variants ?? [];
  const problem = variantProblems(options, requested)[0];
  if (problem) throw badInput(problem.message);
  requested.forEach((v, i) => {
    if (v.image && !inGallery.has(v.image)) {
      const message = VARIANT_MESSAGES.imageNotInGallery(v.sku);
      throw badInput(message, { [`variants.${i}.image`]: message });
    }
  });
  const kept = new Set<string>();
  const variants = requested.map((v): PlannedVariant => {
    const was = v._id === undefined ? undefined : byId.get(v._id);
    if (v._id !== undefined && !was) throw badInput(VARIANT_MESSAGES.unknownVariant(v._id));
    if (was) kept.add(was._id);
    const optionsOf = Object.fromEntries(options.map((o) => [o.name, v.options[o.name]!]));
    return {
      _id: was?._id ?? newId(),
      sku: v.sku,
      options: optionsOf,
      priceCents: toCents(v.price),
      compareAtCents: v.compareAtPrice === undefined || v.compareAtPrice === null ? null : toCents(v.compareAtPrice),
      countInStock: was ? editedStock(was.countInStock, v.countInStock, loaded?.variants?.[was._id]) : v.countInStock,
      image: v.image ?? null,
      stockBefore: was ? was.countInStock : null,
    };
  });
  const removed = stored.variants
    .filter((v) => !kept.has(v._id))
    .map((v) => ({ _id: v._id, countInStock: v.countInStock }));
  return { options: options.map((o) => ({ name: o.name, values: [...o.values] })), variants, removed };
}
