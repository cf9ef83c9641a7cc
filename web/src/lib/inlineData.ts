// The data the server put in the page (functions/src/features/pages): the answers of the page's first queries, so
// the first paint needs no API round trip. Each answer is used once (the first load); later visits fetch as usual.
import { INLINE_DATA_ID, type InlineData } from '@domain/inlineData';
import { noteLivePosition } from './livePosition';

interface Entry {
  data: unknown;
  /** When the server read it, never later than now (the client's clock may be behind the server's). */
  updatedAt: number;
}

let entries: Map<string, Entry> | undefined;

const idOf = (key: readonly unknown[]) => JSON.stringify(key);

function read(): Map<string, Entry> {
  if (entries) return entries;
  entries = new Map();
  const text = typeof document === 'undefined' ? null : document.getElementById(INLINE_DATA_ID)?.textContent;
  if (!text) return entries;
  try {
    const parsed = JSON.parse(text) as InlineData;
    noteLivePosition(parsed.liveEventId);
    const updatedAt = Math.min(Date.now(), parsed.renderedAt);
    for (const q of parsed.queries) entries.set(idOf(q.key), { data: q.data, updatedAt });
  } catch {
    // A damaged block: the pages fetch their data as usual.
  }
  return entries;
}

/** Whether the page came with the answer of `key` (not yet taken). */
export const hasInlineData = (key: readonly unknown[]) => read().has(idOf(key));

/** The page's answer of `key`, left in place for the query that takes it; undefined when it has none. */
export const peekInlineData = <T>(key: readonly unknown[]): T | undefined =>
  read().get(idOf(key))?.data as T | undefined;

/** The page's answer of `key`, once; undefined when it has none (or it was taken). */
export function takeInlineData<T>(key: readonly unknown[]): T | undefined {
  const id = idOf(key);
  const hit = read().get(id);
  read().delete(id);
  return hit?.data as T | undefined;
}

/** Every answer not yet taken, with its key and age (taken: the query cache holds them from now on). */
export function takeAllInlineData(): { key: readonly unknown[]; data: unknown; updatedAt: number }[] {
  const all = [...read()].map(([id, e]) => ({ key: JSON.parse(id) as unknown[], ...e }));
  read().clear();
  return all;
}
