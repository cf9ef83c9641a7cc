import type { PriceHistoryEntry, Product } from '@domain';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { errorMessage } from '@/lib/api';
import { dateTime, formatPrice } from '@/lib/format';
import { useUserInfo } from '@/lib/session';
import { usePriceHistory } from '../api/products';
import { Actor, VariantCell, variantNamesOf } from './StockHistory';
import { HistoryPanel } from './HistoryPanel';

const money = (cents: number | null) => (cents === null ? '—' : formatPrice(cents / 100));

function EntriesTable({ entries, variants }: { entries: PriceHistoryEntry[]; variants?: ReadonlyMap<string, string> }) {
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
export function PriceHistory({
  productId,
  product,
}: {
  productId: string;
  product?: Pick<Product, 'options' | 'variants'>;
}) {
  const variants = product?.variants?.length ? variantNamesOf(product) : undefined;
  return (
    <HistoryPanel id="price-history-title" title="Price history">
      {(open) => <PriceHistoryBody productId={productId} variants={variants} open={open} />}
    </HistoryPanel>
  );
}

function PriceHistoryBody({
  productId,
  variants,
  open,
}: {
  productId: string;
  variants: ReturnType<typeof variantNamesOf> | undefined;
  open: boolean;
}) {
  const history = usePriceHistory(productId, open);
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];
  if (!open) return null;
  return (
    <div className="mt-2">
      {history.isPending ? (
        <Loader small label="Loading price history" />
      ) : history.isError ? (
        <Message variant="danger">{errorMessage(history.error)}</Message>
      ) : entries.length === 0 ? (
        <p className="text-muted small mb-0">No price changes yet.</p>
      ) : (
        <>
          <EntriesTable entries={entries} variants={variants} />
          {history.hasNextPage && (
            <Button
              variant="link"
              size="sm"
              className="p-0"
              onClick={() => void history.fetchNextPage()}
              disabled={history.isFetchingNextPage}
            >
              {history.isFetchingNextPage ? 'Loading…' : 'Older changes'}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
