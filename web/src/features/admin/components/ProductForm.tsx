import { type EditedFrom, type productUpdateSchema, type Product, type ProductUpdateInput } from '@domain';
import { galleryOf } from '@domain/productMedia';
import { editableValues, productUpdateSchemaWith } from '@domain/schemas';
import { formatPrice } from '@domain/money';
import { useMemo, useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { get, set, useForm, useWatch, type FieldErrors, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Field } from '@/components/ui/Field';
import { fieldBinding } from '@/components/ui/fieldBinding';
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
import { EditorSection } from './EditorSection';
import { VariantsEditor } from './VariantsEditor';
import {
  optionDraftsOf,
  parsedOptions,
  rowProblems,
  stockAcross,
  valuesToCheck,
  variantRowsOf,
  type OptionDraft,
} from './variantRows';

export type ProductFormValues = z.input<typeof productUpdateSchema>;

/** What the form's parts (the gallery, the specification rows, the variants) read and write the form with. */
export type ProductFormHandles = Pick<
  UseFormReturn<ProductFormValues>,
  'control' | 'register' | 'getValues' | 'setValue'
>;

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

/** The product's own numbers: a price in cents of a dollar, stock in whole units. */
const NUMBER_INPUTS = {
  price: { inputMode: 'decimal', step: '0.01' },
  countInStock: { inputMode: 'numeric', step: '1' },
} as const;

/** What the resolver reads besides the values: the options as typed (their own state) and whether the product had
 *  variants when loaded (react-hook-form's `context`, the current one at each check). */
interface EditorContext {
  options: OptionDraft[];
  hadVariants: boolean;
}

/** The form's resolver: the API's own schema over what a save sends (valuesToCheck: with variant rows, the product's
 *  price and stock are the default variant's), then the checks across the variant rows (a SKU twice, a picture no
 *  longer in the gallery) at their cells, the first of them also above the table (`variants.root`). */
function editorResolver(
  schema: Resolver<ProductFormValues, unknown, ProductUpdateInput>,
): Resolver<ProductFormValues, EditorContext, ProductUpdateInput> {
  return async (values, context, options) => {
    const { options: drafts, hadVariants } = context ?? { options: [], hadVariants: false };
    const parsed = parsedOptions(drafts);
    const checked = valuesToCheck(values, parsed, hadVariants);
    const result = await schema(checked, context, options);
    if (checked.variants === undefined) return result;
    const rows = values.variants ?? [];
    const gallery = galleryOf(values.image ?? '', values.images ?? []).map((picture) => picture.url);
    const problems = rowProblems(parsed, rows, gallery);
    const errors: FieldErrors<ProductFormValues> = { ...result.errors };
    // With variant rows the product's price and stock are the first row's: its cells say what is wrong.
    if (rows.length > 0) {
      delete errors.price;
      delete errors.countInStock;
    }
    for (const problem of problems) {
      const path = problem.index === undefined ? 'variants.root' : `variants.${problem.index}.${problem.field}`;
      if (!get(errors, path)) set(errors, path, { type: 'custom', message: problem.message });
    }
    if (problems[0] && !get(errors, 'variants.root'))
      set(errors, 'variants.root', { type: 'custom', message: problems[0].message });
    if (Object.keys(errors).length === 0) return result;
    return { values: {}, errors };
  };
}

/** "$5.00", or "$5.00 to $9.00" across the rows' prices (those that are numbers). */
function priceRange(prices: readonly unknown[]): string {
  const numbers = prices.filter((p): p is number => typeof p === 'number' && Number.isFinite(p));
  if (numbers.length === 0) return '—';
  const low = Math.min(...numbers);
  const high = Math.max(...numbers);
  return low === high ? formatPrice(low) : `${formatPrice(low)} to ${formatPrice(high)}`;
}

/**
 * The product editor (issue 40: an admin app screen). At 992 px and wider two columns: the main one (Basics: name,
 * brand, category, description; Media: image url, file chooser, preview, gallery; Specifications; Options &
 * variants, a table) and a side one (the page's `status`, Pricing, Inventory, then the page's `aside`: histories);
 * narrower, one column in that order. A sticky action bar keeps Update (the spec's text, for a new product too) in
 * reach. Checked with the API's own productUpdateSchema before sending; price and countInStock are sent as numbers.
 */
export function ProductForm({
  product,
  onSubmit,
  submitting = false,
  isNew = false,
  status,
  aside,
  actions,
}: {
  product: Product;
  /** A product not yet created (a draft): empty fields. */
  isNew?: boolean;
  /** The values, and the product as this form loaded it (the version the API checks). */
  onSubmit: (values: ProductUpdateInput, editedFrom: EditedFrom) => void;
  submitting?: boolean;
  /** The side column's first card (draft or published, a link to the shop). */
  status?: ReactNode;
  /** The side column's last cards (the histories). */
  aside?: ReactNode;
  /** The action bar's other actions, before Update (Cancel). */
  actions?: ReactNode;
}) {
  const hadVariants = (product.variants?.length ?? 0) > 0;
  // Options (issue 29) are typed as comma-separated drafts: their own state, read by the resolver on each check.
  const [optionDrafts, setOptionDrafts] = useState(() => optionDraftsOf(product));
  // The emulator build also takes Storage-emulator image URLs; every other build, the API's own schema.
  const resolver = useMemo(() => editorResolver(zodResolver(productUpdateSchemaWith(shop.imageOrigins()))), []);
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    control,
    formState: { errors },
  } = useForm<ProductFormValues, EditorContext, ProductUpdateInput>({
    resolver,
    context: { options: optionDrafts, hadVariants },
    // The editable fields (domain/productFields.ts, as the schema validates them), as the product has them; a new
    // product's start empty. The variant rows are a field array of their own.
    defaultValues: {
      ...(isNew ? newProductFormValues(product) : editableValues(product)),
      variants: variantRowsOf(product),
    },
    mode: 'onTouched',
  });
  const handles: ProductFormHandles = { control, register, getValues, setValue };
  const field = fieldBinding(register, errors);
  /** The product's own price or stock (without variant rows): a number input, an empty one read as no number. */
  const numberField = (name: keyof typeof NUMBER_INPUTS) => ({
    type: 'number',
    min: 0,
    ...NUMBER_INPUTS[name],
    groupClassName: 'mb-0',
    ...field(name, { setValueAs: asNumber }),
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
  const [namesError, setNamesError] = useState<string | null>(null);
  const categories = useTaxonomy('categories');
  const brands = useTaxonomy('brands');
  const createCategory = useTaxonomyChange('categories');
  const createBrand = useTaxonomyChange('brands');
  const name = useWatch({ control, name: 'name' });
  const price = useWatch({ control, name: 'price' });
  const rows = useWatch({ control, name: 'variants' }) ?? [];
  // What a variant's image is picked from: the gallery as the form has it now (the main image alone without one).
  const images = useWatch({ control, name: 'images' });
  const gallery = galleryOf(image ?? '', images ?? []).filter((picture) => picture.url);
  // Variants hold the stock and the prices once the form has rows (issue 40: said, not silently the first's).
  const byVariant = rows.length > 0;

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
    if (pending.length === 0) return onSubmit(values, editedFrom);
    return pending
      .reduce((done, create) => done.then(create), Promise.resolve<unknown>(undefined))
      .then(
        () => onSubmit(values, editedFrom),
        (error: unknown) => setNamesError(errorMessage(error)),
      );
  }

  return (
    <Form onSubmit={handleSubmit(submit)} noValidate aria-label="Edit product" className="product-editor">
      <Row className="g-3">
        <Col lg={8} className="d-grid gap-3 align-content-start">
          <EditorSection id="editor-basics" title="Basics">
            <Row className="g-3">
              <Col md={6}>
                <Field label="Name" type="text" placeholder="Enter name" {...field('name')} />
              </Col>
              <Col md={3}>
                <Field label="Brand" type="text" placeholder="Enter brand" list="managed-brands" {...field('brand')} />
                <ManagedNames list="brands" id="managed-brands" value={brand ?? ''} />
              </Col>
              <Col md={3}>
                <Field
                  label="Category"
                  type="text"
                  placeholder="Enter category"
                  list="managed-categories"
                  {...field('category')}
                />
                <ManagedNames list="categories" id="managed-categories" value={category ?? ''} />
              </Col>
            </Row>
            <Field
              label="Description"
              as="textarea"
              rows={3}
              placeholder="Enter description"
              groupClassName="mb-3"
              {...field('description')}
            />
            <AccessoriesField control={control} productId={product._id} error={errors.accessories} />
          </EditorSection>

          <EditorSection id="editor-media" title="Media">
            {/* The image url, the file chooser and the preview side by side from md (issue 40: the editor's height). */}
            <Row className="g-3 mb-3 align-items-start">
              <Col md={4}>
                <Field
                  label="Image url"
                  type="text"
                  placeholder="Enter image url"
                  groupClassName="mb-0"
                  {...field('image', {
                    onChange: (e: { target: { value: string } }) => mainImageChanged(e.target.value),
                  })}
                />
              </Col>
              {/* The wider of the two: the browser's file control names the chosen file beside its button. */}
              <Col md={5}>
                <ImageUpload
                  disabled={submitting}
                  onUploaded={(path) => {
                    setValue('image', path, { shouldValidate: true, shouldDirty: true });
                    mainImageChanged(path);
                  }}
                />
              </Col>
              <Col md={3}>
                <ImagePreview image={image && !errors.image ? image : undefined} />
              </Col>
            </Row>
            <GalleryEditor form={handles} errors={errors.images} disabled={submitting} />
          </EditorSection>

          <EditorSection id="editor-specs" title="Specifications">
            <SpecRowsEditor form={handles} errors={errors.specs} />
          </EditorSection>

          <EditorSection id="variants-title" title="Options & variants">
            <VariantsEditor
              form={handles}
              errors={errors.variants}
              optionDrafts={optionDrafts}
              onOptionsChange={setOptionDrafts}
              productName={typeof name === 'string' ? name : ''}
              basePrice={Number(byVariant ? rows[0]?.price : price) || 0}
              gallery={gallery}
              problem={errors.variants?.root?.message}
            />
          </EditorSection>
        </Col>

        <Col lg={4} className="d-grid gap-3 align-content-start">
          {status}
          <EditorSection id="editor-pricing" title="Pricing">
            {byVariant ? (
              <p className="mb-0" data-testid="price-across">
                <strong>{priceRange(rows.map((r) => r.price))}</strong> across {rows.length} variant
                {rows.length === 1 ? '' : 's'}. Each variant&apos;s price is in its row; the default&apos;s is the one
                cards show.
              </p>
            ) : (
              <Field label="Price" placeholder="Enter price" {...numberField('price')} />
            )}
          </EditorSection>
          <EditorSection id="editor-inventory" title="Inventory">
            {byVariant ? (
              <>
                <p className="mb-1" data-testid="stock-across">
                  In stock: <strong>{stockAcross(rows)}</strong>
                </p>
                <p className="small text-muted mb-0">
                  {hadVariants
                    ? 'Each variant’s stock is in its row of the variants table.'
                    : `Each variant’s stock is in its row; the product’s own ${product.countInStock} leave when you save.`}
                </p>
              </>
            ) : (
              <Field label="Count In Stock" placeholder="Enter countInStock" {...numberField('countInStock')} />
            )}
          </EditorSection>
          {aside}
        </Col>
      </Row>

      <div className="editor-actions">
        {namesError && (
          <p className="text-danger mb-0 me-auto" role="alert">
            {namesError}
          </p>
        )}
        {actions}
        {/* The spec's button reads Update, for a new product too (issue 40). */}
        <Button type="submit" variant="primary" disabled={submitting}>
          {submitting ? <Loader small label={isNew ? 'Creating product' : 'Updating product'} /> : 'Update'}
        </Button>
      </div>
    </Form>
  );
}
