// A table of a list: its header row from a list of columns, a body row per item. The shop's tables (the admin's
// lists and histories, the profile's orders, the shipping methods, the printed invoice and packing slip) differ in
// their cells, not in this skeleton; each keeps its own react-bootstrap Table props and wrapper.
import type { ReactNode, ThHTMLAttributes } from 'react';
import Table, { type TableProps } from 'react-bootstrap/Table';

/** A column's header cell: its text, or the text with the cell's own attributes (`className: 'text-end'`). */
export type TableColumn =
  | string
  | ({
      label: ReactNode;
      /** The cell's key when its label is not a string. */
      key?: string;
      /** Read by assistive technologies only: a column of buttons ("Actions") has no visible heading. */
      hidden?: boolean;
    } & Omit<ThHTMLAttributes<HTMLTableCellElement>, 'hidden'>);

/** A column of figures (amounts, counts): its header aligned right, as its cells are. */
export const numberColumn = (label: string): TableColumn => ({ label, className: 'text-end' });

/** The header row: a `th scope="col"` per column; `false` or `undefined` leaves a column out (one shown only sometimes). */
export function TableHead({ columns }: { columns: readonly (TableColumn | false | undefined)[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          if (!column) return null;
          if (typeof column === 'string') {
            return (
              <th key={column} scope="col">
                {column}
              </th>
            );
          }
          const { label, key, hidden, ...cell } = column;
          return (
            <th key={key ?? String(label)} scope="col" {...cell}>
              {hidden ? <span className="visually-hidden">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

interface ListTableProps<T> extends TableProps {
  columns: readonly (TableColumn | false | undefined)[];
  /** The table's caption, and its class (`visually-hidden`: named for assistive technologies only). */
  caption?: ReactNode;
  captionClassName?: string;
  rows: readonly T[];
  /** An item's row: a `<tr>` with its key. */
  row: (item: T, index: number) => ReactNode;
  /** The body's one row when there are no rows. */
  empty?: ReactNode;
  /** After the body: a `<tfoot>`. */
  children?: ReactNode;
}

export function ListTable<T>({
  columns,
  caption,
  captionClassName,
  rows,
  row,
  empty,
  children,
  ...table
}: ListTableProps<T>) {
  return (
    <Table {...table}>
      {caption !== undefined && <caption className={captionClassName}>{caption}</caption>}
      <TableHead columns={columns} />
      <tbody>{rows.length === 0 && empty !== undefined ? empty : rows.map(row)}</tbody>
      {children}
    </Table>
  );
}
