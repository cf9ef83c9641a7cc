import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { paths } from '@domain/routes';
import { ApiError, errorMessage } from '@/lib/api';
import { useAdminProduct, useDeleteProduct, useUpdateProduct } from '../api/products';
import { EditorSection } from '../components/EditorSection';
import { ProductForm } from '../components/ProductForm';
import { StockHistory } from '../components/StockHistory';
import { PriceHistory } from '../components/PriceHistory';
import { WaitingDemand } from '../components/WaitingDemand';
import { adminPaths } from '../sections';

/** Why a save failed; a stale form (409) is offered a reload of the product as it is now. */
function SaveError({ error, onReload, reloading }: { error: unknown; onReload?: () => void; reloading: boolean }) {
  if (!onReload) return <Message variant="danger">{errorMessage(error)}</Message>;
  return (
    <Message variant="warning">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <span>{errorMessage(error)}</span>
        <Button variant="primary" size="sm" onClick={onReload} disabled={reloading}>
          Reload
        </Button>
      </div>
    </Message>
  );
}

/** The side column's first card: whether the shop shows the product, and where. */
function StatusCard({ slug, isDraft }: { slug: string; isDraft: boolean }) {
  return (
    <EditorSection id="editor-status" title="Status">
      {isDraft ? (
        <Message variant="info">Draft: not in the shop until you create it with a name, price and image.</Message>
      ) : (
        <p className="mb-0">
          In the shop.{' '}
          <Link to={paths.product.href(slug)} className="ms-1">
            View in shop
          </Link>
        </p>
      )}
    </EditorSection>
  );
}

/** /admin/product/:id/edit: the product editor (issue 40: sections in two columns, the histories in the side one; a
 *  draft reads as a new product: empty, Update as the spec says); success returns to the product list. */
export function ProductEditPage() {
  const { id = '' } = useParams();
  const product = useAdminProduct(id);
  const isDraft = product.data?.isDraft === true;
  const update = useUpdateProduct(id);
  const discard = useDeleteProduct();
  const navigate = useNavigate();
  // Bumped by "Reload": the form remounts from the product as it is now, keeping nothing of the outdated one.
  const [formKey, setFormKey] = useState(0);
  const stale = update.error instanceof ApiError && update.error.status === 409;
  const list = adminPaths.products.href();

  /** Leaving a new product unsaved: its draft (the sample "Create Product" made) goes, not into the list. */
  const leaveDraft = () => discard.mutate(id, { onSettled: () => navigate(list) });
  const back = (label: string, className: string) =>
    isDraft ? (
      <button type="button" className={className} onClick={leaveDraft} disabled={discard.isPending}>
        {label}
      </button>
    ) : (
      <Link to={list} className={className}>
        {label}
      </Link>
    );

  async function reload() {
    await product.refetch();
    update.reset();
    setFormKey((k) => k + 1);
  }

  return (
    <div className="product-editor-page">
      <Meta title={isDraft ? 'New product' : 'Edit Product'} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        {back('Go Back', 'btn btn-light btn-sm')}
        <h1 className="h3 mb-0">{isDraft ? 'New product' : 'Edit Product'}</h1>
      </div>
      {update.isError && (
        <SaveError
          error={update.error}
          onReload={stale ? () => void reload() : undefined}
          reloading={product.isFetching}
        />
      )}
      <QueryBoundary query={product}>
        {(p) => (
          <ProductForm
            key={formKey}
            product={p}
            isNew={p.isDraft === true}
            submitting={update.isPending}
            status={<StatusCard slug={p.slug || id} isDraft={p.isDraft === true} />}
            aside={
              p.isDraft ? undefined : (
                <>
                  <StockHistory productId={id} product={p} />
                  <PriceHistory productId={id} product={p} />
                  <WaitingDemand product={p} />
                </>
              )
            }
            actions={back('Cancel', 'btn btn-outline-secondary')}
            onSubmit={(input, editedFrom) =>
              update.mutate(
                { input, editedFrom },
                {
                  onSuccess: () => {
                    update.reset();
                    navigate(list);
                  },
                },
              )
            }
          />
        )}
      </QueryBoundary>
    </div>
  );
}
