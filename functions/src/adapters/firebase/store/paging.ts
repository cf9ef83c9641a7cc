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

/** The cursor of a history page: the last entry's time and document id, opaque to clients. */
const encodeCursor = (at: string, id: string) => Buffer.from(JSON.stringify([at, id])).toString('base64url');

function decodeCursor(before: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(before, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string'))
      return value as [string, string];
  } catch {
    // refused below
  }
  throw badInput('Invalid before cursor');
}

/** A page of a product's history (its stock or its prices: documents with an `at`), newest first (ties by document
 *  id), `limit` entries after the cursor `before`; `nextBefore` null on the last page. */
export async function readHistoryPage<D, T>(
  history: Query,
  before: string | undefined,
  limit: number,
  map: (doc: D) => T,
): Promise<{ entries: T[]; nextBefore: string | null }> {
  let query = history.orderBy('at', 'desc').orderBy(FieldPath.documentId(), 'desc');
  if (before !== undefined) query = query.startAfter(...decodeCursor(before));
  const snap = await query.limit(limit + 1).get();
  const docs = snap.docs.slice(0, limit);
  const last = docs.at(-1);
  return {
    entries: docs.map((d) => map(d.data() as D)),
    nextBefore: snap.docs.length > limit && last ? encodeCursor(last.get('at'), last.id) : null,
  };
}
