// The SSE client's recovery: what a page missed while its stream was down is never silently lost.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { oldestPosition, SseLiveSource } from './sse';

/** A stand-in EventSource the test drives: the instances opened, their listeners, an error. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, lastEventId: string, data = '{}') {
    for (const l of this.listeners.get(type) ?? []) l({ lastEventId, data } as MessageEvent<string>);
  }
  close() {}
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function watching() {
  const onResync = vi.fn();
  const onChange = vi.fn();
  new SseLiveSource().watchProduct('p1', { onChange, onResync });
  await vi.advanceTimersByTimeAsync(100); // the debounced first open
  return { onResync, onChange };
}

describe('SseLiveSource', () => {
  it('a first stream that comes up at once reloads nothing', async () => {
    const { onResync } = await watching();
    FakeEventSource.opened[0].emit('ready', 'run1.7');
    expect(onResync).not.toHaveBeenCalled();
  });

  it('a first stream that only came up after failed tries (server restarting) reloads what is shown', async () => {
    const { onResync } = await watching();
    FakeEventSource.opened[0].onerror?.();
    await vi.advanceTimersByTimeAsync(2000); // the backed-off retry
    expect(FakeEventSource.opened).toHaveLength(2);
    FakeEventSource.opened[1].emit('ready', 'run2.0');
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it('a dropped stream reopens with the last event id (the server replays or says resync)', async () => {
    const { onResync } = await watching();
    FakeEventSource.opened[0].emit('ready', 'run1.7');
    FakeEventSource.opened[0].onerror?.();
    await vi.advanceTimersByTimeAsync(2000);
    expect(new URL(FakeEventSource.opened[1].url, 'http://x').searchParams.get('lastEventId')).toBe('run1.7');
    FakeEventSource.opened[1].emit('ready', 'run1.9');
    expect(onResync).not.toHaveBeenCalled(); // resumable: the server replays what was missed
  });

  it('a resumed stream told to resync (its replay was too big to send) reloads what is shown, once', async () => {
    const { onResync, onChange } = await watching();
    FakeEventSource.opened[0].emit('ready', 'run1.7');
    FakeEventSource.opened[0].onerror?.();
    await vi.advanceTimersByTimeAsync(2000);
    FakeEventSource.opened[1].emit('resync', '');
    FakeEventSource.opened[1].emit('ready', 'run1.90');
    expect(onResync).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a stream back from another server run reloads what is shown, even when no resync comes', async () => {
    const { onResync } = await watching();
    FakeEventSource.opened[0].emit('ready', 'run1.7');
    FakeEventSource.opened[0].onerror?.();
    await vi.advanceTimersByTimeAsync(2000);
    FakeEventSource.opened[1].emit('ready', 'run2.0');
    expect(onResync).toHaveBeenCalledTimes(1);
  });
  it("the shop's settings: a public topic on the page's one stream, each save heard as the new settings (issue 38)", async () => {
    const onChange = vi.fn();
    const live = new SseLiveSource();
    live.watchProduct('p1', { onChange: vi.fn() });
    live.watchSettings({ onChange });
    await vi.advanceTimersByTimeAsync(100);
    expect(FakeEventSource.opened).toHaveLength(1); // one stream, no ticket
    expect(new URL(FakeEventSource.opened[0].url, 'http://x').searchParams.get('topics')).toBe(
      'catalog,product:p1,settings',
    );
    const saved = { shipping: { defaultPrice: 15 } };
    FakeEventSource.opened[0].emit('settings', 'run1.8', JSON.stringify({ topic: 'settings', data: saved }));
    expect(onChange).toHaveBeenCalledWith(saved);
  });
});

describe("the first stream resumes from the page's reads (docs/live.md)", () => {
  /** Fresh modules: the positions noted are per page load (lib/livePosition.ts keeps them in module state). */
  async function freshPage(...positions: (string | null)[]) {
    vi.resetModules();
    const { noteLivePosition } = await import('@/lib/livePosition');
    for (const position of positions) noteLivePosition(position);
    const { SseLiveSource: Source } = await import('./sse');
    const onResync = vi.fn();
    const onChange = vi.fn();
    const live = new Source();
    live.watchProduct('p1', { onChange, onResync });
    await vi.advanceTimersByTimeAsync(100);
    return { onResync, onChange, noteLivePosition, live };
  }
  it('the oldest position is compared by sequence within a run; two runs give a position of none', () => {
    expect(oldestPosition([])).toBeUndefined();
    expect(oldestPosition(['run1.9', 'run1.10', 'run1.4'])).toBe('run1.4');
    expect(oldestPosition(['run1.10', 'run1.9'])).toBe('run1.9'); // numbers, not text
    expect(oldestPosition(['run1.4', 'run2.1', 'run1.2'])).toBe('.');
  });

  const lastEventIdOf = (source: FakeEventSource) => new URL(source.url, 'http://x').searchParams.get('lastEventId');

  it('opens with the OLDEST position read, so a change made between that read and the stream is replayed', async () => {
    const { onResync, onChange } = await freshPage('run1.9', null, 'run1.4', 'run1.12');
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(lastEventIdOf(FakeEventSource.opened[0])).toBe('run1.4');
    // The server replays what the page missed (a second shopper's purchase), then says ready: no reload needed.
    const replayed = { _id: 'p1', countInStock: 0 };
    FakeEventSource.opened[0].emit('product', 'run1.5', JSON.stringify({ topic: 'product:p1', data: replayed }));
    FakeEventSource.opened[0].emit('ready', 'run1.13');
    expect(onChange).toHaveBeenCalledWith(replayed);
    expect(onResync).not.toHaveBeenCalled();
  });

  it('a reopened stream resumes from its own last id, or from an older read since it opened', async () => {
    const { noteLivePosition } = await freshPage('run1.4');
    FakeEventSource.opened[0].emit('ready', 'run1.20');
    FakeEventSource.opened[0].onerror?.();
    await vi.advanceTimersByTimeAsync(2000);
    expect(lastEventIdOf(FakeEventSource.opened[1])).toBe('run1.20');
    noteLivePosition('run1.2'); // an answer read at an older position (a request that began before)
    FakeEventSource.opened[1].onerror?.();
    await vi.advanceTimersByTimeAsync(4000);
    expect(lastEventIdOf(FakeEventSource.opened[2])).toBe('run1.2');
  });

  it("a page moved to inside the app: its topics' stream resumes from its read, not from the old stream's later events", async () => {
    const { noteLivePosition, live } = await freshPage('run1.4');
    const first = FakeEventSource.opened[0];
    first.emit('ready', 'run1.20');
    // The next page reads its product at 1.25; the old stream then hears 1.30 (the old product's change) before
    // the stream reopens with the new page's topic: a change to p2 at 1.27 must be replayed.
    noteLivePosition('run1.25');
    first.emit('product', 'run1.30', JSON.stringify({ topic: 'product:p1', data: { _id: 'p1' } }));
    const onP2 = vi.fn();
    live.watchProduct('p2', { onChange: onP2, onResync: vi.fn() });
    await vi.advanceTimersByTimeAsync(100);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(lastEventIdOf(FakeEventSource.opened[1])).toBe('run1.25');
  });

  it("a stream resuming from an older read delivers the new topics' events, never again the ones already heard", async () => {
    const { noteLivePosition, live, onChange: onP1 } = await freshPage('run1.4');
    const first = FakeEventSource.opened[0];
    first.emit('ready', 'run1.20');
    noteLivePosition('run1.25');
    const p1At28 = { _id: 'p1', countInStock: 3 };
    first.emit('product', 'run1.28', JSON.stringify({ topic: 'product:p1', data: p1At28 }));
    first.emit('product', 'run1.30', JSON.stringify({ topic: 'product:p1', data: { _id: 'p1', countInStock: 2 } }));
    expect(onP1).toHaveBeenCalledTimes(2);
    const onP2 = vi.fn();
    live.watchProduct('p2', { onChange: onP2, onResync: vi.fn() });
    await vi.advanceTimersByTimeAsync(100);
    const second = FakeEventSource.opened[1];
    // The server replays from 1.25 for both topics: p2's change at 1.27 is new here, p1's at 1.28 and 1.30 are not
    // (p1 would show 3 in stock again for a moment), p1's at 1.31 is.
    const p2At27 = { _id: 'p2', countInStock: 0 };
    second.emit('product', 'run1.27', JSON.stringify({ topic: 'product:p2', data: p2At27 }));
    second.emit('product', 'run1.28', JSON.stringify({ topic: 'product:p1', data: p1At28 }));
    second.emit('product', 'run1.30', JSON.stringify({ topic: 'product:p1', data: { _id: 'p1', countInStock: 2 } }));
    const p1At31 = { _id: 'p1', countInStock: 1 };
    second.emit('product', 'run1.31', JSON.stringify({ topic: 'product:p1', data: p1At31 }));
    second.emit('ready', 'run1.31');
    expect(onP2).toHaveBeenCalledWith(p2At27);
    expect(onP2).toHaveBeenCalledTimes(1);
    expect(onP1).toHaveBeenCalledTimes(3);
    expect(onP1).toHaveBeenLastCalledWith(p1At31);
    // Dropped and back from an older read again: nothing heard is delivered twice, for either topic.
    noteLivePosition('run1.26');
    second.onerror?.();
    await vi.advanceTimersByTimeAsync(2000);
    const third = FakeEventSource.opened[2];
    expect(lastEventIdOf(third)).toBe('run1.26');
    third.emit('product', 'run1.27', JSON.stringify({ topic: 'product:p2', data: p2At27 }));
    third.emit('product', 'run1.31', JSON.stringify({ topic: 'product:p1', data: p1At31 }));
    expect(onP2).toHaveBeenCalledTimes(1);
    expect(onP1).toHaveBeenCalledTimes(3);
  });

  it('a first stream that failed before any event retries from the same position', async () => {
    await freshPage('run1.4');
    FakeEventSource.opened[0].onerror?.();
    await vi.advanceTimersByTimeAsync(2000);
    expect(lastEventIdOf(FakeEventSource.opened[1])).toBe('run1.4');
  });

  it('answers from two server runs: opened from no run, the resync reloads what is shown once', async () => {
    const { onResync } = await freshPage('run1.40', 'run2.3');
    expect(lastEventIdOf(FakeEventSource.opened[0])).toBe('.');
    FakeEventSource.opened[0].emit('resync', '');
    FakeEventSource.opened[0].emit('ready', 'run2.7');
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it('read on a run that has since ended: the server says resync, and what is shown reloads once', async () => {
    const { onResync } = await freshPage('run1.40');
    FakeEventSource.opened[0].emit('resync', '');
    FakeEventSource.opened[0].emit('ready', 'run2.0');
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it('no position read (the Firebase build, no live hub): the first stream opens without one, as before', async () => {
    const { onResync } = await freshPage(null, undefined as unknown as null);
    expect(lastEventIdOf(FakeEventSource.opened[0])).toBeNull();
    FakeEventSource.opened[0].emit('ready', 'run1.7');
    expect(onResync).not.toHaveBeenCalled();
  });
});
