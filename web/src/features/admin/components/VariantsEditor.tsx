// The product editor's "Options & variants" (issue 29; issue 40's variants table): up to three options with their
// values, "Generate variants" (a row per combination not listed yet; rows whose values are gone are dropped), and a
// table of one row per variant (options, SKU, price, compare-at price, stock, image), edited inline. Rows are
// react-hook-form's `variants` field array, checked per cell by the API's own productVariantsSchema (the form's
// resolver) and across rows by domain/variants.ts; "Set price" / "Set stock" apply one value to the selected rows.
// Below 576 px each row is a stacked card (admin.css .admin-table): no sideways scrolling on a phone.
import { MAX_OPTIONS, variantLabel } from '@domain/variants';
import type { ProductImage as GalleryImage } from '@domain/productMedia';
import { priceSchema, stockSchema } from '@domain/schemas';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Controller, useFieldArray, useWatch, type FieldErrors } from 'react-hook-form';
import type { ProductFormHandles, ProductFormValues } from './ProductForm';
import { RemoveRowButton } from './ReorderControls';
import { VariantImagePicker } from './VariantImagePicker';
import { generatedRows, parsedOptions, type OptionDraft } from './variantRows';
import { TableHead } from '@/components/ui/ListTable';

/** Empty number inputs become undefined (the schema then says "must be a number"). */
const asNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

type Bulk = 'price' | 'countInStock';
const BULK = {
  price: { label: 'Set price', schema: priceSchema, step: 0.01, inputMode: 'decimal' },
  countInStock: { label: 'Set stock', schema: stockSchema, step: 1, inputMode: 'numeric' },
} as const;

/** "Set price" / "Set stock" for the selected rows: the value checked by the API's schema before it is applied. */
function BulkSet({ field, count, onApply }: { field: Bulk; count: number; onApply: (value: number) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { label, schema, step, inputMode } = BULK[field];
  const id = `bulk-${field}`;
  function apply() {
    const parsed = schema.safeParse(asNumber(text));
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Enter a number');
    setError(null);
    onApply(Number(parsed.data));
    setText('');
  }
  return (
    <div className="variants-bulk-field">
      <Form.Label htmlFor={id} className="small mb-1">
        {label} of the selected
      </Form.Label>
      <div className="d-flex gap-1">
        <Form.Control
          id={id}
          size="sm"
          type="number"
          min={0}
          step={step}
          inputMode={inputMode}
          value={text}
          isInvalid={!!error}
          aria-invalid={!!error || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Enter applies it here; it must not send the whole form.
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
        />
        <Button type="button" size="sm" variant="outline-primary" disabled={count === 0} onClick={apply}>
          Apply
        </Button>
      </div>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}

export function VariantsEditor({
  form: { control, register, getValues, setValue },
  errors,
  optionDrafts,
  onOptionsChange,
  productName,
  basePrice,
  gallery,
  problem,
}: {
  form: ProductFormHandles;
  errors: FieldErrors<ProductFormValues>['variants'];
  optionDrafts: OptionDraft[];
  onOptionsChange: (next: OptionDraft[]) => void;
  productName: string;
  /** The form's price: what a generated row starts with. */
  basePrice: number;
  /** The form's gallery now (its first is the main image): what a variant's image is chosen from. */
  gallery: readonly GalleryImage[];
  /** The first problem across the options and rows (e.g. a SKU listed twice), shown above the table. */
  problem: string | undefined;
}) {
  const { fields, remove, replace } = useFieldArray({ control, name: 'variants' });
  const rows = useWatch({ control, name: 'variants' }) ?? [];
  const options = parsedOptions(optionDrafts);
  // The selected rows, by the field array's own ids (they follow a row through removals).
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const chosen = fields.filter((f) => selected.has(f.id));
  const setOption = (i: number, patch: Partial<OptionDraft>) =>
    onOptionsChange(optionDrafts.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  const toggle = (id: string, on: boolean) =>
    setSelected((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  function applyToSelected(field: Bulk, value: number) {
    fields.forEach((f, index) => {
      if (selected.has(f.id))
        setValue(`variants.${index}.${field}`, value, { shouldDirty: true, shouldValidate: true });
    });
  }

  return (
    <div className="admin-variants">
      <p className="small text-muted">
        E.g. Colour: Black, Blue. Each variant has its own SKU, price, stock and picture; the first is the default.
      </p>
      {optionDrafts.map((o, i) => (
        <Row key={i} className="g-2 mb-2 align-items-end" data-testid="option-row">
          <Col xs={12} md={4}>
            <Form.Label htmlFor={`option-name-${i}`} className="small mb-1">
              Option {i + 1} name
            </Form.Label>
            <Form.Control
              id={`option-name-${i}`}
              size="sm"
              value={o.name}
              placeholder="Colour"
              onChange={(e) => setOption(i, { name: e.target.value })}
            />
          </Col>
          <Col xs={9} md={6}>
            <Form.Label htmlFor={`option-values-${i}`} className="small mb-1">
              Option {i + 1} values (comma-separated)
            </Form.Label>
            <Form.Control
              id={`option-values-${i}`}
              size="sm"
              value={o.values}
              placeholder="Black, Blue"
              onChange={(e) => setOption(i, { values: e.target.value })}
            />
          </Col>
          <Col xs={3} md={2} className="d-grid">
            <RemoveRowButton
              noun="option"
              index={i}
              onRemove={() => onOptionsChange(optionDrafts.filter((_, j) => j !== i))}
            />
          </Col>
        </Row>
      ))}
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Button
          type="button"
          variant="outline-secondary"
          size="sm"
          disabled={optionDrafts.length >= MAX_OPTIONS}
          onClick={() => onOptionsChange([...optionDrafts, { name: '', values: '' }])}
        >
          Add option
        </Button>
        <Button
          type="button"
          variant="outline-primary"
          size="sm"
          disabled={options.length === 0 || options.some((o) => !o.name || o.values.length === 0)}
          onClick={() => replace(generatedRows(options, getValues('variants') ?? [], productName, basePrice))}
        >
          Generate variants
        </Button>
      </div>
      {problem && (
        <p className="text-danger" role="alert" data-testid="variants-error">
          {problem}
        </p>
      )}
      {fields.length > 0 && (
        <>
          <div
            className="variants-bulk d-flex flex-wrap align-items-end gap-3 mb-2"
            role="group"
            aria-label="Selected variants"
          >
            <Form.Check
              id="variants-select-all"
              label={`Select all (${chosen.length} of ${fields.length} selected)`}
              checked={chosen.length === fields.length}
              ref={(box: HTMLInputElement | null) => {
                if (box) box.indeterminate = chosen.length > 0 && chosen.length < fields.length;
              }}
              onChange={(e) => setSelected(new Set(e.target.checked ? fields.map((f) => f.id) : []))}
            />
            <BulkSet field="price" count={chosen.length} onApply={(v) => applyToSelected('price', v)} />
            <BulkSet field="countInStock" count={chosen.length} onApply={(v) => applyToSelected('countInStock', v)} />
          </div>
          <div className="admin-table-scroll">
            <Table size="sm" className="admin-table variants-table align-middle" aria-label="Variants">
              <TableHead
                columns={['Variant', 'SKU', 'Price', 'Compare-at', 'Stock', 'Image', { label: 'Remove', hidden: true }]}
              />
              <tbody>
                {fields.map((field, index) => {
                  const row = rows[index] ?? field;
                  const label = variantLabel(options, row) || 'Variant';
                  const rowErrors = errors?.[index];
                  const cell = (
                    name: 'sku' | 'price' | 'compareAtPrice' | 'countInStock',
                    title: string,
                    type: 'text' | 'number',
                  ) => {
                    const id = `variants-${index}-${name}`;
                    const message = rowErrors?.[name]?.message;
                    return (
                      <td data-label={title} className={`variants-cell-${name}`}>
                        <div className="w-100">
                          <Form.Control
                            id={id}
                            size="sm"
                            type={type}
                            inputMode={
                              type === 'number' ? (name === 'countInStock' ? 'numeric' : 'decimal') : undefined
                            }
                            min={type === 'number' ? 0 : undefined}
                            step={name === 'countInStock' ? 1 : type === 'number' ? 0.01 : undefined}
                            aria-label={`${title} of ${label}`}
                            isInvalid={!!message}
                            aria-invalid={!!message || undefined}
                            aria-describedby={message ? `${id}-error` : undefined}
                            {...register(
                              `variants.${index}.${name}`,
                              type === 'number' ? { setValueAs: asNumber } : undefined,
                            )}
                          />
                          <Form.Control.Feedback type="invalid" id={`${id}-error`}>
                            {message}
                          </Form.Control.Feedback>
                        </div>
                      </td>
                    );
                  };
                  const imageError = rowErrors?.image?.message;
                  const optionsError = (rowErrors?.options as { message?: string } | undefined)?.message;
                  return (
                    <tr key={field.id} data-testid="variant-row">
                      <td data-label="Variant">
                        <div className="d-flex gap-2 align-items-start">
                          {/* Selected for "Set price" / "Set stock": the box beside the name saves a column. */}
                          <Form.Check
                            id={`variants-${index}-selected`}
                            aria-label={`Select ${label}`}
                            checked={selected.has(field.id)}
                            onChange={(e) => toggle(field.id, e.target.checked)}
                          />
                          <div>
                            <strong className="text-nowrap">{label}</strong>
                            {index === 0 && <span className="badge text-bg-light border ms-1">Default</span>}
                            {optionsError && <div className="small text-danger">{optionsError}</div>}
                          </div>
                        </div>
                      </td>
                      {cell('sku', 'SKU', 'text')}
                      {cell('price', 'Price', 'number')}
                      {cell('compareAtPrice', 'Compare-at price', 'number')}
                      {cell('countInStock', 'Stock', 'number')}
                      <td data-label="Image">
                        <div className="w-100">
                          <Controller
                            control={control}
                            name={`variants.${index}.image`}
                            render={({ field: image }) => (
                              <VariantImagePicker
                                id={`variants-${index}-image`}
                                variant={label}
                                value={image.value ?? ''}
                                gallery={gallery}
                                onChange={image.onChange}
                                error={imageError}
                              />
                            )}
                          />
                        </div>
                      </td>
                      <td className="admin-actions">
                        <Button
                          type="button"
                          variant="link"
                          size="sm"
                          className="text-danger p-0 text-decoration-none"
                          aria-label={`Remove variant ${label}`}
                          title="Remove"
                          onClick={() => {
                            toggle(field.id, false);
                            remove(index);
                          }}
                        >
                          <span aria-hidden="true">✕</span>
                          <span className="d-sm-none"> Remove</span>
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          </div>
        </>
      )}
    </div>
  );
}
