import { describe, expect, it, vi } from 'vitest';
import { countries, countryCode, countryLabel, countryName, isValidPostalCode } from './countries.js';
import type * as CountriesModule from './countries.js';

/** Loads a fresh copy of the module with Intl.DisplayNames counting its constructions (`made()`), then restores it. */
async function withCountedRegionNames(
  check: (made: () => number, fresh: typeof CountriesModule) => Promise<void> | void,
): Promise<void> {
  const real = Intl.DisplayNames;
  let made = 0;
  const counting = class extends real {
    constructor(...args: ConstructorParameters<typeof Intl.DisplayNames>) {
      super(...args);
      made++;
    }
  };
  Object.defineProperty(Intl, 'DisplayNames', { value: counting, configurable: true, writable: true });
  try {
    vi.resetModules();
    await check(() => made, await import('./countries.js'));
  } finally {
    Object.defineProperty(Intl, 'DisplayNames', { value: real, configurable: true, writable: true });
  }
}

describe('countries', () => {
  it('costs nothing when loaded: the region names are set up on first use, once (a cart page loads it, issue 42)', async () => {
    await withCountedRegionNames(async (made, fresh) => {
      expect(made()).toBe(0);
      expect(fresh.countryLabel('usa')).toBe('United States');
      expect(fresh.countries().length).toBeGreaterThanOrEqual(249);
      expect(fresh.countryName('DE')).toBe('Germany');
      expect(made()).toBe(1);
    });
  });

  it('prepareCountries builds every table up front: a lookup after it sets up nothing (a server, before its first order)', async () => {
    await withCountedRegionNames(async (made, fresh) => {
      fresh.prepareCountries();
      expect(made()).toBe(1);
      expect(fresh.countryLabel('U.S.A.')).toBe('United States');
      expect(fresh.countryCode('germany')).toBe('DE');
      expect(fresh.countries().length).toBeGreaterThanOrEqual(249);
      expect(made()).toBe(1);
    });
  });

  it('lists every ISO 3166-1 alpha-2 country once, with a name, sorted by name', () => {
    expect(countries().length).toBeGreaterThanOrEqual(249);
    expect(new Set(countries().map((c) => c.code)).size).toBe(countries().length);
    for (const c of countries()) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.name.length).toBeGreaterThan(2);
    }
    const names = countries().map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('shows the common name, not the official one', () => {
    expect(countryName('US')).toBe('United States');
    expect(countryName('gb')).toBe('United Kingdom');
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('CN')).toBe('China');
    expect(countryName('XX')).toBe('XX');
  });

  it.each([
    ['US', 'US'],
    [' us ', 'US'],
    ['USA', 'US'],
    ['U.S.A.', 'US'],
    ['United States', 'US'],
    ['united states of america', 'US'],
    ['UK', 'GB'],
    ['United Kingdom', 'GB'],
    ['Great Britain', 'GB'],
    ['England', 'GB'],
    ['Germany', 'DE'],
    ['DEU', 'DE'],
    ["Cote d'Ivoire", 'CI'],
    ["Côte d'Ivoire", 'CI'],
    ['Turkey', 'TR'],
    ['Türkiye', 'TR'],
    ['the netherlands', 'NL'],
  ])('resolves %j to %s', (input, code) => {
    expect(countryCode(input)).toBe(code);
  });

  it.each(['Narnia', '', 'XX', 'U', 'Congo', '!!!'])('refuses %j (unknown or ambiguous)', (input) => {
    expect(countryCode(input)).toBeUndefined();
  });

  it('labels a known country by its name and keeps anything else as given', () => {
    expect(countryLabel('USA')).toBe('United States');
    expect(countryLabel('Narnia')).toBe('Narnia');
  });

  it('checks postal codes per country', () => {
    expect(isValidPostalCode('94105', 'US')).toBe(true);
    expect(isValidPostalCode('94105-1234', 'US')).toBe(true);
    expect(isValidPostalCode('9410', 'US')).toBe(false);
    expect(isValidPostalCode('SW1A 1AA', 'GB')).toBe(true);
    expect(isValidPostalCode('12345', 'GB')).toBe(false);
    expect(isValidPostalCode('10115', 'DE')).toBe(true);
    expect(isValidPostalCode('1011', 'DE')).toBe(false);
    expect(isValidPostalCode('!!!', 'US')).toBe(false);
  });

  it('accepts any plausible code where no pattern is known, never punctuation', () => {
    const without = countries().find((c) => c.code === 'AO'); // Angola: no postal codes, no pattern
    expect(without).toBeDefined();
    expect(isValidPostalCode('0000', 'AO')).toBe(true);
    expect(isValidPostalCode('!!!', 'AO')).toBe(false);
  });
});
