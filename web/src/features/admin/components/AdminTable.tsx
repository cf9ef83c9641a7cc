import { useId, useMemo, useState, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { ListTable } from '@/components/ui/ListTable';
import { ariaSort, filterRows, nextSort, sortRows, type SortState, type SortValue } from '../lib/sortFilter';

export interface AdminColumn<T> {
  key: string;
  /** The header text, as the spec names the column (ID, NAME, PRICE, ...). */
  header: string;
  cell: (row: T) => ReactNode;
  /** Makes the column sortable (its header becomes a button). */
  sortValue?: (row: T) => SortValue;
  /** What the text filter searches in this column; defaults to sortValue. `false` leaves the column out. */
  filterValue?: ((row: T) => SortValue | readonly SortValue[]) | false;
  className?: string;
}

interface AdminTableProps<T> {
  /** Names the table for assistive technologies ("Users"). */
  caption: string;
  rows: readonly T[];
  columns: readonly AdminColumn<T>[];
  rowKey: (row: T) => string;
  /** The last column's buttons (edit, delete, details). */
  actions?: (row: T) => ReactNode;
  /** The plural noun used in the filter label and the count ("users"). */
  noun: string;
  initialSort?: SortState | null;
  /** Shown instead of the table when there are no rows at all. */
  empty?: ReactNode;
  /** Extra text after the row count (e.g. "on this page"). */
  scopeNote?: string;
  /** The server filters, sorts and pages this list: rows are shown as given, and this replaces the text filter. */
  serverTools?: ReactNode;
}

function SortIcon({ direction }: { direction: 'ascending' | 'descending' | 'none' }) {
  const glyph = direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕';
  return (
    <span className={`sort-icon ms-1${direction === 'none' ? ' text-muted' : ''}`} aria-hidden="true">
      {glyph}
    </span>
  );
}

/** Sorts and filters rows by the columns' values: the logic of every admin table, usable without rendering. */
export function useSortedFiltered<T>(
  rows: readonly T[],
  columns: readonly AdminColumn<T>[],
  sort: SortState | null,
  query: string,
): T[] {
  return useMemo(() => {
    const texts = (row: T) =>
      columns.flatMap((c) => {
        const get = c.filterValue === undefined ? c.sortValue : c.filterValue;
        if (!get) return [];
        const v = get(row);
        return Array.isArray(v) ? (v as SortValue[]) : [v as SortValue];
      });
    const filtered = filterRows(rows, query, texts);
    const column = sort && columns.find((c) => c.key === sort.key);
    return sort && column?.sortValue ? sortRows(filtered, column.sortValue, sort.direction) : filtered;
  }, [rows, columns, sort, query]);
}

/**
 * An admin list: a labelled text filter, a count of the rows shown (announced politely), and a table whose sortable
 * headers are buttons inside `th[aria-sort]`. Sorting and filtering happen in the browser on the rows given.
 */
export function AdminTable<T>({
  caption,
  rows,
  columns,
  rowKey,
  actions,
  noun,
  initialSort = null,
  empty,
  scopeNote,
  serverTools,
}: AdminTableProps<T>) {
  const [sort, setSort] = useState<SortState | null>(initialSort);
  const [query, setQuery] = useState('');
  const sortedFiltered = useSortedFiltered(rows, columns, sort, query);
  const shown = serverTools ? rows : sortedFiltered;
  const filterId = useId();

  if (rows.length === 0 && empty && !serverTools) return <>{empty}</>;

  const nounFor = (n: number) => (n === 1 ? noun.replace(/s$/, '') : noun);
  const count =
    shown.length === rows.length
      ? `${rows.length} ${nounFor(rows.length)}`
      : `Showing ${shown.length} of ${rows.length} ${nounFor(rows.length)}`;

  return (
    <>
      {serverTools ?? (
        <div className="admin-table-tools d-flex flex-wrap align-items-end justify-content-between gap-2 mb-2">
          <Form.Group controlId={filterId} className="admin-filter">
            <Form.Label className="small fw-semibold mb-1">Filter {noun}</Form.Label>
            <Form.Control
              type="search"
              size="sm"
              value={query}
              placeholder="Type to filter…"
              autoComplete="off"
              onChange={(e) => setQuery(e.target.value)}
            />
          </Form.Group>
          <p className="small text-muted mb-0" aria-live="polite" data-testid="row-count">
            {count}
            {scopeNote ? ` ${scopeNote}` : ''}
          </p>
        </div>
      )}
      {/* Narrow screens: each row a stacked card (admin.css), no sideways scrolling; positioned so the visually
          hidden texts in cells stay inside it. */}
      <div className="admin-table-scroll">
        <ListTable
          striped
          bordered
          hover
          size="sm"
          className="admin-table align-middle"
          caption={caption}
          captionClassName="visually-hidden"
          columns={[
            ...columns.map((c) => {
              const state = ariaSort(sort, c.key);
              const sortable = c.sortValue && !serverTools;
              return {
                key: c.key,
                className: c.className,
                'aria-sort': sortable ? state : undefined,
                label: sortable ? (
                  <button type="button" className="sort-button" onClick={() => setSort((s) => nextSort(s, c.key))}>
                    {c.header}
                    <SortIcon direction={state} />
                  </button>
                ) : (
                  c.header
                ),
              };
            }),
            actions && { label: 'Actions', hidden: true },
          ]}
          rows={shown}
          row={(row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.key} className={c.className} data-label={c.header}>
                  {/* One element beside the phone layout's label: a cell of several parts (a name and its badge, a
                      count and its variants) stays together instead of being spread across the row. */}
                  <span className="admin-cell">{c.cell(row)}</span>
                </td>
              ))}
              {actions && (
                <td className="text-nowrap admin-actions" data-label="Actions">
                  {actions(row)}
                </td>
              )}
            </tr>
          )}
          empty={
            <tr>
              <td colSpan={columns.length + (actions ? 1 : 0)} className="text-center text-muted py-3">
                {serverTools ? `No ${noun} match.` : `No ${noun} match “${query.trim()}”.`}
              </td>
            </tr>
          }
        />
      </div>
    </>
  );
}
