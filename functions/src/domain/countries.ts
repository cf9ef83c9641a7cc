// Countries, one place (issue 30): the ISO 3166-1 alpha-2 list with English names, `countryCode` (a code, a name or
// a common alias -> the code) and postal codes checked per country. The codes, alpha-3 codes and the English names
// with their aliases come from i18n-iso-countries' data files (not its index, which would add a diacritics table),
// the postal-code patterns from postcode-validator. The web loads this only in lazy modules (checkout, account,
// admin settings, cart): the home page's first bundle must not import it.
import codes from 'i18n-iso-countries/codes.json' with { type: 'json' };
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';

export interface Country {
  /** ISO 3166-1 alpha-2, upper case. */
  code: string;
  /** The English name shown (the short, common one: "United States", "United Kingdom"). */
  name: string;
}

const namesByCode = english.countries as Record<string, string | string[]>;

/** The name a list shows: the platform's English name ("United States", "United Kingdom", what people read every
 *  day), else the data's first name. */
function shownName(code: string, displayNames: Intl.DisplayNames | undefined): string {
  const shown = displayNames?.of(code);
  if (shown !== undefined && shown !== code) return shown;
  const names = namesByCode[code];
  return Array.isArray(names) ? names[0] : names;
}

function englishDisplayNames(): Intl.DisplayNames | undefined {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    return undefined; // an engine without region names: the data's names serve
  }
}

/** Computed on first use, not when the module loads: the platform's region names cost ~20 ms to set up on a phone,
 *  which the cart's first render would pay for a list it does not show (issue 42). */
function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** Every country, sorted by name. */
export const countries: () => readonly Country[] = lazily(() => {
  const displayNames = englishDisplayNames();
  return (codes as string[][])
    .map(([code]) => ({ code, name: shownName(code, displayNames) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
});

const byCode = lazily(() => new Map(countries().map((c) => [c.code, c])));

/** How a name is compared: case, accents, dots and extra spaces do not matter ("U.S.A." = "usa", "Côte" = "cote"). */
function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[.]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Aliases people type that the data does not list. */
const EXTRA_ALIASES: Record<string, string> = {
  'united states of america': 'US',
  america: 'US',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  holland: 'NL',
  'south korea': 'KR',
  'north korea': 'KP',
  russia: 'RU',
  vietnam: 'VN',
  'czech republic': 'CZ',
  turkey: 'TR',
};

const codeByName: () => Map<string, string> = lazily(() => {
  const map = new Map<string, string>();
  // A name two countries share ("Congo") resolves to neither: the shopper picks from the list instead.
  const ambiguous = new Set<string>();
  const add = (name: string, code: string) => {
    const key = nameKey(name);
    if (!key || ambiguous.has(key)) return;
    const known = map.get(key);
    if (known !== undefined && known !== code) {
      map.delete(key);
      ambiguous.add(key);
    } else map.set(key, code);
  };
  for (const [code, alpha3] of codes as string[][]) {
    const names = namesByCode[code];
    for (const name of Array.isArray(names) ? names : [names]) add(name, code);
    add(alpha3, code);
    add(byCode().get(code)!.name, code);
  }
  for (const [alias, code] of Object.entries(EXTRA_ALIASES)) map.set(nameKey(alias), code);
  return map;
});

/**
 * The ISO code of a country given as a code ("us", "DE"), an alpha-3 code ("USA"), a name ("United States",
 * "germany") or a common alias ("UK", "U.S.A."); undefined when it is none of these.
 */
export function countryCode(input: string): string | undefined {
  const trimmed = input.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) {
    const upper = trimmed.toUpperCase();
    if (byCode().has(upper)) return upper;
    // "UK" is not an ISO code, but every shopper means Great Britain by it.
    if (upper === 'UK') return 'GB';
    return undefined;
  }
  return codeByName().get(nameKey(trimmed));
}

/**
 * Builds the tables now rather than on first use. A server calls it before it listens: otherwise the first order or
 * address after a start pays ~25 ms (mostly the platform's region names) inside a request, in a sale inside the
 * first burst (issue 42). The web never calls it (its first render must not pay for a list it may not show).
 */
export function prepareCountries(): void {
  codeByName();
}

/** The English name of a code ("US" -> "United States"); the input itself when it is not a known code. */
export function countryName(code: string): string {
  return byCode().get(code.trim().toUpperCase())?.name ?? code;
}

/** A country as shown to people: the name of a known country (by code or name), else what was given. */
export function countryLabel(input: string): string {
  const code = countryCode(input);
  return code === undefined ? input : countryName(code);
}

/** What a postal code may look like where the library has no pattern for the country: letters, digits, spaces
 *  and dashes, 2 to 10 of them. */
const ANY_POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{0,8}[A-Za-z0-9]$/;

/** Whether a postal code is valid in a country (an ISO code); countries without a known pattern accept any
 *  plausible code. */
export function isValidPostalCode(postalCode: string, code: string): boolean {
  const trimmed = postalCode.trim();
  const country = code.toUpperCase();
  if (postcodeValidatorExistsForCountry(country)) return postcodeValidator(trimmed, country);
  return ANY_POSTAL_CODE.test(trimmed);
}
