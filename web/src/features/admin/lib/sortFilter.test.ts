import { describe, expect, it } from 'vitest';
import { ariaSort, compareValues, filterRows, nextSort, normalize, sortRows } from './sortFilter';

interface Row {
  id: string;
  name: string;
  price: number | null;
  admin: boolean;
  paidAt: string | null;
}

const rows: Row[] = [
  { id: 'a', name: 'Item 10', price: 5, admin: false, paidAt: '2026-01-03T10:00:00Z' },
  { id: 'b', name: 'item 2', price: 100, admin: true, paidAt: null },
  { id: 'c', name: 'Café Mug', price: null, admin: false, paidAt: '2026-01-01T09:00:00Z' },
  { id: 'd', name: 'Apple (USB-C) cable', price: 5, admin: true, paidAt: '2026-01-02T08:00:00Z' },
];
const ids = (list: Row[]) => list.map((r) => r.id);

describe('compareValues', () => {
  it('compares numbers numerically, booleans false first, text naturally and case-insensitively', () => {
    expect(compareValues(9, 10)).toBeLessThan(0);
    expect(compareValues(false, true)).toBeLessThan(0);
    expect(compareValues('item 2', 'Item 10')).toBeLessThan(0);
    expect(compareValues('apple', 'APPLE')).toBe(0);
  });

  it('puts empty values after everything else', () => {
    expect(compareValues(null, 1)).toBeGreaterThan(0);
    expect(compareValues('a', '')).toBeLessThan(0);
    expect(compareValues(undefined, null)).toBe(0);
  });
});

describe('sortRows', () => {
  it('sorts text naturally in both directions without changing the input', () => {
    const copy = [...rows];
    expect(ids(sortRows(rows, (r) => r.name, 'asc'))).toEqual(['d', 'c', 'b', 'a']);
    expect(ids(sortRows(rows, (r) => r.name, 'desc'))).toEqual(['a', 'b', 'c', 'd']);
    expect(rows).toEqual(copy);
  });

  it('sorts numbers, keeps equal rows in their order (stable) and empty values last in both directions', () => {
    expect(ids(sortRows(rows, (r) => r.price, 'asc'))).toEqual(['a', 'd', 'b', 'c']);
    expect(ids(sortRows(rows, (r) => r.price, 'desc'))).toEqual(['b', 'a', 'd', 'c']);
  });

  it('sorts ISO dates by time, unpaid (null) last', () => {
    expect(ids(sortRows(rows, (r) => r.paidAt, 'asc'))).toEqual(['c', 'd', 'a', 'b']);
    expect(ids(sortRows(rows, (r) => r.paidAt, 'desc'))).toEqual(['a', 'd', 'c', 'b']);
  });

  it('sorts booleans', () => {
    expect(ids(sortRows(rows, (r) => r.admin, 'desc'))).toEqual(['b', 'd', 'a', 'c']);
  });
});

describe('filterRows', () => {
  const texts = (r: Row) => [r.id, r.name, r.price];

  it('keeps every row for a blank query', () => {
    expect(ids(filterRows(rows, '   ', texts))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('matches case- and accent-insensitively', () => {
    expect(ids(filterRows(rows, 'CAFE', texts))).toEqual(['c']);
    expect(ids(filterRows(rows, 'café', texts))).toEqual(['c']);
  });

  it('needs every word, in any column and any order', () => {
    expect(ids(filterRows(rows, 'item 2', texts))).toEqual(['b']);
    expect(ids(filterRows(rows, 'cable apple', texts))).toEqual(['d']);
    expect(ids(filterRows(rows, '100', texts))).toEqual(['b']);
  });

  it('treats regex characters literally', () => {
    expect(ids(filterRows(rows, '(usb-c)', texts))).toEqual(['d']);
    expect(ids(filterRows(rows, '.*', texts))).toEqual([]);
  });

  it('ignores null and undefined cells', () => {
    expect(ids(filterRows(rows, 'null', texts))).toEqual([]);
  });

  it('normalizes accents and case', () => {
    expect(normalize('Ünïcödé')).toBe('unicode');
  });
});

describe('header state', () => {
  it('sorts a new column ascending and flips the same one', () => {
    expect(nextSort(null, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({ key: 'name', direction: 'desc' });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'price')).toEqual({ key: 'price', direction: 'asc' });
  });

  it('gives aria-sort values', () => {
    expect(ariaSort(null, 'name')).toBe('none');
    expect(ariaSort({ key: 'name', direction: 'asc' }, 'name')).toBe('ascending');
    expect(ariaSort({ key: 'name', direction: 'desc' }, 'name')).toBe('descending');
    expect(ariaSort({ key: 'name', direction: 'desc' }, 'price')).toBe('none');
  });
});
