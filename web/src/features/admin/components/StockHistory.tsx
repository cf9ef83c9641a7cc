import type { StockCause, StockHistoryEntry } from '@domain';
import { paths } from '@domain/routes';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router-dom';
import { dateTime } from '@/lib/format';
import { useUserInfo } from '@/lib/session';
import { useStockHistory } from '../api/products';
import { Actor, HistoryPanel, VariantCell, type ProductHistoryProps, type VariantNames } from './HistoryPanel';

/** How each cause of a stock change reads (domain/stockHistory.ts STOCK_CAUSES). */
export const CAUSE_LABELS: Record<StockCause, string> = {
  order: 'Order placed',
  cancel: 'Order cancelled',
  expiry: 'Hold expired',
  refund: 'Refund restock',
  return: 'Return',
  'admin-edit': 'Admin edit',
  seed: 'Opening stock',
};

const signed = (delta: number) => (delta > 0 ? `+${delta}` : `−${-delta}`);

function EntryRow({
  entry,
  me,
  variants,
}: {
  entry: StockHistoryEntry;
  me: string | undefined;
  variants?: VariantNames;
}) {
  return (
    <tr>
      {variants && <VariantCell variant={entry.variant} variants={variants} />}
      <td className={`text-end fw-semibold ${entry.delta > 0 ? 'text-success' : 'text-danger'}`}>
        {signed(entry.delta)}
      </td>
      <td className="text-end">{entry.after}</td>
      <td className="text-nowrap">
        {CAUSE_LABELS[entry.cause] ?? entry.cause}
        {entry.orderId && (
          <>
            {' '}
            {/* A plain link: the order number's module would be split into a chunk of its own here. */}
            <Link to={paths.order.href(entry.orderId)}>order</Link>
          </>
        )}
      </td>
      <td className="text-nowrap">{dateTime(entry.at)}</td>
      <td className="admin-actor">
        <Actor by={entry.by} me={me} />
      </td>
    </tr>
  );
}

/** The entries as a table (scrolls sideways on a phone: focusable, so the keyboard can scroll it too). */
function EntriesTable({ entries, variants }: { entries: StockHistoryEntry[]; variants?: VariantNames }) {
  const me = useUserInfo()?._id;
  return (
    <div className="table-responsive" tabIndex={0} role="region" aria-label="Stock changes">
      <Table size="sm" striped className="align-middle small mb-2">
        <thead>
          <tr>
            {variants && <th scope="col">Variant</th>}
            <th scope="col" className="text-end">
              Change
            </th>
            <th scope="col" className="text-end">
              Stock
            </th>
            <th scope="col">Cause</th>
            <th scope="col">When</th>
            <th scope="col">By</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, i) => (
            <EntryRow key={`${entry.at}-${i}`} entry={entry} me={me} variants={variants} />
          ))}
        </tbody>
      </Table>
    </div>
  );
}

/**
 * The product's stock changes below its edit form (issue 28): closed at first and loaded only when the admin opens
 * it, newest first, older pages on demand. The change and its cause come first: on a phone the rest scrolls.
 */
export function StockHistory(props: ProductHistoryProps) {
  const shown = { id: 'stock-history-title', title: 'Stock history', empty: 'No stock changes yet.' };
  return <HistoryPanel {...props} {...shown} read={useStockHistory} Entries={EntriesTable} />;
}
