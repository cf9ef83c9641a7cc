// Live events on the embedded server (GET /api/live, POST /api/live/tickets) and the server-side cart (/api/cart):
// who may listen to what, that events arrive after writes, resume, caps, revocation, back-pressure.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LiveHub } from '../src/live/hub.js';
import { streamOpener, type OpenStream } from './support/sse.js';
import { placeOneUnitOrder, registerCustomer, shippingAddress, startTestShop, type TestShop } from './support/shop.js';

let shop: TestShop;
const PER_OWNER = 3;
beforeAll(async () => {
  shop = await startTestShop({}, { live: { maxStreamsPerOwner: PER_OWNER } });
});
afterAll(async () => shop?.close());

const { stream, closeAll } = streamOpener(() => shop.url);

async function ticket(token: string | undefined, topics: string[]) {
  return shop.call('POST', '/api/live/tickets', { token, body: { topics } });
}

/** A product without variants with some stock (a variant's stock is a frame of its own: variants.test.ts). */
async function firstProduct() {
  const list = await shop.call('GET', '/api/products?pageNumber=1');
  return list.body.products.find(
    (p: { countInStock: number; variants: unknown[] }) => p.countInStock >= 2 && p.variants.length === 0,
  );
}

async function userId(token: string) {
  return (await shop.call('GET', '/api/users/profile', { token })).body._id as string;
}

describe('stream authorization', () => {
  afterAll(closeAll);

  it('private topics need a ticket: a bearer-less stream for cart, an order or admin is a 401', async () => {
    for (const t of ['cart', 'admin', 'order:abc']) {
      const s = await stream(`topics=${t}`);
      expect(s.status, t).toBe(401);
      expect(typeof s.refusal.message).toBe('string');
    }
  });

  it("a customer's cart ticket is always their own cart (no way to name another's)", async () => {
    const alice = await shop.aliceToken();
    const res = await ticket(alice, ['cart']);
    expect(res.status).toBe(201);
    expect(res.body.topics).toEqual([`cart:${await userId(alice)}`]);
    expect((await ticket(alice, ['cart:someone-else'])).status).toBe(400);
  });

  it("a customer can never subscribe to another's order; its owner and an admin can", async () => {
    const order = await placeOneUnitOrder(shop, await shop.aliceToken());
    expect((await ticket(await shop.bobToken(), [`order:${order._id}`])).status).toBe(403);
    expect((await ticket(await shop.aliceToken(), [`order:${order._id}`])).status).toBe(201);
    expect((await ticket(await shop.adminToken(), [`order:${order._id}`])).status).toBe(201);
    expect((await ticket(undefined, [`order:${order._id}`])).status).toBe(401);
  });

  it('a non-admin never gets the admin views', async () => {
    expect((await ticket(await shop.aliceToken(), ['admin'])).status).toBe(403);
    expect((await ticket(await shop.aliceToken(), ['catalog', 'admin'])).status).toBe(403);
    expect((await ticket(await shop.adminToken(), ['admin'])).status).toBe(201);
  });

  it('a ticket opens one stream only, and only for what it granted', async () => {
    const alice = await shop.aliceToken();
    const { ticket: t } = (await ticket(alice, ['cart'])).body;
    const first = await stream(`ticket=${t}`);
    expect(first.status).toBe(200);
    const again = await stream(`ticket=${t}`);
    expect(again.status).toBe(401);
    // Bob's cart write is not heard on Alice's stream; hers is.
    const bob = await shop.bobToken();
    const product = await firstProduct();
    await shop.call('PUT', '/api/cart', { token: bob, body: { items: [{ product: product._id, qty: 2 }] } });
    await shop.call('PUT', '/api/cart', { token: alice, body: { items: [{ product: product._id, qty: 1 }] } });
    const heard = await first.next((e) => e.event === 'cart');
    expect(heard.data.data.items).toEqual([{ product: product._id, qty: 1 }]);
    expect(first.events.filter((e) => e.event === 'cart')).toHaveLength(1);
  });
});

describe('events after writes', () => {
  afterAll(closeAll);

  it("a second shopper's purchase reaches a product's and the catalogue's listeners with the new stock", async () => {
    const product = await firstProduct();
    const s = await stream(`topics=catalog,product:${product._id}`);
    await s.next((e) => e.event === 'ready');
    const buyer = await registerCustomer(shop, 'live');
    const res = await shop.call('POST', '/api/orders', {
      token: buyer,
      body: { orderItems: [{ product: product._id, qty: 1 }], shippingAddress },
    });
    expect(res.status).toBe(201);
    // What the order changed, from its StockChanged event (no read of the product after the order): the web
    // merges it into what it shows (web/src/lib/live/types.ts LiveProduct).
    const detail = await s.next((e) => e.event === 'product' && e.data.topic === `product:${product._id}`);
    expect(detail.data.data).toEqual({ _id: product._id, countInStock: product.countInStock - 1 });
    const card = await s.next((e) => e.event === 'product' && e.data.topic === 'catalog');
    expect(card.data.data).toEqual({ _id: product._id, countInStock: product.countInStock - 1 });
    expect(card.data.data.reviews).toBeUndefined();
  });

  it('an order of a variant reaches the product’s listeners as that variant’s new stock (issue 29)', async () => {
    const list = await shop.call('GET', '/api/products?pageNumber=1');
    const phone = list.body.products.find(
      (p: { variants: { countInStock: number }[] }) => p.variants.length > 1 && p.variants[1]!.countInStock >= 1,
    );
    const variant = phone.variants[1] as { _id: string; countInStock: number };
    const s = await stream(`topics=product:${phone._id}`);
    await s.next((e) => e.event === 'ready');
    const buyer = await registerCustomer(shop, 'livevariant');
    const res = await shop.call('POST', '/api/orders', {
      token: buyer,
      body: { orderItems: [{ product: phone._id, variant: variant._id, qty: 1 }], shippingAddress },
    });
    expect(res.status).toBe(201);
    const frame = await s.next((e) => e.event === 'product');
    expect(frame.data.data).toEqual({ _id: phone._id, variantStock: { [variant._id]: variant.countInStock - 1 } });
    s.close(); // the per-client cap on open streams: the cases below open their own
  });

  it("marking delivered reaches the order's owner and the admin views", async () => {
    const alice = await shop.aliceToken();
    const admin = await shop.adminToken();
    const order = await placeOneUnitOrder(shop, alice);
    const mine = await stream(`ticket=${(await ticket(alice, [`order:${order._id}`])).body.ticket}`);
    const adminView = await stream(`ticket=${(await ticket(admin, ['admin'])).body.ticket}`);
    await mine.next((e) => e.event === 'ready');
    await adminView.next((e) => e.event === 'ready');
    expect(
      (await shop.call('PUT', `/api/orders/${order._id}/pay`, { token: alice, body: { simulated: true } })).status,
    ).toBe(200);
    expect((await shop.call('PUT', `/api/orders/${order._id}/deliver`, { token: admin })).status).toBe(200);
    const delivered = await mine.next((e) => e.event === 'order' && e.data.data.isDelivered);
    expect(delivered.data.data.deliveredAt).toEqual(expect.any(String));
    await adminView.next((e) => e.event === 'order' && e.data.data._id === order._id && e.data.data.isDelivered);
    const fresh = await placeOneUnitOrder(shop, alice);
    await adminView.next((e) => e.event === 'order' && e.data.data._id === fresh._id);
  });
});

/** `<run>.<seq>`'s sequence number. */
const seqOf = (id: string) => Number(id.split('.')[1]);

describe("the first stream's position: each answer carries where the hub was before its read (docs/live.md)", () => {
  afterAll(closeAll);

  it("a product's answer (routed, from the fast path, a 304) carries it; a stream opened with it replays a purchase made after the read", async () => {
    const product = await firstProduct();
    const path = `/api/products/${product._id}`;
    const read = await shop.call('GET', path);
    const position = read.headers.get('x-live-event-id')!;
    expect(position).toMatch(/^[0-9a-f]{8}\.\d+$/);
    // The same answer again, from memory before Express (http/fastPath.ts), and as a 304: never a later position
    // than the data's, since the catalogue cache hears every event as the hub publishes it.
    const again = await shop.call('GET', path);
    expect(seqOf(again.headers.get('x-live-event-id')!)).toBeGreaterThanOrEqual(seqOf(position));
    const etag = again.headers.get('etag')!;
    const notModified = await shop.call('GET', path, { headers: { 'If-None-Match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('x-live-event-id')).toMatch(/^[0-9a-f]{8}\.\d+$/);

    // A second shopper buys one between the page's read and its stream (the page's live code loads after paint).
    const buyer = await registerCustomer(shop, 'gap');
    const bought = await shop.call('POST', '/api/orders', {
      token: buyer,
      body: { orderItems: [{ product: product._id, qty: 1 }], shippingAddress },
    });
    expect(bought.status).toBe(201);
    const s = await stream(`topics=product:${product._id}&lastEventId=${position}`);
    const replayed = await s.next((e) => e.event === 'product');
    expect(replayed.data.data).toEqual({ _id: product._id, countInStock: read.body.countInStock - 1 });
    const ready = await s.next((e) => e.event === 'ready');
    expect(s.events.filter((e) => e.event === 'resync')).toEqual([]);
    // A read after the purchase is at a later position (its answer has the purchase: nothing to replay).
    const after = await shop.call('GET', path);
    expect(after.body.countInStock).toBe(read.body.countInStock - 1);
    expect(seqOf(after.headers.get('x-live-event-id')!)).toBeGreaterThan(seqOf(position));
    expect(seqOf(ready.id!)).toBeGreaterThanOrEqual(seqOf(after.headers.get('x-live-event-id')!));
    s.close();
  });

  it("an order's answer carries it; its owner's first stream opened with it hears the delivery made after the read", async () => {
    const alice = await shop.aliceToken();
    const admin = await shop.adminToken();
    const order = await placeOneUnitOrder(shop, alice);
    await shop.call('PUT', `/api/orders/${order._id}/pay`, { token: alice, body: { simulated: true } });
    const read = await shop.call('GET', `/api/orders/${order._id}`, { token: alice });
    expect(read.body.isDelivered).toBe(false);
    const position = read.headers.get('x-live-event-id')!;
    expect((await shop.call('PUT', `/api/orders/${order._id}/deliver`, { token: admin })).status).toBe(200);
    const t = (await ticket(alice, [`order:${order._id}`])).body.ticket;
    const s = await stream(`ticket=${t}&lastEventId=${encodeURIComponent(position)}`);
    const delivered = await s.next((e) => e.event === 'order' && e.data.data.isDelivered);
    expect(delivered.data.data._id).toBe(order._id);
    s.close();
  });
});

describe('resilience', () => {
  afterAll(closeAll);

  it('a stream resumed with Last-Event-ID gets what it missed, once; an unknown id gets resync', async () => {
    const product = await firstProduct();
    const admin = await shop.adminToken();
    const s = await stream(`topics=product:${product._id}`);
    const ready = await s.next((e) => e.event === 'ready');
    s.close();
    const update = (price: number) =>
      shop.call('PUT', `/api/products/${product._id}`, {
        token: admin,
        body: {
          ...product,
          price,
          _id: undefined,
          rating: undefined,
          numReviews: undefined,
          createdAt: undefined,
          updatedAt: undefined,
          slug: undefined,
          user: undefined,
        },
      });
    expect((await update(123.45)).status).toBe(200);
    const resumed = await stream(`topics=product:${product._id}`, { 'Last-Event-ID': ready.id! });
    const missed = await resumed.next((e) => e.event === 'product');
    expect(missed.data.data.price).toBe(123.45);
    await resumed.next((e) => e.event === 'ready');
    expect(resumed.events.map((e) => e.event)).toEqual(['product', 'ready']);

    const foreign = await stream(`topics=product:${product._id}`, { 'Last-Event-ID': 'otherrun.5' });
    expect((await foreign.next(() => true)).event).toBe('resync');
  });

  it('refuses a stream over the per-owner cap with a clear 429', async () => {
    closeAll();
    for (let i = 0; i < PER_OWNER; i++) expect((await stream('topics=catalog')).status).toBe(200);
    const over = await stream('topics=catalog');
    expect(over.status).toBe(429);
    expect(over.refusal.message).toMatch(/Too many live connections/);
    expect(over.headers.get('retry-after')).toBe('10');
    closeAll();
  });

  it('closes the account\'s streams when its sessions are revoked ("Sign out everywhere")', async () => {
    const token = await registerCustomer(shop, 'revoke');
    const s = await stream(`ticket=${(await ticket(token, ['cart'])).body.ticket}`);
    await s.next((e) => e.event === 'ready');
    const unused = (await ticket(token, ['cart'])).body.ticket;
    expect((await shop.call('POST', '/api/users/logout-all', { token })).status).toBeLessThan(300);
    await expect(
      Promise.race([s.ended.then(() => 'ended'), new Promise((r) => setTimeout(r, 3000, 'open'))]),
    ).resolves.toBe('ended');
    expect((await stream(`ticket=${unused}`)).status).toBe(401); // tickets issued before are void too
  });

  /** The stream ends within a few seconds (else 'open'). */
  const endsSoon = (s: OpenStream) =>
    Promise.race([s.ended.then(() => 'ended'), new Promise((r) => setTimeout(r, 3000, 'open'))]);

  it("a deleted admin's admin stream ends, a ticket from before is refused and the token is a 401", async () => {
    const admin = await shop.adminToken();
    const token = await registerCustomer(shop, 'doomed-admin');
    const id = await userId(token);
    const promoted = await shop.call('PUT', `/api/users/${id}`, {
      token: admin,
      body: {
        name: 'Doomed Admin',
        email: (await shop.call('GET', `/api/users/${id}`, { token: admin })).body.email,
        isAdmin: true,
      },
    });
    expect(promoted.body.isAdmin).toBe(true);
    const adminView = await stream(`ticket=${(await ticket(token, ['admin'])).body.ticket}`);
    await adminView.next((e) => e.event === 'ready');
    const unused = (await ticket(token, ['admin'])).body.ticket;

    expect((await shop.call('DELETE', `/api/users/${id}`, { token: admin })).status).toBe(200);
    await expect(endsSoon(adminView)).resolves.toBe('ended');
    expect((await stream(`ticket=${unused}`)).status).toBe(401);
    expect((await shop.call('GET', '/api/users/profile', { token })).status).toBe(401);
    expect((await ticket(token, ['admin'])).status).toBe(401);
  });

  it("a deleted customer's order and cart streams end, and their token and tickets are refused", async () => {
    const admin = await shop.adminToken();
    const token = await registerCustomer(shop, 'doomed');
    const id = await userId(token);
    const order = await placeOneUnitOrder(shop, token);
    const theirs = await stream(`ticket=${(await ticket(token, ['cart', `order:${order._id}`])).body.ticket}`);
    await theirs.next((e) => e.event === 'ready');
    const unused = (await ticket(token, [`order:${order._id}`])).body.ticket;

    expect((await shop.call('DELETE', `/api/users/${id}`, { token: admin })).status).toBe(200);
    await expect(endsSoon(theirs)).resolves.toBe('ended');
    expect((await stream(`ticket=${unused}`)).status).toBe(401);
    expect((await shop.call('GET', '/api/cart', { token })).status).toBe(401);
  });

  it('refuses a ticket whose session check came before the sessions were ended (a request racing a deletion)', () => {
    const hub = new LiveHub();
    const checkedAt = hub.sessionsEpoch(); // taken before the bearer token is verified
    hub.endSessions('u'); // e.g. the account is deleted while its ticket request is under way
    expect(hub.issueTicket('u', ['admin'], checkedAt)).toBeNull();
    expect(hub.issueTicket('other', ['admin'], checkedAt)).toEqual(expect.any(String));
    expect(hub.issueTicket('u', ['admin'], hub.sessionsEpoch())).toEqual(expect.any(String)); // a new sign-in
    hub.close();
  });

  it('refuses a stream once the hub is closed (a reconnect racing a shutdown must not keep the server open)', () => {
    const hub = new LiveHub();
    hub.close();
    expect(hub.refusal(['ip:1'])).toEqual({
      status: 503,
      message: 'The shop is restarting; live updates resume shortly',
    });
  });

  it('closes a slow stream instead of buffering for it without bound', () => {
    const hub = new LiveHub({ maxQueuedBytes: 10 });
    const writes: string[] = [];
    let destroyed = false;
    let onClose = () => undefined as void;
    const res = {
      writableLength: 0,
      writeHead: () => res,
      write: (chunk: string) => (writes.push(chunk), true),
      end: () => undefined,
      // Destroying the socket frees what was not sent; its close follows.
      destroy: () => {
        destroyed = true;
        onClose();
      },
      on: (event: string, listener: () => void) => {
        if (event === 'close') onClose = listener;
        return res;
      },
      socket: null,
    };
    hub.open(res as never, { owners: ['ip:x'], uid: null, topics: new Set(['catalog']) }, undefined);
    hub.publish('catalog', 'product', { a: 1 });
    expect(writes.at(-1)).toContain('"a":1');
    res.writableLength = 11; // the client has not read what was sent
    hub.publish('catalog', 'product', { a: 2 });
    expect(destroyed).toBe(true);
    expect(writes.join('')).not.toContain('"a":2');
    expect(hub.openStreams).toBe(0);
    hub.close();
  });
});

describe('slow readers', () => {
  /** A response whose socket never sends: `queued` bytes stay waiting. `socketClosed()` plays the socket's close. */
  function stalledResponse(queued: number) {
    let onClose = () => undefined as void;
    const res = {
      writableLength: queued,
      destroyed: false,
      writeHead: () => res,
      write: () => true,
      end: () => undefined,
      destroy: () => {
        res.destroyed = true;
      },
      on: (event: string, listener: () => void) => {
        if (event === 'close') onClose = listener;
        return res;
      },
      socket: null,
      socketClosed: () => onClose(),
    };
    return res;
  }

  it('cuts a stream whose unsent bytes have waited too long, even under the byte cap', () => {
    vi.useFakeTimers();
    try {
      const hub = new LiveHub({ heartbeatMs: 1000, maxStalledMs: 5000 });
      const stuck = stalledResponse(100);
      const reading = stalledResponse(0);
      hub.open(stuck as never, { owners: ['ip:a'], uid: null, topics: new Set(['catalog']) }, undefined);
      hub.open(reading as never, { owners: ['ip:b'], uid: null, topics: new Set(['catalog']) }, undefined);
      vi.advanceTimersByTime(3000);
      expect(stuck.destroyed).toBe(false);
      vi.advanceTimersByTime(4000);
      expect(stuck.destroyed).toBe(true);
      expect(reading.destroyed).toBe(false);
      hub.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a stream the server cut still counts against the caps until its socket has closed', () => {
    const hub = new LiveHub({ maxStreamsPerOwner: 1 });
    const cut = stalledResponse(0);
    hub.open(cut as never, { owners: ['ip:a', 'user:u'], uid: 'u', topics: new Set(['cart:u']) }, undefined);
    hub.endSessions('u');
    expect(cut.destroyed).toBe(true);
    expect(hub.refusal(['ip:a'])?.status).toBe(429);
    expect(hub.openStreams).toBe(1);
    cut.socketClosed();
    expect(hub.refusal(['ip:a'])).toBeNull();
    expect(hub.openStreams).toBe(0);
    hub.close();
  });
});

describe('server cart (/api/cart)', () => {
  it("is the caller's own, validated and bounded", async () => {
    const token = await registerCustomer(shop, 'cart');
    expect((await shop.call('GET', '/api/cart')).status).toBe(401);
    expect((await shop.call('GET', '/api/cart', { token })).body).toEqual({ items: [], updatedAt: null });
    const product = await firstProduct();
    const put = await shop.call('PUT', '/api/cart', { token, body: { items: [{ product: product._id, qty: 3 }] } });
    expect(put.status).toBe(200);
    expect((await shop.call('GET', '/api/cart', { token })).body.items).toEqual([{ product: product._id, qty: 3 }]);
    // Another account sees its own (empty) cart, never this one.
    expect((await shop.call('GET', '/api/cart', { token: await registerCustomer(shop, 'cart') })).body.items).toEqual(
      [],
    );
    const bad = [
      { items: [{ product: product._id, qty: 0 }] },
      { items: [{ product: product._id, qty: 1.5 }] },
      { items: [{ product: product._id, qty: 1001 }] },
      {
        items: [
          { product: product._id, qty: 1 },
          { product: product._id, qty: 2 },
        ],
      },
      { items: Array.from({ length: 51 }, (_, i) => ({ product: `p${i}`, qty: 1 })) },
      { items: [{ product: '../x', qty: 1 }] },
      { items: [{ product: product._id, qty: 1, price: 0 }] },
    ];
    for (const body of bad) {
      const res = await shop.call('PUT', '/api/cart', { token, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await shop.call('GET', '/api/cart', { token })).body.items).toEqual([{ product: product._id, qty: 3 }]);
  });
});
