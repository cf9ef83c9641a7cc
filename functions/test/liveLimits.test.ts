// The live streams' limits on a real server (issue 24): clients that never read cost bounded memory, a resumed
// stream's replay obeys the per-stream cap, streams the server ends have their sockets closed, and streams are
// counted per address as well as per account.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream, streamOpener } from './support/sse.js';
import { registerCustomer, startTestShop, type TestShop } from './support/shop.js';

const PER_CLIENT = 3;
const MAX_QUEUED = 64 * 1024;
const MAX_BUFFERED = 512 * 1024;
/** A product event with long reviews is ~95 KB. */
const BIG = { reviews: 'r'.repeat(100 * 1024) };

let shop: TestShop;
beforeAll(async () => {
  // TRUST_PROXY=loopback: the tests speak for several client addresses through X-Forwarded-For.
  shop = await startTestShop(
    {
      TRUST_PROXY: 'loopback',
      LIVE_MAX_STREAMS_PER_CLIENT: String(PER_CLIENT),
      LIVE_MAX_BUFFERED_BYTES: String(MAX_BUFFERED),
    },
    { live: { maxQueuedBytes: MAX_QUEUED } },
  );
});
afterAll(async () => shop?.close());

const { stream, closeAll } = streamOpener(() => shop.url);

/** Resolves once `done()` holds, checking every few milliseconds; fails after `ms`. */
async function until(done: () => boolean, what: string, ms = 3000) {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** The newest event id, as a fresh stream's `ready` tells it. */
async function newestId(address: string) {
  const s = await openStream(`${shop.url}/api/live?topics=catalog`, { 'X-Forwarded-For': address });
  const ready = await s.next((e) => e.event === 'ready');
  s.close();
  return ready.id!;
}

/** A raw connection that asks for a stream and never reads a byte of the answer. */
function nonReadingStream(path: string, address: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(shop.url);
    const socket = connect({ host: '127.0.0.1', port: Number(port) }, () => {
      socket.pause();
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${address}\r\n\r\n`);
      resolve(socket);
    });
    socket.pause();
    socket.on('error', () => undefined); // a reset from the server is one way of being closed
    socket.once('error', reject);
  });
}

/** Resolves when the server closed the connection (the client reads what is left, then sees the end). */
function closedByServer(socket: Socket, ms = 3000): Promise<'closed' | 'open'> {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve('closed');
    const timer = setTimeout(() => resolve('open'), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve('closed');
    });
    socket.on('data', () => undefined);
    socket.resume();
  });
}

describe('memory', () => {
  afterAll(closeAll);

  it('a resumed stream whose replay exceeds the per-stream cap gets resync instead of the replay', async () => {
    const address = '192.0.2.1';
    const before = await newestId(address);
    for (let i = 0; i < 4; i++) shop.live.publish('catalog', 'product', { _id: `big${i}`, ...BIG }); // > 256 KB
    const resumed = await stream('topics=catalog', { 'X-Forwarded-For': address, 'Last-Event-ID': before });
    expect(resumed.status).toBe(200);
    await resumed.next((e) => e.event === 'ready');
    expect(resumed.events.map((e) => e.event)).toEqual(['resync', 'ready']);
    resumed.close();

    // Within the cap, the missed events are replayed as before.
    const small = await newestId(address);
    shop.live.publish('catalog', 'product', { _id: 'small' });
    const caughtUp = await stream('topics=catalog', { 'X-Forwarded-For': address, 'Last-Event-ID': small });
    await caughtUp.next((e) => e.event === 'ready');
    expect(caughtUp.events.map((e) => e.event)).toEqual(['product', 'ready']);
    closeAll();
  });

  it('streams that read are never cut for the bound, even when one event to all of them passes it', async () => {
    const readers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => stream('topics=catalog', { 'X-Forwarded-For': `192.0.2.${100 + i}` })),
    );
    await Promise.all(readers.map((r) => r.next((e) => e.event === 'ready')));
    shop.live.publish('catalog', 'product', { _id: 'for-all', ...BIG }); // 10 x 100 KB > MAX_BUFFERED
    for (const r of readers) expect((await r.next((e) => e.data?.data?._id === 'for-all')).event).toBe('product');
    expect(shop.live.openStreams).toBe(readers.length);
    closeAll();
    await until(() => shop.live.openStreams === 0, 'the readers to close');
  });

  it("streams that never read stay within the server's buffered-bytes bound, and the ones it ends are closed", async () => {
    // Many addresses (the per-address cap is not what is tested here), each with streams that resume from before
    // a few hundred KB of events, then never read while events keep coming.
    const before = await newestId('192.0.2.2');
    for (let i = 0; i < 8; i++) shop.live.publish('catalog', 'product', { _id: `old${i}`, ...BIG });
    const sockets: Socket[] = [];
    for (let i = 0; i < 20; i++)
      sockets.push(
        await nonReadingStream(`/api/live?topics=catalog&lastEventId=${before}`, `198.51.100.${10 + (i % 10)}`),
      );
    await until(() => shop.live.openStreams === sockets.length, 'the streams to open');
    expect(shop.live.bufferedBytes()).toBeLessThanOrEqual(MAX_BUFFERED);

    let worst = 0;
    for (let i = 0; i < 300 && shop.live.openStreams > 0; i++) {
      shop.live.publish('catalog', 'product', { _id: `new${i}`, ...BIG });
      worst = Math.max(worst, shop.live.bufferedBytes());
      await new Promise((r) => setImmediate(r)); // let the sockets take what the kernel will
    }
    expect(worst).toBeLessThanOrEqual(MAX_BUFFERED);
    // Every stream was cut (none reads) and no longer counts once its socket has closed.
    await until(() => shop.live.openStreams === 0, 'the ended streams to close');
    expect(await Promise.all(sockets.map((s) => closedByServer(s)))).toEqual(sockets.map(() => 'closed'));
  });
});

describe('caps', () => {
  afterAll(closeAll);

  it('one address with many accounts cannot pass the per-client cap; an unrelated address still gets a stream', async () => {
    closeAll();
    await until(() => shop.live.openStreams === 0, 'earlier streams to close');
    const crowded = { 'X-Forwarded-For': '203.0.113.7' };
    const accounts = await Promise.all(Array.from({ length: PER_CLIENT + 1 }, () => registerCustomer(shop, 'crowd')));
    const statuses: number[] = [];
    for (const token of accounts) {
      const granted = await shop.call('POST', '/api/live/tickets', { token, body: { topics: ['cart'] } });
      expect(granted.status).toBe(201);
      statuses.push((await stream(`ticket=${granted.body.ticket}`, crowded)).status);
    }
    expect(statuses).toEqual([...accounts.slice(1).map(() => 200), 429]);
    // A visitor's stream from that address counts against the same cap.
    const visitor = await stream('topics=catalog', crowded);
    expect(visitor.status).toBe(429);
    expect(visitor.refusal.message).toMatch(/Too many live connections/);

    const elsewhere = await stream('topics=catalog', { 'X-Forwarded-For': '198.51.100.99' });
    expect(elsewhere.status).toBe(200);
    await elsewhere.next((e) => e.event === 'ready');
  });
});
