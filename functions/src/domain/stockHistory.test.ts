import { describe, expect, it } from 'vitest';
import { stockChanges, stockFromHistory, stockHistoryEntries, SYSTEM_ACTOR } from './stockHistory.js';

describe('stock history entries', () => {
  it('pairs a decision’s stock levels with the stock it read, skipping products it did not read', () => {
    const before = new Map([
      ['a', 5],
      ['b', 2],
    ]);
    expect(
      stockChanges(
        [
          { product: 'a', countInStock: 3 },
          { product: 'gone', countInStock: 1 },
          { product: 'b', countInStock: 2 },
        ],
        before,
      ),
    ).toEqual([
      { product: 'a', before: 5, after: 3 },
      { product: 'b', before: 2, after: 2 },
    ]);
  });

  it('one entry per product whose stock moved, with the delta, cause, actor and order', () => {
    const entries = stockHistoryEntries(
      [
        { product: 'a', before: 5, after: 3 },
        { product: 'b', before: 2, after: 2 },
        { product: 'c', before: 0, after: 4 },
      ],
      { cause: 'expiry', by: SYSTEM_ACTOR, at: '2026-03-01T10:00:00.000Z', orderId: 'o1' },
    );
    expect(entries).toEqual([
      {
        product: 'a',
        entry: { at: '2026-03-01T10:00:00.000Z', delta: -2, after: 3, cause: 'expiry', orderId: 'o1', by: 'system' },
      },
      {
        product: 'c',
        entry: { at: '2026-03-01T10:00:00.000Z', delta: 4, after: 4, cause: 'expiry', orderId: 'o1', by: 'system' },
      },
    ]);
    // An edit names no order.
    const [edit] = stockHistoryEntries([{ product: 'a', before: 1, after: 7 }], {
      cause: 'admin-edit',
      by: 'admin-1',
      at: 't',
    });
    expect(edit!.entry).not.toHaveProperty('orderId');
    expect(stockFromHistory([{ delta: 7 }, { delta: -2 }, { delta: 1 }])).toBe(6);
  });
});
