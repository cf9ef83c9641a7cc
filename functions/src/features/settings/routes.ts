import { Router } from 'express';
import { settingsSchema } from '../../domain/index.js';
import { callerOf, requireAdmin } from '../../http/auth.js';
import { parse } from '../../http/validate.js';
import type { Ports } from '../../ports.js';
import type { SettingsCache } from './settingsCache.js';

/** The changes GET /api/settings/history lists at most. */
export const SETTINGS_HISTORY_LIMIT = 100;

/** GET/PUT /api/settings (admin), GET /api/settings/history (admin), GET /api/settings/public (anyone: what the
 *  cart and product pages show, the tax and shipping estimate and the limits). */
export function settingsRoutes({ store, auth, clock }: Ports, cache: SettingsCache) {
  const router = Router();
  const admin = requireAdmin(auth);

  router.get('/public', async (_req, res) => {
    // Nothing in the settings is private; a short browser cache, so a change shows within a minute.
    res.set('Cache-Control', 'public, max-age=60');
    res.json(await cache.current());
  });

  router.get('/history', admin, async (_req, res) => {
    res.json(await store.settings.history(SETTINGS_HISTORY_LIMIT));
  });

  router.get('/', admin, async (_req, res) => {
    res.json(await cache.current());
  });

  router.put('/', admin, async (req, res) => {
    const input = parse(settingsSchema, req.body);
    // Without a time zone (a client from before issue 38) the saved one stays.
    const settings = { ...input, timeZone: input.timeZone ?? (await cache.current()).timeZone };
    const caller = callerOf(req);
    const user = await store.users.get(caller.uid);
    await store.settings.save(settings, { _id: caller.uid, name: user?.name ?? '' }, clock.now(), cache.defaults);
    res.json(settings);
  });

  return router;
}
