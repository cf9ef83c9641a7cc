// The product editor's options and variant rows (issue 29, issue 40's variants table), pure: the rows as the form
// holds them (react-hook-form's `variants` field array), what a save sends, and the cross-checks the schema alone
// cannot make (domain/variants.ts variantProblems, a variant's picture still in the gallery). The per-cell checks
// are the API's own productVariantsSchema, run by the form's resolver.
import type { Product, ProductOption } from '@domain';
import { variantLabel, variantProblems } from '@domain/variants';
import type { ProductFormValues } from './ProductForm';

export interface OptionDraft {
  name: string;
  /** The values as typed, comma-separated. */
  values: string;
}

/** A variant row as the form holds it: `image` '' = the product's image; empty numbers are undefined. */
export type VariantRowValues = NonNullable<ProductFormValues['variants']>[number];

export const optionDraftsOf = (product: Pick<Product, 'options'>): OptionDraft[] =>
  (product.options ?? []).map((o) => ({ name: o.name, values: o.values.join(', ') }));

/** The rows the form starts with: the product's variants, their fields as the schema takes them. */
export function variantRowsOf(product: Pick<Product, 'variants'>): VariantRowValues[] {
  return (product.variants ?? []).map((v) => ({
    _id: v._id,
    sku: v.sku,
    options: { ...v.options },
    price: v.price,
    ...(v.compareAtPrice === undefined ? {} : { compareAtPrice: v.compareAtPrice }),
    countInStock: v.countInStock,
    image: v.image ?? '',
  }));
}

export const parsedOptions = (drafts: readonly OptionDraft[]): ProductOption[] =>
  drafts
    .map((o) => ({
      name: o.name.trim(),
      values: o.values
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    }))
    .filter((o) => o.name || o.values.length);

const isNumber = (n: unknown): n is number => typeof n === 'number' && !Number.isNaN(n);

/** A row as the API takes it: no empty image (the product's) or compare-at price, no id for a new row. */
export function rowToSave(row: VariantRowValues): VariantRowValues {
  const { _id, image, compareAtPrice, ...rest } = row;
  return {
    ...(_id ? { _id } : {}),
    ...rest,
    ...(compareAtPrice === undefined || compareAtPrice === null || (compareAtPrice as unknown) === ''
      ? {}
      : { compareAtPrice }),
    ...(image ? { image } : {}),
  };
}

/**
 * What the form asks the schema to check and then sends. Without variants (none loaded, none now): the product's
 * fields alone, as the original clients send them. With variant rows, the product's price and stock are its default
 * (first) variant's, as the API answers them: the form has no separate figure to drift from them (issue 40: the
 * product-level stock is never silently the default variant's while the form shows another).
 */
export function valuesToCheck(
  values: ProductFormValues,
  options: ProductOption[],
  hadVariants: boolean,
): ProductFormValues {
  const { options: _o, variants, ...fields } = values;
  void _o;
  const rows = (variants ?? []).map(rowToSave);
  if (!hadVariants && options.length === 0 && rows.length === 0) return fields;
  const first = rows[0];
  return {
    ...fields,
    ...(first && isNumber(first.price) ? { price: first.price } : {}),
    ...(first && isNumber(first.countInStock) ? { countInStock: first.countInStock } : {}),
    options,
    variants: rows,
  };
}

export interface RowProblem {
  /** Where it shows: a row's cell, or the section (index undefined). */
  index?: number;
  field?: 'sku' | 'image' | 'options';
  message: string;
}

/** The cross-checks of the options and rows (the server makes them again: 400s name the problem). */
export function rowProblems(
  options: ProductOption[],
  rows: readonly VariantRowValues[],
  galleryUrls: readonly string[],
): RowProblem[] {
  const problems: RowProblem[] = [];
  rows.forEach((row, index) => {
    if (row.image && !galleryUrls.includes(row.image))
      problems.push({
        index,
        field: 'image',
        message: `The image of ${variantLabel(options, row) || row.sku} is no longer in the gallery: choose another or "Product image"`,
      });
  });
  const checked = rows.map((r) => ({ sku: String(r.sku ?? '').trim(), options: r.options }));
  for (const problem of variantProblems(options, checked)) {
    const [list, index, field] = problem.path;
    problems.push(
      list === 'variants' && typeof index === 'number'
        ? { index, field: field === 'sku' ? 'sku' : 'options', message: problem.message }
        : { message: problem.message },
    );
  }
  return problems;
}

/** "60 across 3 variants": the product's stock when its variants hold it (a row not a whole number counts 0). */
export function stockAcross(rows: readonly Pick<VariantRowValues, 'countInStock'>[]): string {
  const total = rows.reduce((sum, r) => sum + (Number.isInteger(r.countInStock) ? Number(r.countInStock) : 0), 0);
  return `${total} across ${rows.length} variant${rows.length === 1 ? '' : 's'}`;
}

/** Every combination of the options' values, in option order. */
function combinations(options: readonly ProductOption[]): Record<string, string>[] {
  return options.reduce<Record<string, string>[]>(
    (acc, option) => acc.flatMap((combo) => option.values.map((value) => ({ ...combo, [option.name]: value }))),
    [{}],
  );
}

const skuPart = (text: string) =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** "Generate variants": rows whose values all still exist stay (ids, SKUs, stock kept); each missing combination is
 *  added with a SKU from the product's name and its values, the form's price and no stock. */
export function generatedRows(
  options: ProductOption[],
  rows: readonly VariantRowValues[],
  productName: string,
  basePrice: number,
): VariantRowValues[] {
  const label = (o: Record<string, string>) => JSON.stringify(options.map((opt) => o[opt.name] ?? null));
  const kept = rows.filter((r) => options.every((o) => o.values.includes(r.options[o.name] ?? '')));
  const have = new Set(kept.map((r) => label(r.options)));
  const added = combinations(options)
    .filter((combo) => !have.has(label(combo)))
    .map((combo): VariantRowValues => ({
      sku: [skuPart(productName).slice(0, 20), ...options.map((o) => skuPart(combo[o.name]!))].join('-'),
      options: combo,
      price: basePrice,
      countInStock: 0,
      image: '',
    }));
  return [...kept, ...added];
}
