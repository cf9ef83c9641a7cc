// The Firebase build's ShopClient (lib/shop/types.ts): the catalogue, carts and live updates straight from
// Firestore, sign-in through Firebase Auth, images to Cloud Storage; the API for the rest (filter counts, orders,
// profiles). The SDK (./index) is loaded on first use, once initialised with this site's config (./app.ts). Only
// lib/shop/index.ts refers to this module, and only in the Firebase build: nothing of it enters the embedded one.
import { useEffect, useState } from 'react';
import { ApiError, configureApi, GENERIC_ERROR, call } from '@/lib/api';
import { productFacets, productSuggest } from '@/lib/endpoints.gen';
import type { Unsubscribe } from '@/lib/live/types';
import { followFirebaseSession, sessionStore } from '@/lib/session';
import { catalogQuery, embeddedShop } from '@/lib/shop/embedded';
import type { CatalogRequest, ShopClient } from '@/lib/shop/types';
import { PASSWORD_RESET_REQUESTED, RESET_LINK_INVALID, VERIFY_LINK_INVALID } from '@domain/accountMessages';
import { DEFAULT_PAGE_SIZE } from '@domain/limits';
import { paths } from '@domain/routes';

import type * as FirebaseSdk from './index';
import { whenLoaded } from './whenLoaded';

/** The lib/firebase module as `load` answers it. */
export type FirebaseModule = typeof FirebaseSdk;

/** Loads the SDK side once, initialised with this site's config; rejects with a FirebaseConfigError without one. */
let loaded: Promise<FirebaseModule> | null = null;
export const loadFirebase = (): Promise<FirebaseModule> =>
  (loaded ??= import('./index').then(async (fb) => {
    await fb.initFirebase();
    // Not awaited: the catalogue's first reads do not wait for the function (lowestPrice.ts: hidden until known).
    void fb.askLowestPriceSetting();
    return fb;
  }));

/**
 * False only in the emulator build started without a Firestore emulator (`npm run emulators` where Java 21 is
 * missing): the app then reads nothing from Firestore and says so, instead of waiting for a server that never comes.
 */
export const firestoreAvailable = !(
  import.meta.env.VITE_FIREBASE_EMULATORS === 'true' && import.meta.env.VITE_FIREBASE_FIRESTORE === 'off'
);

export const FIRESTORE_UNAVAILABLE =
  'The Firestore emulator is not running here (it needs Java 21): the catalogue comes from the API, and live stock and cart sync across devices are off.';

/** The Firestore request for a catalogue page: the same object for the loader's read and the live hook, so both
 *  share one listener (./catalog.ts). */
export function firestorePageRequest({ keyword = '', pageNumber = 1, view = {} }: CatalogRequest) {
  const { sort, category, brand, minPrice, maxPrice } = view;
  return {
    filters: { keyword, category, brand, minPrice, maxPrice },
    sort,
    page: pageNumber,
    pageSize: DEFAULT_PAGE_SIZE,
  };
}

/** A search the direct reads found nothing for: the function's search (the same index and vocabulary, bounded)
 *  answers its "Did you mean" (issue 29), which the web's reads cannot (the vocabulary is the server's). */
export async function withDidYouMean<T extends { products: unknown[]; didYouMean?: string }>(
  answer: T,
  request: CatalogRequest,
  apiPage: (request: CatalogRequest) => Promise<{ didYouMean?: string }>,
): Promise<T> {
  if (answer.products.length > 0 || !request.keyword?.trim() || (request.pageNumber ?? 1) !== 1) return answer;
  try {
    const { didYouMean } = await apiPage(request);
    return didYouMean ? { ...answer, didYouMean } : answer;
  } catch {
    return answer; // a suggestion is a nicety: the answer stands without it
  }
}

/** A React hook: `initial`, then every value `follow` reports for `key` (a new key starts from its `initial`). */
function useFollowed<T>(initial: T, key: string, follow: (onChange: (value: T) => void) => Unsubscribe): T {
  const [live, setLive] = useState<{ key: string; value: T } | null>(null);
  useEffect(
    () => follow((value) => setLive({ key, value })),
    // `follow` is rebuilt each render; the key names what it follows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  return live && live.key === key ? live.value : initial;
}

/** The start-up failure (e.g. no web config), said on every page rather than left to hang. */
function useStartupError(startup: Promise<void> | null): string | null {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    startup?.catch((error: unknown) => {
      if (live) setMessage(error instanceof Error ? error.message : String(error));
    });
    return () => {
      live = false;
    };
  }, [startup]);
  return message;
}

/** Firebase Auth's action codes' errors in the shop's words. */
export function firebaseActionError(error: unknown): ApiError {
  const code = String((error as { code?: string }).code ?? '');
  if (/auth\/(expired-action-code|invalid-action-code|user-disabled|user-not-found)/.test(code))
    return new ApiError(RESET_LINK_INVALID, 400);
  if (code === 'auth/weak-password') return new ApiError('Password must be at least 6 characters', 400);
  if (code === 'auth/too-many-requests')
    return new ApiError('Too many attempts. Please wait a few minutes and try again.', 429);
  if (code === 'auth/invalid-email') return new ApiError('Enter a valid email address', 400);
  return new ApiError('The account service could not be reached. Please try again.', 0);
}

export function createFirebaseShop(
  load: () => Promise<FirebaseModule>,
  { firestore = true }: { firestore?: boolean } = {},
): ShopClient {
  const api = embeddedShop;
  let started: Promise<void> | null = null;
  return {
    catalog: firestore
      ? {
          page: (request) =>
            load()
              .then((fb) => fb.fetchCatalogPage(firestorePageRequest(request)))
              .then((answer) => withDidYouMean(answer, request, api.catalog.page)),
          // Counting every match would read every matching document: the API counts them (the same filters, on
          // the same products), through this same client.
          // With an App Check token when the build names a site key (the function may enforce it: lib/firebase/appCheck.ts).
          facets: ({ keyword = '', view = {} }, signal) =>
            load()
              .then((fb) => fb.appCheckHeaders())
              .then((headers) => call(productFacets, { query: catalogQuery(keyword, view), signal, headers })),
          product: (id) =>
            load()
              .then((fb) => fb.fetchProductDetail(id))
              .then((product) => {
                if (!product) throw new ApiError('Product not found', 404);
                return product;
              }),
          productAlone: (id) =>
            load()
              .then((fb) => fb.fetchProductAlone(id))
              .then((product) => {
                if (!product) throw new ApiError('Product not found', 404);
                return product;
              }),
          top: () => load().then((fb) => fb.fetchTopProducts()),
          // Ranked over every product's words: the function's (bounded) search.
          suggest: (q, signal) =>
            load()
              .then((fb) => fb.appCheckHeaders())
              .then((headers) => call(productSuggest, { query: { q }, signal, headers })),
          // The managed lists are the API's (the server keeps them), as the counts are.
          category: api.catalog.category,
          followsQueries: true,
          // The listener the loader's read started answers these: nothing is read twice.
          useLivePage: (initial, request) =>
            useFollowed(initial, JSON.stringify(request), (onChange) =>
              whenLoaded(load, (fb) =>
                // A live answer keeps the loader's "Did you mean" while it still finds nothing.
                fb.watchCatalogPage(firestorePageRequest(request), (answer) =>
                  onChange(
                    answer.products.length === 0 && initial.didYouMean
                      ? { ...answer, didYouMean: initial.didYouMean }
                      : answer,
                  ),
                ),
              ),
            ),
          useLiveTop: (initial) =>
            useFollowed(initial, 'top', (onChange) => whenLoaded(load, (fb) => fb.watchTopProducts(onChange))),
        }
      : // No Firestore here (the emulators without Java 21): the catalogue comes from the API.
        api.catalog,
    auth: {
      login: (input) => Promise.all([load(), import('./authFlows')]).then(([fb, m]) => m.loginWithFirebase(fb, input)),
      register: (input) =>
        Promise.all([load(), import('./authFlows')]).then(([fb, m]) => m.registerWithFirebase(fb, input)),
      profileUpdated: (user, password) =>
        Promise.all([load(), import('./authFlows')]).then(([fb, m]) => m.refreshAfterProfileUpdate(fb, user, password)),
    },
    /** Firebase Auth's action codes: the links (the shop's emails, and Firebase's own for "Forgot password?") open
     *  the shop's /auth/action page (docs/firebase.md). */
    accounts: {
      shopLinks: false,
      // The function's export, through the API as orders and profiles are (the embedded client's call).
      exportData: () => api.accounts.exportData(),
      deleteAccount: (password) => api.accounts.deleteAccount(password),
      async requestPasswordReset(email) {
        const fb = await load();
        try {
          await fb.sendPasswordReset(email, `${window.location.origin}${paths.login.href()}`);
        } catch (error) {
          throw firebaseActionError(error);
        }
        return { message: PASSWORD_RESET_REQUESTED };
      },
      actionCodes: {
        async resetPassword(oobCode, password) {
          const fb = await load();
          try {
            await fb.checkPasswordResetCode(oobCode);
            await fb.finishPasswordReset(oobCode, password);
          } catch (error) {
            throw firebaseActionError(error);
          }
        },
        async verifyEmail(oobCode) {
          const fb = await load();
          try {
            await fb.finishEmailVerification(oobCode);
          } catch (error) {
            const mapped = firebaseActionError(error);
            throw mapped.status === 400 ? new ApiError(VERIFY_LINK_INVALID, 400) : mapped;
          }
        },
      },
    },
    /** Straight to Cloud Storage (storage.rules: admins only, JPEG/PNG/WebP under 5 MB); the product stores the
     *  file's https download URL. The same messages as the API's upload. */
    async uploadImage(file, onProgress) {
      const { uploadProductImage } = await load();
      try {
        return await uploadProductImage(file, onProgress);
      } catch (error) {
        throw new ApiError(error instanceof Error && error.message ? error.message : GENERIC_ERROR, 400);
      }
    },
    // Firestore listeners start from the current documents: nothing to catch up on.
    live: () =>
      firestore
        ? Promise.all([load(), import('./live')]).then(([fb, m]) => new m.FirestoreLiveSource(fb))
        : Promise.resolve(null),
    cart: firestore
      ? {
          /** The session's user, while the SDK is signed in as them (Firestore's rules then let this page read
           *  their cart); null once the SDK has signed out. */
          followAccount: (onAccount) =>
            whenLoaded(load, (fb) =>
              fb.watchIdToken((token, uid) => {
                const user = sessionStore.get();
                if (token && uid && user && user._id === uid) onAccount(uid);
                else if (!token) onAccount(null);
              }),
            ),
          // Its own chunk, loaded with the cart sync once someone signs in.
          remote: (uid) => import('./cartRemote').then((m) => m.firestoreCartRemote(load, uid)),
        }
      : // Off where no Firestore runs: the cart then stays on this device.
        null,
    /** The SDK keeps the token fresh (the HTTP client asks it after a 403) and owns the session: it follows the
     *  SDK's sign-outs, and a sign-out here signs the SDK out too. */
    start() {
      started ??= (async () => {
        configureApi({ refreshToken: async () => (await load()).currentToken(true) });
        // A sign-out here (Logout, a 401) signs the SDK out too, also one made while the SDK still loads.
        let user = sessionStore.get();
        sessionStore.subscribe(() => {
          const next = sessionStore.get();
          if (user && !next) void load().then((fb) => fb.signOutEverywhere());
          user = next;
        });
        followFirebaseSession(await load());
      })();
      started.catch((error: unknown) => console.error('[firebase] the shop could not start Firebase:', error));
      return started;
    },
    Status: function FirebaseStatus() {
      const startupError = useStartupError(started);
      return (
        <>
          {!firestore && (
            <div role="status" className="alert alert-info rounded-0 mb-0">
              {FIRESTORE_UNAVAILABLE}
            </div>
          )}
          {startupError && (
            <div role="alert" className="alert alert-danger rounded-0 mb-0">
              Sign-in and carts are unavailable: {startupError}
            </div>
          )}
        </>
      );
    },
    /** The emulator build (`npm run emulators`): the Storage emulator's origin, whose image URLs products may use.
     *  Empty in every other build (a deployed shop accepts only paths and https images). */
    imageOrigins: () =>
      import.meta.env.VITE_FIREBASE_EMULATORS === 'true'
        ? [`http://${window.location.hostname}:${Number(import.meta.env.VITE_FIREBASE_STORAGE_EMULATOR_PORT) || 9199}`]
        : [],
  };
}

export const firebaseShop = /* @__PURE__ */ createFirebaseShop(loadFirebase, { firestore: firestoreAvailable });
