// The one cart sync (cartSync.ts) over both remotes of the shop's client, the embedded server's (GET/PUT /api/cart
// and live cart events) and Firestore's (carts/{uid} through the SDK side): no edit is ever lost to the account's
// copy, and a failed write is shown. Each remote is driven through a fake that hands the test every stored cart,
// every other device's change and every write.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFirebaseShop, type FirebaseModule } from '@/lib/firebase/client';
import type { LiveSource } from '@/lib/live';
import { sessionStore, setUserInfo } from '@/lib/session';
import { embeddedShop } from '@/lib/shop/embedded';
import { serverCartRemote } from '@/lib/shop/embeddedAccount';
import type { ShopClient } from '@/lib/shop';
import { CART_SAVE_DELAY_MS, CART_SYNC_FAILED, startCartSync } from './cartSync';
import { addToCart, cartStore, resetCart, type CartItem } from './store';
import { cartSyncErrorStore } from './syncStatus';

type Lines = { product: string; qty: number }[];
interface Write {
  items: Lines;
  resolve(): void;
  reject(error: Error): void;
}

/** A remote as the test drives it. */
interface Harness {
  cart: NonNullable<ShopClient['cart']>;
  writes: Write[];
  /** The account's session is ready for its cart (Firebase: the SDK signed in as the session's user). */
  signIn(): Promise<void>;
  /** The stored cart, answering the sync's first read (null: none stored yet). */
  stored(items: Lines | null): void;
  /** Another tab's or device's change. */
  change(items: Lines): void;
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** What fetch answers for /api/cart (the embedded remote); products are answered by stubProducts. */
let cartFetch: ((init?: RequestInit) => Promise<Response>) | null = null;

function embeddedHarness(): Harness {
  const writes: Write[] = [];
  let answerStored: (items: Lines) => void = () => undefined;
  let live: Parameters<LiveSource['watchCart']>[1] | undefined;
  cartFetch = (init) =>
    init?.method === 'PUT'
      ? new Promise((resolve, reject) => {
          const { items } = JSON.parse(String(init.body)) as { items: Lines };
          writes.push({ items, resolve: () => resolve(json({ items })), reject });
        })
      : new Promise((resolve) => (answerStored = (items) => resolve(json({ items }))));
  const fakeLive = { watchCart: (_uid: string, h: typeof live) => ((live = h), () => undefined) } as LiveSource;
  return {
    cart: { ...embeddedShop.cart!, remote: async (uid) => serverCartRemote(uid, (start) => start(fakeLive)) },
    writes,
    signIn: async () => undefined, // the session is the account (set in beforeEach)
    stored: (items) => answerStored(items ?? []),
    change: (items) => live!.onChange(items),
  };
}

/** The Firebase SDK side, faked: the ID token and carts/{uid} listeners; `snapshot` reaches every listener. */
function fakeFirebase() {
  let onToken: ((token: string | null, uid: string | null) => void) | undefined;
  const listeners = new Set<(items: Lines | null, fromThisDevice: boolean) => void>();
  const writes: Write[] = [];
  const fb = {
    watchIdToken: (cb: typeof onToken) => ((onToken = cb), () => undefined),
    watchCart: vi.fn((_uid: string, cb: (items: Lines | null, own: boolean) => void) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    }),
    saveCart: vi.fn(
      (_uid: string, items: Lines) =>
        new Promise<void>((resolve, reject) =>
          writes.push({ items: items.map((i) => ({ product: i.product, qty: i.qty })), resolve, reject }),
        ),
    ),
    signOutEverywhere: vi.fn(async () => undefined),
  };
  return {
    fb,
    writes,
    listeners,
    token: (token: string | null, uid: string | null) => onToken?.(token, uid),
    /** A snapshot of carts/{uid}: another device's change, or (fromThisDevice) this page's own write. */
    snapshot: (items: Lines | null, fromThisDevice = false) => [...listeners].forEach((l) => l(items, fromThisDevice)),
  };
}

function firebaseHarness(f = fakeFirebase()): Harness & { f: typeof f } {
  const shop = createFirebaseShop(async () => f.fb as unknown as FirebaseModule);
  return {
    f,
    cart: shop.cart!,
    writes: f.writes,
    signIn: async () => {
      await flush(); // the SDK side loads
      f.token('id-token', 'u1');
      await vi.dynamicImportSettled(); // the remote's chunk (lib/firebase/cartRemote.ts)
      await flush();
    },
    stored: (items) => f.snapshot(items),
    change: (items) => f.snapshot(items),
  };
}

const item = (product: string, qty: number): CartItem => ({
  product,
  name: `Product ${product}`,
  image: '/images/sample.svg',
  price: 10,
  countInStock: 99,
  qty,
});
const lines = () => cartStore.get().cartItems.map((i) => ({ product: i.product, qty: i.qty }));
const flush = () => vi.advanceTimersByTimeAsync(0);

/** GET /api/products/:id for products this device has not seen; `hold` keeps the answer back until released. */
function stubProducts(hold = false) {
  let release: () => void = () => undefined;
  const gate = hold ? new Promise<void>((r) => (release = r)) : Promise.resolve();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/cart' && cartFetch) return cartFetch(init);
      await gate;
      const id = new URL(url, 'http://shop').pathname.split('/').pop(); // ?reviews=none: the product alone
      return json({
        _id: id,
        name: `Product ${id}`,
        image: '/images/sample.svg',
        price: 10,
        countInStock: 99,
        reviews: [],
      });
    }),
  );
  return () => release();
}

let stop: () => void = () => undefined;
beforeEach(() => {
  vi.useFakeTimers();
  resetCart();
  cartSyncErrorStore.set(null);
  cartFetch = null;
  setUserInfo({ _id: 'u1', name: 'Alice', email: 'a@x.y', isAdmin: false, token: 'id-token' });
});
afterEach(() => {
  stop();
  sessionStore.set(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe.each([
  ['the embedded server', embeddedHarness],
  ['Firestore', firebaseHarness],
] as const)('cart sync over %s', (_name, harness) => {
  /** Signed in, the account's cart loaded and merged, a write of the merge (if any) acknowledged. */
  async function signedIn(stored: Lines | null = null) {
    const h = harness();
    stop = startCartSync(h.cart);
    await h.signIn();
    await flush();
    h.stored(stored);
    await flush();
    h.writes.shift()?.resolve();
    await flush();
    return h;
  }

  it('keeps an edit made while the previous write is being acknowledged (the echo does not revert it)', async () => {
    stubProducts();
    const h = await signedIn();
    addToCart(item('a', 1));
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
    expect(h.writes.map((w) => w.items)).toEqual([[{ product: 'a', qty: 1 }]]);

    addToCart(item('a', 3)); // while that write is on its way
    h.writes.shift()!.resolve();
    h.change([{ product: 'a', qty: 1 }]); // the server's answer to the write: the OLD cart
    await flush();
    expect(lines()).toEqual([{ product: 'a', qty: 3 }]);

    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
    expect(h.writes.map((w) => w.items)).toEqual([[{ product: 'a', qty: 3 }]]);
    expect(lines()).toEqual([{ product: 'a', qty: 3 }]);
  });

  it("applies another device's change when this one has nothing waiting, without writing it back", async () => {
    stubProducts();
    const h = await signedIn();
    h.change([{ product: 'b', qty: 2 }]);
    await flush();
    expect(lines()).toEqual([{ product: 'b', qty: 2 }]);
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS * 2);
    expect(h.writes).toEqual([]);
  });

  it("keeps an edit made while another device's cart is loading; that edit is written and wins", async () => {
    const release = stubProducts(true);
    const h = await signedIn();
    h.change([{ product: 'c', qty: 1 }]); // needs c's details from the API: held back
    await flush();
    addToCart(item('d', 4));
    release();
    await flush();
    expect(lines()).toEqual([{ product: 'd', qty: 4 }]);
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
    expect(h.writes.map((w) => w.items)).toEqual([[{ product: 'd', qty: 4 }]]);
  });

  it('merges the account cart with this device’s at sign-in and writes the merge', async () => {
    stubProducts();
    addToCart(item('a', 2));
    const h = harness();
    stop = startCartSync(h.cart);
    await h.signIn();
    await flush();
    h.stored([{ product: 'e', qty: 1 }]);
    await flush();
    // mergeCarts (domain/cart.ts): this device's lines first, then the ones only the account had.
    expect(lines()).toEqual([
      { product: 'a', qty: 2 },
      { product: 'e', qty: 1 },
    ]);
    expect(h.writes.map((w) => w.items)).toEqual([
      [
        { product: 'a', qty: 2 },
        { product: 'e', qty: 1 },
      ],
    ]);
  });

  it('keeps the larger quantity of the two carts at sign-in; a merge equal to the stored cart is not written again', async () => {
    stubProducts();
    addToCart(item('a', 2));
    const h = harness();
    stop = startCartSync(h.cart);
    await h.signIn();
    await flush();
    h.stored([{ product: 'a', qty: 5 }]);
    await flush();
    expect(lines()).toEqual([{ product: 'a', qty: 5 }]);
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS * 2);
    expect(h.writes).toEqual([]);
  });

  it('tells the shopper when a write fails, and clears the message when the next one succeeds', async () => {
    stubProducts();
    const h = await signedIn();
    addToCart(item('a', 1));
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    h.writes
      .shift()!
      .reject(Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' }));
    await flush();
    expect(cartSyncErrorStore.get()).toBe(CART_SYNC_FAILED);

    addToCart(item('a', 2));
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
    h.writes.shift()!.resolve();
    await flush();
    expect(cartSyncErrorStore.get()).toBeNull();
  });
});

describe('cart sync over Firestore: the remote', () => {
  it("ignores this page's own writes, pending or acknowledged", async () => {
    stubProducts();
    const h = firebaseHarness();
    stop = startCartSync(h.cart);
    await h.signIn();
    h.f.snapshot(null);
    await flush();
    addToCart(item('a', 2));
    h.f.snapshot([], true);
    h.f.snapshot([{ product: 'zzz', qty: 9 }], true);
    await flush();
    expect(lines()).toEqual([{ product: 'a', qty: 2 }]);
  });

  it('reads and writes no Firestore cart where no Firestore runs (the emulators without Java 21)', () => {
    const f = fakeFirebase();
    const shop = createFirebaseShop(async () => f.fb as unknown as FirebaseModule, { firestore: false });
    // No remote: the app starts no cart sync (app/provider.tsx), and the cart stays on this device.
    expect(shop.cart).toBeNull();
    expect(f.fb.watchCart).not.toHaveBeenCalled();
  });
});

describe('cart sync over the embedded server: the remote', () => {
  it('reads the stored cart again after a resync (changes may have been missed) and applies it', async () => {
    stubProducts();
    const writes: Lines[] = [];
    let stored: Lines = [];
    let resync: () => void = () => undefined;
    cartFetch = async (init) => {
      if (init?.method === 'PUT') writes.push((JSON.parse(String(init.body)) as { items: Lines }).items);
      return json({ items: stored });
    };
    const fakeLive = {
      watchCart: (_uid: string, h: { onResync(): void }) => ((resync = () => h.onResync()), () => undefined),
    } as unknown as LiveSource;
    stop = startCartSync({
      ...embeddedShop.cart!,
      remote: async (uid) => serverCartRemote(uid, (start) => start(fakeLive)),
    });
    await flush();
    stored = [{ product: 'f', qty: 3 }];
    resync();
    await flush();
    expect(lines()).toEqual([{ product: 'f', qty: 3 }]);
    expect(writes).toEqual([]);
  });
});
