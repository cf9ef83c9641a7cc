import { type EditedFrom, type productUpdateSchema, type Product, type ProductUpdateInput } from '@domain';
import { galleryOf } from '@domain/productMedia';
import { editableValues, productUpdateSchemaWith } from '@domain/schemas';
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Field } from '@/components/ui/Field';
import { ManagedNames } from './ManagedNames';
import { useTaxonomy, useTaxonomyChange } from '../api/taxonomy';
import { isNewManagedName } from '@domain/taxonomy';
import { Loader } from '@/components/ui/Loader';
import { ProductImage } from '@/components/ui/ProductImage';
import { shop } from '@/lib/shop';
import { errorMessage } from '@/lib/api';
import { GalleryEditor } from './GalleryEditor';
import { ImageUpload } from './ImageUpload';
import { SpecRowsEditor } from './SpecRowsEditor';
import { AccessoriesField } from './AccessoriesField';
import { VariantsEditor, variantsStateOf, variantsToSave } from './VariantsEditor';

export type ProductFormValues = z.input<typeof productUpdateSchema>;

/** The image as the shop will show it, or a placeholder while the url is empty or invalid. */
function ImagePreview({ image }: { image: string | undefined }) {
  return (
    <figure className="mb-0 admin-image-preview" data-testid="image-preview">
      {image ? (
        <ProductImage key={image} src={image} alt="Preview of the product image" eager />
      ) : (
        <div className="product-image-fallback border rounded" role="img" aria-label="No image preview">
          No preview
        </div>
      )}
      <figcaption className="small text-muted mt-1">Preview</figcaption>
    </figure>
  );
}

/** A new product (a draft, issue 28): the form starts empty, not with the draft's placeholder name, price 0 and
 *  sample texts shown as if they were the product's (the stock count, 0, is a real starting value). */
export function newProductFormValues(product: Product): ProductFormValues {
  const values: Record<string, unknown> = { ...editableValues(product) };
  for (const field of Object.keys(values))
    if (field !== 'countInStock') values[field] = Array.isArray(values[field]) ? [] : '';
  return values as ProductFormValues;
}

/** Empty number inputs become undefined (so the schema says "must be a number", not "cannot be negative"). */
const asNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

/**
 * Name, price, image url, file chooser (upload with progress and preview), the gallery, brand, countInStock,
 * category, description, the specification rows, Update. Checked with the API's own productUpdateSchema before sending; price and countInStock
 * are sent as numbers.
 */
export function ProductForm({
  product,
  onSubmit,
  submitting = false,
  isNew = false,
}: {
  product: Product;
  /** A product not yet created (a draft): empty fields and a Create button. */
  isNew?: boolean;
  /** The values, and the product as this form loaded it (the version the API checks). */
  onSubmit: (values: ProductUpdateInput, editedFrom: EditedFrom) => void;
  submitting?: boolean;
}) {
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    control,
    formState: { errors },
  } = useForm<ProductFormValues, unknown, ProductUpdateInput>({
    // The emulator build also takes Storage-emulator image URLs; every other build, the API's own schema.
    resolver: zodResolver(productUpdateSchemaWith(shop.imageOrigins())),
    // The editable fields (domain/productFields.ts, as the schema validates them), as the product has them; a new
    // product's start empty.
    defaultValues: isNew ? newProductFormValues(product) : editableValues(product),
    mode: 'onTouched',
  });
  const image = useWatch({ control, name: 'image' });
  const [category, brand] = useWatch({ control, name: ['category', 'brand'] });
  // The main image is the gallery's first (issue 29): a new url, typed or uploaded, replaces that picture.
  const mainImageChanged = (url: string) => {
    const gallery = getValues('images') ?? [];
    if (gallery.length) setValue('images.0.url', url, { shouldDirty: true });
  };
  // Taken once, with the default values: a background refetch must not make an old form look current.
  const [editedFrom] = useState<EditedFrom>(() => ({
    updatedAt: product.updatedAt,
    countInStock: product.countInStock,
    // Each variant's stock as loaded (issue 29): the server applies the admin's change to the stock now.
    ...(product.variants?.length
      ? { variants: Object.fromEntries(product.variants.map((v) => [v._id, v.countInStock])) }
      : {}),
  }));
  // Options & variants (issue 29): their own state, sent with the product's fields.
  const [variants, setVariants] = useState(() => variantsStateOf(product));
  const [variantsError, setVariantsError] = useState<string | null>(null);
  const [namesError, setNamesError] = useState<string | null>(null);
  const categories = useTaxonomy('categories');
  const brands = useTaxonomy('brands');
  const createCategory = useTaxonomyChange('categories');
  const createBrand = useTaxonomyChange('brands');
  const name = useWatch({ control, name: 'name' });
  const price = useWatch({ control, name: 'price' });
  // What a variant's image is picked from: the gallery as the form has it now (the main image alone without one).
  const images = useWatch({ control, name: 'images' });
  const gallery = galleryOf(image ?? '', images ?? []).filter((picture) => picture.url);

  /** The category and brand the form names that are not managed yet (issue 40: Update creates them, no separate
   *  step); each create is asked in turn, the save going on only when all were made (else the API's message). */
  function newNames(values: ProductUpdateInput) {
    const pending: (() => Promise<unknown>)[] = [];
    if (categories.isSuccess && isNewManagedName(categories.data, values.category))
      pending.push(() => createCategory.mutateAsync({ op: 'create', name: values.category.trim() }));
    if (brands.isSuccess && isNewManagedName(brands.data, values.brand))
      pending.push(() => createBrand.mutateAsync({ op: 'create', name: values.brand.trim() }));
    return pending;
  }

  function submit(values: ProductUpdateInput) {
    setNamesError(null);
    const pending = newNames(values);
    // Nothing new: saved at once, as before.
    if (pending.length === 0) return save(values);
    return pending
      .reduce((done, create) => done.then(create), Promise.resolve<unknown>(undefined))
      .then(
        () => save(values),
        (error: unknown) => setNamesError(errorMessage(error)),
      );
  }

  function save(values: ProductUpdateInput) {
    const hadVariants = (product.variants?.length ?? 0) > 0;
    if (!hadVariants && variants.options.length === 0 && variants.rows.length === 0)
      return onSubmit(values, editedFrom);
    const saved = variantsToSave(
      variants,
      gallery.map((picture) => picture.url),
    );
    if (!saved.ok) return setVariantsError(saved.message);
    setVariantsError(null);
    // The product's Price and Count In Stock are its default variant's: changed there (and not in its row), they
    // change the default variant.
    const first = saved.variants[0];
    const loadedDefault = product.variants?.[0];
    if (first && loadedDefault && first._id === loadedDefault._id) {
      if (values.countInStock !== product.countInStock && first.countInStock === loadedDefault.countInStock)
        first.countInStock = values.countInStock;
      if (values.price !== product.price && first.price === loadedDefault.price) first.price = values.price;
    }
    onSubmit({ ...values, options: saved.options, variants: saved.variants }, editedFrom);
  }

  return (
    <Form onSubmit={handleSubmit(submit)} noValidate aria-label="Edit product">
      <Field label="Name" type="text" placeholder="Enter name" error={errors.name} {...register('name')} />

      <Field
        label="Price"
        type="number"
        inputMode="decimal"
        step="0.01"
        min={0}
        placeholder="Enter price"
        error={errors.price}
        {...register('price', { setValueAs: asNumber })}
      />

      <Row className="g-3 mb-3 align-items-start">
        <Col sm={8}>
          <Field
            label="Image url"
            type="text"
            placeholder="Enter image url"
            error={errors.image}
            {...register('image', { onChange: (e: { target: { value: string } }) => mainImageChanged(e.target.value) })}
          />
          <ImageUpload
            disabled={submitting}
            onUploaded={(path) => {
              setValue('image', path, { shouldValidate: true, shouldDirty: true });
              mainImageChanged(path);
            }}
          />
        </Col>
        <Col sm={4}>
          <ImagePreview image={image && !errors.image ? image : undefined} />
        </Col>
      </Row>

      <GalleryEditor
        control={control}
        register={register}
        getValues={getValues}
        setValue={setValue}
        errors={errors.images}
        disabled={submitting}
      />

      <Field
        label="Brand"
        type="text"
        placeholder="Enter brand"
        list="managed-brands"
        error={errors.brand}
        {...register('brand')}
      />
      <ManagedNames list="brands" id="managed-brands" value={brand ?? ''} />

      <Field
        label="Count In Stock"
        type="number"
        inputMode="numeric"
        step="1"
        min={0}
        placeholder="Enter countInStock"
        error={errors.countInStock}
        {...register('countInStock', { setValueAs: asNumber })}
      />

      <Field
        label="Category"
        type="text"
        placeholder="Enter category"
        list="managed-categories"
        error={errors.category}
        {...register('category')}
      />
      <ManagedNames list="categories" id="managed-categories" value={category ?? ''} />

      <Field
        label="Description"
        as="textarea"
        rows={4}
        placeholder="Enter description"
        error={errors.description}
        {...register('description')}
      />

      <SpecRowsEditor control={control} register={register} errors={errors.specs} />
      <AccessoriesField control={control} productId={product._id} error={errors.accessories} />
      <VariantsEditor
        state={variants}
        onChange={setVariants}
        productName={typeof name === 'string' ? name : ''}
        basePrice={Number(price) || 0}
        gallery={gallery}
      />
      {variantsError && (
        <p className="text-danger" role="alert" data-testid="variants-error">
          {variantsError}
        </p>
      )}

      {namesError && (
        <p className="text-danger" role="alert">
          {namesError}
        </p>
      )}
      {/* The spec's button reads Update, for a new product too (issue 40). */}
      <Button type="submit" variant="primary" disabled={submitting}>
        {submitting ? <Loader small label={isNew ? 'Creating product' : 'Updating product'} /> : 'Update'}
      </Button>
    </Form>
  );
}
