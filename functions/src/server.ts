// The standalone shop: the API, /uploads and the built web app in one Node process, on the embedded backend.
import express from 'express';
import { createServer, type Server } from 'node:http';
import { createEmbeddedPorts } from './adapters/embedded/index.js';
import { appOptions, createShop } from './app.js';
import { readConfig, type Config } from './config.js';
import { prepareCountries } from './domain/countries.js';
import type { PaymentMode } from './domain/types.js';
import { pageRoutes } from './features/pages/routes.js';
import { HOME_PRELOADS, HTML_CACHE, hasWebApp, indexTemplate, pageModules, serveWebApp } from './http/webApp.js';
import type { LiveHubOptions } from './live/hub.js';
import { describeMailer } from './mail/mailer.js';
import { OutboxWorker, type OutboxWorkerOptions } from './mail/outboxWorker.js';
import { mailRenderer, settingsTimeZone } from './mail/render.js';
import { SmtpMailer } from './mail/smtp.js';
import { threadMailRenderer } from './mail/threadRenderer.js';
import type { Clock } from './ports.js';
import { REHEARSED_LOG, rehearseSale, type RehearsalResult } from './saleRehearsal.js';
import { sweepCartReminders } from './modules/cartReminders/sweep.js';
import { DEMO_CUSTOMERS, isEmpty, seedDemo } from './seed/seed.js';

/** The start-up log's line on payments, per gateway mode. */
const PAYMENT_MODE_WORDS: Record<PaymentMode, string> = {
  paypal: 'PayPal',
  simulated: 'simulated test payments (PayPal client id and secret not both set)',
  unavailable:
    'NONE: orders cannot be paid (production refuses test payments; set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET)',
};

const EXPIRY_SWEEP_MS = 60_000;
const REHEARSAL_DELAY_MS = 1000;
/** Run built (npm start, a deployment) rather than from source (the tests, npm run dev): the defaults of the
 *  mail render thread and the sale rehearsal. */
const RUN_BUILT = !import.meta.url.endsWith('.ts');

/** "60 × 201, 1220 × 409": a rehearsal's answers. */
function describeStatuses(statuses: Record<number, number>): string {
  const parts = Object.entries(statuses).map(([status, n]) => `${n} × ${status}`);
  return parts.length ? parts.join(', ') : 'no answers';
}

export async function startServer(
  config: Config = readConfig(),
  options: {
    clock?: Clock;
    live?: LiveHubOptions;
    mailWorker?: OutboxWorkerOptions;
    /** Render mail on a worker thread (mail/threadRenderer.ts). Default: when run built (npm start, a deployment);
     *  run from source (the tests, npm run dev) it renders in process, where a thread would load tsx first (~1 s). */
    mailRenderThread?: boolean;
    /** Rehearse a sale on a scratch shop a second after listening (saleRehearsal.ts). Default: when run built (as
     *  mailRenderThread) unless SALE_REHEARSAL=off. */
    rehearse?: boolean;
  } = {},
) {
  // The request's Host is not to be trusted for the shop's own URLs (canonical, sitemaps, emails later): a shop
  // facing the internet names its origin.
  if (config.production && !config.publicUrl) {
    throw new Error('PUBLIC_URL must be set in production (the shop’s public origin, e.g. https://shop.example.com)');
  }
  // The app's catalogue cache hears every write's events on the ports' bus, the expiry sweeper's included.
  const ports = await createEmbeddedPorts(config, { clock: options.clock, live: { ...config.live, ...options.live } });
  const { mailer, devMailbox } = ports;
  if (mailer.mode === 'none')
    console.warn('[mail] production without SMTP_URL: no email will be sent (set SMTP_URL and MAIL_FROM)');
  const seeded = await isEmpty(ports);
  if (seeded) await seedDemo(ports, config.seedAdmin);

  const shop = createShop(
    ports,
    appOptions(config, {
      backend: 'embedded',
      catalogCacheTtlMs: Number.POSITIVE_INFINITY, // every write goes through this process and clears it
      devMailbox,
      extraRoutes: (app, { settings }) => {
        app.use('/uploads', express.static(config.uploadsDir, { immutable: true, maxAge: '365d', fallthrough: false }));
        // Precompressed build files by Accept-Encoding; hashed assets immutable, index.html always revalidated.
        // Catalogue and product pages carry their own head (title, tags, JSON-LD) and their first data; should the
        // catalogue not answer, the plain index.html announces the home page's API calls (Link: preload) instead.
        if (hasWebApp(config.webDist)) {
          const template = indexTemplate(config.webDist);
          const pages = pageRoutes({
            catalog: ports.store.products,
            categories: ports.store.categories,
            settings: ports.store.settings,
            publicSettings: () => settings.current(),
            template,
            pageSize: config.pageSize,
            publicUrl: config.publicUrl,
            cacheControl: HTML_CACHE,
            pageModules: pageModules(config.webDist),
            livePosition: ports.live && (() => ports.live!.newestId()),
          });
          serveWebApp(app, config.webDist, { preloads: { '/': HOME_PRELOADS }, pages });
        }
      },
    }),
  );

  // Unpaid orders give their stock back when their hold ends; those about to end get their reminder
  // (domain/holdReminders.ts).
  const sweep = async () => {
    const now = ports.clock.now();
    const expired = await ports.store.orders.expireStale(now).catch((e) => {
      console.error('[expiry]', e);
      return 0;
    });
    await ports.store.orders.remindUnpaid(now).catch((e) => console.error('[hold reminder]', e));
    // Issue 41: idle signed-in carts get their one reminder (domain/cartReminders.ts).
    await sweepCartReminders({ store: ports.store, links: ports.unsubscribeLinks }, now).catch((e) =>
      console.error('[cart reminder]', e),
    );
    return expired;
  };
  await sweep();
  const timer = setInterval(sweep, EXPIRY_SWEEP_MS);
  timer.unref();

  prepareCountries(); // before the first order, not inside it (domain/countries.ts)
  const server = await new Promise<Server>((resolve) => {
    const s = createServer(shop.serverOptions, shop.handle).listen(config.port, config.host, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  // Mail: the outbox worker sends what the features recorded (mail/outboxWorker.ts). Links in the messages name
  // PUBLIC_URL, else (development) this server's own origin. Production without SMTP starts no worker: the
  // messages stay in the outbox, unsent, never pretended sent. Times in the shop's time zone (settings) unless the
  // message was recorded with one.
  const mailOrigin = config.publicUrl ?? `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  // Rendering (React Email, tens of ms of CPU per order mail) on a thread of its own, off the event loop that answers
  // a sale's orders (issue 42).
  const renderOptions = { timeZone: settingsTimeZone(ports.store.settings) };
  const renderThread =
    mailer.mode !== 'none' && (options.mailRenderThread ?? RUN_BUILT)
      ? threadMailRenderer(mailOrigin, renderOptions)
      : undefined;
  const mailWorker =
    mailer.mode === 'none'
      ? undefined
      : new OutboxWorker(
          ports.mail,
          mailer,
          renderThread?.render ?? mailRenderer(mailOrigin, renderOptions),
          ports.clock,
          options.mailWorker,
        ).start();
  ports.mail.onRecorded = () => mailWorker?.wake();
  ports.accounts.onMailRecorded = () => mailWorker?.wake();

  // Issue 42: the order path compiled before the first shoppers need it (saleRehearsal.ts). A second after listening, so
  // the start-up's own first requests (health checks, the first page) do not wait behind it.
  let rehearsal: Promise<RehearsalResult> | undefined;
  const rehearsalTimer =
    (options.rehearse ?? (config.saleRehearsal && RUN_BUILT))
      ? setTimeout(() => {
          rehearsal = rehearseSale(config, (scratch) => createEmbeddedPorts(scratch));
          void rehearsal.then(({ statuses, ms, cpuMs }) =>
            console.log(
              `${REHEARSED_LOG} on a scratch shop (${describeStatuses(statuses)}; ${Math.round(ms)} ms, ${Math.round(cpuMs)} ms of CPU)`,
            ),
          );
        }, REHEARSAL_DELAY_MS)
      : undefined;
  rehearsalTimer?.unref();

  return {
    port,
    url: `http://localhost:${port}`,
    seeded,
    paymentMode: ports.payments.mode,
    /** How mail goes out (tests deliver through it; the start-up log names it). */
    mailer,
    /** Runs the expiry sweep now (tests). */
    sweepExpired: sweep,
    /** The live events hub (tests read its counts). */
    live: ports.live,
    /** Sends the mail that is due now (tests); answers how many were sent. */
    sendMail: async () => (mailWorker ? mailWorker.runOnce() : 0),
    /** The start-up rehearsal's result once it ran (tests), undefined before it started or when it does not run. */
    rehearsal: () => rehearsal,
    close: async () => {
      clearInterval(timer);
      clearTimeout(rehearsalTimer);
      await rehearsal;
      await mailWorker?.stop();
      await renderThread?.close();
      ports.live?.close(); // open event streams would keep server.close() waiting
      await new Promise<void>((r) => server.close(() => r()));
      if (mailer instanceof SmtpMailer) mailer.close();
      await ports.store.close();
    },
  };
}

const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  const config = readConfig();
  const running = await startServer(config);
  const webBuilt = hasWebApp(config.webDist);
  console.log(
    `\nVoltshop is running at ${running.url}${webBuilt ? '' : '  (API only: run `npm run build -w web` for the shop pages)'}`,
  );
  console.log(`  data: ${config.dataDir}${running.seeded ? ' (demo data seeded)' : ''}`);
  console.log(`  payments: ${PAYMENT_MODE_WORDS[running.paymentMode]}`);
  console.log(`  mail:     ${describeMailer(running.mailer, running.url)}`);
  console.log(`  admin:    ${config.seedAdmin.email} / ${config.seedAdmin.password}`);
  for (const c of Object.values(DEMO_CUSTOMERS)) console.log(`  customer: ${c.email} / ${c.password}`);
  const stop = () => running.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
