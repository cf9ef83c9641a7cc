// One pricing of an order's lines (issue 39): a line priced against the products as loaded, each at its variant's
// price (the default variant's when the line names none) or the product's. placeOrder (orderDecisions.ts) prices the
// order with it inside the placing transaction, and POST /api/coupons/check its preview of a code (through
// stockedProductOf, from the products as the catalogue answers them), so a check and an order never disagree.
import { badInput, notFound } from './errors.js';
import { toCents } from './money.js';
import type { OrderRecord } from './orders.js';
import type { Product, ProductOption, ProductVariant } from './types.js';
import { VARIANT_MESSAGES, variantLabel } from './variants.js';

/** A product as an order decision reads it: what a line copies, and the stock it takes from. */
export interface StockedProduct {
  name: string;
  image: string;
  priceCents: number;
  countInStock: number;
  /** What a coupon's category scope reads (absent: matches no category). */
  category?: string;
  /** Issue 29: the product's variants by id, the default (first) one named; absent for a product without variants.
   *  Then `priceCents` and `countInStock` above are the default variant's and are not what a line takes. */
  variants?: ReadonlyMap<string, StockedVariant>;
  defaultVariant?: string;
}

/** A variant as an order decision reads it. */
export interface StockedVariant {
  sku: string;
  /** "Black / 256 GB" (domain/variants.ts variantLabel). */
  label: string;
  priceCents: number;
  countInStock: number;
  image?: string | null;
}

/** A product's stored options and variants (each store loads them its own way) as an order decision reads them:
 *  nothing for a product without variants. */
export function stockedVariantsOf(
  options: readonly ProductOption[],
  variants: readonly (Pick<ProductVariant, '_id' | 'sku' | 'options' | 'countInStock'> & {
    priceCents: number;
    image?: string | null;
  })[],
): Pick<StockedProduct, 'variants' | 'defaultVariant'> {
  if (!options.length || !variants.length) return {};
  const stocked = variants.map((v): [string, StockedVariant] => [
    v._id,
    {
      sku: v.sku,
      label: variantLabel(options, v),
      priceCents: v.priceCents,
      countInStock: v.countInStock,
      image: v.image,
    },
  ]);
  return { variants: new Map(stocked), defaultVariant: variants[0]!._id };
}

/** A product as the API answers it (its prices in dollars), as the pricing of a line reads it. */
export function stockedProductOf(product: Product): StockedProduct {
  return {
    name: product.name,
    image: product.image,
    priceCents: toCents(product.price),
    countInStock: product.countInStock,
    category: product.category,
    ...stockedVariantsOf(
      product.options ?? [],
      (product.variants ?? []).map((v) => ({ ...v, priceCents: toCents(v.price) })),
    ),
  };
}

/** An order line as priced: what the order copies (`item`), the product's category (a code's scope reads it), the
 *  variant it takes (the default one when the line named none) and that stock as loaded. */
export interface PricedLine {
  /** The order's line (its discount and tax shares come later, from the whole order). */
  item: Omit<OrderRecord['orderItems'][number], 'discountCents' | 'taxCents'>;
  /** '' when the product has none (matches no category scope). */
  category: string;
  variant?: string;
  stock: number;
}

/** Prices one requested line: 404 for an unknown product, 400 for a variant the product does not have (or a variant
 *  named on a product without any). */
export function priceLine(
  products: ReadonlyMap<string, StockedProduct>,
  line: { product: string; qty: number; variant?: string },
): PricedLine {
  const p = products.get(line.product);
  if (!p) throw notFound(`Product not found: ${line.product}`);
  const variantId = p.variants ? (line.variant ?? p.defaultVariant) : undefined;
  const v = variantId === undefined ? undefined : p.variants!.get(variantId);
  if (line.variant !== undefined && !p.variants) throw badInput(VARIANT_MESSAGES.noVariants(p.name));
  if (p.variants && !v) throw badInput(VARIANT_MESSAGES.notAVariantOf(String(variantId), p.name));
  const category = p.category ?? '';
  if (!v)
    return {
      item: { product: line.product, name: p.name, image: p.image, priceCents: p.priceCents, qty: line.qty },
      category,
      stock: p.countInStock,
    };
  return {
    item: {
      product: line.product,
      name: p.name,
      image: v.image || p.image,
      priceCents: v.priceCents,
      qty: line.qty,
      variant: variantId!,
      variantLabel: v.label,
      sku: v.sku,
    },
    category,
    variant: variantId!,
    stock: v.countInStock,
  };
}

/** The coupon check's lines (POST /api/coupons/check): the requested lines priced against the products as the
 *  catalogue answers them, with each product's category, as decideDiscount reads them; a product not found is 404. */
export function checkLines(
  catalogue: readonly Product[],
  lines: readonly { product: string; qty: number; variant?: string }[],
): (PricedLine['item'] & { category: string })[] {
  const loaded = new Map(catalogue.map((product) => [product._id, stockedProductOf(product)]));
  return lines.map((line) => {
    const { item, category } = priceLine(loaded, line);
    return { ...item, category };
  });
}
