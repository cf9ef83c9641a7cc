import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Link, NavLink } from 'react-router-dom';
import { Link as ShopLink, NavLink as ShopNavLink } from './links';

function Where() {
  const { pathname, search, state } = useLocation();
  return <output data-testid="where">{`${pathname}${search}${state ? ` ${JSON.stringify(state)}` : ''}`}</output>;
}

/** `ui` rendered at `url` in a data router whose every path renders it with the current location. */
function renderAt(url: string, ui: React.ReactNode) {
  const element = (
    <>
      {ui}
      <Where />
    </>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

const where = () => screen.getByTestId('where').textContent;

describe("the shop's Link (lib/router)", () => {
  it("is what the app imports as react-router-dom's", () => {
    expect(Link).toBe(ShopLink);
    expect(NavLink).toBe(ShopNavLink);
  });

  it('navigates in the app on a plain click, with the href of the route, its state and relative paths', () => {
    renderAt(
      '/category/audio',
      <>
        <Link to="/cart?qty=2" state={{ from: 'card' }}>
          Cart
        </Link>
        <Link to="page/2">Next</Link>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart?qty=2');
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/category/audio/page/2');
    fireEvent.click(screen.getByRole('link', { name: 'Cart' }));
    expect(where()).toBe('/cart?qty=2 {"from":"card"}');
  });

  it("leaves modified clicks, other targets, a prevented click, reloadDocument and other sites' URLs to the browser", () => {
    const onClick = vi.fn((e: React.MouseEvent) => e.preventDefault());
    renderAt(
      '/',
      <>
        <Link to="/a">A</Link>
        <Link to="/b" target="_blank">
          B
        </Link>
        <Link to="/c" onClick={onClick}>
          C
        </Link>
        <Link to="/d" reloadDocument>
          D
        </Link>
        <Link to="https://example.com/x">E</Link>
      </>,
    );
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      fireEvent.click(screen.getByRole('link', { name: 'A' }), modifier);
      expect(where()).toBe('/');
    }
    fireEvent.click(screen.getByRole('link', { name: 'B' }));
    fireEvent.click(screen.getByRole('link', { name: 'C' }));
    expect(onClick).toHaveBeenCalledOnce();
    // jsdom does not follow links: a click the router did not take leaves the location where it was.
    fireEvent.click(screen.getByRole('link', { name: 'D' }));
    expect(screen.getByRole('link', { name: 'E' })).toHaveAttribute('href', 'https://example.com/x');
    fireEvent.click(screen.getByRole('link', { name: 'E' }));
    expect(where()).toBe('/');
  });

  it('passes the rest to the anchor: class, aria attributes, ref', () => {
    const ref = { current: null as HTMLAnchorElement | null };
    renderAt(
      '/',
      <Link to="/x" ref={ref} className="btn" aria-label="Go" data-testid="go">
        x
      </Link>,
    );
    const a = screen.getByRole('link', { name: 'Go' });
    expect(a).toHaveClass('btn');
    expect(a).toHaveAttribute('data-testid', 'go');
    expect(ref.current).toBe(a);
  });
});

describe("the shop's NavLink", () => {
  it('is active (class and aria-current="page") on its path and the paths under it, unless `end`', () => {
    renderAt(
      '/admin/orders/42',
      <>
        <NavLink to="/admin/orders">Orders</NavLink>
        <NavLink to="/admin" end>
          Dashboard
        </NavLink>
        <NavLink to="/admin/ord">Prefix</NavLink>
        <NavLink to="/ADMIN/ORDERS" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Upper
        </NavLink>
      </>,
    );
    const link = (name: string) => screen.getByRole('link', { name });
    expect(link('Orders')).toHaveClass('active');
    expect(link('Orders')).toHaveAttribute('aria-current', 'page');
    expect(link('Dashboard')).not.toHaveClass('active');
    expect(link('Dashboard')).not.toHaveAttribute('aria-current');
    // A path that only starts with the same letters is not under it.
    expect(link('Prefix')).not.toHaveClass('active');
    expect(link('Upper')).toHaveClass('on');
  });

  it('follows the location as the app navigates', () => {
    renderAt(
      '/',
      <>
        <NavLink to="/about">About</NavLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'About' })).not.toHaveClass('active');
    fireEvent.click(screen.getByRole('link', { name: 'About' }));
    expect(where()).toBe('/about');
    expect(screen.getByRole('link', { name: 'About' })).toHaveClass('active');
  });
});
