import { useState } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { Link, matchPath, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@domain/routes';
import { signOut, useUserInfo } from '@/lib/session';
import { Meta } from '@/components/ui/Meta';
import { usePaymentsUnavailable, useShopConfig } from '@/lib/shopConfig';
import { requestsHref, useRequestsSummary } from '../api/orders';
import { adminPaths, SIDEBAR } from '../sections';
import { AdminSearch } from './AdminSearch';
import '../admin.css';

const DEV_MAILBOX = '/dev/mailbox';

/** Whether the server offers its development mailbox to this browser (outside production, without SMTP; loopback
 *  clients): GET /api/config says so, and the sidebar links it only then. (Asking the mailbox's own path logged a 404
 *  in the console of every production admin page, and behind Firebase Hosting's old catch-all it answered the app.) */
function useDevMailbox(): boolean {
  return useShopConfig().data?.devMailbox === true;
}

/** Production without PayPal credentials (GET /api/config's paymentMode 'unavailable'): the order page offers shoppers
 *  no way to pay, so every admin page says so, with what to set. */
function PaymentsNotSetUp() {
  if (!usePaymentsUnavailable()) return null;
  return (
    <div className="alert alert-warning mb-3" role="status">
      <strong>Shoppers cannot pay their orders:</strong> no payment provider is set up, and this production server
      refuses test payments. Set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET, then restart the server (on Firebase: deploy
      again).
    </div>
  );
}

function SidebarNav({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  const summary = useRequestsSummary();
  const waiting = summary.data ? summary.data.cancellations + summary.data.returns : 0;
  const mailbox = useDevMailbox();
  return (
    <nav aria-label="Admin sections" className="admin-sidebar-nav">
      {/* Inside the navigation landmark: a link outside every landmark is content a screen reader's landmark list
          skips (axe's "region"). Shown from lg up; below it the menu's title names the admin. */}
      <Link to={adminPaths.dashboard.href()} className="admin-brand d-none d-lg-block" onClick={onNavigate}>
        <span aria-hidden="true">⚡</span> Voltshop <span className="admin-brand-tag">admin</span>
      </Link>
      <ul className="nav flex-column gap-1">
        {SIDEBAR.map((s) => (
          <li className="nav-item" key={s.name}>
            <NavLink
              to={s.to}
              end={s.end}
              onClick={onNavigate}
              className={({ isActive }) =>
                `nav-link${isActive || s.inner.some((p) => matchPath(p, pathname)) ? ' active' : ''}`
              }
            >
              {s.label}
              {s.badge === 'requests' && waiting > 0 && (
                <span className="badge rounded-pill text-bg-warning ms-2" title="Requests waiting">
                  {waiting}
                  <span className="visually-hidden"> requests waiting</span>
                </span>
              )}
            </NavLink>
          </li>
        ))}
        {waiting > 0 && (
          <li className="nav-item">
            <Link to={requestsHref} onClick={onNavigate} className="nav-link small ps-4">
              Requests waiting
            </Link>
          </li>
        )}
      </ul>
      <hr />
      <ul className="nav flex-column gap-1">
        {mailbox && (
          <li className="nav-item">
            <a className="nav-link" href={DEV_MAILBOX} target="_blank" rel="noreferrer">
              Mailbox (development)
            </a>
          </li>
        )}
        <li className="nav-item">
          <Link to={paths.home.href()} className="nav-link">
            ← Back to shop
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/**
 * The admin app's frame (issue 40): a sidebar of the sections (an offcanvas menu below lg), a top bar with the admin
 * search and the account, and the page. No storefront header, search, cart or footer.
 */
export function AdminLayout() {
  const user = useUserInfo();
  const navigate = useNavigate();
  const [menu, setMenu] = useState(false);
  const close = () => setMenu(false);
  return (
    <div className="admin-app">
      <a href="#main" className="visually-hidden-focusable skip-link">
        Skip to content
      </a>
      <Offcanvas
        show={menu}
        onHide={close}
        responsive="lg"
        placement="start"
        className="admin-sidebar"
        id="admin-sidebar"
        aria-labelledby="admin-menu-title"
      >
        <Offcanvas.Header closeButton closeLabel="Close menu">
          <Offcanvas.Title id="admin-menu-title">Voltshop admin</Offcanvas.Title>
        </Offcanvas.Header>
        <Offcanvas.Body className="flex-column">
          <SidebarNav onNavigate={close} />
        </Offcanvas.Body>
      </Offcanvas>
      <div className="admin-main">
        <header className="admin-topbar">
          <button
            type="button"
            className="btn btn-outline-secondary d-lg-none"
            aria-controls="admin-sidebar"
            aria-expanded={menu}
            onClick={() => setMenu(true)}
          >
            <span aria-hidden="true">☰</span> Menu
          </button>
          <AdminSearch />
          {user && (
            <div className="admin-account">
              <span className="d-none d-md-inline text-muted small me-2">{user.name}</span>
              <button
                type="button"
                className="btn btn-link btn-sm"
                onClick={() => {
                  signOut();
                  navigate(paths.login.href());
                }}
              >
                Logout
              </button>
            </div>
          )}
        </header>
        <main id="main" className="admin-content" tabIndex={-1}>
          <PaymentsNotSetUp />
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/** An unknown /admin URL, inside the admin's frame. */
export function AdminNotFound() {
  return (
    <section className="text-center py-5">
      <Meta title="Page not found" />
      <h1 className="h3">Page not found</h1>
      <p className="text-muted">No admin page has this address.</p>
      <Link to={adminPaths.dashboard.href()} className="btn btn-primary">
        Dashboard
      </Link>
    </section>
  );
}
