// firestore.indexes.json holds exactly the composite indexes the shop's queries need (derived from the query
// builders: firestore/queries.ts, the catalogue plan of firestore/catalog.ts), no more, none twice.
// Missing: the query fails on the deployed shop ("The query requires an index"; the emulator never says so).
// Duplicated: the first deploy posts it twice and stops on 409 "index already exists". Unused: cost for nothing.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { planCatalogQuery } from '../../src/firestore/catalog.js';
import {
  compareIndexes,
  describeIndex,
  indexFor,
  neededIndexes,
  type IndexesFile,
} from '../../src/firestore/indexes.js';
import { catalogShape, catalogVariants, EXPIRY_SHAPE, UNPAID_ORDERS_SHAPE } from '../../src/firestore/queries.js';
import { CATALOG_SORT_VALUES } from '../../src/domain/catalogQuery.js';

const file = JSON.parse(
  readFileSync(new URL('../../../firestore.indexes.json', import.meta.url), 'utf8'),
) as IndexesFile;

describe('firestore.indexes.json against the queries, both ways', () => {
  it('has every index a query needs, none unused, none twice', () => {
    const report = compareIndexes(file);
    expect(report.missing.map((m) => `${describeIndex(m.index)} for ${m.queries[0]}`)).toEqual([]);
    expect(report.unused.map(describeIndex)).toEqual([]);
    expect(report.duplicates.map(describeIndex)).toEqual([]);
    expect(file.indexes).toHaveLength(neededIndexes().length);
  });

  it('gives keyword + category and/or brand (+ price) searches their own exact index (no merging with array-contains)', () => {
    for (const filters of catalogVariants().filter((f) => f.keyword && (f.category || f.brand)))
      for (const sort of CATALOG_SORT_VALUES) {
        const index = indexFor(catalogShape(planCatalogQuery(filters, sort, 100)));
        expect(index, JSON.stringify(filters)).not.toBeNull();
        const fields = index!.fields.map((f) => f.fieldPath);
        expect(fields).toContain('searchKeys');
        if (filters.category) expect(fields).toContain('category');
        if (filters.brand) expect(fields).toContain('brand');
      }
  });

  it('derives indexes by Firestore’s rules', () => {
    // One field: the automatic single-field index. Equalities alone: merged single-field indexes.
    expect(
      indexFor({ collection: 'c', filters: [], orderBy: [{ field: 'a', direction: 'desc' }], where: '' }),
    ).toBeNull();
    expect(indexFor(UNPAID_ORDERS_SHAPE)).toBeNull();
    // A range is ordered first, implicitly ascending.
    expect(indexFor(EXPIRY_SHAPE)?.fields).toEqual([
      { fieldPath: 'status', order: 'ASCENDING' },
      { fieldPath: 'expiresAt', order: 'ASCENDING' },
    ]);
    // array-contains with an order needs a composite index.
    expect(
      indexFor({
        collection: 'c',
        filters: [{ field: 'tags', op: 'array-contains' }],
        orderBy: [{ field: 'a', direction: 'asc' }],
        where: '',
      })?.fields,
    ).toEqual([
      { fieldPath: 'tags', arrayConfig: 'CONTAINS' },
      { fieldPath: 'a', order: 'ASCENDING' },
    ]);
  });

  it('reports a duplicate, an unused and a missing index', () => {
    const [first, ...rest] = file.indexes;
    const broken: IndexesFile = {
      indexes: [
        ...rest,
        { ...rest[0]!, fields: [...rest[0]!.fields] },
        {
          collectionGroup: 'products',
          queryScope: 'COLLECTION',
          fields: [
            { fieldPath: 'x', order: 'ASCENDING' },
            { fieldPath: 'y', order: 'ASCENDING' },
          ],
        },
      ],
    };
    const report = compareIndexes(broken);
    expect(report.missing.map((m) => m.index)).toEqual([first]);
    expect(report.duplicates.map(describeIndex)).toEqual([describeIndex(rest[0]!)]);
    expect(report.unused.map(describeIndex)).toEqual(['products (x ASCENDING, y ASCENDING)']);
  });

  it('accepts the equality fields of an index in any order', () => {
    const swapped = file.indexes.map((index) => {
      const eq = index.fields.filter((f) => f.fieldPath === 'category' || f.fieldPath === 'brand');
      if (eq.length !== 2) return index;
      return { ...index, fields: [eq[1]!, eq[0]!, ...index.fields.filter((f) => !eq.includes(f))] };
    });
    expect(compareIndexes({ indexes: swapped }).missing).toEqual([]);
  });
});
