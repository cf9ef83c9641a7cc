// One page of a Firestore query, as domain/listQuery.ts defines pages: the count is an aggregation (no documents
// read), the page a limit/offset query read from its nearer end (pageWindow), so no answer ever holds the collection.
import { FieldPath, type Query } from 'firebase-admin/firestore';
import { pageCount, pageWindow } from '../../../domain/index.js';

export async function readPage<T>(
  filtered: Query,
  order: { field: string; descending: boolean },
  page: number,
  pageSize: number,
  map: (doc: FirebaseFirestore.QueryDocumentSnapshot) => T,
): Promise<{ rows: T[]; page: number; pages: number; total: number }> {
  const total = (await filtered.count().get()).data().count;
  const window = pageWindow(total, page, pageSize);
  const pages = pageCount(total, pageSize);
  if (window.count === 0) return { rows: [], page, pages, total };
  const dir = order.descending !== window.fromEnd ? 'desc' : 'asc';
  const snap = await filtered
    .orderBy(order.field, dir)
    .orderBy(FieldPath.documentId(), dir) // ties in the field broken by id, as the SQL store does
    .offset(window.offset)
    .limit(window.count)
    .get();
  const rows = snap.docs.map(map);
  return { rows: window.fromEnd ? rows.reverse() : rows, page, pages, total };
}
