import { type CatalogFilters } from '@domain';
import { CATALOG_SORT_VALUES } from '@domain/catalogQuery';
import { DEFAULT_PAGE_SIZE, TOP_PRODUCTS } from '@domain/limits';
import {
  planCatalogQuery,
  PUBLIC_PRODUCT_LIST_LIMIT,
  PUBLIC_REVIEW_LIST_LIMIT,
  WEB_SEARCH_WINDOW,
  type CatalogPlan,
} from '@domain/firestoreCatalog';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every query the catalogue plan can produce must be served by firestore.indexes.json, or Firestore answers
// FAILED_PRECONDITION ("The query requires an index") on the deployed shop.

interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
}
const indexes = (
  JSON.parse(readFileSync(join(process.cwd(), 'firestore.indexes.json'), 'utf8')) as {
    indexes: { collectionGroup: string; fields: IndexField[] }[];
  }
).indexes
  .filter((i) => i.collectionGroup === 'products')
  .map((i) => i.fields.map((f) => `${f.fieldPath} ${f.arrayConfig ?? f.order}`).join(', '));

const orderPart = (plan: CatalogPlan) =>
  plan.orderBy.map((o) => `${o.field} ${o.direction === 'asc' ? 'ASCENDING' : 'DESCENDING'}`);

/** The indexes a plan needs: one per equality / array-contains filter followed by the order (Firestore merges
 *  such indexes for several equalities), or only the order when there is none. A range on priceCents is served
 *  by the order, which then starts with priceCents (the plan sees to it). */
function neededIndexes(plan: CatalogPlan): string[] {
  const order = orderPart(plan);
  const equalities = plan.filters.filter((f) => f.op === '==' || f.op === 'array-contains');
  if (equalities.length === 0) return order.length > 1 ? [order.join(', ')] : []; // one field: built in
  return equalities.map((f) => [`${f.field} ${f.op === '==' ? 'ASCENDING' : 'CONTAINS'}`, ...order].join(', '));
}

describe('firestore.indexes.json serves every catalogue query the plan makes', () => {
  const variants: CatalogFilters[] = [];
  for (const keyword of ['', 'tv', 'phone'])
    for (const category of [undefined, 'Electronics'])
      for (const brand of [undefined, 'Volt'])
        for (const range of [{}, { minPrice: 10 }, { minPrice: 10, maxPrice: 99 }])
          variants.push({ keyword, category, brand, ...range });

  it.each(CATALOG_SORT_VALUES)('sort %s with any filters', (sort) => {
    for (const filters of variants) {
      const plan = planCatalogQuery(filters, sort, 100);
      for (const needed of neededIndexes(plan)) expect(indexes, JSON.stringify(filters)).toContain(needed);
    }
  });

  it('has the top-rated carousel’s index', () => {
    expect(indexes).toContain('rating DESCENDING, numReviews DESCENDING, createdAt DESCENDING');
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
