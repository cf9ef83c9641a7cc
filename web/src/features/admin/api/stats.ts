import type { AdminStats } from '@api/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { adminMailResend, adminStats } from '@/lib/endpoints.gen';
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

/** POST /api/admin/mail/resend (admin): the last 30 days' given-up emails back in the queue (not the expiring account
 *  links); the dashboard's figures are read again. */
export function useResendGivenUpMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(adminMailResend),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.stats() }),
  });
}
