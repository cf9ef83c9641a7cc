// The composite indexes the shop's queries need (queries.ts), derived by Firestore's rules, and how
// firestore.indexes.json compares with them: missing (the query fails with "The query requires an index"),
// unused (an index nothing queries: storage and write cost for nothing), duplicated (the deploy posts it twice and
// gets 409 "index already exists"). Used by functions/test/deploy/firestoreIndexes.test.ts and `npm run
// firebase:doctor`. Pure: no SDK, no file access.
//
// The rules applied (Firestore's documentation, "Index types" and "Index merging"):
// - a query with one field (a filter, an order, or a range with its own order) is served by the automatic
//   single-field index; so is the collection alone;
// - a query with only equality (`==`) filters and no order is served by merging single-field indexes;
// - anything else needs an exact composite index: its equality (`==`, `in`) and array-contains fields (in any order), then the
//   order-by fields in the query's order and directions (a range field is ordered first). Merging is NOT assumed
//   for array-contains, nor for an equality with an order: every such shape gets its own index.
import { allQueryShapes, type QueryShape } from './queries.js';

export interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
}

export interface CompositeIndex {
  collectionGroup: string;
  queryScope: 'COLLECTION' | 'COLLECTION_GROUP';
  fields: IndexField[];
}

export interface IndexesFile {
  indexes: CompositeIndex[];
  fieldOverrides?: unknown[];
}

const RANGE_OPS = new Set(['<', '<=', '>', '>=']);

/** The composite index a shape needs, or null when single-field indexes serve it. */
export function indexFor(shape: QueryShape): CompositeIndex | null {
  const equalities = shape.filters.filter((f) => f.op === '==' || f.op === 'in' || f.op === 'array-contains');
  const orders = shape.orderBy.filter((o) => o.field !== '__name__');
  for (const range of shape.filters.filter((f) => RANGE_OPS.has(f.op))) {
    // Firestore orders by an inequality field first (implicitly ascending when the query does not).
    if (orders[0]?.field !== range.field) orders.unshift({ field: range.field, direction: 'asc' });
  }
  if (equalities.length + orders.length <= 1) return null;
  if (orders.length === 0 && equalities.every((f) => f.op === '==')) return null;
  return {
    collectionGroup: shape.collection,
    queryScope: 'COLLECTION',
    fields: [
      ...equalities.map((f): IndexField =>
        f.op === 'array-contains'
          ? { fieldPath: f.field, arrayConfig: 'CONTAINS' }
          : { fieldPath: f.field, order: 'ASCENDING' },
      ),
      ...orders.map((o): IndexField => ({
        fieldPath: o.field,
        order: o.direction === 'asc' ? 'ASCENDING' : 'DESCENDING',
      })),
    ],
  };
}

const fieldKey = (f: IndexField) => `${f.fieldPath} ${f.arrayConfig ?? f.order}`;

/** One line per index, as firebase-tools prints them: `products (category ASCENDING, createdAt DESCENDING)`. */
export const describeIndex = (i: CompositeIndex) =>
  `${i.collectionGroup}${i.queryScope === 'COLLECTION_GROUP' ? ' [group]' : ''} (${i.fields.map(fieldKey).join(', ')})`;

/** Does `index` serve a query that needs `needed`? The same fields; the equality part in any order. */
function serves(index: CompositeIndex, needed: CompositeIndex, equalityCount: number): boolean {
  if (index.collectionGroup !== needed.collectionGroup || index.queryScope !== needed.queryScope) return false;
  if (index.fields.length !== needed.fields.length) return false;
  const head = (fields: IndexField[]) => fields.slice(0, equalityCount).map(fieldKey).sort().join('|');
  const tail = (fields: IndexField[]) => fields.slice(equalityCount).map(fieldKey).join('|');
  return head(index.fields) === head(needed.fields) && tail(index.fields) === tail(needed.fields);
}

/** The distinct composite indexes every query of the shop needs, with the queries that need each. */
export function neededIndexes(shapes: QueryShape[] = allQueryShapes()) {
  const byKey = new Map<string, { index: CompositeIndex; equalities: number; queries: string[] }>();
  for (const shape of shapes) {
    const index = indexFor(shape);
    if (!index) continue;
    const equalities = shape.filters.filter((f) => f.op === '==' || f.op === 'in' || f.op === 'array-contains').length;
    const key = `${index.collectionGroup}:${index.fields.slice(0, equalities).map(fieldKey).sort().join('|')}/${index.fields.slice(equalities).map(fieldKey).join('|')}`;
    const entry = byKey.get(key) ?? { index, equalities, queries: [] };
    entry.queries.push(shape.where);
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}

export interface IndexReport {
  /** Needed by a query, absent from the file. */
  missing: { index: CompositeIndex; queries: string[] }[];
  /** In the file, needed by no query. */
  unused: CompositeIndex[];
  /** In the file more than once (or another entry serves exactly the same queries). */
  duplicates: CompositeIndex[];
}

/** firestore.indexes.json against the queries, both ways. */
export function compareIndexes(file: IndexesFile, shapes?: QueryShape[]): IndexReport {
  const needed = neededIndexes(shapes);
  const listed = file.indexes;
  const used = new Set<number>();
  const missing: IndexReport['missing'] = [];
  const duplicates: CompositeIndex[] = [];
  for (const n of needed) {
    const matches = listed.flatMap((index, i) => (serves(index, n.index, n.equalities) ? [i] : []));
    if (matches.length === 0) missing.push({ index: n.index, queries: n.queries });
    for (const i of matches) used.add(i);
    for (const i of matches.slice(1)) duplicates.push(listed[i]!);
  }
  // Exact repeats among the unused too.
  const seen = new Set<string>();
  listed.forEach((index, i) => {
    const key = JSON.stringify([index.collectionGroup, index.queryScope, index.fields.map(fieldKey)]);
    if (seen.has(key) && !used.has(i)) duplicates.push(index);
    seen.add(key);
  });
  const unused = listed.filter((index, i) => !used.has(i) && !duplicates.includes(index));
  return { missing, unused, duplicates };
}

/** The file's text for exactly the needed indexes (kept in the order of `file` where present; new ones last). */
export function exactIndexesFile(file: IndexesFile): IndexesFile {
  const needed = neededIndexes();
  const kept = file.indexes.filter((index) => needed.some((n) => serves(index, n.index, n.equalities)));
  const unique = kept.filter((index, i) => kept.findIndex((k) => JSON.stringify(k) === JSON.stringify(index)) === i);
  const added = needed.filter((n) => !unique.some((index) => serves(index, n.index, n.equalities))).map((n) => n.index);
  return { ...file, indexes: [...unique, ...added] };
}
