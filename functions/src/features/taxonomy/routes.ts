import {
  notFound,
  resolveSlug,
  TAXONOMY_MESSAGES,
  TAXONOMY_TEXT,
  taxonomyMergeSchema,
  taxonomyNameSchema,
  type TaxonomyKind,
} from '../../domain/index.js';
import { requireAdmin } from '../../http/auth.js';
import { parse, parseId } from '../../http/validate.js';
import type { Ports, TaxonomyStore } from '../../ports.js';
import type { CatalogCache } from '../../cache/catalogCache.js';
import { sendCached } from '../products/routes.js';
import { brandEndpoints, categoryEndpoints } from '../../api/endpoints.js';
import { endpointRouter, handle } from '../../http/endpoint.js';

/** Longest slug a URL may ask for (domain slugOf cuts at 80). */
const MAX_SLUG = 100;

/**
 * A managed list (domain/taxonomy.ts) at /api/categories or /api/brands. Public and cached like the other catalogue
 * reads: `GET /` (the entries by name with their productCount) and `GET /slug/:slug` (a URL's slug: the entry, and
 * `redirect: true` when the slug is an old one or a name, so the page moves to the entry's slug). The admin's:
 * `POST /` { name }, `PUT /:id` { name } (a rename: products follow, the old slug redirects), `POST /:id/merge`
 * { into }, `DELETE /:id` (refused while products carry it).
 */
export function taxonomyRoutes(kind: TaxonomyKind, { auth }: Ports, list: TaxonomyStore, cache: CatalogCache) {
  const calls = kind === 'category' ? categoryEndpoints : brandEndpoints;
  const router = endpointRouter(calls.list.path);
  const admin = requireAdmin(auth);
  const idParam = (id: unknown) => parseId(id, TAXONOMY_TEXT[kind].One);

  handle(router, calls.list, async (req, res) => {
    sendCached(req, res, await cache.get(`${kind}:list`, async () => (await list.list()).entries, req.originalUrl));
  });

  handle(router, calls.bySlug, async (req, res) => {
    const slug = String(req.params.slug);
    if (slug.length > MAX_SLUG) throw notFound(TAXONOMY_MESSAGES.notFound(kind));
    const entry = await cache.get(
      `${kind}:slug:${slug}`,
      async () => {
        const found = resolveSlug(await list.list(), slug);
        if (!found) throw notFound(TAXONOMY_MESSAGES.notFound(kind));
        return found;
      },
      req.originalUrl,
    );
    sendCached(req, res, entry);
  });

  handle(router, calls.create, admin, async (req, res) => {
    res.status(201).json(await list.create(parse(taxonomyNameSchema, req.body).name));
  });

  handle(router, calls.rename, admin, async (req, res) => {
    const id = idParam(req.params.id);
    res.json(await list.rename(id, parse(taxonomyNameSchema, req.body).name));
  });

  handle(router, calls.merge, admin, async (req, res) => {
    const id = idParam(req.params.id);
    const { into } = parse(taxonomyMergeSchema, req.body);
    res.json(await list.merge(id, into));
  });

  handle(router, calls.remove, admin, async (req, res) => {
    await list.remove(idParam(req.params.id));
    res.json({ message: `${TAXONOMY_TEXT[kind].One} removed` });
  });

  return router;
}
