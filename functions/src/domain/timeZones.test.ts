import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, shopTime, timeZoneNames, usableTimeZone } from './timeZones.js';

describe('the shop time zone', () => {
  it('formats a time in the zone, named by its abbreviation (summer time too) or its offset', () => {
    expect(shopTime('2026-11-28T13:05:00.000Z', 'Europe/Berlin')).toBe('28 Nov 2026, 14:05 CET');
    expect(shopTime('2026-07-01T13:05:00.000Z', 'Europe/Berlin')).toBe('1 Jul 2026, 15:05 CEST');
    expect(shopTime('2026-11-28T13:05:00.000Z', 'America/New_York')).toBe('28 Nov 2026, 08:05 EST');
    expect(shopTime('2026-11-28T13:05:00.000Z', 'Europe/London')).toBe('28 Nov 2026, 13:05 GMT');
    expect(shopTime('2026-11-28T13:05:00.000Z', 'Asia/Tokyo')).toBe('28 Nov 2026, 22:05 GMT+9');
    expect(shopTime('2026-11-28T13:05:00.000Z')).toBe('28 Nov 2026, 13:05 UTC');
    // The day changes with the zone.
    expect(shopTime('2026-11-28T13:05:00.000Z', 'Australia/Sydney')).toBe('29 Nov 2026, 00:05 GMT+11');
  });

  it('falls back to UTC for a name the runtime does not know (a message is never lost to it)', () => {
    expect(shopTime('2026-11-28T13:05:00.000Z', 'Mars/Olympus')).toBe('28 Nov 2026, 13:05 UTC');
    expect(usableTimeZone(undefined)).toBe('UTC');
    expect(shopTime('not a time', 'UTC')).toBe('not a time');
  });

  it('knows zone names, canonically spelt, and offers UTC first', () => {
    expect(canonicalTimeZone(' Europe/Berlin ')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('+01:00')).toBeNull();
    expect(canonicalTimeZone('Nowhere/Land')).toBeNull();
    const names = timeZoneNames();
    expect(names[0]).toBe('UTC');
    expect(names).toContain('Europe/Berlin');
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(canonicalTimeZone(name)).not.toBeNull();
  });
});
