// Cart sync in Firebase mode (startFirebaseCartSync): no edit is ever lost to the account's copy, and a failed
// write is shown. The Firebase side is a fake that hands the test every snapshot and every write.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FirebaseModule as Firebase } from '@/lib/backend';
import { sessionStore, setUserInfo } from '@/lib/session';
import { CART_SAVE_DELAY_MS, CART_SYNC_FAILED, startFirebaseCartSync } from './firebaseCartSync';
import { addToCart, cartStore, resetCart, type CartItem } from './store';
import { cartSyncErrorStore } from './syncStatus';

type Lines = { product: string; qty: number }[];
interface Write {
  items: Lines;
  resolve(): void;
  reject(error: Error): void;
}

function fakeFirebase() {
  let onCart: ((items: Lines | null, fromThisDevice: boolean) => void) | undefined;
  let onToken: ((token: string | null, uid: string | null) => void) | undefined;
  const writes: Write[] = [];
  const fb = {
    watchIdToken: (cb: typeof onToken) => ((onToken = cb), () => undefined),
    watchCart: (_uid: string, cb: typeof onCart) => ((onCart = cb), () => undefined),
    saveCart: vi.fn(
      (_uid: string, items: Lines) =>
        new Promise<void>((resolve, reject) =>
          writes.push({ items: items.map((i) => ({ product: i.product, qty: i.qty })), resolve, reject }),
        ),
    ),
    signOutEverywhere: vi.fn(async () => undefined),
  } as unknown as Firebase;
  return {
    fb,
    writes,
    signIn: (uid: string) => onToken?.('id-token', uid),
    /** A snapshot of carts/{uid}: another device's change, or (fromThisDevice) this page's own write. */
    snapshot: (items: Lines | null, fromThisDevice = false) => onCart!(items, fromThisDevice),
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
    vi.fn(async (url: string) => {
      await gate;
      const id = url.split('/').pop();
      const body = {
        _id: id,
        name: `Product ${id}`,
        image: '/images/sample.svg',
        price: 10,
        countInStock: 99,
        reviews: [],
      };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return () => release();
}

let stop: () => void = () => undefined;
beforeEach(() => {
  vi.useFakeTimers();
  resetCart();
  cartSyncErrorStore.set(null);
  setUserInfo({ _id: 'u1', name: 'Alice', email: 'a@x.y', isAdmin: false, token: 'id-token' });
});
afterEach(() => {
  stop();
  sessionStore.set(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Signed in, the account's cart loaded and merged, that first write acknowledged. */
async function signedIn(stored: Lines | null = null) {
  const f = fakeFirebase();
  stop = startFirebaseCartSync(f.fb);
  f.signIn('u1');
  f.snapshot(stored);
  await flush();
  f.writes.shift()?.resolve();
  await flush();
  return f;
}

describe('cart sync in Firebase mode', () => {
  it('keeps an edit made while the previous write is being acknowledged (the echo does not revert it)', async () => {
    stubProducts();
    const f = await signedIn();
    addToCart(item('a', 1));
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
    expect(f.writes.map((w) => w.items)).toEqual([[{ product: 'a', qty: 1 }]]);

    addToCart(item('a', 3)); // while that write is on its way
    f.writes.shift()!.resolve();
    f.snapshot([{ product: 'a', qty: 1 }]); // the server's answer to the write: the OLD cart
    await flush();
    expect(lines()).toEqual([{ product: 'a', qty: 3 }]);

    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
    expect(f.writes.map((w) => w.items)).toEqual([[{ product: 'a', qty: 3 }]]);
    expect(lines()).toEqual([{ product: 'a', qty: 3 }]);
  });

  it("ignores this page's own writes, pending or acknowledged", async () => {
    stubProducts();
    const f = await signedIn();
    addToCart(item('a', 2));
    f.snapshot([], true);
    f.snapshot([{ product: 'zzz', qty: 9 }], true);
    await flush();
    expect(lines()).toEqual([{ product: 'a', qty: 2 }]);
  });

  it("applies another device's change when this one has nothing waiting, without writing it back", async () => {
    stubProducts();
    const f = await signedIn();
    f.snapshot([{ product: 'b', qty: 2 }]);
    await flush();
    expect(lines()).toEqual([{ product: 'b', qty: 2 }]);
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS * 2);
    expect(f.writes).toEqual([]);
  });

  it("keeps an edit made while another device's cart is loading; that edit is written and wins", async () => {
    const release = stubProducts(true);
    const f = await signedIn();
    f.snapshot([{ product: 'c', qty: 1 }]); // needs c's details from the API: held back
    await flush();
    addToCart(item('d', 4));
    release();
    await flush();
    expect(lines()).toEqual([{ product: 'd', qty: 4 }]);
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
    expect(f.writes.map((w) => w.items)).toEqual([[{ product: 'd', qty: 4 }]]);
  });

  it('merges the account cart with this device’s at sign-in and writes the merge', async () => {
    stubProducts();
    addToCart(item('a', 2));
    const f = fakeFirebase();
    stop = startFirebaseCartSync(f.fb);
    f.signIn('u1');
    f.snapshot([{ product: 'e', qty: 1 }]);
    await flush();
    // mergeCarts (domain/cart.ts): this device's lines first, then the ones only the account had.
    expect(lines()).toEqual([
      { product: 'a', qty: 2 },
      { product: 'e', qty: 1 },
    ]);
    expect(f.writes.map((w) => w.items)).toEqual([
      [
        { product: 'a', qty: 2 },
        { product: 'e', qty: 1 },
      ],
    ]);
  });

  it('reads and writes no Firestore cart where no Firestore runs (the emulators without Java 21)', async () => {
    const f = fakeFirebase();
    const watchCart = vi.spyOn(f.fb, 'watchCart');
    stop = startFirebaseCartSync(f.fb, { firestore: false });
    f.signIn('u1');
    addToCart(item('a', 1));
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
    expect(watchCart).not.toHaveBeenCalled();
    expect(f.writes).toEqual([]);
    expect(lines()).toEqual([{ product: 'a', qty: 1 }]);
  });

  it('tells the shopper when a write fails, and clears the message when the next one succeeds', async () => {
    stubProducts();
    const f = await signedIn();
    addToCart(item('a', 1));
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    f.writes
      .shift()!
      .reject(Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' }));
    await flush();
    expect(cartSyncErrorStore.get()).toBe(CART_SYNC_FAILED);

    addToCart(item('a', 2));
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
    f.writes.shift()!.resolve();
    await flush();
    expect(cartSyncErrorStore.get()).toBeNull();
  });
});
