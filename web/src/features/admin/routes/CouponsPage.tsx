// Discount codes (issue 30): the list with each code's terms and uses, and the create/edit form below it, in one
// lazy module. The form is checked with the API's couponSchema before it is sent; the API checks it again.
import { couponSchema } from '@domain/couponSchema';
import { couponOffer, type Coupon } from '@domain/discounts';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { TableHead } from '@/components/ui/ListTable';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { errorMessage } from '@/lib/api';
import { formatPrice } from '@/lib/format';
import { useCoupons, useDeleteCoupon, useSaveCoupon } from '../api/coupons';
import { useConfirm } from '@/components/ui/ConfirmDialog';
import { ConfirmDeleteButton } from '../components/ConfirmDeleteButton';
import { CategoryScopeField } from '../components/CategoryScopeField';
import { ProductPicker, useProductNames } from '../components/ProductPicker';

/** The form's values, as typed (numbers and dates as text; empty means "none"). */
interface CouponFormValues {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  categories: string[];
  products: string[];
  active: boolean;
}

const EMPTY: CouponFormValues = {
  code: '',
  kind: 'percent',
  value: '',
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  maxUsesPerCustomer: '',
  categories: [],
  products: [],
  active: true,
};

/** An ISO time as a datetime-local input shows it (the admin's local time), and back. */
const toLocalInput = (iso: string | null | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

function valuesOf(c: Coupon): CouponFormValues {
  const percent = c.percentOff != null;
  return {
    code: c.code,
    kind: percent ? 'percent' : 'amount',
    value: String(percent ? c.percentOff : (c.amountOff ?? '')),
    minSubtotal: c.minSubtotal != null ? String(c.minSubtotal) : '',
    startsAt: toLocalInput(c.startsAt),
    endsAt: toLocalInput(c.endsAt),
    maxUses: c.maxUses != null ? String(c.maxUses) : '',
    maxUsesPerCustomer: c.maxUsesPerCustomer != null ? String(c.maxUsesPerCustomer) : '',
    categories: [...(c.scope?.categories ?? [])],
    products: [...(c.scope?.products ?? [])],
    active: c.active,
  };
}

/** The API's body from the form's values. */
function bodyOf(v: CouponFormValues) {
  const { categories, products } = v;
  return {
    code: v.code,
    percentOff: v.kind === 'percent' ? numberOrNull(v.value) : null,
    amountOff: v.kind === 'amount' ? numberOrNull(v.value) : null,
    minSubtotal: numberOrNull(v.minSubtotal),
    startsAt: fromLocalInput(v.startsAt),
    endsAt: fromLocalInput(v.endsAt),
    maxUses: numberOrNull(v.maxUses),
    maxUsesPerCustomer: numberOrNull(v.maxUsesPerCustomer),
    scope: categories.length || products.length ? { categories, products } : null,
    active: v.active,
  };
}

export function CouponForm({ editing, onDone }: { editing: Coupon | null; onDone: () => void }) {
  const [values, setValues] = useState<CouponFormValues>(editing ? valuesOf(editing) : EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveCoupon();
  const set = <K extends keyof CouponFormValues>(key: K, value: CouponFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = couponSchema.safeParse(bodyOf(values));
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the form');
      return;
    }
    setProblem(null);
    save.mutate({ terms: parsed.data, isNew: !editing }, { onSuccess: onDone });
  }

  const error = problem ?? (save.isError ? errorMessage(save.error) : null);
  return (
    <Form onSubmit={submit} noValidate aria-label={editing ? `Edit ${editing.code}` : 'New discount code'}>
      <h2 className="h5">{editing ? `Edit ${editing.code}` : 'New discount code'}</h2>
      <Row className="g-3">
        <Col sm={6} lg={4}>
          <Form.Group controlId="coupon-code">
            <Form.Label>Code</Form.Label>
            <Form.Control
              value={values.code}
              disabled={!!editing}
              maxLength={32}
              autoCapitalize="characters"
              onChange={(e) => set('code', e.target.value)}
            />
          </Form.Group>
        </Col>
        <Col sm={6} lg={4}>
          <Form.Group controlId="coupon-kind">
            <Form.Label>Gives</Form.Label>
            <Form.Select value={values.kind} onChange={(e) => set('kind', e.target.value as 'percent' | 'amount')}>
              <option value="percent">Percent off</option>
              <option value="amount">Amount off ($)</option>
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm={6} lg={4}>
          <Form.Group controlId="coupon-value">
            <Form.Label>{values.kind === 'percent' ? 'Percent off' : 'Amount off ($)'}</Form.Label>
            <Form.Control
              type="number"
              inputMode="decimal"
              step="0.01"
              value={values.value}
              onChange={(e) => set('value', e.target.value)}
            />
          </Form.Group>
        </Col>
        <Col sm={6} lg={4}>
          <Form.Group controlId="coupon-min">
            <Form.Label>Minimum subtotal ($, optional)</Form.Label>
            <Form.Control
              type="number"
              inputMode="decimal"
              step="0.01"
              value={values.minSubtotal}
              onChange={(e) => set('minSubtotal', e.target.value)}
            />
          </Form.Group>
        </Col>
        <Col sm={6} lg={4}>
          <Form.Group controlId="coupon-starts">
            <Form.Label>Starts (optional)</Form.Label>
            <Form.Control
              type="datetime-local"
              value={values.startsAt}
              onChange={(e) => set('startsAt', e.target.value)}
            />
          </Form.Group>
        </Col>
        <Col sm={6} lg={4}>
          <Form.Group controlId="coupon-ends">
            <Form.Label>Ends (optional)</Form.Label>
            <Form.Control type="datetime-local" value={values.endsAt} onChange={(e) => set('endsAt', e.target.value)} />
          </Form.Group>
        </Col>
        <Col sm={6} lg={4}>
          <Form.Group controlId="coupon-max-uses">
            <Form.Label>Total uses (optional)</Form.Label>
            <Form.Control
              type="number"
              inputMode="numeric"
              value={values.maxUses}
              onChange={(e) => set('maxUses', e.target.value)}
            />
          </Form.Group>
        </Col>
        <Col sm={6} lg={4}>
          <Form.Group controlId="coupon-max-per-customer">
            <Form.Label>Uses per customer (optional)</Form.Label>
            <Form.Control
              type="number"
              inputMode="numeric"
              value={values.maxUsesPerCustomer}
              onChange={(e) => set('maxUsesPerCustomer', e.target.value)}
            />
          </Form.Group>
        </Col>
        <Col sm={6} lg={4} className="d-flex align-items-end">
          <Form.Check
            id="coupon-active"
            type="switch"
            label="Active"
            checked={values.active}
            onChange={(e) => set('active', e.target.checked)}
          />
        </Col>
        <Col md={6}>
          <CategoryScopeField value={values.categories} onChange={(names) => set('categories', names)} />
        </Col>
        <Col md={6}>
          <ProductPicker
            label="Only these products"
            value={values.products}
            onChange={(ids) => set('products', ids)}
            max={200}
          />
        </Col>
      </Row>
      <p className="form-text mt-0">
        Without categories or products the code applies to everything; with them, to the products in those categories
        and to those products.
      </p>
      {error && (
        <Message variant="danger" className="mt-3 mb-0">
          {error}
        </Message>
      )}
      <div className="d-flex gap-2 mt-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Loader small label="Saving" /> : editing ? 'Save changes' : 'Create code'}
        </Button>
        {editing && (
          <Button variant="outline-secondary" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </Form>
  );
}

const limits = (c: Coupon) =>
  [
    c.minSubtotal != null ? `min ${formatPrice(c.minSubtotal)}` : null,
    c.maxUsesPerCustomer != null ? `${c.maxUsesPerCustomer} per customer` : null,
    c.endsAt ? `ends ${c.endsAt.slice(0, 10)}` : null,
  ]
    .filter(Boolean)
    .join(', ') || '—';

/** Products named in a code's scope in the list; the rest counted. */
const NAMED_PRODUCTS = 3;

/** What a code applies to, in words: "Audio, Cameras · 2 products: USB-C Cable, Hub" (issue 40). */
function ScopeText({ scope }: { scope: Coupon['scope'] }) {
  const categories = scope?.categories ?? [];
  const products = scope?.products ?? [];
  const names = useProductNames(products.slice(0, NAMED_PRODUCTS));
  if (!categories.length && !products.length) return <>Everything</>;
  const named = products
    .slice(0, NAMED_PRODUCTS)
    .map((id) => {
      const name = names.get(id);
      return name === null ? 'a removed product' : (name ?? '…');
    })
    .join(', ');
  const more = products.length > NAMED_PRODUCTS ? ` and ${products.length - NAMED_PRODUCTS} more` : '';
  const productText = products.length
    ? `${products.length} ${products.length === 1 ? 'product' : 'products'}: ${named}${more}`
    : null;
  return <>{[categories.join(', ') || null, productText].filter(Boolean).join(' · ')}</>;
}

export function CouponsPage() {
  const coupons = useCoupons();
  const remove = useDeleteCoupon();
  const [editing, setEditing] = useState<Coupon | null>(null);
  const { dialog: confirmDialog, ask } = useConfirm();
  // A new key after each save or cancel: the form starts afresh.
  const [formKey, setFormKey] = useState(0);
  const done = () => {
    setEditing(null);
    setFormKey((k) => k + 1);
  };

  return (
    <>
      {confirmDialog}
      <Meta title="Discount codes" />
      <h1 className="h3">Discount codes</h1>
      {remove.isError && <Message variant="danger">{errorMessage(remove.error)}</Message>}
      <QueryBoundary query={coupons}>
        {(list) =>
          list.length === 0 ? (
            <Message variant="info">No discount codes yet. Create one below.</Message>
          ) : (
            // As the other admin tables (admin.css .admin-table): a scrolling table, on phones one card per code.
            <div className="admin-table-scroll">
              <Table hover size="sm" className="admin-table align-middle">
                <caption className="visually-hidden">Discount codes</caption>
                <TableHead
                  columns={[
                    'Code',
                    'Gives',
                    'Applies to',
                    'Limits',
                    'Uses',
                    'Status',
                    { label: 'Actions', hidden: true },
                  ]}
                />
                <tbody>
                  {list.map((c) => (
                    <tr key={c.code}>
                      <td className="fw-semibold" data-label="Code">
                        {c.code}
                      </td>
                      <td data-label="Gives">{couponOffer(c)}</td>
                      <td data-label="Applies to">
                        <ScopeText scope={c.scope} />
                      </td>
                      <td data-label="Limits">{limits(c)}</td>
                      <td data-label="Uses">
                        {c.uses}
                        {c.maxUses != null ? ` / ${c.maxUses}` : ''}
                      </td>
                      <td data-label="Status">{c.active ? 'Active' : 'Inactive'}</td>
                      <td className="text-end text-nowrap admin-actions" data-label="Actions">
                        <Button
                          size="sm"
                          variant="outline-primary"
                          className="me-2"
                          aria-label={`Edit ${c.code}`}
                          onClick={() => {
                            setEditing(c);
                            setFormKey((k) => k + 1);
                          }}
                        >
                          Edit
                        </Button>
                        <ConfirmDeleteButton
                          ask={ask}
                          kind="discount code"
                          name={c.code}
                          onDelete={() => remove.mutate(c.code)}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          )
        }
      </QueryBoundary>
      <hr />
      <CouponForm key={formKey} editing={editing} onDone={done} />
    </>
  );
}
