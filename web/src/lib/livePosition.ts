// The live positions (`<run>.<seq>`, the embedded server's live hub) of the answers this page has read: each API
// answer's X-Live-Event-Id header (lib/api.ts) and the server-rendered page's data block (lib/inlineData.ts). Each
// live stream the page opens resumes from the oldest read since the previous one opened (lib/live/sse.ts
// `oldestPosition`), so a change made between a read and the stream is replayed, or `resync` makes the page read
// again (docs/live.md). In the first bundle, so only collected here; compared in the lazy live code.

/** The positions read since the last stream opened, in the order read: the first 100 (the oldest is among the
 *  first). */
export const livePositions: string[] = [];

/** The positions read since the last call, for the stream about to open. */
export const takeLivePositions = (): string[] => livePositions.splice(0);

/** Notes the position an answer was read at (none: the Firebase build, no live hub). */
export function noteLivePosition(id: string | null | undefined): void {
  if (id && livePositions.length < 100) livePositions.push(id);
}
