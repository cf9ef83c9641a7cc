// The product's fields, defined once: each with its API name (the key), the kind of value, its column in the
// embedded database (products and product_drafts), its field in the Firestore document (products/{id},
// productDrafts/{id}), whether the admin edits it, and what "Create Product" starts it with. The embedded rows,
// the Firestore documents and the sample product are derived from this table; the API
// type (types.ts `Product`) and the validation (schemas.ts `productFieldSchemas`, whose keys also give the admin
// form's values) are checked against it by the compiler, the database tables by test/productFields.test.ts.
// Adding an attribute: a row here, the type, the schema, a migration adding the column (with a default), and the
// form's input (docs/architecture.md, "Dry run: adding a product attribute").
import { toCents, toDollars } from './money.js';
import { galleryOf, listOf } from './productMedia.js';
import { provisionalSlug } from './slugs.js';
import type { Product, ProductVariantFields } from './types.js';

/**
 * text and timestamp: strings, stored as they are; money: dollars in the API, integer cents stored; count: a whole
 * number; rating: the average rating, 2 decimals (Firestore derives it from its ratingSum, see firestore/schema.ts);
 * list: an array of small objects (issue 29's specs and gallery), JSON text in an embedded column, an array in the
 * Firestore document. A list the request leaves out is kept as stored (the original clients know no lists).
 */
export type ProductFieldKind = 'text' | 'money' | 'count' | 'rating' | 'timestamp' | 'list';

interface ProductFieldSpec {
  kind: ProductFieldKind;
  /** The column in the embedded products and product_drafts tables. */
  column: string;
  /** The field of the Firestore product (and draft) document. */
  docField: string;
  /** In the admin's form and productUpdateSchema; the others are kept by the shop (reviews, times). */
  editable: boolean;
  /** What "Create Product" starts an editable field with (spec 4: "Sample name", ...). */
  sample?: string | number | readonly never[];
}

/** Every field of the API's Product but its id, the draft flag and its options and variants (domain/variants.ts:
 *  kept apart, embedded in their own table). */
export type ProductFieldName = Exclude<keyof Product, '_id' | 'isDraft' | keyof ProductVariantFields>;

export const PRODUCT_FIELDS = {
  name: { kind: 'text', column: 'name', docField: 'name', editable: true, sample: 'Sample name' },
  price: { kind: 'money', column: 'price_cents', docField: 'priceCents', editable: true, sample: 0 },
  image: { kind: 'text', column: 'image', docField: 'image', editable: true, sample: '/images/sample.svg' },
  brand: { kind: 'text', column: 'brand', docField: 'brand', editable: true, sample: 'Sample brand' },
  category: { kind: 'text', column: 'category', docField: 'category', editable: true, sample: 'Sample category' },
  countInStock: { kind: 'count', column: 'count_in_stock', docField: 'countInStock', editable: true, sample: 0 },
  description: {
    kind: 'text',
    column: 'description',
    docField: 'description',
    editable: true,
    sample: 'Sample description',
  },
  // Issue 29: the spec table and the gallery (domain/productMedia.ts).
  specs: { kind: 'list', column: 'specs_json', docField: 'specs', editable: true, sample: [] },
  images: { kind: 'list', column: 'images_json', docField: 'images', editable: true, sample: [] },
  // Issue 40: the "Works with" products, ids (domain/accessories.ts).
  accessories: { kind: 'list', column: 'accessories_json', docField: 'accessories', editable: true, sample: [] },
  rating: { kind: 'rating', column: 'rating', docField: 'rating', editable: false },
  numReviews: { kind: 'count', column: 'num_reviews', docField: 'numReviews', editable: false },
  createdAt: { kind: 'timestamp', column: 'created_at', docField: 'createdAt', editable: false },
  updatedAt: { kind: 'timestamp', column: 'updated_at', docField: 'updatedAt', editable: false },
  // Issue 40 (domain/slugs.ts): the product's address, kept by the stores (made from the name, never edited).
  slug: { kind: 'text', column: 'slug', docField: 'slug', editable: false },
} as const satisfies { [K in ProductFieldName]-?: ProductFieldSpec };

type Fields = typeof PRODUCT_FIELDS;

/** The fields the admin edits (productUpdateSchema's, the form's), in the table's order. */
export type EditableProductField = {
  [K in ProductFieldName]: Fields[K]['editable'] extends true ? K : never;
}[ProductFieldName];

// (Pure: a bundle that imports this module for a type or a function keeps none of these tables.)
export const PRODUCT_FIELD_NAMES = /* @__PURE__ */ Object.keys(PRODUCT_FIELDS) as ProductFieldName[];

export const EDITABLE_PRODUCT_FIELDS = /* @__PURE__ */ PRODUCT_FIELD_NAMES.filter(
  (name): name is EditableProductField => PRODUCT_FIELDS[name].editable,
);

/** The list fields (specs, images): a request without one keeps the stored list. */
export type ListProductField = {
  [K in ProductFieldName]: Fields[K]['kind'] extends 'list' ? K : never;
}[ProductFieldName];

/** The editable fields' values as the admin's form and the API take them (`price` in dollars). */
export type EditableProductValues = Pick<Product, EditableProductField>;

/** What a save writes: the editable values, the lists only when sent (undefined: keep the stored one). */
export type ProductEditValues = Omit<EditableProductValues, ListProductField> &
  Partial<Pick<EditableProductValues, ListProductField>>;

type StoredValue<K extends ProductFieldKind> = K extends 'text' | 'timestamp'
  ? string
  : K extends 'list'
    ? readonly (object | string)[]
    : number;

/** A product's stored fields under their names in one store: `'column'` (embedded) or `'docField'` (Firestore). */
export type StoredProductFields<By extends 'column' | 'docField'> = {
  [K in ProductFieldName as Fields[K][By]]: StoredValue<Fields[K]['kind']>;
};

type ApiValue = string | number | readonly (object | string)[];

/** An API value as a store keeps it (money in cents; a list as it is: the embedded store writes it as JSON). */
export function storedValue(name: ProductFieldName, value: ApiValue): ApiValue {
  return PRODUCT_FIELDS[name].kind === 'money' ? toCents(Number(value)) : value;
}

/** A stored value (a row's column, a document's field) as the API answers it. */
export function apiValue(name: ProductFieldName, stored: unknown): ApiValue {
  switch (PRODUCT_FIELDS[name].kind) {
    case 'list':
      return listOf(stored);
    case 'text':
    case 'timestamp':
      return String(stored);
    case 'money':
      return toDollars(Number(stored));
    case 'count':
      return Number(stored);
    case 'rating':
      return Math.round(Number(stored) * 100) / 100;
  }
}

/**
 * A product as the API answers it, each field read from the store by `read` (by column or document field). A field
 * the stored product lacks (a Firestore document written before the field existed) reads as its sample value.
 */
export function productFromStored(id: string, read: (name: ProductFieldName) => unknown): Product {
  const product: Record<string, unknown> = { _id: id };
  for (const name of PRODUCT_FIELD_NAMES) {
    const stored = read(name) ?? (PRODUCT_FIELDS[name] as ProductFieldSpec).sample;
    product[name] = stored === undefined ? '' : apiValue(name, stored);
  }
  // None stored yet (a Firestore document from before issue 40 until the backfill, a draft): one made of the name
  // and the id, which the stores resolve too (domain/slugs.ts), so every product answers an address.
  if (!product.slug) product.slug = provisionalSlug(String(product.name), id);
  // The answer's gallery always starts with `image`, which the original clients may have changed alone.
  product.images = galleryOf(String(product.image), product.images as Product['images']);
  return product as unknown as Product;
}

/** What "Create Product" makes: an empty product the admin then edits (spec 4). */
export const SAMPLE_PRODUCT = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ EDITABLE_PRODUCT_FIELDS.map((name) => [name, (PRODUCT_FIELDS[name] as ProductFieldSpec).sample]),
) as unknown as EditableProductValues;
