import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearCompared,
  COMPARE_FULL_MESSAGE,
  COMPARE_KEY,
  compareState,
  removeCompared,
  toggleCompare,
} from './compareList';

const product = (n: number) => ({ _id: `p${n}`, name: `Laptop ${n}`, image: `/images/${n}.webp` });
const stored = () => JSON.parse(localStorage.getItem(COMPARE_KEY) ?? 'null');

describe('the compare list', () => {
  beforeEach(() => clearCompared());

  it('toggles a product in and out, kept in localStorage with only what the tray shows', () => {
    toggleCompare({ ...product(1), price: 5 } as ReturnType<typeof product>);
    expect(stored()).toEqual([product(1)]);
    toggleCompare(product(1));
    expect(compareState().products).toEqual([]);
    expect(stored()).toEqual([]);
  });

  it('refuses a fifth product with a message, keeps the four, and forgets the message on the next change', () => {
    for (const n of [1, 2, 3, 4, 5]) toggleCompare(product(n));
    expect(compareState().products.map((p) => p._id)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(compareState().notice).toBe(COMPARE_FULL_MESSAGE);
    expect(stored()).toHaveLength(4);
    removeCompared('p2');
    expect(compareState().notice).toBe('');
    toggleCompare(product(5));
    expect(compareState().products.map((p) => p._id)).toEqual(['p1', 'p3', 'p4', 'p5']);
  });

  it('follows another tab’s change, and reads garbage or too many entries as a valid list', () => {
    localStorage.setItem(
      COMPARE_KEY,
      JSON.stringify([product(7), { _id: 3 }, 'x', product(8), product(9), product(10), product(11)]),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: COMPARE_KEY }));
    expect(compareState().products.map((p) => p._id)).toEqual(['p7', 'p8', 'p9', 'p10']);
  });
});
