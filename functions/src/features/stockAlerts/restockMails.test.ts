// The stock-alert subscriber's queue: what it reads for the events it hears (issue 42: a sale's group commit
// publishes one StockChanged per placed order of a batch, all at once).
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../domain/events.js';
import type { Product } from '../../domain/index.js';
import type { EventHandler, EventSource, Store } from '../../ports.js';
import { listenForRestocks } from './restockMails.js';

const links = { product: (id: string) => `/product/${id}`, unsubscribe: (id: string) => `/unsubscribe/${id}` };
const clock = { now: () => new Date('2026-12-01T12:00:00Z') };

function fakeShop(options: { lowStockThreshold?: number; watched?: string[] } = {}) {
  let handler: EventHandler = () => undefined;
  const events: EventSource = {
    subscribe: (h) => {
      handler = h;
      return () => undefined;
    },
  };
  const reads: string[] = [];
  /** Set to hold the next product read until `release` runs. */
  let gate: Promise<void> | null = null;
  const stock = new Map<string, number>([
    ['p1', 50],
    ['p2', 40],
  ]);
  const store = {
    products: {
      get: async (id: string) => {
        reads.push(`product ${id}`);
        if (gate) await gate;
        return { _id: id, name: id, countInStock: stock.get(id) ?? 0, variants: [] } as unknown as Product;
      },
    },
    settings: {
      get: async () => {
        reads.push('settings');
        return null;
      },
    },
    stockAlerts: {
      watching: async (id: string) => {
        reads.push(`watching ${id}`);
        return options.watched?.includes(id) ?? false;
      },
      restocked: async () => 0,
      lowStock: async () => 0,
    },
  } as unknown as Pick<Store, 'products' | 'stockAlerts' | 'settings'>;
  // The settings in force as the app keeps them in memory (features/settings/settingsCache.ts), when given.
  const settings =
    options.lowStockThreshold === undefined ? undefined : { lowStockThreshold: async () => options.lowStockThreshold! };
  const listener = listenForRestocks(events, store, links as never, clock, settings);
  const publish = (events: DomainEvent[]) => handler(events);
  const stockChanged = (product: string, countInStock: number): DomainEvent[] => {
    stock.set(product, countInStock);
    return [{ type: 'StockChanged', stock: [{ product, countInStock }] }];
  };
  const hold = () => {
    let release!: () => void;
    gate = new Promise<void>((resolve) => (release = resolve));
    return () => {
      gate = null;
      release();
    };
  };
  return { publish, stockChanged, reads, listener, hold };
}

describe('listenForRestocks', () => {
  it('reads each product once for the events heard before its work starts (a batch of placed orders)', async () => {
    const shop = fakeShop();
    // One group commit of four orders publishes four times in a row, before any listener work runs.
    shop.publish(shop.stockChanged('p1', 49));
    shop.publish(shop.stockChanged('p1', 48));
    shop.publish(shop.stockChanged('p2', 39));
    shop.publish(shop.stockChanged('p1', 47));
    await shop.listener.idle();
    expect(shop.reads).toEqual(['watching p1', 'watching p2', 'settings', 'product p1', 'product p2']);
  });

  it('a change heard while the work runs is read again after it (none is lost)', async () => {
    const shop = fakeShop();
    const release = shop.hold();
    shop.publish(shop.stockChanged('p1', 49));
    // Let the work start and wait on the product's read.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shop.reads).toEqual(['watching p1', 'settings', 'product p1']);
    shop.publish(shop.stockChanged('p1', 48));
    shop.publish(shop.stockChanged('p1', 47));
    release();
    await shop.listener.idle();
    await shop.listener.idle();
    expect(shop.reads).toEqual(['watching p1', 'settings', 'product p1', 'watching p1', 'settings', 'product p1']);
  });

  it('with the settings kept in memory, a run reads no settings (issue 42: one read fewer per order in a steady flow)', async () => {
    const shop = fakeShop({ lowStockThreshold: 5 });
    shop.publish(shop.stockChanged('p1', 49));
    await shop.listener.idle();
    shop.publish(shop.stockChanged('p1', 48));
    await shop.listener.idle();
    expect(shop.reads).toEqual(['watching p1', 'product p1', 'watching p1', 'product p1']);
  });

  it('a watched product is read once for both its restock and its low-stock level', async () => {
    const shop = fakeShop({ lowStockThreshold: 5, watched: ['p2'] });
    shop.publish(shop.stockChanged('p2', 39));
    await shop.listener.idle();
    expect(shop.reads).toEqual(['watching p2', 'product p2']);
  });

  it('events that change no stock start no work', async () => {
    const shop = fakeShop();
    shop.publish([{ type: 'SessionsRevoked', userId: 'u1' }]);
    await shop.listener.idle();
    expect(shop.reads).toEqual([]);
  });
});
