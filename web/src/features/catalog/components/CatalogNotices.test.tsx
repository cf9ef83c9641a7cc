import { render, screen } from '@testing-library/react';
import { NARROWED_TO_PRICE_SORT, windowNotice } from '@firestore/catalog';
import { describe, expect, it } from 'vitest';
import type { Product } from '@domain';
import { CatalogNotices } from './CatalogNotices';

const product = { _id: 'p1', name: 'Volt Phone' } as Product;

describe('CatalogNotices (what a narrowed Firestore query tells the shopper)', () => {
  it('shows every notice of a page that has products', () => {
    const notices = [NARROWED_TO_PRICE_SORT, windowNotice('phone', 100)];
    render(<CatalogNotices data={{ products: [product], page: 1, pages: 1, notices }} />);
    expect(screen.getAllByTestId('catalog-notice').map((n) => n.textContent)).toEqual(notices);
  });

  it('shows nothing without notices (the API’s answers) or on an empty page (which has its own message)', () => {
    const { container, rerender } = render(<CatalogNotices data={{ products: [product], page: 1, pages: 1 }} />);
    expect(container).toBeEmptyDOMElement();
    rerender(
      <CatalogNotices
        data={{ products: [], page: 4, pages: 3, notices: ['There is no page 4: the last page is 3.'] }}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
