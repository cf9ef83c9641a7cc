// The web's one seam to the backend: everything the shop's screens ask of "the server", whichever it is. Two
// implementations, the embedded server's (lib/shop/embedded.ts) and Firebase's (lib/firebase/client.tsx); the one
// this build uses is chosen in lib/shop/index.ts, the only file that names a backend.
import type {
  CatalogFacets,
  LoginInput,
  Product,
  ProductDetail,
  ProductPage,
  ProductSuggestions,
  RegisterInput,
  UserInfo,
} from '@domain';
import type { CartLine } from '@domain/cart';
import type { ComponentType } from 'react';
import type { CatalogView } from '@domain/catalogQuery';
import type { LiveSource, Unsubscribe, WatchLive } from '@/lib/live/types';

/** A catalogue page, as the page, its loader and the live hooks ask for it. */
export interface CatalogRequest {
  keyword?: string;
  pageNumber?: number;
  /** Filters and sort (the URL query of the page); none: the plain list. */
  view?: Partial<CatalogView>;
}

/** A catalogue page as answered: the products and, from a bounded Firestore read, notices about a narrowed query. */
export type CatalogPageView = ProductPage & { notices?: string[] };

/** The signed-in account's stored cart, as the one cart sync (features/cart/cartSync.ts) reads and writes it. */
export interface CartRemote {
  /** The stored lines (none stored yet: []). */
  load(): Promise<CartLine[]>;
  save(lines: CartLine[]): Promise<void>;
  /** Another tab's or device's change (never this page's own write); `onResync`: changes may have been missed,
   *  load again; `onError`: the remote stopped following. */
  watch(handlers: { onChange(lines: CartLine[]): void; onResync(): void; onError(error: unknown): void }): Unsubscribe;
}

export interface ShopClient {
  catalog: {
    /** One page of the catalogue; the products and their filter counts (below) come from the same place. */
    page(request: CatalogRequest, signal?: AbortSignal): Promise<CatalogPageView>;
    /** Category and brand counts for the filter bar. */
    facets(request: Omit<CatalogRequest, 'pageNumber'>, signal?: AbortSignal): Promise<CatalogFacets>;
    /** A product with its newest reviews; rejects with ApiError 404 when there is none. */
    product(id: string, signal?: AbortSignal): Promise<ProductDetail>;
    /** The product alone, `reviews: []` (the cart's lines, which show none); rejects with ApiError 404. */
    productAlone(id: string, signal?: AbortSignal): Promise<ProductDetail>;
    /** The best rated products (the home carousel). */
    top(signal?: AbortSignal): Promise<Product[]>;
    /** The header search box's suggestions for what is typed (GET /api/products/suggest on both backends). */
    suggest(q: string, signal?: AbortSignal): Promise<ProductSuggestions>;
    /** A category page's path segment (GET /api/categories/slug/:slug, both backends): the managed category, and
     *  `redirect` when the segment is an old slug or a name (the page moves to the slug). 404 for none. */
    category(
      segment: string,
      signal?: AbortSignal,
    ): Promise<{ entry: { name: string; slug: string }; redirect: boolean }>;
    /**
     * Whether the backend follows a page's or the carousel's answer as one query (Firestore listeners: the hooks
     * below); where it does not, the hooks answer `initial` as it is and the cards follow their products one by one
     * over the live source (lib/live).
     */
    followsQueries: boolean;
    /** A React hook: `initial` (the loader's answer for `request`), then each change of that query's answer. */
    useLivePage(initial: CatalogPageView, request: CatalogRequest): CatalogPageView;
    /** A React hook: the carousel's products, then each change of them. */
    useLiveTop(initial: Product[]): Product[];
  };
  auth: {
    login(input: LoginInput): Promise<UserInfo>;
    register(input: RegisterInput): Promise<UserInfo>;
    /** After PUT /api/users/profile answered `user`: the session to keep (Firebase: a fresh SDK token). */
    profileUpdated(user: UserInfo, password?: string): Promise<UserInfo>;
  };
  /**
   * Account emails. Both backends send the shop's own messages (the admin's "Send password reset link" included);
   * `shopLinks`: their links are the shop's tokens (embedded: /reset-password/:token, and the profile shows the
   * confirmation state); false where they carry the backend's auth codes (Firebase Auth: /auth/action, finished by
   * `actionCodes`; "Forgot password?" still asks Firebase Auth for its own email there).
   */
  accounts: {
    shopLinks: boolean;
    /** Asks for a password reset email; answers the same whether or not the address has an account. */
    requestPasswordReset(email: string): Promise<{ message: string }>;
    /** The emailed codes of /auth/action (null where the shop's own links are used). Rejects with an ApiError in
     *  the shop's words. */
    actionCodes: {
      resetPassword(oobCode: string, password: string): Promise<void>;
      verifyEmail(oobCode: string): Promise<void>;
    } | null;
    /** "Download my data": the signed-in account's profile, addresses, orders and reviews (GET
     *  /api/users/profile/export on both backends), as the JSON document to save. */
    exportData(): Promise<unknown>;
    /** "Delete my account" with the password again (DELETE /api/users/profile on both backends: the function removes
     *  the Firebase Auth account too). The caller signs the session out after. */
    deleteAccount(password: string): Promise<{ message: string }>;
  };
  /** An admin's product image; resolves with what the product stores (a path or an https URL). */
  uploadImage(file: File, onProgress: (fraction: number) => void): Promise<string>;
  /** The live source (null where nothing is live); `missedSome`: changes may already have been missed. */
  live(options: { missedSome: boolean }): Promise<LiveSource | null>;
  cart: {
    /**
     * Calls back with the account whose cart may be synced now (null: none), and on every change: the session's
     * user, once the backend lets this page read that account's cart.
     */
    followAccount(onAccount: (uid: string | null) => void): Unsubscribe;
    /** The account's stored cart (its code may load first). `watchLive`: the page's live source (lib/live `watch`),
     *  handed in by the caller because lib/live imports this client (an import back would be a cycle). */
    remote(uid: string, watchLive: WatchLive): Promise<CartRemote>;
  } | null;
  /**
   * Starts what the backend needs before anything signed in works (Firebase: the SDK, its session and token
   * refresh), once; rejects with the reason it cannot. Null when there is nothing to start.
   */
  start(): Promise<void> | null;
  /** What the backend says on top of every page (its start-up failure, a part of the shop that is off); null when
   *  it never has anything to say. */
  Status: ComponentType | null;
  /** Image origins a product may use besides paths and https (the Storage emulator's); usually none. */
  imageOrigins(): string[];
}
