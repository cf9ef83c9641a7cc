// Firebase mode (VITE_BACKEND=firebase): the Firebase Auth SDK owns the session and refreshes the ID token;
// the API still answers the profile. Everything here receives the lib/firebase module as a parameter, so it is
// loaded only in that build, and tests can hand in a fake.
import type { LoginInput, RegisterInput, UserInfo, UserSummary } from '@domain';
import { ApiError, api } from '@/lib/api';
import type * as FirebaseModule from '@/lib/firebase';
import { addToCart, cartStore, type CartItem } from '@/features/cart/store';
import { cartSyncErrorStore } from '@/features/cart/syncStatus';
import { getProduct } from '@/features/catalog/api/getProduct';
import { authStore, setUserInfo, signOut } from './store';

export type Firebase = typeof FirebaseModule;

const credentialErrors = /auth\/(invalid-credential|wrong-password|user-not-found|invalid-email|user-disabled)/;

/** The SDK's error codes in the API's words (the same messages as the embedded backend). */
function sdkError(error: unknown): ApiError {
  const code = String((error as { code?: string }).code ?? '');
  if (code === 'auth/email-already-in-use') return new ApiError('User already exists', 409);
  if (code === 'auth/weak-password') return new ApiError('Password must be at least 6 characters', 400);
  if (credentialErrors.test(code)) return new ApiError('Invalid email or password', 401);
  if (code === 'auth/too-many-requests') return new ApiError('Too many attempts. Please wait a few minutes and try again.', 429);
  return new ApiError('The sign-in service could not be reached. Please try again.', 0);
}

/** The caller's profile; the API makes it on the first call of an account made in the browser (idempotent). */
const ensureProfile = (token: string, name?: string) =>
  api<UserSummary>('/api/users/profile', { method: 'POST', token, body: name ? { name } : {} });

/** Sign in with the SDK, then read the profile with the new ID token (made now if a sign-up was interrupted). */
export async function loginWithFirebase(fb: Firebase, input: LoginInput): Promise<UserInfo> {
  let token: string;
  try {
    token = await fb.signIn(input.email, input.password);
  } catch (error) {
    throw sdkError(error);
  }
  const profile = await ensureProfile(token);
  return { ...profile, token };
}

/**
 * Sign-up in the browser (createUserWithEmailAndPassword), then the API makes the profile. When the API refuses
 * it (4xx: e.g. the email belongs to another profile), the new account is deleted again, so none is left without
 * a profile. When the API cannot be reached, the account stays: the next sign-in makes the profile.
 */
export async function registerWithFirebase(fb: Firebase, input: RegisterInput): Promise<UserInfo> {
  let token: string;
  try {
    token = await fb.signUp(input.email, input.password);
  } catch (error) {
    throw sdkError(error);
  }
  try {
    const profile = await ensureProfile(token, input.name);
    return { ...profile, token };
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) await fb.deleteNewAccount().catch(() => undefined);
    throw error;
  }
}

/** After a profile update: a password change ends the other sessions, so sign in again with the new one. */
export async function refreshAfterProfileUpdate(fb: Firebase, user: UserInfo, password?: string): Promise<UserInfo> {
  if (password) return { ...user, token: await fb.signIn(user.email, password) };
  return { ...user, token: (await fb.currentToken(true)) ?? user.token };
}

/** Merges the local cart (this device) with the stored one at sign-in: every product of both, local quantities win. */
export function mergeCartLines(local: readonly { product: string; qty: number }[], remote: readonly { product: string; qty: number }[]) {
  const byProduct = new Map(remote.map((l) => [l.product, l.qty]));
  for (const l of local) byProduct.set(l.product, l.qty);
  return [...byProduct].map(([product, qty]) => ({ product, qty })).slice(0, 50);
}

/** Fills cart lines that only have product and qty (from another device) with the product's details. */
async function toCartItems(lines: { product: string; qty: number }[], known: readonly CartItem[]): Promise<CartItem[]> {
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

/** How long the cart waits after an edit before writing it (a burst of edits is one write). */
export const CART_SAVE_DELAY_MS = 400;
export const CART_SYNC_FAILED = 'Your cart could not be saved to your account, so your other devices may not show these changes. They are kept on this device; we will try again with your next change.';

/**
 * Keeps the stored user's token equal to the SDK's (refreshes, sign-out elsewhere), and the signed-in user's
 * cart in Firestore (carts/{uid}) in step with this device's.
 *
 * Cart rules, so that no edit is lost: this page's own writes and their echoes are ignored (lib/firebase/cart.ts
 * marks them); another device's change is applied only when this device has no edit waiting to be written (else
 * this device's write follows and wins, so both end the same); an edit made while another device's cart is being
 * loaded wins over it. A failed write is shown to the shopper (cartSyncErrorStore).
 */
export function startFirebaseSession(fb: Firebase, options: { cartSync?: boolean } = {}): () => void {
  const cartSync = options.cartSync ?? true; // off only where no Firestore runs (the emulators without Java 21)
  let stopCart: (() => void) | null = null;
  let stopLocal: (() => void) | null = null;
  let applyingRemote = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stopSync = () => {
    clearTimeout(timer);
    timer = undefined;
    stopCart?.();
    stopLocal?.();
    stopCart = stopLocal = null;
  };

  const startSync = (uid: string) => {
    let first = true;
    /** Bumped by every edit made on this device. */
    let localEdits = 0;
    let lastItems = cartStore.get().cartItems;

    const save = () => {
      clearTimeout(timer);
      timer = undefined;
      fb.saveCart(uid, cartStore.get().cartItems).then(
        () => cartSyncErrorStore.set(null),
        (error: unknown) => {
          console.error('[cart] saving the cart to the account failed', error);
          cartSyncErrorStore.set(CART_SYNC_FAILED);
        },
      );
    };

    stopCart = fb.watchCart(
      uid,
      async (lines, fromThisDevice) => {
        if (fromThisDevice) return; // this page's write, or the server's echo of it: the cart here is as new or newer
        const isFirst = first;
        first = false;
        if (!isFirst && timer !== undefined) return; // an edit here waits to be written: it follows and wins
        const editsBefore = localEdits;
        const local = cartStore.get().cartItems;
        const wanted = isFirst ? mergeCartLines(local, lines ?? []) : (lines ?? []);
        const items = await toCartItems(wanted, local);
        if (localEdits !== editsBefore) return; // edited meanwhile: that edit is being written and wins
        applyingRemote = true;
        cartStore.set((s) => ({ ...s, cartItems: [] }));
        items.forEach(addToCart); // also saves to browser storage
        lastItems = cartStore.get().cartItems;
        applyingRemote = false;
        if (isFirst) save();
      },
      (error) => {
        console.error('[cart] the account cart stopped syncing', error);
        cartSyncErrorStore.set(CART_SYNC_FAILED);
      },
    );
    stopLocal = cartStore.subscribe(() => {
      const items = cartStore.get().cartItems;
      if (applyingRemote || items === lastItems) return; // a remote cart being applied, or not an item change
      lastItems = items;
      localEdits++;
      clearTimeout(timer);
      timer = setTimeout(save, CART_SAVE_DELAY_MS);
    });
  };

  const stopToken = fb.watchIdToken((token, uid) => {
    const user = authStore.get();
    if (token && uid && user && user._id === uid) {
      if (user.token !== token) setUserInfo({ ...user, token });
      if (!stopCart && cartSync) startSync(uid);
    } else if (!token && user) {
      stopSync();
      signOut(); // signed out in another tab, or the session was revoked
    }
  });
  return () => {
    stopToken();
    stopSync();
  };
}
