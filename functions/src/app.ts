import type { RequestListener, ServerOptions } from 'node:http';
import express, { type RequestHandler } from 'express';
import { adminRoutes } from './features/admin/routes.js';
import { customerRoutes } from './features/customers/routes.js';
import { configRoutes } from './features/config/routes.js';
import { orderRoutes } from './features/orders/routes.js';
import { productRoutes } from './features/products/routes.js';
import { stockAlertRoutes } from './features/stockAlerts/routes.js';
import { listenForRestocks } from './features/stockAlerts/restockMails.js';
import { uploadRoutes } from './features/upload/routes.js';
import { userRoutes } from './features/users/routes.js';
import { couponRoutes } from './features/coupons/routes.js';
import { taxonomyRoutes } from './features/taxonomy/routes.js';
import { settingsRoutes } from './features/settings/routes.js';
import { SettingsCache } from './features/settings/settingsCache.js';
import { CatalogCache, keepCatalogCache } from './cache/catalogCache.js';
import { cartRoutes } from './features/cart/routes.js';
import { liveRoutes } from './live/routes.js';
import { errorHandler, notFoundRoute } from './http/errors.js';
import { methodNotAllowed } from './http/endpoint.js';
import { endpoints } from './api/endpoints.js';
import { catalogFastPath, expressObjectsFromBirth, fastPathFirst, staticHeaders } from './http/fastPath.js';
import {
  authLimiters,
  couponLimiters,
  DEFAULT_COUPON_CHECK_LIMIT,
  DEFAULT_GUEST_ORDER_LIMIT,
  DEFAULT_ORDER_LIMITS,
  guestOrderLimiters,
  DEFAULT_STOCK_ALERT_LIMIT,
  stockAlertLimiters,
  orderLimiters,
  passwordResetLimiters,
  type Limit,
  type OrderLimits,
  type RateLimitStoreFactory,
} from './http/rateLimits.js';
import { accountRoutes } from './features/users/accountRoutes.js';
import { apiSecurityHeaders, securityHeaders } from './http/securityHeaders.js';
import { appCheckGate, isAppCheckGated, type AppCheckVerifier } from './http/appCheck.js';
import type { Config } from './config.js';
import { defaultSettings, type HoldLimits } from './domain/index.js';
import { LIVE_POSITION_HEADER } from './domain/livePosition.js';
import { devMailApi, devMailboxPages } from './mail/devRoutes.js';
import type { DevMailboxReader, Ports } from './ports.js';
import { MODULES } from './modules/index.js';

export interface AppOptions {
  backend: 'embedded' | 'firebase';
  pageSize: number;
  /** The default unpaid-hold minutes (config.ts ORDER_HOLD_MINUTES), until the owner saves settings. */
  holdMinutes: number;
  /** What one customer may hold unpaid at once by default (config.ts HOLD_MAX_*), until the owner saves settings. */
  holdLimits: HoldLimits;
  /** How long catalogue answers may be reused; Infinity where every write goes through this process. */
  catalogCacheTtlMs: number;
  /** Failed sign-in / sign-up attempts allowed per address, and per account, per window. */
  loginLimit: Limit;
  /** Successful sign-ins and sign-ups allowed per address per window. */
  signInLimit: Limit;
  /** Password reset requests per address and per email per window (default 5 an hour). */
  passwordResetLimit?: Limit;
  /** Guest orders per address and per email per window (default 10 an hour). */
  guestOrderLimit?: Limit;
  /** Issue 41: back-in-stock alert requests per address and per email (default DEFAULT_STOCK_ALERT_LIMIT). */
  stockAlertLimit?: Limit;
  /** Refused discount codes (checks and orders) per address and per account (http/rateLimits.ts couponLimiters;
   *  default DEFAULT_COUPON_CHECK_LIMIT). */
  couponCheckLimit?: Limit;
  /** Orders per account, per address and per unverified inbox (http/rateLimits.ts orderLimiters; default
   *  DEFAULT_ORDER_LIMITS). */
  orderLimits?: OrderLimits;
  /** What the unpaid orders from one client address may hold, as a multiple of one customer's hold limits (config.ts
   *  HOLD_ADDRESS_FACTOR; default DEFAULT_HOLD_ADDRESS_FACTOR). */
  holdAddressFactor?: number;
  /** The rate limiters' store (default: in memory, per process; see http/rateLimits.ts for a shared one). */
  rateLimitStore?: RateLimitStoreFactory;
  /** Mounted before the API's 404 (e.g. the embedded server's /uploads and web app); `settings`: the settings in
   *  force, as GET /api/settings/public answers them (the pages inline them). */
  extraRoutes?: (app: express.Express, shared: { settings: SettingsCache }) => void;
  /** Express's `trust proxy` (config.ts TRUST_PROXY): which hops of X-Forwarded-For to believe for req.ip; a
   *  function for the Cloud Function's rule (http/clientAddress.ts). */
  trustProxy?: boolean | number | string | ((address: string, hop: number) => boolean);
  /** Storage emulator origins whose image URLs products may use (the emulators only; never deployed). */
  emulatorImageOrigins?: readonly string[];
  /** The development outbox (outside production, without SMTP): mounts /api/dev/mail and /dev/mailbox. */
  devMailbox?: DevMailboxReader;
  /** Whether the development mailbox answers clients beyond this machine (config.ts DEV_MAILBOX_OPEN; default
   *  loopback only). */
  devMailboxOpen?: boolean;
  /** The catalogue cache (default: a new one with catalogCacheTtlMs). Either way it hears the ports' events. */
  cache?: CatalogCache;
  /** App Check enforced on the anonymous catalogue lists (http/appCheck.ts; the Firebase function's APP_CHECK). */
  appCheck?: AppCheckVerifier;
}

/** The app's options as the configuration sets them, for every entry that builds the app (embedded server, Cloud
 *  Function, tests, bench): what differs between them (backend, cache lifetime, extra routes) is given. */
export function appOptions(
  config: Config,
  entry: Pick<AppOptions, 'backend' | 'catalogCacheTtlMs'> & Partial<AppOptions>,
): AppOptions {
  return {
    pageSize: config.pageSize,
    holdMinutes: config.holdMinutes,
    holdLimits: config.holdLimits,
    loginLimit: config.loginLimit,
    signInLimit: config.signInLimit,
    passwordResetLimit: config.passwordResetLimit,
    guestOrderLimit: config.guestOrderLimit,
    couponCheckLimit: config.couponCheckLimit,
    orderLimits: config.orderLimits,
    holdAddressFactor: config.holdAddressFactor,
    trustProxy: config.trustProxy,
    devMailboxOpen: config.mail.devMailboxOpen,
    ...entry,
  };
}

/** POST/PUT/PATCH/DELETE bodies must be JSON (uploads excepted): anything else is a clear 415, not a silent empty
 *  body (DELETE /api/users/profile takes the password in one; a DELETE without a body is untouched). */
const requireJsonBody: RequestHandler = (req, res, next) => {
  if (req.path.startsWith('/upload')) return next(); // multipart, checked by the upload route
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(req.method) && hasBody && !req.is('application/json')) {
    res.status(415).json({ message: 'Send the body as JSON (Content-Type: application/json)' });
    return;
  }
  next();
};

/** Sets the headers staticHeaders captured (name, value, name, value…) on every answer. */
function setFixedHeaders(flat: readonly string[]): RequestHandler {
  return (_req, res, next) => {
    for (let i = 0; i < flat.length; i += 2) res.setHeader(flat[i]!, flat[i + 1]!);
    next();
  };
}

/** A path the API answers (JSON or the event stream), not a document. */
const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** Answers about accounts and orders, whoever asks (a 401 included). */
const PRIVATE_PATHS = /^\/api\/(users|orders)(\/|$)/;

/**
 * `Cache-Control: no-store` on every answer to a request with Authorization and every /api/users and /api/orders
 * answer: no browser or shared cache keeps what a signed-in answer holds. Set as the headers go out, so it wins
 * over a route's own Cache-Control (the catalogue's). The catalogue fast path leaves such requests to Express.
 */
const noStoreWhenPrivate: RequestHandler = (req, res, next) => {
  if (req.headers.authorization === undefined && !PRIVATE_PATHS.test(req.path)) return next();
  const writeHead = res.writeHead;
  res.writeHead = function (this: typeof res, ...args: unknown[]) {
    if (!this.headersSent) this.setHeader('Cache-Control', 'no-store');
    return (writeHead as (...a: unknown[]) => typeof res).apply(this, args);
  } as typeof res.writeHead;
  next();
};

export interface Shop {
  /** The Express app (every route). */
  app: express.Express;
  /** What the HTTP server runs per request: the catalogue fast path (http/fastPath.ts), then the app. */
  handle: RequestListener;
  /** The options for a server this process makes: requests and responses born Express's (http/fastPath.ts). */
  serverOptions: ServerOptions;
}

/** Builds the whole shop API on the given ports; knows nothing of which backend runs. */
export function createShop(ports: Ports, options: AppOptions): Shop {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false); // catalogue answers carry precomputed ETags; hashing every body costs throughput
  app.set('trust proxy', options.trustProxy ?? false);
  app.set('query parser', 'simple');
  const headers = securityHeaders('app');
  const apiHeaders = apiSecurityHeaders();
  const cache = options.cache ?? new CatalogCache(options.catalogCacheTtlMs);
  // Every committed write, whoever made it (a route, the expiry sweeper), clears or patches the cache.
  keepCatalogCache(ports.events, cache);
  // The owner's settings (tax, shipping, limits, hold minutes): the environment's values are the defaults. Kept as
  // long as the catalogue's answers: for ever where every write goes through this process.
  const settings = new SettingsCache(
    ports.store.settings,
    defaultSettings({ holdMinutes: options.holdMinutes, holdLimits: options.holdLimits }),
    ports.clock,
    options.catalogCacheTtlMs,
  );
  settings.listen(ports.events);
  // Issue 41: restocks mail the waiting back-in-stock alerts; issue 40: a fall to the low-stock threshold mails the
  // admins (a subscriber of the events).
  if (ports.stockAlertLinks)
    listenForRestocks(ports.events, ports.store, ports.stockAlertLinks, ports.clock, {
      lowStockThreshold: async () => (await settings.current()).lowStockThreshold,
    });
  // helmet's headers are the same for every answer (unless it is configured otherwise: then staticHeaders says
  // null): they are captured once and set in one step, instead of running helmet's 13 middlewares per request.
  // The API's answers carry their own, shorter set (http/securityHeaders.ts apiHelmetOptions): they are no document.
  const fixedHeaders = staticHeaders(headers);
  const fixedApiHeaders = staticHeaders(apiHeaders);
  const documentHeaders = fixedHeaders ? setFixedHeaders(fixedHeaders) : headers;
  const answerHeaders = fixedApiHeaders ? setFixedHeaders(fixedApiHeaders) : apiHeaders;
  app.use(noStoreWhenPrivate);
  app.use((req, res, next) => (isApiPath(req.path) ? answerHeaders : documentHeaders)(req, res, next));

  const limiters = authLimiters({
    failed: options.loginLimit,
    succeeded: options.signInLimit,
    store: options.rateLimitStore,
  });

  const api = express.Router();
  // The live hub's position, taken before any route reads (docs/live.md): the web's first stream resumes from it.
  const live = ports.live;
  if (live)
    api.use((_req, res, next) => {
      res.setHeader(LIVE_POSITION_HEADER, live.newestId());
      next();
    });
  api.use(requireJsonBody);
  api.use(express.json({ limit: '100kb', strict: true }));
  if (options.appCheck) api.use('/products', appCheckGate(options.appCheck));
  api.use(
    '/products',
    productRoutes(ports, {
      pageSize: options.pageSize,
      cache,
      settings,
      emulatorImageOrigins: options.emulatorImageOrigins,
    }),
  );
  const alerts = stockAlertRoutes(ports, {
    limiters: stockAlertLimiters(options.stockAlertLimit ?? DEFAULT_STOCK_ALERT_LIMIT, options.rateLimitStore),
  });
  api.use('/products', alerts.products);
  api.use('/stock-alerts', alerts.links);
  // Password reset and email verification (embedded): mounted before the user routes, beside them.
  if (ports.accounts)
    api.use(
      '/users',
      accountRoutes(ports, ports.accounts, {
        limiters: passwordResetLimiters(
          options.passwordResetLimit ?? { max: 5, windowMs: 3_600_000 },
          options.rateLimitStore,
        ),
      }),
    );
  api.use('/users', userRoutes(ports, { limiters }));
  // The capability modules' routes (modules/index.ts), each at its mount path.
  for (const { routes } of MODULES) if (routes) api.use(routes.mountPath, routes.router(ports));
  // One refused-code budget for checks and orders alike (codes guessed through orders, issue 36).
  const codeLimiters = couponLimiters(options.couponCheckLimit ?? DEFAULT_COUPON_CHECK_LIMIT, options.rateLimitStore);
  const accounts = ports.accounts;
  api.use(
    '/orders',
    orderRoutes(ports, {
      settings,
      guestLimiters: guestOrderLimiters(options.guestOrderLimit ?? DEFAULT_GUEST_ORDER_LIMIT, options.rateLimitStore),
      orderLimiters: orderLimiters(options.orderLimits ?? DEFAULT_ORDER_LIMITS, options.rateLimitStore),
      couponLimiters: codeLimiters.order,
      holdAddressFactor: options.holdAddressFactor,
      ...(accounts ? { emailVerified: async (uid: string) => (await accounts.emailVerification(uid)).verified } : {}),
    }),
  );
  api.use('/settings', settingsRoutes(ports, settings));
  api.use('/coupons', couponRoutes(ports, { checkLimiters: codeLimiters.check }));
  api.use('/categories', taxonomyRoutes('category', ports, ports.store.categories, cache));
  api.use('/brands', taxonomyRoutes('brand', ports, ports.store.brands, cache));
  api.use('/upload', uploadRoutes(ports));
  api.use('/admin', adminRoutes(ports));
  api.use('/customers', customerRoutes(ports));
  // Embedded only: the server keeps carts and publishes live events (the Firebase web uses Firestore for both).
  if (ports.store.carts) api.use('/cart', cartRoutes(ports, ports.store.carts));
  if (ports.live) api.use('/live', liveRoutes(ports, ports.live));
  api.use(
    configRoutes(ports, {
      backend: options.backend,
      ...(options.devMailbox ? { devMailbox: { open: options.devMailboxOpen ?? false } } : {}),
    }),
  );
  if (options.devMailbox) api.use('/dev', devMailApi(options.devMailbox, { open: options.devMailboxOpen }));
  api.use(methodNotAllowed(endpoints));
  api.use(notFoundRoute);

  app.use('/api', api);
  if (options.devMailbox)
    app.use('/dev/mailbox', devMailboxPages(options.devMailbox, { open: options.devMailboxOpen }));
  options.extraRoutes?.(app, { settings });
  app.use(notFoundRoute);
  app.use(errorHandler);

  // Repeat catalogue GETs are answered from memory before Express, with the same security headers
  // (docs/benchmarks.md); when helmet's headers are not static, every request goes through Express.
  // With App Check enforced, the gated lists always go through Express (the gate verifies each token); the fast
  // path still answers the rest (a product by its id).
  const fastPath = fixedApiHeaders && catalogFastPath(cache, fixedApiHeaders, live && (() => live.newestId()));
  const handle: RequestListener = fastPath
    ? fastPathFirst(
        options.appCheck ? (req, res) => !isAppCheckGated(req.method, req.url ?? '') && fastPath(req, res) : fastPath,
        app,
      )
    : (req, res) => app(req, res);
  return { app, handle, serverOptions: expressObjectsFromBirth(app) };
}

/** The Express app alone, without the fast path in front (tests that mount or list its routes). */
export function createApp(ports: Ports, options: AppOptions): express.Express {
  return createShop(ports, options).app;
}
