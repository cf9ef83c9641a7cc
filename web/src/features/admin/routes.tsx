// The admin app, mounted by the router (app/router.tsx) as its own top-level route under /admin, outside the
// storefront's layout, behind the RequireAdmin guard (signed-out visitors go to /login?redirect=…, non-admins go
// home) on the first visit to an /admin URL. The layout (sidebar, top bar) and every page are lazy chunks, so
// neither shoppers nor the home page ever download admin code. The pages are the rows of sections.ts.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { paths } from '@domain/routes';
import { ADMIN_PAGES, adminPaths, pageModule } from './sections';

function page<M>(load: () => Promise<M>, name: keyof M): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load())[name] as ComponentType }) };
}

/** Each page module, loaded on its first visit (its own chunk; a module may hold several pages, e.g. the customers'). */
const PAGE_MODULES = import.meta.glob<Record<string, unknown>>(['./routes/*.tsx', '!./routes/*.test.tsx']);

function pageRoute(row: (typeof ADMIN_PAGES)[keyof typeof ADMIN_PAGES]): RouteObject {
  const { file, component } = pageModule(row);
  const load = PAGE_MODULES[`./routes/${file}.tsx`];
  if (!load) throw new Error(`features/admin/sections.ts: no page module routes/${file}.tsx`);
  const lazy = {
    lazy: async () => {
      const Component = (await load())[component];
      if (typeof Component !== 'function') throw new Error(`routes/${file}.tsx exports no page ${component}`);
      return { Component: Component as ComponentType };
    },
  };
  // The dashboard is the admin's own URL.
  return row.route.path === adminPaths.dashboard.path ? { index: true, ...lazy } : { path: row.route.path, ...lazy };
}

export const adminRoutes: RouteObject[] = [
  {
    ...page(() => import('./components/AdminLayout'), 'AdminLayout'),
    children: [
      ...Object.values(ADMIN_PAGES).map(pageRoute),
      { path: paths.notFound.path, ...page(() => import('./components/AdminLayout'), 'AdminNotFound') },
    ],
  },
];
