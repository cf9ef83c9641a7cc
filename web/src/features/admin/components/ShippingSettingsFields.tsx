// Issue 40's settings, in the settings form: tax rates by state or province (US, CA, AU: domain/regions.ts), and the
// shipping methods beside Standard with their price, delivery estimate and whether the free-shipping threshold
// frees them too. A method's prices per country, when the API was given any, are kept as saved.
import { type settingsSchema } from '@domain/settingsSchema';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { Field } from '@/components/ui/Field';
import { Message } from '@/components/ui/Message';

type Values = z.input<typeof settingsSchema>;
interface Props {
  control: Control<Values, unknown, z.output<typeof settingsSchema>>;
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
}
const asNumber = { valueAsNumber: true } as const;
const listError = (e: unknown) => (e as { message?: string } | undefined)?.message;

export function StateTaxFields({ control, register, errors }: Props) {
  const states = useFieldArray({ control, name: 'tax.states' });
  return (
    <>
      <h3 className="h6 mt-3">Tax rate by state or province (overrides the country's)</h3>
      {states.fields.map((field, index) => (
        <Row key={field.id} className="align-items-end">
          <Col xs={4}>
            <Field
              id={`state-tax-country-${index}`}
              label="Country"
              as="select"
              error={errors.tax?.states?.[index]?.country}
              {...register(`tax.states.${index}.country`)}
            >
              <option value="US">United States</option>
              <option value="CA">Canada</option>
              <option value="AU">Australia</option>
            </Field>
          </Col>
          <Col xs={3}>
            <Field
              id={`state-tax-state-${index}`}
              label="State (code or name)"
              error={errors.tax?.states?.[index]?.state}
              {...register(`tax.states.${index}.state`)}
            />
          </Col>
          <Col xs={3}>
            <Field
              id={`state-tax-percent-${index}`}
              label="Rate (%)"
              type="number"
              step="0.01"
              inputMode="decimal"
              error={errors.tax?.states?.[index]?.percent}
              {...register(`tax.states.${index}.percent`, asNumber)}
            />
          </Col>
          <Col xs={2} className="mb-3">
            <Button variant="outline-danger" size="sm" onClick={() => states.remove(index)}>
              Remove
            </Button>
          </Col>
        </Row>
      ))}
      {listError(errors.tax?.states) && <Message variant="danger">{listError(errors.tax?.states)}</Message>}
      <Button variant="outline-dark" onClick={() => states.append({ country: 'US', state: '', percent: 0 })}>
        Add a state's tax rate
      </Button>
    </>
  );
}

export function ShippingMethodFields({ control, register, errors }: Props) {
  const methods = useFieldArray({ control, name: 'shipping.methods' });
  const dayError = (index: number) => {
    const e = errors.shipping?.methods?.[index]?.days;
    return e?.min ?? e?.max ?? (e as { message?: string } | undefined);
  };
  return (
    <>
      <h3 className="h6 mt-3">Shipping methods</h3>
      <p className="small text-muted">
        Standard is the prices above. The checkout offers these beside it; without a choice an order ships by the
        cheapest.
      </p>
      <Row className="align-items-end">
        <Col xs={6} sm={3}>
          <Field
            id="standard-days-min"
            label="Standard: fastest days"
            type="number"
            error={errors.shipping?.standardDays?.min}
            {...register('shipping.standardDays.min', asNumber)}
          />
        </Col>
        <Col xs={6} sm={3}>
          <Field
            id="standard-days-max"
            label="Standard: slowest days"
            type="number"
            error={errors.shipping?.standardDays?.max}
            {...register('shipping.standardDays.max', asNumber)}
          />
        </Col>
      </Row>
      {methods.fields.map((field, index) => (
        <fieldset key={field.id} className="border rounded p-2 mb-2" aria-label={`Shipping method ${index + 1}`}>
          <Row className="align-items-end">
            <Col xs={6} sm={3}>
              <Field
                id={`method-label-${index}`}
                label="Name"
                error={errors.shipping?.methods?.[index]?.label}
                {...register(`shipping.methods.${index}.label`)}
              />
            </Col>
            <Col xs={6} sm={2}>
              <Field
                id={`method-id-${index}`}
                label="Id"
                error={errors.shipping?.methods?.[index]?.id}
                {...register(`shipping.methods.${index}.id`)}
              />
            </Col>
            <Col xs={4} sm={2}>
              <Field
                id={`method-price-${index}`}
                label="Price ($)"
                type="number"
                step="0.01"
                inputMode="decimal"
                error={errors.shipping?.methods?.[index]?.price}
                {...register(`shipping.methods.${index}.price`, asNumber)}
              />
            </Col>
            <Col xs={4} sm={2}>
              <Field
                id={`method-min-${index}`}
                label="Fastest days"
                type="number"
                error={dayError(index)}
                {...register(`shipping.methods.${index}.days.min`, asNumber)}
              />
            </Col>
            <Col xs={4} sm={2}>
              <Field
                id={`method-max-${index}`}
                label="Slowest days"
                type="number"
                {...register(`shipping.methods.${index}.days.max`, asNumber)}
              />
            </Col>
          </Row>
          <div className="d-flex gap-3 align-items-center">
            <Form.Check
              id={`method-free-${index}`}
              type="checkbox"
              label="Free over the threshold too"
              {...register(`shipping.methods.${index}.freeOver`)}
            />
            <Button variant="outline-danger" size="sm" onClick={() => methods.remove(index)}>
              Remove
            </Button>
          </div>
        </fieldset>
      ))}
      {listError(errors.shipping?.methods) && <Message variant="danger">{listError(errors.shipping?.methods)}</Message>}
      <Button
        variant="outline-dark"
        onClick={() =>
          methods.append({
            id: `method-${methods.fields.length + 1}`,
            label: '',
            price: 0,
            days: { min: 1, max: 3 },
            countries: [],
            freeOver: false,
          })
        }
      >
        Add a shipping method
      </Button>
    </>
  );
}
