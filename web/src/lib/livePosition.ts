// The oldest live position (`<run>.<seq>`, the embedded server's live hub) of the answers this page has read: each
// API answer's X-Live-Event-Id header (lib/api.ts) and the server-rendered page's data block (lib/inlineData.ts).
// The page's first live stream resumes from it (lib/live/sse.ts), so a change made between a read and that stream
// is replayed, or `resync` makes the page read again (docs/live.md). In the first bundle: kept tiny.

/** Answers from two server runs: no position covers both, so the first stream is opened from one no run has
 *  (the hub then answers `resync`). */
export const MIXED_RUNS = '.';

let oldest: string | undefined;

/** Notes the position an answer was read at (none: the Firebase build, or no live hub). */
export function noteLivePosition(id: string | null | undefined): void {
  if (!id) return;
  const [run, seq] = id.split('.');
  const [keptRun, keptSeq] = (oldest ?? id).split('.');
  oldest = run !== keptRun ? MIXED_RUNS : Number(seq) < Number(keptSeq) ? id : (oldest ?? id);
}

/** The oldest position read since the page loaded, if any. */
export const oldestLivePosition = (): string | undefined => oldest;
