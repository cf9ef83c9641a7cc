// The admin app's pages, declared once (issue 39): a new admin page is its file in ./routes plus one row here. The
// router's admin children (routes.tsx), the sidebar and its menu below lg (components/AdminLayout.tsx) and the admin's
// links (`adminPaths`) all derive from this list. Plain data, no imports of the pages: the pages import `adminPaths`
// from here, and routes.tsx finds each row's page module by its name (one lazy chunk per module, as before).
import { fixed, paths } from '@domain/routes';

interface PageRow {
  /** Where it is: a pattern and a link builder (`paths.admin.x` when something outside the admin links to it). */
  readonly route: { readonly path: string; readonly href: (...args: never[]) => string };
  /** Its component, exported by `./routes/<file>.tsx` (by default the module of the same name). */
  readonly page: string;
  readonly file?: string;
}

/** A section: an entry of the sidebar, in the list's order. */
interface SectionRow extends PageRow {
  readonly label: string;
  /** A section's own page is reached without parameters. */
  readonly route: { readonly path: string; readonly href: () => string };
  /** A count beside the label (components/AdminLayout.tsx draws each kind). */
  readonly badge?: 'requests';
}

/** A page inside a section (no sidebar entry): the section's entry stays highlighted on it. */
interface InnerPageRow<Section extends string> extends PageRow {
  readonly under: Section;
}

type AdminPageRow<Section extends string> = SectionRow | InnerPageRow<Section>;

/** The list, with `under` checked by the compiler against the list's own names. */
const pageList = <const T extends Record<string, AdminPageRow<Extract<keyof T, string>>>>(rows: T): T => rows;

export const ADMIN_PAGES = pageList({
  dashboard: { label: 'Dashboard', route: paths.admin.dashboard, page: 'DashboardPage' },
  orders: { label: 'Orders', route: paths.admin.orders, page: 'OrderListPage', badge: 'requests' },
  products: { label: 'Products', route: paths.admin.products, page: 'ProductListPage' },
  productPage: { under: 'products', route: paths.admin.productPage, page: 'ProductListPage' },
  productEdit: { under: 'products', route: paths.admin.productEdit, page: 'ProductEditPage' },
  /** Customers: accounts and guests with their order figures (GET /api/customers). */
  customers: {
    label: 'Customers',
    route: fixed('/admin/customers'),
    page: 'CustomerListPage',
    file: 'CustomersPages',
  },
  /** One customer (an account id, or a guest's `guest:<email key>`) and their orders (GET /api/customers/:key). */
  customer: {
    under: 'customers',
    route: {
      path: '/admin/customers/:key',
      href: (key: string) => `/admin/customers/${encodeURIComponent(key)}`,
    },
    page: 'CustomerPage',
    file: 'CustomersPages',
  },
  users: { label: 'Users', route: paths.admin.users, page: 'UserListPage' },
  userEdit: {
    under: 'users',
    route: { path: '/admin/user/:id/edit', href: (id: string) => `/admin/user/${id}/edit` },
    page: 'UserEditPage',
  },
  /** Discount codes: the list and the create/edit form in one module (POST/GET/PUT/DELETE /api/coupons). */
  coupons: { label: 'Discount codes', route: fixed('/admin/coupons'), page: 'CouponsPage' },
  /** Issue 39: gift cards: issue one, the list with balances and history (POST/GET /api/gift-cards). */
  giftCards: { label: 'Gift cards', route: fixed('/admin/gift-cards'), page: 'GiftCardsPage' },
  /** Categories and brands: create, rename, merge, delete (domain/taxonomy.ts; /api/categories, /api/brands). */
  taxonomy: { label: 'Categories & brands', route: fixed('/admin/categories'), page: 'TaxonomyPage' },
  /** The shop's settings: tax and shipping by country, the hold limits (GET/PUT /api/settings). */
  settings: { label: 'Settings', route: paths.admin.settings, page: 'SettingsPage' },
});

type AdminPages = typeof ADMIN_PAGES;
export type AdminPageName = keyof AdminPages;

/** Every admin page's route by its name: `adminPaths.giftCards.href()`. */
export const adminPaths = Object.fromEntries(Object.entries(ADMIN_PAGES).map(([name, row]) => [name, row.route])) as {
  readonly [K in AdminPageName]: AdminPages[K]['route'];
};

/** The module and component a row's page is. */
export function pageModule(row: PageRow): { file: string; component: string } {
  return { file: row.file ?? row.page, component: row.page };
}

export interface SidebarSection {
  name: AdminPageName;
  label: string;
  to: string;
  /** Active on its own URL only (the dashboard, whose URL starts every other). */
  end: boolean;
  /** The patterns of its inner pages, which keep it highlighted. */
  inner: string[];
  badge?: SectionRow['badge'];
}

const rows = Object.entries(ADMIN_PAGES) as [AdminPageName, AdminPageRow<AdminPageName>][];

/** The sidebar's entries, in the list's order. */
export const SIDEBAR: readonly SidebarSection[] = rows.flatMap(([name, row]) =>
  'label' in row
    ? [
        {
          name,
          label: row.label,
          to: row.route.href(),
          end: row.route.path === paths.admin.dashboard.path,
          inner: rows.flatMap(([, r]) => ('under' in r && r.under === name ? [r.route.path] : [])),
          ...(row.badge ? { badge: row.badge } : {}),
        },
      ]
    : [],
);
