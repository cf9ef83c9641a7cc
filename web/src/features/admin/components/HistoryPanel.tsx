// A product's history section on its edit page (stock, price): a heading and a Show/Hide button; the body, and so
// its read, only while open: newest first, a page at a time, "Older changes" while there are more. The button names
// its history, since the page has two. Each history gives its read and its table; the rest is here once.
import { useState, type ReactNode } from 'react';
import type { Product } from '@domain';
import { variantLabel } from '@domain/variants';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router-dom';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { errorMessage } from '@/lib/api';
import { adminPaths } from '../sections';
import { EditorSection } from './EditorSection';

/** A variant's label by id ("512 GB / Midnight"), its SKU beside; an id no longer on the product as it is. */
export type VariantNames = ReadonlyMap<string, string>;

export function variantNamesOf(product: Pick<Product, 'options' | 'variants'>): VariantNames {
  return new Map((product.variants ?? []).map((v) => [v._id, `${variantLabel(product.options ?? [], v)} (${v.sku})`]));
}

/** Who made a history entry: System, You, or the account's whole id (issue 40: wrapping, never cut), linking to its
 *  customer page, where its name and email are (the history keeps the id only). */
export function Actor({ by, me }: { by: string | undefined; me: string | undefined }) {
  if (!by || by === 'system') return <>System</>;
  if (by === me) return <>You ({by})</>;
  return (
    <Link to={adminPaths.customer.href(by)} className="font-monospace text-break" title={`Account ${by}`}>
      {by}
    </Link>
  );
}

/** The Variant cell: the variant's label and SKU, whole words kept (admin.css). */
export function VariantCell({ variant, variants }: { variant?: string | null; variants: VariantNames }) {
  return <td className="admin-variant">{variant ? (variants.get(variant) ?? variant) : '—'}</td>;
}

/** A history's read: the product's entries a page at a time, only while `enabled` (features/admin/api/products.ts). */
type HistoryRead<E> = (productId: string, enabled: boolean) => UseInfiniteQueryResult<InfiniteData<{ entries: E[] }>>;

/** What a history shows its entries with: a table, with a Variant column when the product has variants. */
type EntriesTable<E> = (props: { entries: E[]; variants?: VariantNames }) => ReactNode;

/** Whose history a panel shows. */
export interface ProductHistoryProps {
  productId: string;
  /** Its options and variants: with variants, a Variant column names whose entry it is (issue 40). */
  product?: Pick<Product, 'options' | 'variants'>;
}

export function HistoryPanel<E>({
  id,
  title,
  empty,
  productId,
  product,
  read,
  Entries,
}: {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: string;
  /** What an empty history says ("No stock changes yet."). */
  empty: string;
  read: HistoryRead<E>;
  Entries: EntriesTable<E>;
} & ProductHistoryProps) {
  const [open, setOpen] = useState(false);
  const variants = product?.variants?.length ? variantNamesOf(product) : undefined;
  return (
    <EditorSection
      id={id}
      title={title}
      action={
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-label={`${open ? 'Hide' : 'Show'} ${title.toLowerCase()}`}
        >
          {open ? 'Hide' : 'Show'}
        </Button>
      }
    >
      <HistoryBody
        read={read}
        productId={productId}
        open={open}
        title={title}
        empty={empty}
        variants={variants}
        Entries={Entries}
      />
    </EditorSection>
  );
}

/** Reads the history once opened (closed again, what was read stays cached). */
function HistoryBody<E>({
  read,
  productId,
  open,
  ...shown
}: {
  read: HistoryRead<E>;
  productId: string;
  open: boolean;
  title: string;
  empty: string;
  variants?: VariantNames;
  Entries: EntriesTable<E>;
}) {
  const history = read(productId, open);
  return open ? (
    <div className="mt-2">
      <LoadedHistory history={history} {...shown} />
    </div>
  ) : null;
}

/** The loaded history: its pages' entries, then "Older changes" while there are more. */
function LoadedHistory<E>({
  history,
  title,
  empty,
  variants,
  Entries,
}: {
  history: ReturnType<HistoryRead<E>>;
  title: string;
  empty: string;
  variants?: VariantNames;
  Entries: EntriesTable<E>;
}) {
  if (history.isPending) return <Loader small label={`Loading ${title.toLowerCase()}`} />;
  if (history.isError) return <Message variant="danger">{errorMessage(history.error)}</Message>;
  const entries = history.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <p className="text-muted small mb-0">{empty}</p>;
  return (
    <>
      <Entries entries={entries} variants={variants} />
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
