import { Link, useNavigate, useParams } from 'react-router-dom';
import { FormContainer } from '@/components/ui/FormContainer';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { paths } from '@/config/paths';
import { useProduct } from '@/features/catalog';
import { errorMessage } from '@/lib/api';
import { useUpdateProduct } from '../api/products';
import { ProductForm } from '../components/ProductForm';

/** /admin/product/:id/edit: the product form; success returns to the product list. */
export function ProductEditPage() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  const update = useUpdateProduct(id);
  const navigate = useNavigate();

  return (
    <>
      <Meta title="Edit Product" />
      <div className="d-flex justify-content-between mb-3">
        <Link to={paths.admin.products.href()} className="btn btn-light">
          Go Back
        </Link>
        <Link to={paths.product.href(id)} className="btn btn-link">
          View in shop
        </Link>
      </div>
      <FormContainer>
        <h1 className="h3 mb-3">Edit Product</h1>
        {update.isError && <Message variant="danger">{errorMessage(update.error)}</Message>}
        <QueryBoundary query={product}>
          {(p) => (
            <ProductForm
              product={p}
              submitting={update.isPending}
              onSubmit={(values) =>
                update.mutate(values, {
                  onSuccess: () => {
                    update.reset();
                    navigate(paths.admin.products.href());
                  },
                })
              }
            />
          )}
        </QueryBoundary>
      </FormContainer>
    </>
  );
}
