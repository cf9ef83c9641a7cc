// Firebase mode (VITE_BACKEND=firebase): the Firebase Auth SDK owns the session and refreshes the ID token;
// the API still answers the profile. Everything here receives the lib/firebase module as a parameter, so it is
// loaded only in that build, and tests can hand in a fake.
import type { LoginInput, RegisterInput, UserInfo, UserSummary } from '@domain';
import { ApiError, api } from '@/lib/api';
import type * as FirebaseModule from '@/lib/firebase';
import { addToCart, cartStore, type CartItem } from '@/features/cart/store';
import { getProduct } from '@/features/catalog/api/getProduct';
import { authStore, setUserInfo, signOut } from './store';

export type Firebase = typeof FirebaseModule;

const credentialErrors = /auth\/(invalid-credential|wrong-password|user-not-found|invalid-email|user-disabled)/;

/** Sign in with the SDK, then read the profile with the new ID token. */
export async function loginWithFirebase(fb: Firebase, input: LoginInput): Promise<UserInfo> {
  let token: string;
  try {
    token = await fb.signIn(input.email, input.password);
  } catch (error) {
    const code = String((error as { code?: string }).code ?? '');
    if (credentialErrors.test(code)) throw new ApiError('Invalid email or password', 401);
    if (code === 'auth/too-many-requests') throw new ApiError('Too many attempts. Please wait a few minutes and try again.', 429);
    throw new ApiError('The sign-in service could not be reached. Please try again.', 0);
  }
  const profile = await api<UserSummary>('/api/users/profile', { token });
  return { ...profile, token };
}

/** The API creates the account and its profile; then the SDK signs in so the session refreshes itself. */
export async function registerWithFirebase(fb: Firebase, input: RegisterInput): Promise<UserInfo> {
  const created = await api<UserInfo>('/api/users', { method: 'POST', body: input });
  return { ...created, token: await fb.signIn(input.email, input.password) };
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

/**
 * Keeps the stored user's token equal to the SDK's (refreshes, sign-out elsewhere), and the signed-in user's
 * cart in Firestore (carts/{uid}) in step with this device's.
 */
export function startFirebaseSession(fb: Firebase): () => void {
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
    const user = authStore.get();
    if (token && uid && user && user._id === uid) {
      if (user.token !== token) setUserInfo({ ...user, token });
      if (!stopCart) startSync(uid);
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
