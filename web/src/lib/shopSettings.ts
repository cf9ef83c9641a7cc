// The shop's public settings (GET /api/settings/public: tax and shipping by country, the hold limits), for the
// pages that show them before the last step: the product page's quantity limit, the cart's estimate, the place-order
// summary. Loaded by those (lazy) pages only, never by the home page's first bundle.
import { countryKey, type ShopSettings } from '@domain/settings';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { settingsKeys } from '@/lib/queryKeys';

export function getPublicSettings(signal?: AbortSignal): Promise<ShopSettings> {
  return api<ShopSettings>('/api/settings/public', { signal });
}

/** The settings in force; `data` is undefined while loading or when the call failed (pages then fall back to the
 *  spec's pricing and the stock alone: the server decides either way). */
export function usePublicSettings() {
  return useQuery({
    queryKey: settingsKeys.public,
    queryFn: ({ signal }) => getPublicSettings(signal),
    staleTime: 60_000,
  });
}

/** The countries the owner gave their own tax rate or shipping price, each once (a code, and a name saved before
 *  the country list, that mean one country count once: domain/settings.ts countryKey). */
export function listedCountries(settings: ShopSettings): string[] {
  const seen = new Map<string, string>();
  for (const { country } of [...settings.shipping.countries, ...settings.tax.countries])
    if (!seen.has(countryKey(country))) seen.set(countryKey(country), country.trim());
  return [...seen.values()];
}
