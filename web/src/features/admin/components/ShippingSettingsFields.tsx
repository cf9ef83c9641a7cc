// Issue 40's settings, in the settings form: tax rates by state or province (US, CA, AU: domain/regions.ts), and the
// shipping methods beside Standard with their price, delivery estimate and whether the free-shipping threshold
// frees them too. A method's prices per country, when the API was given any, are kept as saved.
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useFieldArray } from 'react-hook-form';
import { Field } from '@/components/ui/Field';
import { fieldBinding } from '@/components/ui/fieldBinding';
import { Message } from '@/components/ui/Message';
import { RemoveRowButton } from './ReorderControls';
import { asNumber, decimalInput, type SettingsFormParts } from './settingsInputs';

const listError = (e: unknown) => (e as { message?: string } | undefined)?.message;

export function StateTaxFields({ control, register, errors }: SettingsFormParts) {
  const states = useFieldArray({ control, name: 'tax.states' });
  const field = fieldBinding(register, errors);
  return (
    <>
      <h3 className="h6 mt-3">Tax rate by state or province (overrides the country's)</h3>
      {/* Four fields do not fit a phone's row: two a line below 576 px. */}
      {states.fields.map((row, index) => (
        <Row key={row.id} className="align-items-end">
          <Col xs={6} sm={4}>
            <Field
              id={`state-tax-country-${index}`}
              label="Country"
              as="select"
              {...field(`tax.states.${index}.country`)}
            >
              <option value="US">United States</option>
              <option value="CA">Canada</option>
              <option value="AU">Australia</option>
            </Field>
          </Col>
          <Col xs={6} sm={3}>
            <Field
              id={`state-tax-state-${index}`}
              label="State (code or name)"
              {...field(`tax.states.${index}.state`)}
            />
          </Col>
          <Col xs={6} sm={3}>
            <Field
              id={`state-tax-percent-${index}`}
              label="Rate (%)"
              {...decimalInput}
              {...field(`tax.states.${index}.percent`, asNumber)}
            />
          </Col>
          <Col xs={6} sm={2} className="mb-3">
            <RemoveRowButton noun="state tax rate" index={index} onRemove={() => states.remove(index)} />
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

export function ShippingMethodFields({ control, register, errors }: SettingsFormParts) {
  const methods = useFieldArray({ control, name: 'shipping.methods' });
  const field = fieldBinding(register, errors);
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
            {...field('shipping.standardDays.min', asNumber)}
          />
        </Col>
        <Col xs={6} sm={3}>
          <Field
            id="standard-days-max"
            label="Standard: slowest days"
            type="number"
            {...field('shipping.standardDays.max', asNumber)}
          />
        </Col>
      </Row>
      {methods.fields.map((row, index) => (
        <fieldset key={row.id} className="border rounded p-2 mb-2" aria-label={`Shipping method ${index + 1}`}>
          <Row className="align-items-end">
            <Col xs={6} sm={3}>
              <Field id={`method-label-${index}`} label="Name" {...field(`shipping.methods.${index}.label`)} />
            </Col>
            <Col xs={6} sm={2}>
              <Field id={`method-id-${index}`} label="Id" {...field(`shipping.methods.${index}.id`)} />
            </Col>
            <Col xs={4} sm={2}>
              <Field
                id={`method-price-${index}`}
                label="Price ($)"
                {...decimalInput}
                {...field(`shipping.methods.${index}.price`, asNumber)}
              />
            </Col>
            <Col xs={4} sm={2}>
              <Field
                id={`method-min-${index}`}
                label="Fastest days"
                type="number"
                {...field(`shipping.methods.${index}.days.min`, asNumber)}
                error={dayError(index)}
              />
            </Col>
            <Col xs={4} sm={2}>
              <Field
                id={`method-max-${index}`}
                label="Slowest days"
                type="number"
                {...field(`shipping.methods.${index}.days.max`, asNumber)}
                // The days' error, either bound's or their order's, shows once: under the fastest days.
                error={undefined}
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
            <RemoveRowButton noun="shipping method" index={index} onRemove={() => methods.remove(index)} />
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
