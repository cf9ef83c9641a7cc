import { useLiveProducts } from '@/lib/live/hooks';
import type { Product } from '@domain';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { useConfirm } from '@/components/ui/ConfirmDialog';
import { Paginate } from '@/components/ui/Paginate';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { paths } from '@domain/routes';
import { errorMessage } from '@/lib/api';
import { dateTime } from '@/lib/format';
import { useCreateProduct, useDeleteProduct, useDrafts, useProductPage } from '../api/products';
import { AdminTable, type AdminColumn } from '../components/AdminTable';
import { moneyColumn } from '../components/adminColumns';
import { RowActions } from '../components/RowActions';
import { ServerListBar } from '../components/ServerListBar';
import { PlusIcon } from '../components/Icons';
import { deleteRequest } from '../lib/confirm';
import { adminPaths } from '../sections';

/** A product's units for sale: its own, or with variants (issue 40) all its variants' together. */
const stockOf = (p: Product) =>
  p.variants?.length ? p.variants.reduce((sum, v) => sum + v.countInStock, 0) : p.countInStock;

const columns: AdminColumn<Product>[] = [
  {
    key: 'id',
    header: 'ID',
    sortValue: (p) => p._id,
    cell: (p) => <span className="font-monospace small">{p._id}</span>,
  },
  {
    key: 'name',
    header: 'NAME',
    sortValue: (p) => p.name,
    cell: (p) => <Link to={paths.product.href(p.slug)}>{p.name}</Link>,
  },
  moneyColumn('price', 'PRICE', (p) => p.price),
  { key: 'category', header: 'CATEGORY', sortValue: (p) => p.category, cell: (p) => p.category },
  { key: 'brand', header: 'BRAND', sortValue: (p) => p.brand, cell: (p) => p.brand },
  {
    key: 'count',
    header: 'Count',
    sortValue: stockOf,
    filterValue: false,
    className: 'text-end',
    cell: (p) => {
      const count = stockOf(p);
      const shown = count === 0 ? <span className="badge text-bg-danger">0</span> : count;
      if (!p.variants?.length) return shown;
      // Issue 40: the variants hold the stock; the product's countInStock is only its default variant's.
      const n = p.variants.length;
      return (
        <>
          {shown}
          <span className="d-block small text-body-secondary">
            across {n} {n === 1 ? 'variant' : 'variants'}
          </span>
        </>
      );
    },
  },
];

/** Drafts: created, never saved, so not in the shop yet. */
const draftColumns: AdminColumn<Product>[] = [
  { key: 'id', header: 'ID', cell: (p) => <span className="font-monospace small">{p._id}</span> },
  {
    key: 'name',
    header: 'NAME',
    cell: (p) => (
      <>
        {p.name} <span className="badge text-bg-secondary">Draft</span>
      </>
    ),
  },
  { key: 'created', header: 'CREATED', className: 'text-nowrap', cell: (p) => dateTime(p.createdAt) },
];

/** /admin/productlist(/:pageNumber): the drafts, one page of the catalogue, Create Product, edit and delete. */
export function ProductListPage() {
  const { pageNumber } = useParams();
  const page = Math.max(1, Number.parseInt(pageNumber ?? '1', 10) || 1);
  // The search is the server's (the whole catalogue by name, as the shop's search), kept in the URL: ?search=SSD.
  const [params] = useSearchParams();
  const search = params.get('search') ?? '';
  const products = useProductPage(page, search);
  useLiveProducts(products.data?.products);
  const drafts = useDrafts();
  const create = useCreateProduct();
  const remove = useDeleteProduct();
  const navigate = useNavigate();
  const [deleted, setDeleted] = useState<string | null>(null);
  const { dialog: confirmDialog, ask } = useConfirm();

  /** Page `n` of the list, keeping the search. */
  const hrefFor = (n: number) =>
    adminPaths.products.href(n) + (search ? `?${new URLSearchParams({ search }).toString()}` : '');

  function onCreate() {
    setDeleted(null);
    create.mutate(undefined, { onSuccess: (p) => navigate(adminPaths.productEdit.href(p._id)) });
  }

  async function onDelete(product: Product) {
    if (!(await ask(deleteRequest('product', product.name)))) return;
    setDeleted(null);
    remove.mutate(product._id, { onSuccess: () => setDeleted(product.name) });
  }

  // Edit and Delete, for a draft and a product alike.
  const rowActions = (p: Product) => (
    <RowActions
      name={p.name}
      editTo={adminPaths.productEdit.href(p._id)}
      deleting={remove.isPending && remove.variables === p._id}
      onDelete={() => void onDelete(p)}
    />
  );

  return (
    <>
      {confirmDialog}
      <Meta title="Products" />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">Products</h1>
        <Button type="button" variant="primary" onClick={onCreate} disabled={create.isPending}>
          {create.isPending ? (
            <Loader small label="Creating product" />
          ) : (
            <>
              <PlusIcon /> Create Product
            </>
          )}
        </Button>
      </div>
      {create.isError && <Message variant="danger">{errorMessage(create.error)}</Message>}
      {remove.isError && <Message variant="danger">{errorMessage(remove.error)}</Message>}
      {deleted && <Message variant="success">Product {deleted} deleted.</Message>}
      {drafts.data && drafts.data.length > 0 && (
        <section className="mb-4" aria-labelledby="drafts-heading">
          <h2 id="drafts-heading" className="h6 mb-1">
            Drafts
          </h2>
          <p className="small text-muted mb-2">Not in the shop until you save them with a name, price and image.</p>
          <AdminTable
            caption="Drafts"
            noun="drafts"
            rows={drafts.data}
            rowKey={(p) => p._id}
            columns={draftColumns}
            actions={rowActions}
          />
        </section>
      )}
      <QueryBoundary query={products}>
        {(data) =>
          data.products.length === 0 && !search && page === 1 ? (
            <Message>No products yet: create the first one.</Message>
          ) : (
            <>
              <AdminTable
                caption={`Products, page ${data.page} of ${Math.max(1, data.pages)}`}
                noun="products"
                rows={data.products}
                rowKey={(p) => p._id}
                columns={columns}
                serverTools={
                  <>
                    <ServerListBar
                      label="Search products by name"
                      placeholder="Product name"
                      search={search}
                      onSearch={(text) =>
                        navigate(
                          text
                            ? `${adminPaths.products.href()}?${new URLSearchParams({ search: text }).toString()}`
                            : adminPaths.products.href(),
                        )
                      }
                    />
                    <p className="small text-muted mb-2" aria-live="polite" data-testid="row-count">
                      {data.products.length} {data.products.length === 1 ? 'product' : 'products'}
                      {search ? ` matching “${search}”` : ''}
                      {data.pages > 1 ? ` on page ${data.page} of ${data.pages}` : ''}
                    </p>
                    {data.notices?.map((notice) => (
                      <p key={notice} className="small text-muted mb-2">
                        {notice}
                      </p>
                    ))}
                  </>
                }
                actions={rowActions}
              />
              <Paginate pages={data.pages} page={data.page} hrefFor={hrefFor} />
            </>
          )
        }
      </QueryBoundary>
    </>
  );
}
