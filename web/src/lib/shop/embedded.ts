// The embedded server's ShopClient: every call is the API's (spec section 4), live updates are its Server-Sent
// Events, the signed-in cart is GET/PUT /api/cart followed by the live cart events (embeddedAccount.ts).

import { catalogSearchParams, type CatalogView } from '@domain/catalogQuery';
import { api, call, urlOf } from '@/lib/api';
import {
  categoryBySlug,
  productFacets,
  productGet,
  productList,
  productSuggest,
  productTop,
} from '@/lib/endpoints.gen';
import { sessionStore } from '@/lib/session';
import type { CatalogPageView, ShopClient } from './types';

/** The catalogue query of a page or its counts: the keyword, then the filters and sort of the URL. */
export function catalogQuery(keyword: string, view: Partial<CatalogView>, pageNumber?: number): URLSearchParams {
  const query = new URLSearchParams({ keyword });
  if (pageNumber !== undefined) query.set('pageNumber', String(pageNumber));
  for (const [name, value] of catalogSearchParams(view, keyword)) query.append(name, value);
  return query;
}

/** Account, upload and cart calls: their own chunk, loaded on first use. */
const account = () => import('./embeddedAccount');

export const embeddedShop: ShopClient = {
  catalog: {
    // Without filters the URL is exactly the one the server preloads on the home page (HOME_PRELOADS).
    page: ({ keyword = '', pageNumber = 1, view = {} }, signal) =>
      api<CatalogPageView>(urlOf(productList, undefined, catalogQuery(keyword, view, pageNumber)), { signal }),
    facets: ({ keyword = '', view = {} }, signal) =>
      call(productFacets, { query: catalogQuery(keyword, view), signal }),
    product: (id, signal) => call(productGet, { params: { id }, signal }),
    productAlone: (id, signal) => call(productGet, { params: { id }, query: { reviews: 'none' }, signal }),
    top: (signal) => call(productTop, { signal }),
    suggest: (q, signal) => call(productSuggest, { query: { q }, signal }),
    category: (segment, signal) => call(categoryBySlug, { params: { slug: segment }, signal }),
    followsQueries: false,
    useLivePage: (initial) => initial,
    useLiveTop: (initial) => initial,
  },
  auth: {
    login: (input) => account().then((m) => m.login(input)),
    register: (input) => account().then((m) => m.register(input)),
    profileUpdated: async (user) => user,
  },
  accounts: {
    shopLinks: true,
    requestPasswordReset: (email) => account().then((m) => m.requestPasswordReset(email)),
    actionCodes: null,
    exportData: () => account().then((m) => m.exportData()),
    deleteAccount: (password) => account().then((m) => m.deleteAccount(password)),
  },
  uploadImage: (file, onProgress) => account().then((m) => m.uploadImage(file, onProgress)),
  live: ({ missedSome }) =>
    typeof EventSource === 'undefined'
      ? Promise.resolve(null)
      : // Its own chunk: live updates start after the first paint, so they need not weigh on it.
        import('@/lib/live/sse').then((m) => new m.SseLiveSource(undefined, { missedSome })),
  cart: {
    followAccount(onAccount) {
      const uid = () => sessionStore.get()?._id ?? null;
      onAccount(uid());
      return sessionStore.subscribe(() => onAccount(uid()));
    },
    remote: (uid, watchLive) => account().then((m) => m.serverCartRemote(uid, watchLive)),
  },
  start: () => null,
  Status: null,
  imageOrigins: () => [],
};
