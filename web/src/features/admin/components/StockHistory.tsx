import type { Product, StockCause, StockHistoryEntry } from '@domain';
import { variantLabel } from '@domain/variants';
import { paths } from '@domain/routes';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router-dom';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { errorMessage } from '@/lib/api';
import { dateTime } from '@/lib/format';
import { useUserInfo } from '@/lib/session';
import { useStockHistory } from '../api/products';
import { HistoryPanel } from './HistoryPanel';
import { adminPaths } from '../sections';

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

/** Who made a change: the system, you, or the account's whole id (issue 40: wrapping, never cut), linking to its
 *  customer page, where its name and email are (the history keeps the id only). */
/** Who made a history entry (stock and price): System, You, or the account, linked to its customer page. */
export function Actor({ by, me }: { by: string | undefined; me: string | undefined }) {
  if (!by || by === 'system') return <>System</>;
  if (by === me) return <>You ({by})</>;
  return (
    <Link to={adminPaths.customer.href(by)} className="font-monospace text-break" title={`Account ${by}`}>
      {by}
    </Link>
  );
}

/** The histories' Variant cell (stock and price): the variant's label and SKU, whole words kept (admin.css). */
export function VariantCell({ variant, variants }: { variant?: string | null; variants: VariantNames }) {
  return <td className="admin-variant">{variant ? (variants.get(variant) ?? variant) : '—'}</td>;
}

/** A variant's label by id ("512 GB / Midnight"), its SKU beside; an id no longer on the product as it is. */
type VariantNames = ReadonlyMap<string, string>;

export function variantNamesOf(product: Pick<Product, 'options' | 'variants'>): VariantNames {
  return new Map((product.variants ?? []).map((v) => [v._id, `${variantLabel(product.options ?? [], v)} (${v.sku})`]));
}

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

/** The loaded history: its pages' entries, then "Older changes" while there are more. */
function LoadedHistory({
  history,
  variants,
}: {
  history: ReturnType<typeof useStockHistory>;
  variants?: VariantNames;
}) {
  if (history.isPending) return <Loader small label="Loading stock history" />;
  if (history.isError) return <Message variant="danger">{errorMessage(history.error)}</Message>;
  const entries = history.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <p className="text-muted small mb-0">No stock changes yet.</p>;
  return (
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
  );
}

/**
 * The product's stock changes below its edit form (issue 28): closed at first and loaded only when the admin opens
 * it, newest first, older pages on demand. The change and its cause come first: on a phone the rest scrolls.
 */
export function StockHistory({
  productId,
  product,
}: {
  productId: string;
  /** Its options and variants: with variants, a Variant column names whose stock moved (issue 40). */
  product?: Pick<Product, 'options' | 'variants'>;
}) {
  const variants = product?.variants?.length ? variantNamesOf(product) : undefined;
  return (
    <HistoryPanel id="stock-history-title" title="Stock history">
      {(open) => <StockHistoryBody productId={productId} variants={variants} open={open} />}
    </HistoryPanel>
  );
}

function StockHistoryBody({
  productId,
  variants,
  open,
}: {
  productId: string;
  variants: ReturnType<typeof variantNamesOf> | undefined;
  open: boolean;
}) {
  const history = useStockHistory(productId, open);
  return open ? (
    <div className="mt-2">
      <LoadedHistory history={history} variants={variants} />
    </div>
  ) : null;
}
