import { type productUpdateSchema, productUpdateSchemaWith, type Product, type ProductUpdateInput } from '@domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Loader } from '@/components/ui/Loader';
import { ProductImage } from '@/components/ui/ProductImage';
import { emulatorImageOrigins } from '@/lib/backend';
import { ImageUpload } from './ImageUpload';

type ProductFormValues = z.input<typeof productUpdateSchema>;

/** The editable fields of a product, as the form starts. */
export function productFormValues(p: Pick<Product, keyof ProductUpdateInput & keyof Product>): ProductFormValues {
  return {
    name: p.name,
    price: p.price,
    image: p.image,
    brand: p.brand,
    countInStock: p.countInStock,
    category: p.category,
    description: p.description,
  };
}

/** Empty number inputs become undefined (so the schema says "must be a number", not "cannot be negative"). */
const asNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

/**
 * Name, price, image url, file chooser (upload with progress and preview), brand, countInStock, category,
 * description, Update. Checked with the API's own productUpdateSchema before sending; price and countInStock
 * are sent as numbers.
 */
export function ProductForm({
  product,
  onSubmit,
  submitting = false,
}: {
  product: Product;
  onSubmit: (values: ProductUpdateInput) => void;
  submitting?: boolean;
}) {
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors },
  } = useForm<ProductFormValues, unknown, ProductUpdateInput>({
    // The emulator build also takes Storage-emulator image URLs; every other build, the API's own schema.
    resolver: zodResolver(productUpdateSchemaWith(emulatorImageOrigins())),
    defaultValues: productFormValues(product),
    mode: 'onTouched',
  });
  const image = useWatch({ control, name: 'image' });
  /** Marks a control invalid for sight and for screen readers, pointing at its message. */
  const invalid = (name: keyof ProductFormValues) => ({
    isInvalid: !!errors[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${name}-error` : undefined,
  });

  return (
    <Form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Edit product">
      <Form.Group className="mb-3" controlId="name">
        <Form.Label>Name</Form.Label>
        <Form.Control type="text" placeholder="Enter name" {...register('name')} {...invalid('name')} />
        <Form.Control.Feedback id="name-error" type="invalid">
          {errors.name?.message}
        </Form.Control.Feedback>
      </Form.Group>

      <Form.Group className="mb-3" controlId="price">
        <Form.Label>Price</Form.Label>
        <Form.Control
          type="number"
          inputMode="decimal"
          step="0.01"
          min={0}
          placeholder="Enter price"
          {...register('price', { setValueAs: asNumber })}
          {...invalid('price')}
        />
        <Form.Control.Feedback id="price-error" type="invalid">
          {errors.price?.message}
        </Form.Control.Feedback>
      </Form.Group>

      <Row className="g-3 mb-3 align-items-start">
        <Col sm={8}>
          <Form.Group className="mb-3" controlId="image">
            <Form.Label>Image url</Form.Label>
            <Form.Control type="text" placeholder="Enter image url" {...register('image')} {...invalid('image')} />
            <Form.Control.Feedback id="image-error" type="invalid">
          {errors.image?.message}
        </Form.Control.Feedback>
          </Form.Group>
          <ImageUpload
            disabled={submitting}
            onUploaded={(path) => setValue('image', path, { shouldValidate: true, shouldDirty: true })}
          />
        </Col>
        <Col sm={4}>
          <figure className="mb-0 admin-image-preview" data-testid="image-preview">
            {image && !errors.image ? (
              <ProductImage key={image} src={image} alt="Preview of the product image" eager />
            ) : (
              <div className="product-image-fallback border rounded" role="img" aria-label="No image preview">
                No preview
              </div>
            )}
            <figcaption className="small text-muted mt-1">Preview</figcaption>
          </figure>
        </Col>
      </Row>

      <Form.Group className="mb-3" controlId="brand">
        <Form.Label>Brand</Form.Label>
        <Form.Control type="text" placeholder="Enter brand" {...register('brand')} {...invalid('brand')} />
        <Form.Control.Feedback id="brand-error" type="invalid">
          {errors.brand?.message}
        </Form.Control.Feedback>
      </Form.Group>

      <Form.Group className="mb-3" controlId="countInStock">
        <Form.Label>Count In Stock</Form.Label>
        <Form.Control
          type="number"
          inputMode="numeric"
          step="1"
          min={0}
          placeholder="Enter countInStock"
          {...register('countInStock', { setValueAs: asNumber })}
          {...invalid('countInStock')}
        />
        <Form.Control.Feedback id="countInStock-error" type="invalid">
          {errors.countInStock?.message}
        </Form.Control.Feedback>
      </Form.Group>

      <Form.Group className="mb-3" controlId="category">
        <Form.Label>Category</Form.Label>
        <Form.Control type="text" placeholder="Enter category" {...register('category')} {...invalid('category')} />
        <Form.Control.Feedback id="category-error" type="invalid">
          {errors.category?.message}
        </Form.Control.Feedback>
      </Form.Group>

      <Form.Group className="mb-3" controlId="description">
        <Form.Label>Description</Form.Label>
        <Form.Control as="textarea" rows={4} placeholder="Enter description" {...register('description')} {...invalid('description')} />
        <Form.Control.Feedback id="description-error" type="invalid">
          {errors.description?.message}
        </Form.Control.Feedback>
      </Form.Group>

      <Button type="submit" variant="primary" disabled={submitting}>
        {submitting ? <Loader small label="Updating product" /> : 'Update'}
      </Button>
    </Form>
  );
}
