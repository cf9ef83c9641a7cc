// The settings cache (features/settings/settingsCache.ts): one read for many callers, a save heard on the bus is in
// force at once, and a copy older than the TTL is read again (another Cloud Function instance's save).
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type ShopSettings } from '../src/domain/index.js';
import { EventBus } from '../src/events/bus.js';
import { SettingsCache } from '../src/features/settings/settingsCache.js';
import type { SettingsStore } from '../src/ports.js';
import { MovableClock } from './support/clock.js';

function countingStore(initial: ShopSettings | null) {
  let stored = initial;
  let reads = 0;
  const store: SettingsStore = {
    get: async () => {
      reads++;
      return stored;
    },
    save: async () => {
      throw new Error('not used');
    },
    history: async () => [],
  };
  return { store, reads: () => reads, setStored: (s: ShopSettings) => (stored = s) };
}

const longerHold = { ...DEFAULT_SETTINGS, holdMinutes: 45 };

describe('SettingsCache', () => {
  it('answers the defaults until a save, reading the store once for concurrent callers', async () => {
    const { store, reads } = countingStore(null);
    const cache = new SettingsCache(store, DEFAULT_SETTINGS, new MovableClock(), Infinity);
    const answers = await Promise.all([cache.current(), cache.current(), cache.current()]);
    expect(answers).toEqual([DEFAULT_SETTINGS, DEFAULT_SETTINGS, DEFAULT_SETTINGS]);
    await cache.current();
    expect(reads()).toBe(1);
  });

  it('takes a SettingsSaved at once, without reading again', async () => {
    const { store, reads } = countingStore(null);
    const bus = new EventBus();
    const cache = new SettingsCache(store, DEFAULT_SETTINGS, new MovableClock(), Infinity);
    cache.listen(bus);
    await cache.current();
    bus.publish([{ type: 'SettingsSaved', settings: longerHold }]);
    expect(await cache.current()).toEqual(longerHold);
    expect(reads()).toBe(1);
  });

  it('reads again once its copy is older than the TTL (a save made by another process)', async () => {
    const { store, reads, setStored } = countingStore(null);
    const clock = new MovableClock();
    const cache = new SettingsCache(store, DEFAULT_SETTINGS, clock, 30_000);
    expect(await cache.current()).toEqual(DEFAULT_SETTINGS);
    setStored(longerHold);
    clock.advance(29_999);
    expect(await cache.current()).toEqual(DEFAULT_SETTINGS);
    clock.advance(1);
    expect(await cache.current()).toEqual(longerHold);
    expect(reads()).toBe(2);
  });
});
