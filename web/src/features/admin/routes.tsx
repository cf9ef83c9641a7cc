// The admin app, mounted by the router (app/router.tsx) as its own top-level route under /admin, outside the
// storefront's layout, behind the RequireAdmin guard (signed-out visitors go to /login?redirect=…, non-admins go
// home) on the first visit to an /admin URL. The layout (sidebar, top bar) and every page are lazy chunks, so
// neither shoppers nor the home page ever download admin code.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { paths } from '@domain/routes';

function page<M>(load: () => Promise<M>, name: keyof M): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load())[name] as ComponentType }) };
}

export const adminRoutes: RouteObject[] = [
  {
    ...page(() => import('./components/AdminLayout'), 'AdminLayout'),
    children: [
      { index: true, ...page(() => import('./routes/DashboardPage'), 'DashboardPage') },
      { path: paths.admin.users.path, ...page(() => import('./routes/UserListPage'), 'UserListPage') },
      { path: paths.admin.userEdit.path, ...page(() => import('./routes/UserEditPage'), 'UserEditPage') },
      { path: paths.admin.products.path, ...page(() => import('./routes/ProductListPage'), 'ProductListPage') },
      { path: paths.admin.productPage.path, ...page(() => import('./routes/ProductListPage'), 'ProductListPage') },
      { path: paths.admin.productEdit.path, ...page(() => import('./routes/ProductEditPage'), 'ProductEditPage') },
      { path: paths.admin.orders.path, ...page(() => import('./routes/OrderListPage'), 'OrderListPage') },
      { path: paths.admin.settings.path, ...page(() => import('./routes/SettingsPage'), 'SettingsPage') },
      // The list and the form in one module (one lazy chunk: the build's chunk count is near its hash limit).
      { path: paths.admin.coupons.path, ...page(() => import('./routes/CouponsPage'), 'CouponsPage') },
      { path: paths.admin.giftCards.path, ...page(() => import('./routes/GiftCardsPage'), 'GiftCardsPage') },
      { path: paths.admin.taxonomy.path, ...page(() => import('./routes/TaxonomyPage'), 'TaxonomyPage') },
      { path: paths.admin.customers.path, ...page(() => import('./routes/CustomersPages'), 'CustomerListPage') },
      { path: paths.admin.customer.path, ...page(() => import('./routes/CustomersPages'), 'CustomerPage') },
      { path: paths.notFound.path, ...page(() => import('./components/AdminLayout'), 'AdminNotFound') },
    ],
  },
];
