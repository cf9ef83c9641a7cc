import { describe, expect, it } from 'vitest';
import { cartLineChange } from './useCartLineChange';

const line = { product: 'p', name: 'Lamp', image: '/l.png', price: 10, countInStock: 5, qty: 2 };

describe('cartLineChange (a cart line flagged when its product changed since it was added)', () => {
  it('says nothing while nothing changed or nothing was heard', () => {
    expect(cartLineChange(line, undefined)).toBeNull();
    expect(cartLineChange(line, { _id: 'p', price: 10, countInStock: 4 })).toBeNull();
  });

  it('flags a new price, stock below the quantity, and no stock, the most pressing first', () => {
    expect(cartLineChange(line, { _id: 'p', price: 12.5 })).toBe('Price changed since you added it: now $12.50');
    expect(cartLineChange(line, { _id: 'p', price: 12.5, countInStock: 1 })).toBe('Only 1 left now');
    expect(cartLineChange(line, { _id: 'p', countInStock: 0 })).toBe('Out of stock now');
  });
});
