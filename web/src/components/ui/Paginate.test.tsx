import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '@/testing/render';
import { pageHref, Paginate } from './Paginate';

describe('Paginate', () => {
  it('renders nothing for a single page', () => {
    renderAt(<Paginate pages={1} page={1} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('links every page in the plain form and marks the current one', () => {
    renderAt(<Paginate pages={3} page={2} />);
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/', '/page/2', '/page/3']);
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('uses the search-with-page form with the keyword encoded', () => {
    renderAt(<Paginate pages={2} page={1} keyword="usb (c)" />);
    expect(screen.getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual([
      '/search/usb%20(c)',
      '/search/usb%20(c)/page/2',
    ]);
  });

  it('uses the admin list form', () => {
    expect(pageHref(1, { isAdmin: true })).toBe('/admin/productlist');
    expect(pageHref(4, { isAdmin: true, keyword: 'x' })).toBe('/admin/productlist/4');
  });
});
