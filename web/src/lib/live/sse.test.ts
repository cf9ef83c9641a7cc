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
    new Source().watchProduct('p1', { onChange, onResync });
    await vi.advanceTimersByTimeAsync(100);
    return { onResync, onChange, noteLivePosition };
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

  it('a position read after the stream opened changes nothing: later streams resume from their own last id', async () => {
    const { noteLivePosition } = await freshPage('run1.4');
    FakeEventSource.opened[0].emit('ready', 'run1.20');
    noteLivePosition('run1.2');
    FakeEventSource.opened[0].onerror?.();
    await vi.advanceTimersByTimeAsync(2000);
    expect(lastEventIdOf(FakeEventSource.opened[1])).toBe('run1.20');
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
