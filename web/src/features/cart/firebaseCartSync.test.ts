import { describe, expect, it } from 'vitest';
import { mergeCartLines } from './firebaseCartSync';

describe('cart merge at sign-in', () => {
  it('keeps every product of both carts; this device’s quantities win', () => {
    const merged = mergeCartLines(
      [{ product: 'a', qty: 2 }, { product: 'b', qty: 1 }],
      [{ product: 'b', qty: 5 }, { product: 'c', qty: 3 }],
    );
    expect(merged).toEqual([{ product: 'b', qty: 1 }, { product: 'c', qty: 3 }, { product: 'a', qty: 2 }]);
  });
});
