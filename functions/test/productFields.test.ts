// The product's fields are defined once (domain/productFields.ts). What is derived from that table needs no test;
// this checks the places that are written by hand against it: the embedded tables (migrations), the validation,
// the Firestore mapping both ways, and the sample product.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../src/adapters/embedded/db.js';
import { toProduct } from '../src/adapters/embedded/mapping.js';
import { newProductDoc } from '../src/adapters/firebase/store/products.js';
import {
  EDITABLE_PRODUCT_FIELDS,
  PRODUCT_FIELD_NAMES,
  PRODUCT_FIELDS,
  productUpdateSchema,
  SAMPLE_PRODUCT,
  type ProductUpdateInput,
} from '../src/domain/index.js';
import { productFromDoc, type ProductDoc } from '../src/firestore/schema.js';

const input: ProductUpdateInput = {
  name: 'Field test',
  price: 12.34,
  image: '/images/field.jpg',
  brand: 'Brandy',
  category: 'Cases',
  description: 'Every field once',
  countInStock: 7,
  specs: [{ name: 'Weight', value: '120 g' }],
  images: [
    { url: '/images/field.jpg', alt: 'The front' },
    { url: '/images/field-back.jpg', alt: 'The back' },
  ],
  accessories: ['p-strap', 'p-case'],
};

describe('product fields, defined once', () => {
  let dir: string;
  let db: Database;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'voltshop-fields-'));
    db = await Database.open(dir);
  });
  afterAll(async () => {
    db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.each(['products', 'product_drafts'])('the embedded %s table has a column for every field', async (table) => {
    const rs = await db.client.execute(`PRAGMA table_info(${table})`);
    const columns = new Set(rs.rows.map((r) => String(r.name)));
    // Drafts have no reviews: their rating and count are read as 0; nor a slug until published (issue 40), read
    // as none (adapters/embedded/drafts.ts).
    const expected = PRODUCT_FIELD_NAMES.map((name) => PRODUCT_FIELDS[name].column).filter(
      (column) => table === 'products' || !['rating', 'num_reviews', 'slug'].includes(column),
    );
    expect(expected.filter((column) => !columns.has(column))).toEqual([]);
  });

  it('productUpdateSchema validates exactly the editable fields (the ids the original clients repeat, and the options and variants kept apart)', () => {
    expect(Object.keys(productUpdateSchema.shape).sort()).toEqual(
      [...EDITABLE_PRODUCT_FIELDS, '_id', 'productId', 'options', 'variants'].sort(),
    );
  });

  it('the sample product has every editable field and passes the schema', () => {
    expect(Object.keys(SAMPLE_PRODUCT).sort()).toEqual([...EDITABLE_PRODUCT_FIELDS].sort());
    expect(productUpdateSchema.safeParse(SAMPLE_PRODUCT).success).toBe(true);
  });

  it('a Firestore document made from the editable values reads back as them', () => {
    const doc = newProductDoc(input, '2026-01-02T03:04:05.000Z', 'field-test');
    const product = productFromDoc('p1', doc);
    expect(product).toEqual({
      _id: 'p1',
      ...input,
      slug: 'field-test',
      rating: 0,
      numReviews: 0,
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: '2026-01-02T03:04:05.000Z',
      // A product without options answers none (issue 29).
      options: [],
      variants: [],
    });
    expect(doc.priceCents).toBe(1234);
    // Every field has its document field, and the document carries nothing the table does not know but the keys.
    expect(Object.keys(doc).sort()).toEqual(
      [
        ...PRODUCT_FIELD_NAMES.map((name) => PRODUCT_FIELDS[name].docField),
        'nameKey',
        'searchKeys',
        'ratingSum',
        // Issue 40: the lowest of its items' stock, derived on every stock write (the dashboard's low stock query).
        'lowestStock',
      ].sort(),
    );
  });

  it('a document written before a field existed reads it as the sample value (not NaN or "undefined")', () => {
    const { description: _older, ...doc } = newProductDoc(input, '2026-01-02T03:04:05.000Z');
    expect(productFromDoc('p3', doc as ProductDoc).description).toBe(SAMPLE_PRODUCT.description);
  });

  it('a document without specs or gallery (before issue 29) reads as no specs and its main image alone', () => {
    const { specs: _s, images: _i, ...doc } = newProductDoc(input, '2026-01-02T03:04:05.000Z');
    const product = productFromDoc('p4', doc as ProductDoc);
    expect([product.specs, product.images]).toEqual([[], [{ url: '/images/field.jpg', alt: '' }]]);
  });

  it('an embedded row reads back as the product, money in dollars and the rating rounded', async () => {
    await db.write((tx) =>
      tx.execute({
        sql: `INSERT INTO products (id, user_id, name, name_key, image, brand, category, description, price_cents,
                count_in_stock, rating, num_reviews, created_at, updated_at)
              VALUES ('p2', 'u', 'Row', 'row', '/i.jpg', 'B', 'C', 'D', 1999, 3, 4.333333, 3, 't1', 't2')`,
      }),
    );
    const rs = await db.client.execute(
      `SELECT id, ${PRODUCT_FIELD_NAMES.map((name) => PRODUCT_FIELDS[name].column).join(', ')} FROM products WHERE id = 'p2'`,
    );
    expect(toProduct(rs.rows[0]!)).toEqual({
      _id: 'p2',
      name: 'Row',
      image: '/i.jpg',
      brand: 'B',
      category: 'C',
      description: 'D',
      price: 19.99,
      countInStock: 3,
      specs: [],
      images: [{ url: '/i.jpg', alt: '' }],
      accessories: [],
      rating: 4.33,
      numReviews: 3,
      createdAt: 't1',
      updatedAt: 't2',
      // Written without a slug (as no store writes it): the provisional one, its name's and its id (issue 40).
      slug: 'row-p2',
    });
  });
});
