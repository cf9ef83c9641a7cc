// The shop's public settings (GET /api/settings/public: tax and shipping by country, the hold limits), for the
// pages that show them before the last step: the product page's quantity limit, the cart's estimate, the place-order
// summary. Loaded by those (lazy) pages only, never by the home page's first bundle. Types only from
// domain/settings.ts: its rules compare countries with the country list (8.5 KB), which the product page has no use for.
import type { ShopSettings } from '@domain/settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '@/lib/api';
import { settingsPublic } from '@/lib/endpoints.gen';
import { watch } from '@/lib/live';
import { settingsKeys } from '@/lib/queryKeys';

export function getPublicSettings(signal?: AbortSignal): Promise<ShopSettings> {
  return call(settingsPublic, { signal });
}

/** How long the settings are used without asking again (then revalidated: the server answers 304 when unchanged). */
export const PUBLIC_SETTINGS_STALE_MS = 10_000;

/** Follows the owner's saves live where the server tells of them (the embedded server's `settings` topic): the
 *  settings' query gets them without a read. */
function useFollowSettings(enabled: boolean) {
  const client = useQueryClient();
  useEffect(
    () =>
      enabled
        ? watch((live) =>
            live.watchSettings
              ? live.watchSettings({
                  onChange: (settings) => client.setQueryData(settingsKeys.public, settings),
                  onResync: () => void client.invalidateQueries({ queryKey: settingsKeys.public }),
                })
              : () => undefined,
          )
        : undefined,
    [client, enabled],
  );
}

/** The live following alone, for a page whose parts read the settings each with `watch: false`: the page itself
 *  does not render again when they arrive. */
export const useWatchPublicSettings = () => useFollowSettings(true);

/** The settings in force; `data` is undefined while loading or when the call failed (pages then fall back to the
 *  spec's pricing and the stock alone: the server decides either way). They price what the shopper is shown (issue
 *  38), so they follow the owner's saves live (`watch: false` where the page already follows them) and are asked
 *  again when the window regains focus; `fresh`: also whenever the page opens (Place Order). */
export function usePublicSettings({ fresh = false, watch: follow = true }: { fresh?: boolean; watch?: boolean } = {}) {
  useFollowSettings(follow);
  return useQuery({
    queryKey: settingsKeys.public,
    queryFn: ({ signal }) => getPublicSettings(signal),
    staleTime: PUBLIC_SETTINGS_STALE_MS,
    refetchOnWindowFocus: true,
    ...(fresh ? { refetchOnMount: 'always' as const } : {}),
  });
}
