import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  replace,
  type LoaderFunctionArgs,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router-dom';
import { isAdminPath, paths } from '@domain/routes';
import { addLinkedProductFromPage, linkQty } from '@/features/cart';
import { CatalogPage } from '@/features/catalog/routes/CatalogPage';
import { catalogKeys } from '@domain/inlineData';
import { prefetchProduct } from '@/features/catalog/api/prefetchProduct';
import { hasInlineData } from '@/lib/inlineData';
import { catalogLoader } from '@/features/catalog/routes/catalogLoader';
import { RequireAdmin, RequireAuth } from './guards';
import { RootLayout } from './RootLayout';
import { NotFoundPage, RootError, RouteError } from './routes/errors';

const loadedPages = new Set<PropertyKey>();

/** The pages of the links sent by email (forgot / reset password, verify email): one chunk. */
const accountLinkPages = () => import('@/features/auth/routes/AccountLinkPages');
const printPages = () => import('@/features/orders/routes/PrintPages');
const checkoutPages = () => import('@/features/checkout/routes/Checkout');
const stockAlertPages = () => import('@/features/catalog/routes/StockAlertPages');

/** Every page but home is its own chunk, loaded when first visited. */
function page<M>(load: () => Promise<M>, name: keyof M): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const module = await load();
      loadedPages.add(name);
      return { Component: module[name] as ComponentType };
    },
  };
}

/**
 * Loader of a page that shows the product `:id` (product, cart/:id): on the page's first visit, while its code is
 * still downloading, the product request starts at once; the page's query then takes that answer (getProduct).
 * Later visits leave it to the page's query (and its cache), and so does a first visit whose HTML carried the product.
 */
function prefetchProductFor(pageName: string) {
  return ({ params }: LoaderFunctionArgs) => {
    if (params.id && !loadedPages.has(pageName) && !hasInlineData(catalogKeys.detail(params.id)))
      prefetchProduct(params.id);
    return null;
  };
}

/** The Add to Cart link (/cart/:id?qty=n): a product the page's HTML carried is added here and the cart opens at
 *  /cart directly; any other is left to the cart page (its product prefetched meanwhile). */
function cartLinkLoader(args: LoaderFunctionArgs) {
  const { params, request } = args;
  if (params.id && addLinkedProductFromPage(params.id, linkQty(new URL(request.url).searchParams)))
    return replace(paths.cart.href());
  return prefetchProductFor('CartPage')(args);
}

export const PAGES_ROUTE_ID = 'pages';
export const DATA_ROUTE_ID = 'data';
export const ADMIN_ROUTE_ID = 'admin';

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: paths.home.path,
    element: <RootLayout />,
    errorElement: <RootError />,
    hydrateFallbackElement: <RootLayout hydrating />,
    children: [
      {
        id: PAGES_ROUTE_ID,
        errorElement: <RouteError />,
        children: [
          { index: true, element: <CatalogPage />, loader: catalogLoader },
          { path: paths.page.path, element: <CatalogPage />, loader: catalogLoader },
          { path: paths.search.path, element: <CatalogPage />, loader: catalogLoader },
          { path: paths.searchPage.path, element: <CatalogPage />, loader: catalogLoader },
          { path: paths.category.path, element: <CatalogPage />, loader: catalogLoader },
          { path: paths.categoryPage.path, element: <CatalogPage />, loader: catalogLoader },
          {
            // Every other page uses TanStack Query: its provider is loaded with the first of them.
            id: DATA_ROUTE_ID,
            lazy: async () => ({ Component: (await import('./QueryLayout')).QueryLayout }),
            children: [
              {
                path: paths.product.path,
                loader: prefetchProductFor('ProductPage'),
                ...page(() => import('@/features/catalog/routes/ProductPage'), 'ProductPage'),
              },
              {
                path: paths.cart.path,
                loader: cartLinkLoader,
                ...page(() => import('@/features/cart/routes/CartPage'), 'CartPage'),
              },
              { path: paths.login.path, ...page(() => import('@/features/auth/routes/LoginPage'), 'LoginPage') },
              {
                path: paths.register.path,
                ...page(() => import('@/features/auth/routes/RegisterPage'), 'RegisterPage'),
              },
              // Account links sent by email (features/auth/routes/AccountLinkPages.tsx).
              { path: paths.forgotPassword.path, ...page(accountLinkPages, 'ForgotPasswordPage') },
              { path: paths.resetPassword.path, ...page(accountLinkPages, 'ResetPasswordPage') },
              { path: paths.verifyEmail.path, ...page(accountLinkPages, 'VerifyEmailPage') },
              { path: paths.authAction.path, ...page(accountLinkPages, 'AuthActionPage') },
              // Issue 41: a back-in-stock alert's mailed links (one chunk).
              { path: paths.stockAlertConfirm.path, ...page(stockAlertPages, 'StockAlertConfirmPage') },
              { path: paths.stockAlertUnsubscribe.path, ...page(stockAlertPages, 'StockAlertUnsubscribePage') },
              {
                path: paths.cartRemindersUnsubscribe.path,
                ...page(() => import('@/features/auth/routes/UnsubscribePage'), 'CartRemindersUnsubscribePage'),
              },
              {
                path: paths.compare.path,
                ...page(() => import('@/features/catalog/routes/ComparePage'), 'ComparePage'),
              },
              { path: paths.about.path, ...page(() => import('@/features/info/routes/AboutPage'), 'AboutPage') },
              { path: paths.contact.path, ...page(() => import('@/features/info/routes/ContactPage'), 'ContactPage') },
              { path: paths.policy.path, ...page(() => import('@/features/info/routes/PolicyPage'), 'PolicyPage') },
              {
                element: <RequireAuth />,
                children: [
                  {
                    path: paths.profile.path,
                    ...page(() => import('@/features/auth/routes/ProfilePage'), 'ProfilePage'),
                  },
                  {
                    path: paths.wishlist.path,
                    ...page(() => import('@/features/wishlist/routes/WishlistPage'), 'WishlistPage'),
                  },
                ],
              },
              // Checkout and the order page: signed in, or a guest (issue 30): each page checks (lib/guestCheckout.tsx).
              { path: paths.shipping.path, ...page(checkoutPages, 'ShippingPage') },
              { path: paths.payment.path, ...page(checkoutPages, 'PaymentPage') },
              { path: paths.placeOrder.path, ...page(checkoutPages, 'PlaceOrderPage') },
              { path: paths.order.path, ...page(() => import('@/features/orders/routes/OrderPage'), 'OrderPage') },
              // Its invoice: the same readers as the order page (a guest with the order's token too).
              { path: paths.invoice.path, ...page(printPages, 'InvoicePage') },
              {
                element: <RequireAdmin />,
                children: [{ path: paths.packingSlip.path, ...page(printPages, 'PackingSlipPage') }],
              },
            ],
          },
          { path: paths.notFound.path, element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

let adminPatched = false;

/**
 * The admin app (web/src/features/admin/routes.tsx, `adminRoutes`) is registered on the first visit to an /admin
 * URL, so neither its code nor its route table is in the storefront's bundle. It is a top-level route beside the
 * storefront's (no shop header, search, cart or footer: the admin layout has its own sidebar and top bar), under the
 * TanStack Query provider, the RequireAdmin guard and the pages' error boundary; its paths are the absolute patterns
 * of the route table (@domain/routes) (index for the dashboard). Unknown /admin URLs get the 404 page in the layout.
 */
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (adminPatched || !isAdminPath(path)) return;
  const { adminRoutes } = await (await import('./adminEntry')).loadAdminRoutes();
  if (adminPatched) return;
  adminPatched = true;
  patch(null, [
    {
      id: ADMIN_ROUTE_ID,
      path: paths.admin.dashboard.path,
      errorElement: <RootError />,
      lazy: async () => ({ Component: (await import('./QueryLayout')).QueryLayout }),
      children: [{ element: <RequireAdmin />, errorElement: <RouteError />, children: adminRoutes }],
    },
  ]);
};

export function createRouter() {
  return createBrowserRouter(routes, { patchRoutesOnNavigation });
}
