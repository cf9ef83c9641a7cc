import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { isAdminPath, paths } from '@domain/routes';

// The route table (functions/src/domain/routes.ts) as the web's router reads it: each link the shop builds must be
// matched by the router pattern of the same entry (and give back its params). The admin's own pages:
// features/admin/sections.test.ts.
const cases: [name: string, pattern: string, href: string, params: Record<string, string>][] = [
  ['home', paths.home.path, paths.home.href(), {}],
  ['page', paths.page.path, paths.page.href(3), { pageNumber: '3' }],
  ['search', paths.search.path, paths.search.href('usb c'), { keyword: 'usb c' }],
  ['search, page 1', paths.search.path, paths.search.href('usb', 1), { keyword: 'usb' }],
  ['search, page 2', paths.searchPage.path, paths.search.href('usb', 2), { keyword: 'usb', pageNumber: '2' }],
  ['category', paths.category.path, paths.category.href('Audio & Video'), { category: 'Audio & Video' }],
  ['category, page 1', paths.category.path, paths.category.href('Audio', 1), { category: 'Audio' }],
  [
    'category, page 2',
    paths.categoryPage.path,
    paths.category.href('Audio', 2),
    { category: 'Audio', pageNumber: '2' },
  ],
  ['product', paths.product.path, paths.product.href('p1'), { id: 'p1' }],
  ['cart', paths.cart.path, paths.cart.href(), {}],
  ['cart with a product', paths.cart.path, paths.cart.href('p1', 2).split('?')[0], { id: 'p1' }],
  ['login', paths.login.path, paths.login.href('/shipping').split('?')[0], {}],
  ['register', paths.register.path, paths.register.href(), {}],
  ['order', paths.order.path, paths.order.href('o1'), { id: 'o1' }],
  ['admin users', paths.admin.users.path, paths.admin.users.href(), {}],
  ['admin products', paths.admin.products.path, paths.admin.products.href(), {}],
  ['admin products, page 2', paths.admin.productPage.path, paths.admin.products.href(2), { pageNumber: '2' }],
  ['stock alert confirm', paths.stockAlertConfirm.path, paths.stockAlertConfirm.href('a1.sig'), { token: 'a1.sig' }],
  [
    'stock alert unsubscribe',
    paths.stockAlertUnsubscribe.path,
    paths.stockAlertUnsubscribe.href('a1.sig'),
    { token: 'a1.sig' },
  ],
  ['admin product edit', paths.admin.productEdit.path, paths.admin.productEdit.href('p1'), { id: 'p1' }],
];

describe('paths', () => {
  it.each(cases)('%s: the link matches the router pattern', (_name, pattern, href, params) => {
    const match = matchPath(pattern, decodeURIComponent(href));
    expect(match).not.toBeNull();
    expect(match!.params).toMatchObject(params);
  });

  it('keeps the spec’s URL forms', () => {
    expect(paths.login.href('/shipping')).toBe('/login?redirect=%2Fshipping');
    expect(paths.cart.href('p1', 2)).toBe('/cart/p1?qty=2');
    expect(paths.search.href('a b', 2)).toBe('/search/a%20b/page/2');
    expect(paths.admin.products.href(1)).toBe('/admin/productlist');
  });

  it('tells admin URLs from the others', () => {
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/userlist')).toBe(true);
    expect(isAdminPath('/administrator')).toBe(false);
    expect(isAdminPath('/')).toBe(false);
  });
});
