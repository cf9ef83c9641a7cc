// Issue 40: the product form's "Works with": the accessories picked by name (ProductPicker), the product itself never
// offered; the API checks again (existing products, not itself, at most MAX_ACCESSORIES).
import { MAX_ACCESSORIES } from '@domain/accessories';
import { useController, type Control, type FieldError } from 'react-hook-form';
import type { ProductFormValues } from './ProductForm';
import { ProductPicker } from './ProductPicker';

export function AccessoriesField({
  control,
  productId,
  error,
}: {
  control: Control<ProductFormValues>;
  productId: string;
  error?: FieldError | { message?: string };
}) {
  const { field } = useController({ control, name: 'accessories' });
  return (
    <section aria-label="Works with">
      <ProductPicker
        label="Works with (accessories)"
        value={field.value ?? []}
        onChange={(ids) => field.onChange(ids)}
        exclude={[productId]}
        max={MAX_ACCESSORIES}
        help={`Shown on the product page as “Works with”, in this order. At most ${MAX_ACCESSORIES}.`}
      />
      {error?.message && (
        <p className="text-danger small mt-n2" role="alert">
          {error.message}
        </p>
      )}
    </section>
  );
}
