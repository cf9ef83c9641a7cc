import { LOW_STOCK_THRESHOLD } from '@domain/limits';
import { describe, expect, it } from 'vitest';
import { stockHint } from './stock';

describe('stockHint', () => {
  it("says 'Out of Stock' at zero (and for a negative count, never 'Only -1 left')", () => {
    expect(stockHint(0)).toEqual({ level: 'out', text: 'Out of Stock' });
    expect(stockHint(-1)).toEqual({ level: 'out', text: 'Out of Stock' });
  });

  it("says 'Only N left' from 1 up to the low-stock threshold", () => {
    expect(stockHint(1)).toEqual({ level: 'low', text: 'Only 1 left' });
    expect(stockHint(2)).toEqual({ level: 'low', text: 'Only 2 left' });
    expect(stockHint(LOW_STOCK_THRESHOLD)).toEqual({ level: 'low', text: `Only ${LOW_STOCK_THRESHOLD} left` });
  });

  it("says 'In Stock' above the threshold", () => {
    expect(stockHint(LOW_STOCK_THRESHOLD + 1)).toEqual({ level: 'in', text: 'In Stock' });
    expect(stockHint(60)).toEqual({ level: 'in', text: 'In Stock' });
  });
});
