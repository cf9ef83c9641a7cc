import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { paths } from '@domain/routes';
import { signOut, useUserInfo } from '@/lib/session';
import { cartCount, MiniCart, openMiniCartFromLink, useCartItems } from '@/features/cart';
import { Icon } from '@/components/ui/Icon';
import { DropdownMenu, type MenuEntry } from './DropdownMenu';
import { SearchBox } from './SearchBox';

const navClass = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? ' active' : ''}`;

/** Brand, search, the Categories menu, About Us, Contact Us, Cart (count), Sign In or the user menu, and the Admin menu for admins. Below lg
 * the links collapse behind the menu button; the search box stays visible on its own row. */
export function Header() {
  const user = useUserInfo();
  const count = cartCount(useCartItems());
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState(false);
  const close = () => setExpanded(false);
  // The category menu's entries (issue 40), loaded on the first interest in it (categoryMenu.ts, its own chunk).
  const [categories, setCategories] = useState<MenuEntry[]>();
  const loadCategories = () => void import('./categoryMenu').then((m) => m.categoryEntries()).then(setCategories);

  function logout() {
    signOut();
    navigate(paths.login.href());
  }

  return (
    <header>
      <a href="#main" className="visually-hidden-focusable skip-link">
        Skip to content
      </a>
      <nav className="navbar navbar-expand-lg navbar-dark site-navbar" aria-label="Main">
        <div className="container">
          <Link to={paths.home.href()} onClick={close} className="navbar-brand brand">
            <span className="brand-bolt" aria-hidden="true">
              ⚡
            </span>
            Voltshop
          </Link>
          <Link
            to={paths.cart.href()}
            onClick={(e) => {
              close();
              openMiniCartFromLink(e);
            }}
            className="nav-link d-lg-none ms-auto me-3 text-white mobile-cart"
            aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
          >
            <Icon name="cart" />
            {count > 0 && (
              <span
                className="badge rounded-pill text-bg-warning ms-1 cart-badge"
                data-testid="mobile-cart-count"
                aria-hidden="true"
              >
                {count}
              </span>
            )}
          </Link>
          <button
            type="button"
            className="navbar-toggler"
            aria-controls="main-navbar"
            aria-expanded={expanded}
            aria-label="Toggle navigation"
            onClick={() => setExpanded((e) => !e)}
          >
            <span className="navbar-toggler-icon" />
          </button>
          {/* Outside the collapsing menu: on phones it is a full-width row under the brand, always visible. */}
          <div className="search-wrap">
            <SearchBox onSearch={close} />
          </div>
          <div id="main-navbar" className={`collapse navbar-collapse${expanded ? ' show' : ''}`}>
            <ul className="navbar-nav ms-auto align-items-lg-center">
              <DropdownMenu
                id="categories"
                title="Categories"
                onNavigate={close}
                onInterest={loadCategories}
                entries={categories ?? []}
              />
              <li className="nav-item">
                <NavLink to={paths.about.href()} onClick={close} className={navClass}>
                  About Us
                </NavLink>
              </li>
              <li className="nav-item">
                <NavLink to={paths.contact.href()} onClick={close} className={navClass}>
                  Contact Us
                </NavLink>
              </li>
              <li className="nav-item">
                <NavLink
                  to={paths.cart.href()}
                  onClick={(e) => {
                    close();
                    openMiniCartFromLink(e);
                  }}
                  className={navClass}
                >
                  <Icon name="cart" /> Cart
                  {count > 0 && (
                    <span className="badge rounded-pill text-bg-warning ms-1 cart-badge" data-testid="cart-count">
                      {count}
                      <span className="visually-hidden"> {count === 1 ? 'item' : 'items'}</span>
                    </span>
                  )}
                </NavLink>
              </li>
              {user ? (
                <DropdownMenu
                  id="username"
                  title={user.name}
                  onNavigate={close}
                  entries={[
                    { label: 'Profile', to: paths.profile.href() },
                    { label: 'Wishlist', to: paths.wishlist.href() },
                    { label: 'Logout', onSelect: logout },
                  ]}
                />
              ) : (
                <li className="nav-item">
                  <NavLink to={paths.login.href()} onClick={close} className={navClass}>
                    <Icon name="user" /> Sign In
                  </NavLink>
                </li>
              )}
              {user?.isAdmin && (
                <DropdownMenu
                  id="adminmenu"
                  title="Admin"
                  onNavigate={close}
                  entries={[
                    { label: 'Dashboard', to: paths.admin.dashboard.href() },
                    { label: 'Users', to: paths.admin.users.href() },
                    { label: 'Products', to: paths.admin.products.href() },
                    { label: 'Orders', to: paths.admin.orders.href() },
                    { label: 'Settings', to: paths.admin.settings.href() },
                  ]}
                />
              )}
            </ul>
          </div>
        </div>
      </nav>
      <MiniCart />
    </header>
  );
}
