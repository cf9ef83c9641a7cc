import { createHash } from 'node:crypto';

import { settingsSchema, type ShopSettings } from '../../domain/index.js';
import { callerOf, requireAdmin } from '../../http/auth.js';
import { parse } from '../../http/validate.js';
import type { Ports } from '../../ports.js';
import type { SettingsCache } from './settingsCache.js';
import { endpoints } from '../../api/endpoints.js';
import { endpointRouter, handle } from '../../http/endpoint.js';

/** Whether an If-None-Match names the tag (a list, weak tags compared weakly as RFC 9110 says for GET). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/** The changes GET /api/settings/history lists at most. */
export const SETTINGS_HISTORY_LIMIT = 100;

/** GET/PUT /api/settings (admin), GET /api/settings/history (admin), GET /api/settings/public (anyone: what the
 *  cart and product pages show, the tax and shipping estimate and the limits). */
export function settingsRoutes({ store, auth, clock }: Ports, cache: SettingsCache) {
  const router = endpointRouter('/api/settings');
  const admin = requireAdmin(auth);

  // Tagged once per settings object (the cache keeps one until the next save or its TTL).
  const tagged = new WeakMap<ShopSettings, { body: string; etag: string }>();
  handle(router, endpoints.settingsPublic, async (req, res) => {
    const settings = await cache.current();
    let answer = tagged.get(settings);
    if (!answer) {
      const body = JSON.stringify(settings);
      answer = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
      tagged.set(settings, answer);
    }
    // Nothing in the settings is private, but they price the checkout (issue 38): a browser keeps them only to
    // ask again with If-None-Match (no-cache), so a save shows on the next read and an unchanged copy costs a 304.
    res.set('Cache-Control', 'no-cache');
    res.set('ETag', answer.etag);
    if (matches(req.headers['if-none-match'], answer.etag)) {
      res.status(304).end();
      return;
    }
    res.type('application/json').send(answer.body);
  });

  handle(router, endpoints.settingsHistory, admin, async (_req, res) => {
    res.json(await store.settings.history(SETTINGS_HISTORY_LIMIT));
  });

  handle(router, endpoints.settingsGet, admin, async (_req, res) => {
    res.json(await cache.current());
  });

  handle(router, endpoints.settingsSave, admin, async (req, res) => {
    const input = parse(settingsSchema, req.body);
    // Without a time zone (a client from before issue 38), state rates, shipping methods, store details or
    // policies (issue 40) the saved ones stay.
    const saved = await cache.current();
    const settings: ShopSettings = {
      ...input,
      tax: { ...input.tax, states: input.tax.states ?? saved.tax.states },
      shipping: {
        ...input.shipping,
        standardDays: input.shipping.standardDays ?? saved.shipping.standardDays,
        methods: input.shipping.methods ?? saved.shipping.methods,
      },
      timeZone: input.timeZone ?? saved.timeZone,
      store: input.store ?? saved.store,
      policies: input.policies ?? saved.policies,
      cartReminderHours: input.cartReminderHours ?? saved.cartReminderHours,
      lowStockThreshold: input.lowStockThreshold ?? saved.lowStockThreshold,
      showLowestPrice30Days: input.showLowestPrice30Days ?? saved.showLowestPrice30Days,
    };
    const caller = callerOf(req);
    const user = await store.users.get(caller.uid);
    await store.settings.save(settings, { _id: caller.uid, name: user?.name ?? '' }, clock.now(), cache.defaults);
    res.json(settings);
  });

  return router;
}
