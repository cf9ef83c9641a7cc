// The Cloud Functions entry (Firebase backend): the same Express app as the embedded server (src/app.ts),
// on the Firebase adapters (src/adapters/firebase). Hosting rewrites /api/** to `api`, and the catalogue and product
// pages, sitemaps and robots.txt to `pages` (firebase.json); `reencodeUpload` runs the image pipeline on uploads.
//
// The global scope stays light: it only declares the functions and their parameters. The app, the Admin SDK and
// the adapters load on the first request (a cold start that serves no API call, e.g. deploy-time discovery or
// the scheduler, pays nothing for them). The logger comes from its own entry, not the SDK's root (which loads every
// provider, v1's included). docs/firebase.md "Cold start" has the figures, and why the Firestore trigger's module
// (about half of what is left) still loads in every instance.
import { IncomingMessage, type RequestListener } from 'node:http';
import type { Express } from 'express';
import * as logger from 'firebase-functions/logger';
import { defineInt, defineSecret, defineString } from 'firebase-functions/params';
import { onRequest, type Request } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import type { Config } from './config.js';
import { PAYPAL_SANDBOX_API_BASE } from './domain/limits.js';
import { onObjectFinalized } from 'firebase-functions/v2/storage';
import type { FirebaseSettings } from './adapters/firebase/index.js';
import type { Ports } from './ports.js';

/** Where the functions run unless REGION says otherwise. */
export const DEFAULT_REGION = 'us-central1';

// Deploy parameters: values come from functions/.env.<projectId> (or a prompt at deploy); the secret from
// Secret Manager (`firebase functions:secrets:set PAYPAL_CLIENT_SECRET`).

/**
 * The one region of every function (api, pages, expireOrders, reencodeUpload): put it where the Firestore
 * database and the Storage bucket are (e.g. europe-west1 for eur3 / EU), or Storage will not deliver the image
 * trigger's events and every transaction step pays a round trip between continents. Hosting's rewrites in
 * firebase.json name no region: firebase-tools finds each function where it is deployed.
 */
export const region = defineString('REGION', {
  default: DEFAULT_REGION,
  description: 'Region of the functions: the one nearest your Firestore/Storage location (e.g. europe-west1 for eur3)',
});
const paypalSecret = defineSecret('PAYPAL_CLIENT_SECRET');
/** nodemailer's connection URL (smtps://user:pass@smtp.example.com:465) for the order emails (docs/firebase.md). */
const smtpSecret = defineSecret('SMTP_URL');
/** Signs guest orders' links (adapters/orderLinks.ts; docs/firebase.md): any long random string. */
const orderLinkSecret = defineSecret('ORDER_LINK_SECRET');
const paypalClientId = defineString('PAYPAL_CLIENT_ID', {
  default: '',
  description: 'PayPal REST client id (empty: simulated test payments, refused in production)',
});
const paypalApiBase = defineString('PAYPAL_API_BASE', {
  default: PAYPAL_SANDBOX_API_BASE,
  description: 'PayPal REST API: https://api-m.sandbox.paypal.com or https://api-m.paypal.com',
});
const webApiKey = defineString('WEB_API_KEY', {
  default: '',
  description: "The project's web API key (Project settings > General), for POST /api/users and /api/users/login",
});
const publicUrlParam = defineString('PUBLIC_URL', {
  default: '',
  description:
    "The shop's public origin for canonical URLs, sitemaps and the pages' template (empty: https://<project>.web.app)",
});
/**
 * The From of every email (src/config.ts reads MAIL_FROM; required with SMTP_URL in production). Declared, so a
 * deploy without it in functions/.env.<project> asks for it (and the doctor says so) instead of the first order
 * email failing in sendMail.
 */
const mailFrom = defineString('MAIL_FROM', {
  default: '',
  description: 'The From of the order emails, e.g. Voltshop <orders@shop.example.com> (required with SMTP_URL)',
});
const minInstances = defineInt('MIN_INSTANCES', {
  default: 0,
  description: 'Warm instances of the api function (0 = scale to zero)',
});

/** Catalogue answers are reused this long per instance: several instances run, and writes on one don't reach the others. */
const CATALOG_CACHE_TTL_MS = 5_000;

let ports: Promise<Ports> | undefined;
let app: Promise<RequestListener> | undefined;

/** The one configuration (src/config.ts), with the deploy parameters read through their params. */
async function getConfig(): Promise<Config> {
  const { readConfig } = await import('./config.js');
  // PORT is the platform's (a socket in the emulator), not ours.
  const config = readConfig({ ...process.env, PORT: undefined });
  const from = mailFrom.value();
  return {
    ...config,
    mail: from ? { ...config.mail, from, fromSet: true } : config.mail,
    paypal: {
      ...config.paypal,
      clientId: paypalClientId.value(),
      baseUrl: paypalApiBase.value() || config.paypal.baseUrl,
      // Looked up on each PayPal OAuth call (never copied into the config), but from the instance's environment:
      // Cloud Functions puts the secret there when an instance starts, at the version resolved at deploy. A new
      // value set with `firebase functions:secrets:set` is used after the next deploy of the functions.
      secret: () => paypalSecret.value(),
    },
    firebase: {
      ...config.firebase,
      webApiKey: () => webApiKey.value(),
      // Empty (not set, e.g. in the emulators without functions/.secret.local): guest checkout answers 503.
      orderLinkSecret: () => orderLinkSecret.value(),
    },
  };
}

/** What the dev-only root devRoots/offlineEmulator.ts offers (its type written here: this file must not import it). */
interface OfflineEmulatorRoot {
  createOfflineEmulatorPorts(settings: FirebaseSettings): Promise<Ports>;
}

/**
 * The offline emulator suite's ports (VOLTSHOP_STORE=embedded): Firebase's over the embedded store, composed by the
 * dev-only root whose built file the emulator scripts name in VOLTSHOP_DEV_ROOT (scripts/firebase/lib.mjs). Loaded by
 * that path, never imported: nothing the deployed function imports reaches the embedded adapter, and its package
 * ships no libsql (test/deployedReach.test.ts).
 */
async function offlineEmulatorPorts(settings: FirebaseSettings): Promise<Ports> {
  const root = process.env.VOLTSHOP_DEV_ROOT;
  if (process.env.FUNCTIONS_EMULATOR !== 'true' || !root) {
    throw new Error(
      'VOLTSHOP_STORE=embedded is for the offline emulator suite only (with VOLTSHOP_DEV_ROOT); deployed functions use Firestore',
    );
  }
  const { pathToFileURL } = await import('node:url');
  const { createOfflineEmulatorPorts } = (await import(pathToFileURL(root).href)) as OfflineEmulatorRoot;
  return createOfflineEmulatorPorts(settings);
}

/** The ports, built once per instance (retried on the next call if building failed). */
function getPorts(): Promise<Ports> {
  ports ??= (async () => {
    const [{ createFirebasePorts, firebaseSettings }, config] = await Promise.all([
      import('./adapters/firebase/index.js'),
      getConfig(),
    ]);
    if (config.firebase.store === 'embedded') return offlineEmulatorPorts(firebaseSettings(config));
    return createFirebasePorts(firebaseSettings(config));
  })().catch((error) => {
    ports = undefined;
    throw error;
  });
  return ports;
}

/** In the Functions emulator with the Storage emulator: its origins, whose image URLs products may use. */
function emulatorImageOrigins(env: NodeJS.ProcessEnv): string[] {
  const host = env.FIREBASE_STORAGE_EMULATOR_HOST;
  if (env.FUNCTIONS_EMULATOR !== 'true' || !host) return [];
  const port = host.split(':').pop();
  return [`http://${host}`, `http://127.0.0.1:${port}`, `http://localhost:${port}`].filter(
    (o, i, all) => all.indexOf(o) === i,
  );
}

/** The API's request handler: the catalogue fast path, then the Express app (app.ts createShop). */
function getApp(): Promise<RequestListener> {
  app ??= (async () => {
    const [{ appOptions, createShop }, { appCheckFromEnv }, { firebaseAppCheck }, config, built] = await Promise.all([
      import('./app.js'),
      import('./http/appCheck.js'),
      import('./adapters/firebase/index.js'),
      getConfig(),
      getPorts(),
    ]);
    const { firebaseTrustProxy } = await import('./http/clientAddress.js');
    const shop = createShop(
      built,
      appOptions(config, {
        backend: 'firebase',
        catalogCacheTtlMs: CATALOG_CACHE_TTL_MS,
        // The limiters' key is the address Google's front end saw, whatever a caller prepends to X-Forwarded-For
        // (http/clientAddress.ts, with its sources); TRUST_PROXY, when set, overrides it (another proxy in front).
        trustProxy: firebaseTrustProxy(process.env, config.trustProxy),
        emulatorImageOrigins: emulatorImageOrigins(process.env),
        // APP_CHECK=enforce: the catalogue lists ask for an App Check token (http/appCheck.ts, docs/firebase.md).
        appCheck: appCheckFromEnv(process.env, () => firebaseAppCheck()),
      }),
    );
    return shop.handle;
  })().catch((error) => {
    app = undefined;
    throw error;
  });
  return app;
}

/**
 * The platform has already read the body (req.rawBody) and parsed it with its own limits. The app wants to read
 * it itself (its 100 kB JSON limit, strict parsing, multer for uploads), so it gets a fresh request that replays
 * the same bytes.
 */
function replayable(req: Request): IncomingMessage {
  const copy = new IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.originalUrl || req.url;
  copy.headers = req.headers;
  // The Functions emulator reaches the runtime over a local socket, with no client address at all: give the
  // login limiter one (deployed, the socket and X-Forwarded-For always carry one).
  if (process.env.FUNCTIONS_EMULATOR === 'true' && !req.socket?.remoteAddress && !req.headers['x-forwarded-for']) {
    copy.headers = { ...req.headers, 'x-forwarded-for': '127.0.0.1' };
  }
  copy.rawHeaders = req.rawHeaders;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  // A message that was never complete destroys its socket when it is destroyed (after being read): ours is whole.
  copy.complete = true;
  if (req.rawBody?.length) copy.push(req.rawBody);
  copy.push(null);
  return copy;
}

/** The whole /api (same routes as the embedded server). */
export const api = onRequest(
  {
    region,
    memory: '512MiB',
    cpu: 1,
    concurrency: 80,
    minInstances,
    maxInstances: 20,
    timeoutSeconds: 60,
    invoker: 'public',
    secrets: [paypalSecret, orderLinkSecret],
  },
  async (req, res) => {
    let handler: RequestListener;
    try {
      handler = await getApp();
    } catch (error) {
      logger.error('[api] could not start', error);
      res.status(503).json({ message: 'The shop is starting up or misconfigured. Please try again in a moment.' });
      return;
    }
    await new Promise<void>((resolve) => {
      res.once('finish', resolve);
      res.once('close', resolve);
      handler(replayable(req), res);
    });
  },
);

/** Unpaid orders give their stock back when their hold ends, and those about to end get their reminder email
 *  (domain/holdReminders.ts: 10 minutes before; every 5 minutes, so it arrives 5 to 10 minutes before the end; the
 *  embedded server sweeps every minute). */
export const expireOrders = onSchedule({ schedule: 'every 5 minutes', region, timeoutSeconds: 300 }, async () => {
  const { store, clock, unsubscribeLinks } = await getPorts();
  const now = clock.now();
  const expired = await store.orders.expireStale(now);
  if (expired) logger.info(`[expiry] ${expired} unpaid order(s) expired; their stock was returned`);
  const reminded = await store.orders.remindUnpaid(now);
  if (reminded) logger.info(`[expiry] ${reminded} hold reminder(s) recorded`);
  // Issue 41: idle signed-in carts' reminders (modules/cartReminders/sweep.ts), on the same schedule.
  const { sweepCartReminders } = await import('./modules/cartReminders/sweep.js');
  // Without ORDER_LINK_SECRET no unsubscribe link can be signed: logged, the expiry above stands.
  const carts = await sweepCartReminders({ store, links: unsubscribeLinks }, now).catch((e: unknown) => {
    logger.error('[cart reminder]', e);
    return 0;
  });
  if (carts) logger.info(`[expiry] ${carts} cart reminder(s) recorded`);
});

/**
 * Sends what is due in the mail outbox (mailOutbox, written by the store in each order change's transaction) with
 * the embedded server's worker, templates and SMTP client (mail/outboxWorker.ts, render.ts, smtp.ts): identical
 * messages on both backends. Without SMTP_URL nothing is sent and the messages wait in mailOutbox (the emulators:
 * docs/firebase.md "Mail").
 */
async function sendDueMail(trigger: string): Promise<void> {
  const [
    config,
    { getFirestore },
    { getApps, initializeApp },
    outboxModule,
    workerModule,
    renderModule,
    mailerModule,
    settingsModule,
  ] = await Promise.all([
    getConfig(),
    import('firebase-admin/firestore'),
    import('firebase-admin/app'),
    import('./adapters/firebase/store/mailOutbox.js'),
    import('./mail/outboxWorker.js'),
    import('./mail/render.js'),
    import('./mail/smtp.js'),
    import('./adapters/firebase/store/settings.js'),
  ]);
  if (!config.mail.smtpUrl) {
    logger.warn(`[mail] ${trigger}: no SMTP_URL secret, so the messages wait in mailOutbox`);
    return;
  }
  if (config.production && !config.mail.fromSet) throw new Error('MAIL_FROM must be set with SMTP_URL');
  const mailer = new mailerModule.SmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from });
  const db = getFirestore(getApps()[0] ?? initializeApp());
  const clock = { now: () => new Date() };
  const outbox = new outboxModule.FirestoreMailOutbox(db, clock.now);
  try {
    // The shop's time zone (settings/shop), read once for this pass's messages.
    const settings = new settingsModule.FirestoreSettings(db, { publish: () => undefined });
    let zone: Promise<string> | undefined;
    const timeZone = () => (zone ??= renderModule.settingsTimeZone(settings)());
    const render = renderModule.mailRenderer(publicOrigin(), { timeZone });
    const worker = new workerModule.OutboxWorker(outbox, mailer, render, clock);
    const sent = await worker.runOnce();
    if (sent) logger.info(`[mail] ${trigger}: ${sent} message(s) sent`);
  } finally {
    mailer.close();
  }
}

/** A message was recorded: send it now (and whatever else is due). */
export const sendMail = onDocumentCreated(
  { document: 'mailOutbox/{key}', region, timeoutSeconds: 60, maxInstances: 5, secrets: [smtpSecret] },
  () => sendDueMail('new message'),
);

/** Retries: messages whose attempt failed are due again after their backoff (mail/outboxWorker.ts). */
export const retryMail = onSchedule(
  { schedule: 'every 5 minutes', region, timeoutSeconds: 300, secrets: [smtpSecret] },
  () => sendDueMail('retry'),
);

/** Server-rendered pages are cached at Hosting's CDN for 5 minutes (browsers revalidate each time). */
const PAGES_CACHE_CONTROL = 'public, max-age=0, s-maxage=300';
const TEMPLATE_TTL_MS = 300_000;

/**
 * The shop's public origin: PUBLIC_URL, else the project's default Hosting site (the Hosting emulator offline).
 * Never the request's Host: the template fetched from it is shared by every visitor of the instance.
 */
function publicOrigin(): string {
  const configured = publicUrlParam.value();
  if (configured) return new URL(configured).origin;
  if (process.env.FUNCTIONS_EMULATOR === 'true') return 'http://127.0.0.1:5005'; // firebase.json emulators.hosting
  return `https://${process.env.GCLOUD_PROJECT}.web.app`;
}

let pagesApp: Promise<Express> | undefined;

function getPagesApp(): Promise<Express> {
  pagesApp ??= (async () => {
    const [{ default: express }, { pageRoutes }, config, built] = await Promise.all([
      import('express'),
      import('./features/pages/routes.js'),
      getConfig(),
      getPorts(),
    ]);
    const origin = publicOrigin();
    // The built index.html as Hosting serves it (a static file, never rewritten), kept for the CDN's lifetime.
    let template: { text: string; at: number } | undefined;
    const loadTemplate = async () => {
      if (template && Date.now() - template.at < TEMPLATE_TTL_MS) return template.text;
      const res = await fetch(`${origin}/index.html`, { signal: AbortSignal.timeout(5_000) });
      if (!res.ok) throw new Error(`GET ${origin}/index.html answered ${res.status}`);
      template = { text: await res.text(), at: Date.now() };
      return template.text;
    };
    const app = express();
    app.disable('x-powered-by');
    app.set('etag', false);
    app.use(
      pageRoutes({
        catalog: built.store.products,
        categories: built.store.categories,
        settings: built.store.settings,
        template: loadTemplate,
        pageSize: config.pageSize,
        publicUrl: origin,
        cacheControl: PAGES_CACHE_CONTROL,
      }),
    );
    // The catalogue could not be read: the plain app, which loads its data itself (not cached at the CDN).
    app.use(async (_req, res) => {
      try {
        res.setHeader('Cache-Control', 'no-cache');
        res.type('html').send(await loadTemplate());
      } catch (error) {
        logger.error('[pages] no template', error);
        res.status(503).type('text/plain').send('The shop is starting up. Please try again in a moment.');
      }
    });
    return app;
  })().catch((error) => {
    pagesApp = undefined;
    throw error;
  });
  return pagesApp;
}

/** Catalogue and product pages with their own head and data, the sitemaps and robots.txt (src/features/pages). */
export const pages = onRequest(
  {
    region,
    memory: '256MiB',
    cpu: 1,
    concurrency: 80,
    maxInstances: 10,
    timeoutSeconds: 30,
    invoker: 'public',
  },
  async (req, res) => {
    let handler: Express;
    try {
      handler = await getPagesApp();
    } catch (error) {
      logger.error('[pages] could not start', error);
      res.status(503).type('text/plain').send('The shop is starting up. Please try again in a moment.');
      return;
    }
    await new Promise<void>((resolve) => {
      res.once('finish', resolve);
      res.once('close', resolve);
      handler(req as unknown as Parameters<Express>[0], res);
    });
  },
);

/** An upload event older than this is given up (logged) instead of retried again: a retried failure that keeps
 *  failing stops within the hour rather than for as long as the platform keeps retrying. */
const REENCODE_GIVE_UP_MS = 60 * 60_000;

/**
 * Images the web app uploads straight to Cloud Storage go through the API's image pipeline: copies at a few widths
 * beside the upload, the upload replaced by its clean re-encoding (src/images/storageTrigger.ts). Retried on failure
 * (the pipeline is safe to repeat: it replaces only the event's own version, once); one image per instance at a
 * time (decoding a 5 MB photo takes most of the 1 GiB) and at most 5 instances, so a bulk upload queues instead of
 * fanning out.
 */
export const reencodeUpload = onObjectFinalized(
  { region, memory: '1GiB', cpu: 1, timeoutSeconds: 120, concurrency: 1, maxInstances: 5, retry: true },
  async (event) => {
    const object = event.data;
    const age = Date.now() - Date.parse(event.time);
    if (age > REENCODE_GIVE_UP_MS) {
      logger.error(`[images] ${object.name}: giving up after ${Math.round(age / 60_000)} min of retries`);
      return;
    }
    const [{ reencodeStoredUpload }, { getStorage }, { getApps, initializeApp }] = await Promise.all([
      import('./images/storageTrigger.js'),
      import('firebase-admin/storage'),
      import('firebase-admin/app'),
    ]);
    const admin = getApps()[0] ?? initializeApp();
    const outcome = await reencodeStoredUpload(getStorage(admin).bucket(object.bucket), {
      name: object.name,
      generation: object.generation,
      metadata: object.metadata ?? null,
    });
    if (outcome !== 'skipped') logger.info(`[images] ${object.name}: ${outcome}`);
  },
);
