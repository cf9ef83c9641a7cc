import type { PriceHistoryEntry } from '@domain';
import { formatPrice } from '@/lib/format';
import { usePriceHistory } from '../api/products';
import { HistoryPanel, type ProductHistoryProps, type VariantNames } from './HistoryPanel';
import { HistoryTable } from './HistoryTable';

const money = (cents: number | null) => (cents === null ? '—' : formatPrice(cents / 100));

function EntriesTable({ entries, variants }: { entries: PriceHistoryEntry[]; variants?: VariantNames }) {
  return (
    <HistoryTable
      label="Price changes"
      entries={entries}
      variants={variants}
      columns={['Price']}
      cells={(entry) => (
        <td className="text-nowrap">
          {money(entry.fromCents)} → <strong>{money(entry.toCents)}</strong>
        </td>
      )}
    />
  );
}

/**
 * The product's price changes under its stock history (issue 41): who, when, from → to, per variant; closed at first
 * and loaded only when the admin opens it, newest first, older pages on demand.
 */
export function PriceHistory(props: ProductHistoryProps) {
  const shown = { id: 'price-history-title', title: 'Price history', empty: 'No price changes yet.' };
  return <HistoryPanel {...props} {...shown} read={usePriceHistory} Entries={EntriesTable} />;
}
