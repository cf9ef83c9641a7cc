import type { LowStockRow } from '@domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { adminStats } from '@/lib/endpoints.gen';
import { adminKeys } from '@/lib/queryKeys';

export interface DailyStat {
  /** YYYY-MM-DD (UTC). */
  day: string;
  orders: number;
  /** Dollars of the day's paid orders. */
  revenue: number;
}

export interface AdminStats {
  /** The last 30 days, oldest first, days without orders included. */
  daily: DailyStat[];
  /** Issue 40: per item, a product without variants or each variant, lowest first. */
  lowStock: LowStockRow[];
  /** The owner's threshold the list was read with (the texts say it). */
  lowStockThreshold: number;
  /** Issue 41: the last 30 days' abandoned-cart reminders, and those an order followed within `recoveryDays`. */
  cartReminders: { sent: number; recovered: number; recoveryDays: number };
  /** Since when the oldest unsent email has waited, once past the server's MAIL_OVERDUE_MS; null while mail goes out. */
  mailOverdueSince: string | null;
}

/** GET /api/admin/stats (admin): orders and revenue per day for the last 30 days, and the items low on stock. */
export function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return call(adminStats, { signal });
}

export function useAdminStats() {
  return useQuery({ queryKey: adminKeys.stats(), queryFn: ({ signal }) => getAdminStats(signal) });
}
