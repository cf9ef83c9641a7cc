import type { StockCause, StockHistoryEntry } from '@domain';
import { paths } from '@domain/routes';
import { Link } from 'react-router-dom';
import { numberColumn } from '@/components/ui/ListTable';
import { useStockHistory } from '../api/products';
import { HistoryPanel, type ProductHistoryProps, type VariantNames } from './HistoryPanel';
import { HistoryTable } from './HistoryTable';

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

/** A stock change's own cells: the change, the stock after it, and its cause (with its order). */
function StockCells({ entry }: { entry: StockHistoryEntry }) {
  return (
    <>
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
    </>
  );
}

function EntriesTable({ entries, variants }: { entries: StockHistoryEntry[]; variants?: VariantNames }) {
  return (
    <HistoryTable
      label="Stock changes"
      entries={entries}
      variants={variants}
      columns={[numberColumn('Change'), numberColumn('Stock'), 'Cause']}
      cells={(entry) => <StockCells entry={entry} />}
    />
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
