// Client-side sorting and filtering of the admin tables (users, products, orders): pure functions, tested alone.

export type SortDirection = 'asc' | 'desc';
export type SortValue = string | number | boolean | null | undefined;

export interface SortState {
  key: string;
  direction: SortDirection;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Orders two cell values: numbers numerically, booleans false before true, text with a natural, case-insensitive
 * collation ("Item 2" before "Item 10"; ISO dates sort by time). Empty values (null, undefined, '') always go last,
 * whatever the direction, so they never hide the rows the admin is looking for.
 */
export function compareValues(a: SortValue, b: SortValue): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/** A sorted copy (stable: equal rows keep their order); empty values last in both directions. */
export function sortRows<T>(rows: readonly T[], value: (row: T) => SortValue, direction: SortDirection): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, v: value(row) }))
    .sort((x, y) => {
      const emptyX = x.v === null || x.v === undefined || x.v === '';
      const emptyY = y.v === null || y.v === undefined || y.v === '';
      if (emptyX !== emptyY) return emptyX ? 1 : -1;
      return sign * compareValues(x.v, y.v) || x.index - y.index;
    })
    .map((x) => x.row);
}

/** Lower-cased, accent-free text for matching ("Café" matches "cafe"). */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * The rows where every word of the query appears in one of the row's texts (case- and accent-insensitive,
 * literal: no regex). A blank query keeps every row.
 */
export function filterRows<T>(rows: readonly T[], query: string, texts: (row: T) => readonly SortValue[]): T[] {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const haystack = normalize(
      texts(row)
        .filter((t) => t !== null && t !== undefined)
        .map(String)
        .join(' \u0000 '),
    );
    return words.every((w) => haystack.includes(w));
  });
}

/** Clicking a header: a new column sorts ascending, the same column flips direction. */
export function nextSort(current: SortState | null, key: string): SortState {
  if (current?.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'asc' };
}

/** The aria-sort value of a column header. */
export function ariaSort(current: SortState | null, key: string): 'ascending' | 'descending' | 'none' {
  if (current?.key !== key) return 'none';
  return current.direction === 'asc' ? 'ascending' : 'descending';
}
