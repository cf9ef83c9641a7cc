import { LOW_STOCK_THRESHOLD } from '../../domain/limits.js';
import { requireAdmin } from '../../http/auth.js';
import { CART_REMINDER_RECOVERY_DAYS, cartReminderFigures } from '../../domain/cartReminders.js';
import type { Ports } from '../../ports.js';
import { endpoints } from '../../api/endpoints.js';
import { endpointRouter, handle } from '../../http/endpoint.js';

/** GET /api/admin/stats: the dashboard's orders and revenue per day (last 30 days), low-stock products, and the
 *  abandoned-cart reminders' figures (issue 41). */
export function adminRoutes({ store, auth, clock }: Ports) {
  const router = endpointRouter('/api/admin');
  handle(router, endpoints.adminStats, requireAdmin(auth), async (_req, res) => {
    const now = clock.now();
    const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 29));
    const rows = await store.orders.dailyStats(since);
    const byDay = new Map(rows.map((r) => [r.day, r]));
    const daily = Array.from({ length: 30 }, (_, i) => {
      const day = new Date(since.getTime() + i * 86_400_000).toISOString().slice(0, 10);
      return byDay.get(day) ?? { day, orders: 0, revenue: 0 };
    });
    const threshold = (await store.settings.get())?.lowStockThreshold ?? LOW_STOCK_THRESHOLD;
    const lowStock = await store.products.lowStock(threshold, 20);
    // Issue 41: the reminders of the same 30 days; an order within CART_REMINDER_RECOVERY_DAYS of one recovers it.
    const reminders = cartReminderFigures(await store.cartReminders.sentSince(since));
    res.json({
      daily,
      lowStock,
      lowStockThreshold: threshold,
      cartReminders: { ...reminders, recoveryDays: CART_REMINDER_RECOVERY_DAYS },
    });
  });
  return router;
}
