// The live position an answer carries (docs/live.md, the first stream's gap) must be taken BEFORE the answer's data is
// read: a write committed between the read and the answer is then replayed to a first stream opened from it. Here a
// write lands, deterministically, while the product's read is held (its data already read), through a routed
// answer that fills the catalogue cache, and the fast path's repeat.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedPorts } from '../src/adapters/embedded/index.js';
import { appOptions, createShop } from '../src/app.js';
import { readConfig } from '../src/config.js';
import type { EventBus } from '../src/events/bus.js';
import type { Ports } from '../src/ports.js';
import { openStream } from './support/sse.js';

let server: Server;
let base: string;
let ports: Ports;
let productId: string;
let close: () => Promise<void>;
/** While set, a product read waits for it after reading (the data is read, the answer not yet sent). */
let holdRead: Promise<void> | null = null;
let readDone: () => void = () => undefined;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'voltshop-liveposition-'));
  const config = readConfig({ DATA_DIR: dataDir });
  ports = await createEmbeddedPorts(config);
  productId = (
    await ports.store.products.create(
      {
        name: 'Position Lamp',
        price: 10,
        image: '/images/sample.svg',
        brand: 'Volt',
        category: 'Lighting',
        description: 'A lamp.',
        countInStock: 3,
      },
      'owner-1',
    )
  )._id;
  const products = ports.store.products;
  const get = products.get.bind(products);
  products.get = async (...args) => {
    const product = await get(...args);
    if (holdRead) {
      readDone();
      await holdRead;
    }
    return product;
  };
  const shop = createShop(ports, appOptions(config, { backend: 'embedded', catalogCacheTtlMs: Infinity }));
  server = createServer(shop.serverOptions, shop.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  close = async () => {
    await new Promise((r) => server.close(r));
    await ports.store.close();
    await rm(dataDir, { recursive: true, force: true });
  };
});
afterAll(() => close?.());

/** A write's commit as the stores announce it: the catalogue cache and the live hub hear it at once. */
const commitStock = (countInStock: number) =>
  (ports.events as EventBus).publish([{ type: 'StockChanged', stock: [{ product: productId, countInStock }] }]);

async function replayedStock(position: string) {
  const s = await openStream(`${base}/api/live?topics=product:${productId}&lastEventId=${position}`);
  try {
    await s.next((e) => e.event === 'ready');
    return s.events.filter((e) => e.event === 'product').at(-1)?.data.data.countInStock as number | undefined;
  } finally {
    s.close();
  }
}

describe('the live position of an answer', () => {
  it('is taken before the read: a write landing after the data was read, before the answer, is replayed', async () => {
    let release!: () => void;
    holdRead = new Promise<void>((r) => (release = r));
    const reading = new Promise<void>((r) => (readDone = r));
    const answer = fetch(`${base}/api/products/${productId}`);
    await reading; // the product's data is read (3 in stock); its answer waits
    commitStock(2); // a second shopper's order commits now
    holdRead = null;
    release();
    const res = await answer;
    expect(((await res.json()) as { countInStock: number }).countInStock).toBe(3);
    const position = res.headers.get('x-live-event-id')!;
    expect(position).toMatch(/^[0-9a-f]{8}\.\d+$/);
    expect(await replayedStock(position)).toBe(2);
  });

  it('a kept catalogue answer (the fast path, a 304) is never older than its position', async () => {
    const path = `/api/products/${productId}`;
    await fetch(base + path); // kept in the catalogue cache
    const kept = await fetch(base + path); // from memory, before Express
    const position = kept.headers.get('x-live-event-id')!;
    commitStock(1); // the cache patches the kept answer's stock in place; the hub publishes it
    const patched = await fetch(base + path, { headers: { 'If-None-Match': kept.headers.get('etag')! } });
    expect(patched.status).toBe(200); // the ETag changed with the stock
    expect(((await patched.json()) as { countInStock: number }).countInStock).toBe(1);
    const after = patched.headers.get('x-live-event-id')!;
    expect(Number(after.split('.')[1])).toBe(Number(position.split('.')[1]) + 2); // the product's and the catalogue's
    expect(await replayedStock(position)).toBe(1);
    expect(await replayedStock(after)).toBeUndefined(); // nothing after: the answer already had it
    const again = await fetch(base + path, { headers: { 'If-None-Match': patched.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('x-live-event-id')).toBe(after);
  });
});
