// A product history's entries as a table (stock, price): the Variant column when the product has variants, the
// history's own columns, then When and By. Scrolls sideways on a phone: focusable, so the keyboard can scroll it too.
import type { ReactNode } from 'react';
import { ListTable, type TableColumn } from '@/components/ui/ListTable';
import { dateTime } from '@/lib/format';
import { useUserInfo } from '@/lib/session';
import { Actor, VariantCell, type VariantNames } from './HistoryPanel';

/** What every history entry has: when, by whom, for which variant. */
interface HistoryEntry {
  at: string;
  by?: string;
  variant?: string | null;
}

export function HistoryTable<E extends HistoryEntry>({
  label,
  entries,
  variants,
  columns,
  cells,
}: {
  /** Names the scrolling region ("Stock changes"). */
  label: string;
  entries: E[];
  variants?: VariantNames;
  /** The history's own columns, between Variant and When. */
  columns: readonly TableColumn[];
  /** An entry's cells of those columns. */
  cells: (entry: E) => ReactNode;
}) {
  const me = useUserInfo()?._id;
  return (
    <div className="table-responsive" tabIndex={0} role="region" aria-label={label}>
      <ListTable
        size="sm"
        striped
        className="align-middle small mb-2"
        columns={[variants && 'Variant', ...columns, 'When', 'By']}
        rows={entries}
        row={(entry, i) => (
          <tr key={`${entry.at}-${i}`}>
            {variants && <VariantCell variant={entry.variant} variants={variants} />}
            {cells(entry)}
            <td className="text-nowrap">{dateTime(entry.at)}</td>
            <td className="admin-actor">
              <Actor by={entry.by} me={me} />
            </td>
          </tr>
        )}
      />
    </div>
  );
}
