// The back-in-stock mails (issue 41): a subscriber of the ports' events (never a wrapper of the store). A product
// whose stock a write changed (StockChanged: an order, a cancel, a refund's restock; ProductSaved: the admin's edit)
// and that an alert watches is read once, and each of its levels handed to the alert store, which mails the oldest
// waiting subscribers when the level rose (domain/stockAlerts.ts restockBatchSize), in one write with the mails.
// The work runs after the write's answer, one batch of events after the other (a restock heard twice in a row is
// told apart by the level each write stored). A crash in between leaves the alerts waiting for the next restock.
import type { DomainEvent } from '../../domain/events.js';
import { LOW_STOCK_THRESHOLD } from '../../domain/limits.js';
import { productLevels } from '../../domain/stockAlerts.js';
import type { Product } from '../../domain/types.js';
import type { Clock, EventSource, Store } from '../../ports.js';
import { backInStockMail, lowStockMails, type StockAlertLinks } from './mails.js';

/** The products whose stock these events changed. */
export function restockedProducts(events: readonly DomainEvent[]): string[] {
  const ids = new Set<string>();
  for (const event of events) {
    if (event.type === 'StockChanged') for (const level of event.stock) ids.add(level.product);
    // A new product's stock is no fall nor restock (and the seed's low ones mail nobody).
    else if (event.type === 'ProductSaved' && (event.change === 'updated' || event.change === 'published'))
      ids.add(event.productId);
  }
  return [...ids];
}

/** Reads a product as it is now, once however often it is asked (one run of the stock alerts' work). */
type ProductReader = (id: string) => Promise<Product | null>;

function readOncePer(store: Pick<Store, 'products'>): ProductReader {
  const read = new Map<string, Promise<Product | null>>();
  return (id) => {
    let product = read.get(id);
    if (!product) read.set(id, (product = store.products.get(id, { reviews: false })));
    return product;
  };
}

/** Hands each watched product's levels to the alert store; answers how many mails were recorded. */
export async function mailRestocks(
  store: Pick<Store, 'products' | 'stockAlerts'>,
  links: StockAlertLinks,
  productIds: readonly string[],
  readProduct: ProductReader = readOncePer(store),
): Promise<number> {
  let mailed = 0;
  for (const id of productIds) {
    if (!(await store.stockAlerts.watching(id))) continue;
    const product = await readProduct(id);
    if (!product) continue;
    for (const level of productLevels(product))
      mailed += await store.stockAlerts.restocked(level, (alert) => backInStockMail(alert, product, links));
  }
  return mailed;
}

/** The owner's low-stock threshold in force (app.ts: from features/settings/settingsCache.ts, which follows the saves). */
export interface LowStockSettings {
  lowStockThreshold(): Promise<number>;
}

/**
 * Issue 40: the owner's low-stock alert. Each product whose stock moved is read once and its levels handed to the
 * store, which marks (and mails the admins about) each item newly at or below the owner's `lowStockThreshold` (settings,
 * also the dashboard's), and clears those back above it: one mail per item and crossing.
 */
export async function mailLowStock(
  store: Pick<Store, 'products' | 'stockAlerts' | 'settings'>,
  productIds: readonly string[],
  clock: Clock,
  settings?: LowStockSettings,
  readProduct: ProductReader = readOncePer(store),
): Promise<number> {
  let marked = 0;
  if (productIds.length === 0) return 0;
  // The owner's threshold: from the settings the app keeps in memory where given, else read once per batch of events.
  const threshold = settings
    ? await settings.lowStockThreshold()
    : ((await store.settings.get())?.lowStockThreshold ?? LOW_STOCK_THRESHOLD);
  for (const id of productIds) {
    const product = await readProduct(id);
    if (!product) continue;
    const at = clock.now().toISOString();
    marked += await store.stockAlerts.lowStock(productLevels(product), threshold, (level, admins) =>
      lowStockMails(level, product, threshold, admins, at),
    );
  }
  return marked;
}

/** Subscribes the back-in-stock and low-stock mails to the events; answers `idle()`, which resolves once what was heard is done.
 *  The work reads each product as it is when the work runs, so the products heard before a run starts join it and
 *  are read once (issue 42: a group commit publishes one StockChanged per placed order, all at once: a sale's batch
 *  of twenty orders of one product was twenty rounds of the same reads). A change heard once a run has started gets
 *  a run of its own after it. A run reads each product once for both kinds of mail, and the threshold from `settings`
 *  where given (issue 42: in a steady flow of orders, a run per order; the settings' read was one of its five). */
export function listenForRestocks(
  events: EventSource,
  store: Pick<Store, 'products' | 'stockAlerts' | 'settings'>,
  links: StockAlertLinks,
  clock: Clock,
  settings?: LowStockSettings,
): { idle: () => Promise<void>; stop: () => void } {
  let queue: Promise<void> = Promise.resolve();
  /** The products of the run queued and not started yet; null when there is none. */
  let waiting: Set<string> | null = null;
  const stop = events.subscribe((published) => {
    const ids = restockedProducts(published);
    if (ids.length === 0) return;
    if (waiting) {
      for (const id of ids) waiting.add(id);
      return;
    }
    const run = new Set(ids);
    waiting = run;
    queue = queue
      .then(() => {
        waiting = null;
        const products = [...run];
        const readProduct = readOncePer(store);
        return mailRestocks(store, links, products, readProduct).then(() =>
          mailLowStock(store, products, clock, settings, readProduct),
        );
      })
      .then(
        () => undefined,
        (error: unknown) => console.error('[stock alerts] restock mails failed', error),
      );
  });
  return { idle: () => queue, stop };
}
