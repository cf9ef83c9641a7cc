// One page of a Firestore query, as domain/listQuery.ts defines pages: the count is an aggregation (1 read per 1000
// matches), the page is read from its nearer end (pageWindow) after the documents before it, found by a projected
// query limited to them (never `offset`), at most MAX_LIST_DEPTH of them: a page deeper in the middle of a long
// list is refused. So no answer ever reads more than 1 + ⌈total / 1000⌉ + MAX_LIST_DEPTH + pageSize documents.
import { FieldPath, type DocumentSnapshot, type Query } from 'firebase-admin/firestore';
import { badInput, listDepthMessage, MAX_LIST_DEPTH, pageCount, pageWindow } from '../../../domain/index.js';

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
  if (window.offset > MAX_LIST_DEPTH) throw badInput(listDepthMessage(page));
  const dir = order.descending !== window.fromEnd ? 'desc' : 'asc';
  const ordered = filtered.orderBy(order.field, dir).orderBy(FieldPath.documentId(), dir); // ties in the field broken by id, as the SQL store does
  let start: DocumentSnapshot | undefined;
  if (window.offset > 0) {
    // The documents before the page (from its nearer end), projected to the order field: the last one is the cursor.
    const before = await ordered.select(order.field).limit(window.offset).get();
    start = before.docs.at(-1);
  }
  const snap = await (start ? ordered.startAfter(start) : ordered).limit(window.count).get();
  const rows = snap.docs.map(map);
  return { rows: window.fromEnd ? rows.reverse() : rows, page, pages, total };
}
