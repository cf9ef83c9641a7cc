import type { AdminStats } from '@api/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { adminStats } from '@/lib/endpoints.gen';
import { adminKeys } from '@/lib/queryKeys';

// The answer's type is the API's own (api/endpoints.ts AdminStats), defined once with its output schema.
export type { AdminStats };
/** One of the last 30 days (UTC, YYYY-MM-DD) with its orders and the dollars of its paid orders. */
export type DailyStat = AdminStats['daily'][number];

/** GET /api/admin/stats (admin): orders and revenue per day for the last 30 days, and the items low on stock. */
export function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return call(adminStats, { signal });
}

export function useAdminStats() {
  return useQuery({ queryKey: adminKeys.stats(), queryFn: ({ signal }) => getAdminStats(signal) });
}
