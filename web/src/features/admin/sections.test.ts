import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { isAdminPath, paths } from '@domain/routes';
import { adminRoutes } from './routes';
import { ADMIN_PAGES, adminPaths, pageModule, SIDEBAR } from './sections';

// The admin's one list (sections.ts): the sidebar, the router's children and the links all come from it.
const PAGE_MODULES = import.meta.glob<Record<string, unknown>>(['./routes/*.tsx', '!./routes/*.test.tsx']);

describe('the admin pages list', () => {
  it('keeps the sidebar’s sections, labels, order and links', () => {
    expect(SIDEBAR.map((s) => [s.label, s.to])).toEqual([
      ['Dashboard', '/admin'],
      ['Orders', '/admin/orderlist'],
      ['Products', '/admin/productlist'],
      ['Customers', '/admin/customers'],
      ['Users', '/admin/userlist'],
      ['Discount codes', '/admin/coupons'],
      ['Gift cards', '/admin/gift-cards'],
      ['Categories & brands', '/admin/categories'],
      ['Settings', '/admin/settings'],
    ]);
    // Only the dashboard is active on its own URL alone; Orders carries the requests badge.
    expect(SIDEBAR.filter((s) => s.end).map((s) => s.name)).toEqual(['dashboard']);
    expect(SIDEBAR.filter((s) => s.badge).map((s) => [s.name, s.badge])).toEqual([['orders', 'requests']]);
  });

  it('highlights a section on its inner pages', () => {
    const inner = Object.fromEntries(SIDEBAR.map((s) => [s.name, s.inner]));
    expect(inner).toMatchObject({
      products: ['/admin/productlist/:pageNumber', '/admin/product/:id/edit'],
      customers: ['/admin/customers/:key'],
      users: ['/admin/user/:id/edit'],
      giftCards: [],
    });
  });

  it('keeps every admin URL, and each link matches its own pattern', () => {
    const samples: [keyof typeof adminPaths, string, Record<string, string>][] = [
      ['userEdit', adminPaths.userEdit.href('u1'), { id: 'u1' }],
      ['productPage', adminPaths.products.href(2), { pageNumber: '2' }],
      ['productEdit', adminPaths.productEdit.href('p1'), { id: 'p1' }],
      ['customer', adminPaths.customer.href('guest:a@b.test'), { key: 'guest:a@b.test' }],
    ];
    for (const [name, href, params] of samples) {
      expect(matchPath(adminPaths[name].path, decodeURIComponent(href))?.params, name).toEqual(params);
    }
    expect(adminPaths.customer.href('guest:a@b.test')).toBe('/admin/customers/guest%3Aa%40b.test');
    expect(adminPaths.userEdit.href('u1')).toBe('/admin/user/u1/edit');
    // The pages something outside the admin links to are the route table's own (functions/src/domain/routes.ts).
    for (const [name, route] of Object.entries(paths.admin))
      expect(adminPaths[name as keyof typeof paths.admin], name).toBe(route);
  });

  it('puts every page under the admin’s URL, where the router mounts the admin app', () => {
    for (const { path } of Object.values(adminPaths)) expect(isAdminPath(path.replace(/:\w+/g, 'x')), path).toBe(true);
    expect(new Set(Object.values(adminPaths).map((r) => r.path)).size).toBe(Object.keys(adminPaths).length);
  });

  it('names a page each module exports, and the router has a child for every row', async () => {
    for (const row of Object.values(ADMIN_PAGES)) {
      const { file, component } = pageModule(row);
      const load = PAGE_MODULES[`./routes/${file}.tsx`];
      expect(load, file).toBeDefined();
      expect(typeof (await load!())[component], `${file}: ${component}`).toBe('function');
    }
    const children = adminRoutes[0]!.children!;
    expect(children.filter((c) => c.index)).toHaveLength(1);
    expect(children.flatMap((c) => (c.path ? [c.path] : []))).toEqual([
      ...Object.values(ADMIN_PAGES).flatMap((r) => (r.route.path === paths.admin.dashboard.path ? [] : [r.route.path])),
      paths.notFound.path,
    ]);
  });
});
