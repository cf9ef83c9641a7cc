// The admin form's "Options & variants" section (issue 29): up to three options with their values, "Generate
// variants" (a row per combination not listed yet; rows whose values are gone are dropped), and per variant its
// SKU, price, compare-at price, stock and image (one of the product's gallery pictures, or none: the product's
// image), or removal. Rows are stacked cards, not a wide table (the form is one narrow column at
// every width), so the section works at 390 px. The section keeps its own state; ProductForm sends it with the product (domain/variants.ts checks it
// again on the server: 400s name the problem).
import type { Product, ProductOption, VariantInput } from '@domain';
import type { ProductImage as GalleryImage } from '@domain/productMedia';
import { MAX_OPTIONS, variantLabel, variantProblems } from '@domain/variants';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { VariantImagePicker } from './VariantImagePicker';

interface OptionDraft {
  name: string;
  /** The values as typed, comma-separated. */
  values: string;
}

interface VariantRow {
  /** An existing variant's id (kept on save); absent for a new row. */
  _id?: string;
  /** React's key for the row. */
  key: string;
  options: Record<string, string>;
  sku: string;
  price: string;
  compareAtPrice: string;
  countInStock: string;
  /** One of the gallery's urls; '' = the product's image. */
  image: string;
}

export interface VariantsState {
  options: OptionDraft[];
  rows: VariantRow[];
}

/** The section's starting state from the product as loaded. */
export function variantsStateOf(product: Pick<Product, 'options' | 'variants'>): VariantsState {
  return {
    options: (product.options ?? []).map((o) => ({ name: o.name, values: o.values.join(', ') })),
    rows: (product.variants ?? []).map((v) => ({
      _id: v._id,
      key: v._id,
      options: { ...v.options },
      sku: v.sku,
      price: String(v.price),
      compareAtPrice: v.compareAtPrice === undefined ? '' : String(v.compareAtPrice),
      countInStock: String(v.countInStock),
      image: v.image ?? '',
    })),
  };
}

export const parsedOptions = (state: VariantsState): ProductOption[] =>
  state.options
    .map((o) => ({
      name: o.name.trim(),
      values: o.values
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    }))
    .filter((o) => o.name || o.values.length);

const numberOr = (text: string, fallback: number) => (text.trim() === '' ? fallback : Number(text));

/** What the save sends (options and variants), or the first problem to fix. `gallery`: the form's gallery urls now
 *  (a variant's image must be one of them, as the server checks). */
export function variantsToSave(
  state: VariantsState,
  gallery: readonly string[],
): { ok: true; options: ProductOption[]; variants: VariantInput[] } | { ok: false; message: string } {
  const options = parsedOptions(state);
  const lost = state.rows.find((r) => r.image && !gallery.includes(r.image));
  if (lost)
    return {
      ok: false,
      message: `The image of ${variantLabel(options, lost) || lost.sku} is no longer in the gallery: choose another or "Product image"`,
    };
  const variants = state.rows.map((r) => ({
    ...(r._id ? { _id: r._id } : {}),
    sku: r.sku.trim(),
    options: r.options,
    price: numberOr(r.price, NaN),
    ...(r.compareAtPrice.trim() ? { compareAtPrice: Number(r.compareAtPrice) } : {}),
    countInStock: numberOr(r.countInStock, 0),
    // Absent: the product's image (the server keeps none).
    ...(r.image ? { image: r.image } : {}),
  }));
  for (const v of variants) {
    if (!v.sku) return { ok: false, message: `Each variant needs a SKU (${variantLabel(options, v)})` };
    if (!Number.isFinite(v.price) || v.price < 0) return { ok: false, message: `Price of ${v.sku} must be 0 or more` };
    if (!Number.isInteger(v.countInStock) || v.countInStock < 0)
      return { ok: false, message: `Stock of ${v.sku} must be a whole number, 0 or more` };
  }
  const problem = variantProblems(options, variants)[0];
  return problem ? { ok: false, message: problem.message } : { ok: true, options, variants };
}

/** Every combination of the options' values, in option order. */
function combinations(options: readonly ProductOption[]): Record<string, string>[] {
  return options.reduce<Record<string, string>[]>(
    (acc, option) => acc.flatMap((combo) => option.values.map((value) => ({ ...combo, [option.name]: value }))),
    [{}],
  );
}

const skuPart = (text: string) =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

let newRows = 0;

export function VariantsEditor({
  state,
  onChange,
  productName,
  basePrice,
  gallery,
}: {
  state: VariantsState;
  onChange: (next: VariantsState) => void;
  productName: string;
  /** The form's gallery now (its first is the main image): what a variant's image is chosen from. */
  gallery: readonly GalleryImage[];
  /** The form's price: what a generated row starts with. */
  basePrice: number;
}) {
  const options = parsedOptions(state);
  const setOption = (i: number, patch: Partial<OptionDraft>) =>
    onChange({ ...state, options: state.options.map((o, j) => (j === i ? { ...o, ...patch } : o)) });
  const setRow = (key: string, patch: Partial<VariantRow>) =>
    onChange({ ...state, rows: state.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)) });

  function generate() {
    const label = (o: Record<string, string>) => JSON.stringify(options.map((opt) => o[opt.name] ?? null));
    // Rows whose values all still exist stay (their ids, SKUs and stock kept); the missing combinations are added.
    const kept = state.rows.filter((r) => options.every((o) => o.values.includes(r.options[o.name] ?? '')));
    const have = new Set(kept.map((r) => label(r.options)));
    const added = combinations(options)
      .filter((combo) => !have.has(label(combo)))
      .map((combo) => ({
        key: `new-${++newRows}`,
        options: combo,
        sku: [skuPart(productName).slice(0, 20), ...options.map((o) => skuPart(combo[o.name]!))].join('-'),
        price: String(basePrice || 0),
        compareAtPrice: '',
        countInStock: '0',
        image: '',
      }));
    onChange({ ...state, rows: [...kept, ...added] });
  }

  return (
    <section className="admin-variants mb-4" aria-labelledby="variants-title">
      <h2 id="variants-title" className="h5">
        Options &amp; variants
      </h2>
      <p className="small text-muted">
        E.g. Colour: Black, Blue. With variants, each has its own SKU, price and stock, and may show one of the
        gallery&apos;s pictures; the first is the default (its price and stock are the product&apos;s).
      </p>
      {state.options.map((o, i) => (
        <Row key={i} className="g-2 mb-2 align-items-end" data-testid="option-row">
          <Col xs={12}>
            <Form.Label htmlFor={`option-name-${i}`} className="small mb-1">
              Option {i + 1} name
            </Form.Label>
            <Form.Control
              id={`option-name-${i}`}
              value={o.name}
              placeholder="Colour"
              onChange={(e) => setOption(i, { name: e.target.value })}
            />
          </Col>
          <Col xs={9}>
            <Form.Label htmlFor={`option-values-${i}`} className="small mb-1">
              Option {i + 1} values (comma-separated)
            </Form.Label>
            <Form.Control
              id={`option-values-${i}`}
              value={o.values}
              placeholder="Black, Blue"
              onChange={(e) => setOption(i, { values: e.target.value })}
            />
          </Col>
          <Col xs={3} className="d-grid">
            <Button
              type="button"
              variant="outline-danger"
              aria-label={`Remove option ${i + 1}`}
              onClick={() => onChange({ ...state, options: state.options.filter((_, j) => j !== i) })}
            >
              Remove
            </Button>
          </Col>
        </Row>
      ))}
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Button
          type="button"
          variant="outline-secondary"
          size="sm"
          disabled={state.options.length >= MAX_OPTIONS}
          onClick={() => onChange({ ...state, options: [...state.options, { name: '', values: '' }] })}
        >
          Add option
        </Button>
        <Button
          type="button"
          variant="outline-primary"
          size="sm"
          disabled={options.length === 0 || options.some((o) => !o.name || o.values.length === 0)}
          onClick={generate}
        >
          Generate variants
        </Button>
      </div>
      <ul className="list-unstyled d-grid gap-2 mb-0" aria-label="Variants">
        {state.rows.map((r, index) => {
          const label = variantLabel(options, r) || 'Variant';
          return (
            <li key={r.key}>
              <Card body className="admin-variant-row" data-testid="variant-row">
                <div className="d-flex justify-content-between align-items-center gap-2 mb-2">
                  <strong>
                    {label}
                    {index === 0 && <span className="badge text-bg-light ms-2">Default</span>}
                  </strong>
                  <Button
                    type="button"
                    variant="link"
                    size="sm"
                    className="text-danger p-0"
                    aria-label={`Remove variant ${label}`}
                    onClick={() => onChange({ ...state, rows: state.rows.filter((x) => x.key !== r.key) })}
                  >
                    Remove
                  </Button>
                </div>
                <Row className="g-2">
                  {(
                    [
                      ['sku', 'SKU', 'text'],
                      ['price', 'Price', 'number'],
                      ['compareAtPrice', 'Compare-at price', 'number'],
                      ['countInStock', 'Stock', 'number'],
                    ] as const
                  ).map(([field, name, type]) => (
                    <Col key={field} xs={field === 'sku' ? 12 : 4}>
                      <Form.Label htmlFor={`${r.key}-${field}`} className="small mb-1">
                        {name}
                      </Form.Label>
                      <Form.Control
                        id={`${r.key}-${field}`}
                        type={type}
                        inputMode={type === 'number' ? (field === 'countInStock' ? 'numeric' : 'decimal') : undefined}
                        min={type === 'number' ? 0 : undefined}
                        step={field === 'countInStock' ? 1 : type === 'number' ? 0.01 : undefined}
                        value={r[field]}
                        aria-label={`${name} of ${label}`}
                        onChange={(e) => setRow(r.key, { [field]: e.target.value })}
                      />
                    </Col>
                  ))}
                  <Col xs={12}>
                    <VariantImagePicker
                      id={`${r.key}-image`}
                      variant={label}
                      value={r.image}
                      gallery={gallery}
                      onChange={(image) => setRow(r.key, { image })}
                    />
                  </Col>
                </Row>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
