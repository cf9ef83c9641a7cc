import { describe, expect, it } from 'vitest';
import type { DomainError } from './errors.js';
import type { Product } from './types.js';
import { checkSubscribable, lowStockCrossings, renewedStatus, restockBatchSize, unitsBack } from './stockAlerts.js';

const product = (over: Partial<Product> = {}): Product =>
  ({
    _id: 'p1',
    name: 'Phone',
    countInStock: 0,
    options: [{ name: 'Colour', values: ['Black', 'Blue'] }],
    variants: [
      { _id: 'v1', sku: 'B', options: { Colour: 'Black' }, price: 1, countInStock: 3 },
      { _id: 'v2', sku: 'L', options: { Colour: 'Blue' }, price: 1, countInStock: 0 },
    ],
    ...over,
  }) as Product;

const kind = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as DomainError).kind;
  }
  return 'ok';
};

describe('back-in-stock rules', () => {
  it('mails max(3 per unit back, 10) per restock, none when nothing came back', () => {
    expect([0, -2, 1, 3, 4, 10].map(restockBatchSize)).toEqual([0, 0, 10, 10, 12, 30]);
    expect(restockBatchSize(Number.NaN)).toBe(0);
    expect([unitsBack(0, 5), unitsBack(5, 2), unitsBack(2, 2)]).toEqual([5, 0, 0]);
  });

  it('takes only a sold-out variant of the product: 400 for a missing or foreign one, 409 in stock', () => {
    expect(checkSubscribable(product(), 'v2')).toEqual({ label: 'Blue' });
    expect(kind(() => checkSubscribable(product(), 'v1'))).toBe('conflict');
    expect(kind(() => checkSubscribable(product(), null))).toBe('bad_input');
    expect(kind(() => checkSubscribable(product(), 'other'))).toBe('bad_input');
    const plain = product({ options: [], variants: [] });
    expect(checkSubscribable(plain, null)).toEqual({ label: '' });
    expect(kind(() => checkSubscribable(plain, 'v2'))).toBe('bad_input');
    expect(kind(() => checkSubscribable({ ...plain, countInStock: 1 }, null))).toBe('conflict');
  });

  it('renews a notified alert, confirms a pending one for a verified caller, leaves the rest', () => {
    expect(renewedStatus('notified', false)).toBe('pending');
    expect(renewedStatus('notified', true)).toBe('waiting');
    expect(renewedStatus('pending', true)).toBe('waiting');
    expect(renewedStatus('pending', false)).toBeNull();
    expect(renewedStatus('waiting', false)).toBeNull();
  });

  it('marks an item once as it falls to the low-stock threshold, clears it above, never mails a marked one again', () => {
    const level = (variant: string | null, countInStock: number) => ({ product: 'p1', variant, countInStock });
    expect(lowStockCrossings([level('a', 5), level('b', 6), level(null, 0)], new Set(), 5)).toEqual({
      mark: [level('a', 5), level(null, 0)],
      clear: [],
    });
    expect(lowStockCrossings([level('a', 2), level('b', 6)], new Set(['a', 'b']), 5)).toEqual({
      mark: [],
      clear: ['b'],
    });
  });
});
