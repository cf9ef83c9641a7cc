import type { PriceHistoryEntry } from '@domain';
import Table from 'react-bootstrap/Table';
import { dateTime, formatPrice } from '@/lib/format';
import { useUserInfo } from '@/lib/session';
import { usePriceHistory } from '../api/products';
import { Actor, HistoryPanel, VariantCell, type ProductHistoryProps, type VariantNames } from './HistoryPanel';

const money = (cents: number | null) => (cents === null ? '—' : formatPrice(cents / 100));

function EntriesTable({ entries, variants }: { entries: PriceHistoryEntry[]; variants?: VariantNames }) {
  const me = useUserInfo()?._id;
  return (
    <div className="table-responsive" tabIndex={0} role="region" aria-label="Price changes">
      <Table size="sm" striped className="align-middle small mb-2">
        <thead>
          <tr>
            {variants && <th scope="col">Variant</th>}
            <th scope="col">Price</th>
            <th scope="col">When</th>
            <th scope="col">By</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, i) => (
            <tr key={`${entry.at}-${i}`}>
              {variants && <VariantCell variant={entry.variant} variants={variants} />}
              <td className="text-nowrap">
                {money(entry.fromCents)} → <strong>{money(entry.toCents)}</strong>
              </td>
              <td className="text-nowrap">{dateTime(entry.at)}</td>
              <td className="admin-actor">
                <Actor by={entry.by} me={me} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
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
