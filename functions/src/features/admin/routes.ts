import { LOW_STOCK_THRESHOLD, MAIL_FAILING_READ_LIMIT, MAIL_OVERDUE_MS } from '../../domain/limits.js';
import { requireAdmin } from '../../http/auth.js';
import { CART_REMINDER_RECOVERY_DAYS, cartReminderFigures } from '../../domain/cartReminders.js';
import type { Ports } from '../../ports.js';
import { endpoints } from '../../api/endpoints.js';
import { endpointRouter, handle } from '../../http/endpoint.js';
import { assertEmptyBody } from '../../http/validate.js';
import { EXPIRING_LINK_TEMPLATES } from '../../mail/accountMails.js';

const isExpiringLink = (template: string) => (EXPIRING_LINK_TEMPLATES as readonly string[]).includes(template);

/** The dashboard's window: the last 30 days, today included (UTC). */
const windowStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 29));

/** GET /api/admin/stats: the dashboard's orders and revenue per day (last 30 days), low-stock products, the
 *  abandoned-cart reminders' figures (issue 41), since when the oldest unsent mail has waited, once it waited
 *  MAIL_OVERDUE_MS (else null): email is not going out; and the mail the mail server refused. */
export function adminRoutes({ store, auth, clock, mail }: Ports) {
  const router = endpointRouter('/api/admin');
  handle(router, endpoints.adminStats, requireAdmin(auth), async (_req, res) => {
    const now = clock.now();
    const since = windowStart(now);
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
    // The outbox's own query (the worker's): the oldest message still waiting MAIL_OVERDUE_MS after it was due.
    const overdue = mail ? await mail.due(new Date(now.getTime() - MAIL_OVERDUE_MS), 1) : [];
    // ...and what the mail server refused in the same 30 days (its answer to the latest: a wrong password, a refused
    // sender), retried or given up: a worker that sends but is refused leaves nothing overdue.
    const failing = mail ? await mail.failing(since, MAIL_FAILING_READ_LIMIT) : [];
    res.json({
      daily,
      lowStock,
      lowStockThreshold: threshold,
      cartReminders: { ...reminders, recoveryDays: CART_REMINDER_RECOVERY_DAYS },
      mailOverdueSince: overdue[0]?.dueAt ?? null,
      mailFailing: failing.length
        ? {
            count: failing.length,
            more: failing.length === MAIL_FAILING_READ_LIMIT,
            givenUp: failing.filter((m) => m.givenUp).length,
            resendable: failing.filter((m) => m.givenUp && !isExpiringLink(m.template)).length,
            lastError: failing[0]!.lastError,
          }
        : null,
    });
  });
  // "Send again" under the dashboard's failing mail, once the mail server is fixed: the window's given-up messages
  // go back in the queue (their attempts counted from zero); those with an expiring one-time link do not.
  handle(router, endpoints.adminMailResend, requireAdmin(auth), async (req, res) => {
    assertEmptyBody(req.body);
    const now = clock.now();
    const queued = mail ? await mail.resendGivenUp(windowStart(now), now, EXPIRING_LINK_TEMPLATES) : 0;
    res.json({ queued });
  });
  return router;
}
