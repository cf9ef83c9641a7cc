// Routes registered from the endpoint table (api/endpoints.ts): a handler names its endpoint, and the method and
// path come from the table, so the table, the OpenAPI document and the web's client cannot drift from the server.
import { Router, type RequestHandler } from 'express';
import type { EndpointSpec } from '../api/endpoint.js';

/** Each router's mount path under the app (e.g. `/api/orders`): the table's paths are full, the router's are not. */
const prefixes = new WeakMap<Router, string>();
/** The routes registered through `handle` (a test finds any route registered past the table). */
const tableRoutes = new WeakSet<object>();

/** A router to be mounted at `prefix` (exactly as app.ts mounts it), whose routes are registered with `handle`. */
export function endpointRouter(prefix: string): Router {
  const router = Router();
  prefixes.set(router, prefix);
  return router;
}

/** Registers the endpoint's route on the router: its method, its path less the router's mount path. */
export function handle(router: Router, endpoint: EndpointSpec, ...handlers: RequestHandler[]): void {
  const prefix = prefixes.get(router);
  if (prefix === undefined) throw new Error(`${endpoint.path}: the router was not made by endpointRouter`);
  if (endpoint.path !== prefix && !endpoint.path.startsWith(`${prefix}/`))
    throw new Error(`${endpoint.method} ${endpoint.path} is not under the router's mount path ${prefix}`);
  const route = router.route(endpoint.path.slice(prefix.length) || '/');
  tableRoutes.add(route);
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  route[method](...handlers);
}

/** Whether an Express route (a layer's `route`) was registered from the table. */
export function isTableRoute(route: object): boolean {
  return tableRoutes.has(route);
}

/** A route path (`/api/orders/:id`, the web's `/cart/:id?`) as a regular expression, as both routers match it: each
 *  `:name` one segment, `/:name?` an optional one, a trailing slash allowed. */
export function pathPattern(path: string): RegExp {
  const body = path
    .replace(/[.+*^${}()|[\]\\]/g, '\\$&')
    .replace(/\/:\w+\?/g, '(?:/[^/]+)?')
    .replace(/:\w+/g, '[^/]+');
  return new RegExp(`^${body === '/' ? '' : body}/?$`);
}

/**
 * Mounted after the table's routes: a path of the table asked with a method it has not is a 405 naming the methods
 * it has (`Allow`, HEAD with GET), as HTTP asks; any other path goes on to the 404. OPTIONS is Express's own.
 */
export function methodNotAllowed(table: Record<string, EndpointSpec>): RequestHandler {
  const byPath = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  for (const { method, path } of Object.values(table)) {
    const entry = byPath.get(path) ?? { pattern: pathPattern(path), methods: new Set<string>() };
    entry.methods.add(method);
    if (method === 'GET') entry.methods.add('HEAD');
    byPath.set(path, entry);
  }
  return (req, res, next) => {
    if (req.method === 'OPTIONS') return next();
    const path = req.baseUrl + req.path;
    const allowed = new Set<string>();
    for (const { pattern, methods } of byPath.values()) if (pattern.test(path)) for (const m of methods) allowed.add(m);
    if (allowed.size === 0 || allowed.has(req.method)) return next();
    const allow = [...allowed].sort().join(', ');
    res.setHeader('Allow', allow);
    res.status(405).json({ message: `${req.method} is not allowed on ${path}: ${allow}` });
  };
}
