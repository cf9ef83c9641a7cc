// Firebase mode: the signed-in shopper's cart is kept in Firestore (lib/firebase/cart.ts) in step with this device's,
// so it follows them across devices. Receives the lib/firebase module as a parameter (loaded only in that build).
import { MAX_CART_LINES, type CartLineDoc } from '@domain/firestoreSchema';
import { getProduct } from '@/features/catalog';
import type { FirebaseModule } from '@/lib/backend';
import { sessionStore } from '@/lib/session';
import { addToCart, cartStore, type CartItem } from './store';

type CartLine = CartLineDoc;

/** Merges the local cart (this device) with the stored one at sign-in: every product of both, local quantities win. */
export function mergeCartLines(local: readonly CartLine[], remote: readonly CartLine[]): CartLine[] {
  const byProduct = new Map(remote.map((l) => [l.product, l.qty]));
  for (const l of local) byProduct.set(l.product, l.qty);
  return [...byProduct].map(([product, qty]) => ({ product, qty })).slice(0, MAX_CART_LINES);
}

/** Fills cart lines that only have product and qty (from another device) with the product's details. */
async function toCartItems(lines: CartLine[], known: readonly CartItem[]): Promise<CartItem[]> {
  const items = await Promise.all(
    lines.map(async (l) => {
      const have = known.find((i) => i.product === l.product);
      if (have) return { ...have, qty: l.qty };
      try {
        const p = await getProduct(l.product);
        return { product: p._id, name: p.name, image: p.image, price: p.price, countInStock: p.countInStock, qty: l.qty };
      } catch {
        return null; // deleted since: drop the line
      }
    }),
  );
  return items.filter((i): i is CartItem => i !== null);
}

/** Syncs the cart while the SDK's signed-in user is the session's user; stops when the SDK signs out. */
export function startFirebaseCartSync(fb: Pick<FirebaseModule, 'watchIdToken' | 'watchCart' | 'saveCart'>): () => void {
  let stopCart: (() => void) | null = null;
  let stopLocal: (() => void) | null = null;
  let applyingRemote = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stopSync = () => {
    stopCart?.();
    stopLocal?.();
    stopCart = stopLocal = null;
  };

  const startSync = (uid: string) => {
    let first = true;
    stopCart = fb.watchCart(uid, async (lines, fromThisDevice) => {
      if (fromThisDevice) return;
      const local = cartStore.get().cartItems;
      const wanted = first ? mergeCartLines(local, lines ?? []) : (lines ?? []);
      const isFirst = first;
      first = false;
      const items = await toCartItems(wanted, local);
      applyingRemote = true;
      cartStore.set((s) => ({ ...s, cartItems: [] }));
      items.forEach(addToCart); // also saves to browser storage
      applyingRemote = false;
      if (isFirst) await fb.saveCart(uid, items).catch(() => undefined);
    });
    stopLocal = cartStore.subscribe(() => {
      if (applyingRemote) return;
      clearTimeout(timer);
      timer = setTimeout(() => void fb.saveCart(uid, cartStore.get().cartItems).catch(() => undefined), 400);
    });
  };

  const stopToken = fb.watchIdToken((token, uid) => {
    const user = sessionStore.get();
    if (token && uid && user && user._id === uid) {
      if (!stopCart) startSync(uid);
    } else if (!token) {
      stopSync();
    }
  });
  return () => {
    stopToken();
    stopSync();
  };
}
