import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { paths } from '@domain/routes';
import '../admin.css';

const tab = (active: boolean) => `nav-link${active ? ' active' : ''}`;
const link = ({ isActive }: { isActive: boolean }) => tab(isActive);

/** The admin sections as tabs above every admin page (the header's Admin menu links the same pages). */
export function AdminLayout() {
  const { pathname } = useLocation();
  // A section's tab stays highlighted on its other pages: /admin/product/:id/edit is under Products, and so on.
  const under = (...paths: string[]) => paths.some((p) => pathname.startsWith(p));
  return (
    <>
      <nav aria-label="Admin sections" className="admin-nav mb-4">
        <ul className="nav nav-pills gap-1">
          <li className="nav-item">
            <NavLink to={paths.admin.dashboard.href()} end className={link}>
              Dashboard
            </NavLink>
          </li>
          <li className="nav-item">
            <NavLink to={paths.admin.users.href()} className={({ isActive }) => tab(isActive || under('/admin/user/'))}>
              Users
            </NavLink>
          </li>
          <li className="nav-item">
            <NavLink
              to={paths.admin.products.href()}
              className={({ isActive }) => tab(isActive || under('/admin/productlist', '/admin/product/'))}
            >
              Products
            </NavLink>
          </li>
          <li className="nav-item">
            <NavLink to={paths.admin.orders.href()} className={link}>
              Orders
            </NavLink>
          </li>
          <li className="nav-item">
            <NavLink to={paths.admin.settings.href()} className={link}>
              Settings
            </NavLink>
          </li>
          <li className="nav-item">
            <NavLink to={paths.admin.coupons.href()} className={link}>
              Discount codes
            </NavLink>
          </li>
          <li className="nav-item">
            <NavLink to={paths.admin.taxonomy.href()} className={link}>
              Categories &amp; brands
            </NavLink>
          </li>
        </ul>
      </nav>
      <Outlet />
    </>
  );
}
