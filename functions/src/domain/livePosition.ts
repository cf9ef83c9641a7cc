// Apart from live.ts so that the web's first bundle, which reads the header on every answer, takes only this name
// (live.ts's event list would come with it into the first bundle, since the lazy SSE client imports it too).

/**
 * The answer header (embedded server) with the live hub's newest event id (`<run>.<seq>`) taken BEFORE the answer's
 * data was read; a server-rendered page carries it as `InlineData.liveEventId`. The web opens its first stream from
 * the oldest one it has read, so a change made between a read and that stream is replayed (docs/live.md).
 */
export const LIVE_POSITION_HEADER = 'X-Live-Event-Id';
