// The SSE client's recovery: what a page missed while its stream was down is never silently lost.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SseLiveSource } from './sse';

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
