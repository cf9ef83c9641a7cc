import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LowestPrice } from './LowestPrice';

describe('LowestPrice (issue 41: the 30-day low under a sale price)', () => {
  it('shows the figure under a price with a higher compare-at price', () => {
    render(<LowestPrice price={99} compareAtPrice={120} lowest={100} />);
    expect(screen.getByTestId('lowest-price-30')).toHaveTextContent('Lowest price in the last 30 days: $100.00');
  });

  it('shows nothing without a figure, without a compare-at price, or with one not above the price', () => {
    const { container, rerender } = render(<LowestPrice price={99} compareAtPrice={120} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<LowestPrice price={99} lowest={100} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<LowestPrice price={99} compareAtPrice={99} lowest={100} />);
    expect(container).toBeEmptyDOMElement();
  });
});
