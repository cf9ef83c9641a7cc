import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SharedListeners, type StartListener } from './sharedListeners';

/** A fake onSnapshot: counts how often a listener starts and stops, and lets the test push snapshots. */
function fakeListener() {
  const state = { starts: 0, stops: 0, emit: (_: number) => {}, fail: (_: Error) => {} };
  const start: StartListener<number> = (emit, fail) => {
    state.starts++;
    state.emit = emit;
    state.fail = fail;
    return () => {
      state.stops++;
    };
  };
  return { state, start };
}

describe('shared Firestore listeners (a loader’s read and the screen’s live hook pay once)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts one listener for a read followed by a live subscriber, and passes every change on', async () => {
    const listeners = new SharedListeners<number>(1000);
    const { state, start } = fakeListener();
    const read = listeners.first('page-1', start);
    state.emit(1);
    await expect(read).resolves.toBe(1);
    const seen: number[] = [];
    const stop = listeners.subscribe('page-1', start, (v) => seen.push(v));
    state.emit(2); // a price changed
    expect(seen).toEqual([1, 2]); // the known answer at once, then the change
    expect(state.starts).toBe(1);
    stop();
    vi.advanceTimersByTime(999);
    expect(state.stops).toBe(0); // kept for the grace: the next screen may want it
    vi.advanceTimersByTime(1);
    expect(state.stops).toBe(1);
    expect(listeners.size).toBe(0);
  });

  it('stops an unused listener after the grace, and a later reader starts a fresh one', async () => {
    const listeners = new SharedListeners<number>(10);
    const { state, start } = fakeListener();
    const read = listeners.first('k', start);
    state.emit(5);
    await read;
    vi.advanceTimersByTime(10);
    expect(state.stops).toBe(1);
    const again = listeners.first('k', start);
    state.emit(6);
    await expect(again).resolves.toBe(6);
    expect(state.starts).toBe(2);
  });

  it('rejects a read whose listener fails (e.g. refused by the rules), and does not keep the failed listener', async () => {
    const listeners = new SharedListeners<number>(10);
    const { state, start } = fakeListener();
    const read = listeners.first('k', start);
    state.fail(new Error('Missing or insufficient permissions.'));
    await expect(read).rejects.toThrow('Missing or insufficient permissions.');
    expect(listeners.size).toBe(0);
  });

  it('keeps different queries apart', async () => {
    const listeners = new SharedListeners<number>(10);
    const a = fakeListener();
    const b = fakeListener();
    const readA = listeners.first('a', a.start);
    const readB = listeners.first('b', b.start);
    a.state.emit(1);
    b.state.emit(2);
    expect([await readA, await readB]).toEqual([1, 2]);
  });
});
