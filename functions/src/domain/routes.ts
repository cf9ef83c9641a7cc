// Every page URL of the shop, defined once (spec section 2): `path` is the pattern (react-router's syntax; the
// server's page routes take it as Express does, see features/pages/routes.ts), `href` builds a link to it. Used by
// the web's router and links (as `@domain/routes`), by the server-rendered pages (features/pages/routes.ts says which
// routes they render; the canonical URLs, breadcrumbs and sitemaps they write) and checked against Hosting's rewrites
// (firebase.json, functions/test/pages.test.ts). Change a URL here and all of them follow.

export interface Route<A extends unknown[] = []> {
  /** The route's pattern (absolute). */
  readonly path: string;
  /** A link to the route. */
  readonly href: (...args: A) => string;
}

/** A route without parameters. */
export const fixed = (path: string): Route => ({ path, href: () => path });
const withRedirect = (path: string) => (redirect?: string) =>
  redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;

const searchPage: Route<[keyword: string, page: number]> = {
  path: '/search/:keyword/page/:pageNumber',
  href: (keyword, page) => `/search/${encodeURIComponent(keyword)}/page/${page}`,
};
const categoryPage: Route<[category: string, page: number]> = {
  path: '/category/:category/page/:pageNumber',
  href: (category, page) => `/category/${encodeURIComponent(category)}/page/${page}`,
};
const adminProductPage: Route<[page: number]> = {
  path: '/admin/productlist/:pageNumber',
  href: (page) => `/admin/productlist/${page}`,
};

export const paths = {
  home: fixed('/'),
  page: { path: '/page/:pageNumber', href: (n: number | string) => `/page/${n}` } satisfies Route<[number | string]>,
  search: {
    path: '/search/:keyword',
    href: (keyword: string, page?: number) =>
      page && page > 1 ? searchPage.href(keyword, page) : `/search/${encodeURIComponent(keyword)}`,
  } satisfies Route<[string, number?]>,
  searchPage,
  category: {
    path: '/category/:category',
    href: (category: string, page?: number) =>
      page && page > 1 ? categoryPage.href(category, page) : `/category/${encodeURIComponent(category)}`,
  } satisfies Route<[string, number?]>,
  categoryPage,
  product: { path: '/product/:id', href: (id: string) => `/product/${id}` } satisfies Route<[string]>,
  /** The cart, and the Add to Cart link (/cart/:id?qty=n) that puts a product in it. */
  cart: {
    path: '/cart/:id?',
    href: (id?: string, qty?: number) => (id ? `/cart/${id}${qty ? `?qty=${qty}` : ''}` : '/cart'),
  } satisfies Route<[string?, number?]>,
  login: { path: '/login', href: withRedirect('/login') } satisfies Route<[string?]>,
  register: { path: '/register', href: withRedirect('/register') } satisfies Route<[string?]>,
  forgotPassword: fixed('/forgot-password'),
  resetPassword: {
    path: '/reset-password/:token',
    href: (token: string) => `/reset-password/${token}`,
  } satisfies Route<[string]>,
  /** Issue 41: a back-in-stock alert's confirmation and one-click unsubscribe links (signed tokens). */
  stockAlertConfirm: {
    path: '/stock-alerts/confirm/:token',
    href: (token: string) => `/stock-alerts/confirm/${token}`,
  } satisfies Route<[string]>,
  stockAlertUnsubscribe: {
    path: '/stock-alerts/unsubscribe/:token',
    href: (token: string) => `/stock-alerts/unsubscribe/${token}`,
  } satisfies Route<[string]>,
  verifyEmail: { path: '/verify-email/:token', href: (token: string) => `/verify-email/${token}` } satisfies Route<
    [string]
  >,
  /** Firebase Auth's emails link here (the Firebase build): ?mode=resetPassword|verifyEmail&oobCode=… */
  authAction: fixed('/auth/action'),
  profile: fixed('/profile'),
  /** Issue 41: the signed-in customer's wishlist. */
  wishlist: fixed('/wishlist'),
  shipping: fixed('/shipping'),
  payment: fixed('/payment'),
  placeOrder: fixed('/placeorder'),
  order: { path: '/order/:id', href: (id: string) => `/order/${id}` } satisfies Route<[string]>,
  /** The order's print-ready invoice (its customer and admins). */
  invoice: { path: '/order/:id/invoice', href: (id: string) => `/order/${id}/invoice` } satisfies Route<[string]>,
  /** The order's print-ready packing slip (admins). */
  packingSlip: {
    path: '/order/:id/packing-slip',
    href: (id: string) => `/order/${id}/packing-slip`,
  } satisfies Route<[string]>,
  /** Issue 41: products side by side (`?ids=a,b,c`, 2 to 4: domain/specCompare.ts), server-rendered for previews. */
  compare: {
    path: '/compare',
    href: (ids: readonly string[]) => `/compare?ids=${ids.map(encodeURIComponent).join(',')}`,
  } satisfies Route<[readonly string[]]>,
  /** Issue 41: the cart reminder email's one-click unsubscribe (a signed token, no sign-in). */
  cartRemindersUnsubscribe: {
    path: '/unsubscribe/cart-reminders/:token',
    href: (token: string) => `/unsubscribe/cart-reminders/${encodeURIComponent(token)}`,
  } satisfies Route<[string]>,
  about: fixed('/about'),
  /** The shop's policies (returns, shipping, privacy, terms): web/src/features/info/policies.ts has the texts. */
  policy: {
    path: '/policies/:topic',
    href: (topic: 'returns' | 'shipping' | 'privacy' | 'terms') => `/policies/${topic}`,
  } satisfies Route<['returns' | 'shipping' | 'privacy' | 'terms']>,
  contact: fixed('/contact'),
  /**
   * The admin pages that something outside the admin app links to; every admin page (these too) is a row of the
   * admin's one list, web/src/features/admin/sections.ts (its sidebar, router and `adminPaths`). These stay here
   * because the list is not loaded where they are used: the storefront's header menu (dashboard, users, products,
   * orders, settings: the home page's first bundle), the order page's way back (orders), the pager (products), the
   * router's mount point (`isAdminPath`: dashboard) and the server's low-stock mail (productEdit). A new admin page
   * goes here only if one of those must link to it.
   */
  admin: {
    dashboard: fixed('/admin'),
    users: fixed('/admin/userlist'),
    products: {
      path: '/admin/productlist',
      href: (page?: number) => (page && page > 1 ? adminProductPage.href(page) : '/admin/productlist'),
    } satisfies Route<[number?]>,
    productPage: adminProductPage,
    productEdit: {
      path: '/admin/product/:id/edit',
      href: (id: string) => `/admin/product/${id}/edit`,
    } satisfies Route<[string]>,
    orders: fixed('/admin/orderlist'),
    /** The shop's settings: tax and shipping by country, the hold limits (GET/PUT /api/settings). */
    settings: fixed('/admin/settings'),
  },
  /** The router's catch-all (the 404 page). */
  notFound: { path: '*' },
} as const;

/** The path of a catalogue view (its filters and sort go in the query): a keyword makes it a search (a category is
 *  then a filter), else a category is the page itself. */
export function catalogPath({
  keyword = '',
  category,
  page = 1,
}: {
  keyword?: string;
  category?: string;
  page?: number;
}) {
  if (keyword) return paths.search.href(keyword, page);
  if (category) return paths.category.href(category, page);
  return page > 1 ? paths.page.href(page) : paths.home.href();
}

/** Whether a URL path is under the admin area (its routes are registered on the first visit there). */
export function isAdminPath(pathname: string): boolean {
  const base = paths.admin.dashboard.path;
  return pathname === base || pathname.startsWith(`${base}/`);
}
