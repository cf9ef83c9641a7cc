import { CATALOG_SORT_VALUES } from '@domain/catalogQuery';
import { DEFAULT_PAGE_SIZE, TOP_PRODUCTS } from '@domain/limits';
import {
  planCatalogQuery,
  PUBLIC_PRODUCT_LIST_LIMIT,
  PUBLIC_REVIEW_LIST_LIMIT,
  WEB_SEARCH_WINDOW,
} from '@firestore/catalog';
import { compareIndexes, describeIndex, type IndexesFile } from '@firestore/indexes';
import { catalogShape, catalogVariants, topProductsShape } from '@firestore/queries';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every query the web's direct reads can make (the catalogue plan, the top-rated carousel) must have its exact
// composite index in firestore.indexes.json, or Firestore answers FAILED_PRECONDITION ("The query requires an
// index") on the deployed shop. The derivation is the function's (firestore/indexes.ts); the whole file is
// checked both ways by functions/test/deploy/firestoreIndexes.test.ts.
const file = JSON.parse(readFileSync(join(process.cwd(), 'firestore.indexes.json'), 'utf8')) as IndexesFile;

describe('firestore.indexes.json serves every catalogue query the web makes', () => {
  it.each(CATALOG_SORT_VALUES)('sort %s with any filters', (sort) => {
    const shapes = catalogVariants().map((filters) =>
      catalogShape(planCatalogQuery(filters, sort, WEB_SEARCH_WINDOW), JSON.stringify(filters)),
    );
    expect(compareIndexes(file, shapes).missing.map((m) => `${describeIndex(m.index)} for ${m.queries[0]}`)).toEqual(
      [],
    );
  });

  it('has the top-rated carousel’s index', () => {
    expect(compareIndexes(file, [topProductsShape()]).missing).toEqual([]);
  });
});

describe('firestore.rules caps public lists at the limits the queries use', () => {
  const rules = readFileSync(join(process.cwd(), 'firestore.rules'), 'utf8');
  const capIn = (match: string) => {
    const block = rules.slice(rules.indexOf(`match /${match}`));
    return Number(/allow list: if boundedList\((\d+)\);/.exec(block)?.[1]);
  };

  it('products at PUBLIC_PRODUCT_LIST_LIMIT, reviews at PUBLIC_REVIEW_LIST_LIMIT', () => {
    expect(capIn('products/{productId}')).toBe(PUBLIC_PRODUCT_LIST_LIMIT);
    expect(capIn('reviews/{reviewerId}')).toBe(PUBLIC_REVIEW_LIST_LIMIT);
    expect(rules).not.toMatch(/match \/products\/\{productId\} \{\s*allow read: if true/);
  });

  it('every list the web makes fits under the caps', () => {
    expect(WEB_SEARCH_WINDOW).toBeLessThanOrEqual(PUBLIC_PRODUCT_LIST_LIMIT);
    expect(TOP_PRODUCTS).toBeLessThanOrEqual(PUBLIC_PRODUCT_LIST_LIMIT);
    expect(DEFAULT_PAGE_SIZE).toBeLessThanOrEqual(PUBLIC_PRODUCT_LIST_LIMIT);
  });
});
