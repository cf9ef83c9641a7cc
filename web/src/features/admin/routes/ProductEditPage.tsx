import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { FormContainer } from '@/components/ui/FormContainer';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { paths } from '@domain/routes';
import { ApiError, errorMessage } from '@/lib/api';
import { useAdminProduct, useUpdateProduct } from '../api/products';
import { ProductForm } from '../components/ProductForm';
import { StockHistory } from '../components/StockHistory';
import { PriceHistory } from '../components/PriceHistory';
import { WaitingDemand } from '../components/WaitingDemand';

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

/** /admin/product/:id/edit: the product form (a draft reads as a new product: empty, Update as the spec says); success returns to
 *  the product list. */
export function ProductEditPage() {
  const { id = '' } = useParams();
  const product = useAdminProduct(id);
  const isDraft = product.data?.isDraft === true;
  const update = useUpdateProduct(id);
  const navigate = useNavigate();
  // Bumped by "Reload": the form remounts from the product as it is now, keeping nothing of the outdated one.
  const [formKey, setFormKey] = useState(0);
  const stale = update.error instanceof ApiError && update.error.status === 409;

  async function reload() {
    await product.refetch();
    update.reset();
    setFormKey((k) => k + 1);
  }

  return (
    <>
      <Meta title={isDraft ? 'New product' : 'Edit Product'} />
      <div className="d-flex justify-content-between mb-3">
        <Link to={paths.admin.products.href()} className="btn btn-light">
          Go Back
        </Link>
        {!isDraft && (
          <Link to={paths.product.href(id)} className="btn btn-link">
            View in shop
          </Link>
        )}
      </div>
      <FormContainer>
        <h1 className="h3 mb-3">{isDraft ? 'New product' : 'Edit Product'}</h1>
        {isDraft && (
          <Message variant="info">Draft: not in the shop until you create it with a name, price and image.</Message>
        )}
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
              onSubmit={(input, editedFrom) =>
                update.mutate(
                  { input, editedFrom },
                  {
                    onSuccess: () => {
                      update.reset();
                      navigate(paths.admin.products.href());
                    },
                  },
                )
              }
            />
          )}
        </QueryBoundary>
        {product.isSuccess && !isDraft && <StockHistory productId={id} product={product.data} />}
        {product.isSuccess && !isDraft && <PriceHistory productId={id} product={product.data} />}
        {product.isSuccess && !isDraft && <WaitingDemand product={product.data} />}
      </FormContainer>
    </>
  );
}
