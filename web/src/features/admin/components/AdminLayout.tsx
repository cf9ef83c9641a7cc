import { NavLink, Outlet } from 'react-router-dom';
import { paths } from '@/config/paths';
import '../admin.css';

const link = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? ' active' : ''}`;

/** The admin sections as tabs above every admin page (the header's Admin menu links the same pages). */
export function AdminLayout() {
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
            <NavLink to={paths.admin.users.href()} className={link}>
              Users
            </NavLink>
          </li>
          <li className="nav-item">
            <NavLink to={paths.admin.products.href()} className={link}>
              Products
            </NavLink>
          </li>
          <li className="nav-item">
            <NavLink to={paths.admin.orders.href()} className={link}>
              Orders
            </NavLink>
          </li>
        </ul>
      </nav>
      <Outlet />
    </>
  );
}
