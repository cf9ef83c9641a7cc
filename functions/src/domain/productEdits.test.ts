// Stock limits over every path that changes stock (issue 24, point 5): whatever sequence of form saves, delta
// edits, sales and restocks runs, the stock stays within 0..MAX_STOCK.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_STOCK, restockedCount } from './limits.js';
import { applyProductEdit } from './productEdits.js';

const t0 = new Date('2026-11-01T10:00:00.000Z');
const stock = fc.integer({ min: 0, max: MAX_STOCK });

type Step =
  | { kind: 'save'; value: number } // a form without editedFrom (the original clients)
  | { kind: 'delta'; loaded: number; value: number } // a form with editedFrom, possibly opened long ago
  | { kind: 'sell'; units: number }
  | { kind: 'restock'; units: number }; // a cancel or an expiry gives units back

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('save' as const), value: stock }),
  fc.record({ kind: fc.constant('delta' as const), loaded: stock, value: stock }),
  fc.record({ kind: fc.constant('sell' as const), units: fc.integer({ min: 1, max: 1000 }) }),
  fc.record({ kind: fc.constant('restock' as const), units: fc.integer({ min: 1, max: 1000 }) }),
);

describe('stock limits', () => {
  it('two delta saves of +1,000,000 stop at MAX_STOCK (the measured 2,000,000)', () => {
    const first = applyProductEdit(
      { updatedAt: t0.toISOString(), countInStock: 0 },
      MAX_STOCK,
      {
        updatedAt: t0.toISOString(),
        countInStock: 0,
      },
      t0,
    );
    const second = applyProductEdit(first, MAX_STOCK, { updatedAt: first.updatedAt, countInStock: 0 }, t0);
    expect(second.countInStock).toBe(MAX_STOCK);
  });

  it('restocking never passes MAX_STOCK', () => {
    expect(restockedCount(MAX_STOCK - 1, 5)).toBe(MAX_STOCK);
    expect(restockedCount(3, 2)).toBe(5);
  });

  it('every sequence of saves, delta edits, sales and restocks keeps stock within 0..MAX_STOCK', () => {
    fc.assert(
      fc.property(stock, fc.array(step, { maxLength: 40 }), (initial, steps) => {
        let product = { updatedAt: t0.toISOString(), countInStock: initial };
        for (const s of steps) {
          if (s.kind === 'save') product = applyProductEdit(product, s.value, undefined, t0);
          else if (s.kind === 'delta') {
            const editedFrom = { updatedAt: product.updatedAt, countInStock: s.loaded };
            product = applyProductEdit(product, s.value, editedFrom, t0);
          } else if (s.kind === 'sell') {
            // A sale takes only what is there (the stores' conditional decrement).
            if (product.countInStock >= s.units) product = { ...product, countInStock: product.countInStock - s.units };
          } else product = { ...product, countInStock: restockedCount(product.countInStock, s.units) };
          expect(product.countInStock).toBeGreaterThanOrEqual(0);
          expect(product.countInStock).toBeLessThanOrEqual(MAX_STOCK);
          expect(Number.isInteger(product.countInStock)).toBe(true);
        }
      }),
    );
  });
});
