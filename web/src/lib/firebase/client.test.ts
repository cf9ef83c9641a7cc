import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore, setUserInfo, signOut } from '@/lib/session';
import { createFirebaseShop, firestorePageRequest, type FirebaseModule } from './client';

// The Firebase build's ShopClient over a fake SDK side (./index): what it reads where, and the session it follows.
function fakeSdk() {
  return {
    fetchCatalogPage: vi.fn(async () => ({ products: [], page: 1, pages: 0, notices: [] })),
    watchIdToken: vi.fn(() => () => undefined),
    signOutEverywhere: vi.fn(async () => undefined),
    currentToken: vi.fn(async () => 'fresh'),
    // The build's App Check token (lib/firebase/appCheck.ts), as when a site key is configured.
    appCheckHeaders: vi.fn(async () => ({ 'X-Firebase-AppCheck': 'app-check-token' })),
  };
}

afterEach(() => {
  sessionStore.set(null);
  vi.unstubAllGlobals();
});

describe("the Firebase build's client", () => {
  it('reads a catalogue page from Firestore and its filter counts through the API, both from the same client', async () => {
    const sdk = fakeSdk();
    const shop = createFirebaseShop(async () => sdk as unknown as FirebaseModule);
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ categories: [], brands: [] }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const request = { keyword: 'lamp', pageNumber: 2, view: { brand: 'Volt' } };
    await shop.catalog.page(request);
    expect(sdk.fetchCatalogPage).toHaveBeenCalledWith(firestorePageRequest(request));
    await shop.catalog.facets({ keyword: 'lamp', view: { brand: 'Volt' } });
    expect(fetch).toHaveBeenCalledWith('/api/products/facets?keyword=lamp&brand=Volt', expect.anything());
    // The gated lists carry the App Check token (issue 37), the facets and the suggestions.
    const headersOf = (call: number) => (fetch.mock.calls[call] as unknown as [string, RequestInit])[1].headers;
    expect(headersOf(0)).toMatchObject({ 'X-Firebase-AppCheck': 'app-check-token' });
    await shop.catalog.suggest('lamp');
    expect(String((fetch.mock.calls[1] as unknown[])[0])).toBe('/api/products/suggest?q=lamp');
    expect(headersOf(1)).toMatchObject({ 'X-Firebase-AppCheck': 'app-check-token' });
  });

  it('asks the API for "Did you mean" only when a first page of a search found nothing', async () => {
    const sdk = fakeSdk();
    const shop = createFirebaseShop(async () => sdk as unknown as FirebaseModule);
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ products: [], page: 1, pages: 0, total: 0, didYouMean: 'headphones' }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    expect(await shop.catalog.page({ keyword: 'hedphones' })).toMatchObject({ didYouMean: 'headphones' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toContain('keyword=hedphones');
    // no keyword, a later page, or products found: nothing more is asked
    await shop.catalog.page({ keyword: '' });
    await shop.catalog.page({ keyword: 'hedphones', pageNumber: 2 });
    sdk.fetchCatalogPage.mockResolvedValueOnce({ products: [{}] as never[], page: 1, pages: 1, notices: [] });
    expect((await shop.catalog.page({ keyword: 'lamp' })).didYouMean).toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(1);
    // the API unreachable: the answer stands without a suggestion
    fetch.mockRejectedValueOnce(new Error('offline'));
    expect(await shop.catalog.page({ keyword: 'zzzzzz' })).toEqual({ products: [], page: 1, pages: 0, notices: [] });
  });

  it('signs the SDK out when the session ends here (Logout, a 401)', async () => {
    const sdk = fakeSdk();
    const shop = createFirebaseShop(async () => sdk as unknown as FirebaseModule);
    setUserInfo({ _id: 'u1', name: 'Alice', email: 'a@x.y', isAdmin: false, token: 't' });
    await shop.start();
    expect(sdk.watchIdToken).toHaveBeenCalled(); // the SDK's session is followed (lib/session.ts)
    signOut();
    await vi.waitFor(() => expect(sdk.signOutEverywhere).toHaveBeenCalledTimes(1));
  });

  it('reads the catalogue through the API, and has no cart remote, where no Firestore runs', async () => {
    const sdk = fakeSdk();
    const shop = createFirebaseShop(async () => sdk as unknown as FirebaseModule, { firestore: false });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ products: [], page: 1, pages: 0 }), {
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    await shop.catalog.page({ keyword: '' });
    expect(sdk.fetchCatalogPage).not.toHaveBeenCalled();
    expect(shop.cart).toBeNull();
    expect(shop.catalog.followsQueries).toBe(false);
  });
});
