// A list of rows, one per country, in the settings form: the tax rate by country (`tax.countries`, its `percent`)
// and the shipping price by country (`shipping.countries`, its `price`). Each row a country select, the number and
// a remove button; below, the list's own error and the add button. Ids: `tax-country-0`, `tax-percent-0`,
// `shipping-country-0`, `shipping-price-0`.
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { get, useFieldArray, type Path, type RegisterOptions } from 'react-hook-form';
import { CountryOptions } from '@/components/ui/CountryOptions';
import { Field } from '@/components/ui/Field';
import { fieldBinding } from '@/components/ui/fieldBinding';
import { Message } from '@/components/ui/Message';
import { RemoveRowButton } from './ReorderControls';
import { decimalInput, type SettingsFormParts, type SettingsFormValues } from './settingsInputs';

/** Each list: its number's key, its heading, its add button and what its Remove buttons call a row. */
const LISTS = {
  'tax.countries': {
    number: 'percent',
    heading: 'Tax rate by country',
    add: "Add a country's tax rate",
    noun: 'country tax rate',
  },
  'shipping.countries': {
    number: 'price',
    heading: 'Shipping price by country',
    add: "Add a country's shipping price",
    noun: 'country shipping price',
  },
} as const;

export function CountryRatesFields({
  control,
  register,
  errors,
  name,
  numberLabel,
  numberOptions,
}: SettingsFormParts & {
  name: keyof typeof LISTS;
  numberLabel: string;
  /** How the number is read (settingsInputs.ts `asNumber`). */
  numberOptions: RegisterOptions<SettingsFormValues>;
}) {
  const { number, heading, add, noun } = LISTS[name];
  const rows = useFieldArray({ control, name });
  const field = fieldBinding(register, errors);
  const prefix = name.split('.')[0];
  /** `tax.countries.0.percent` and the like: a path of this list, which the union of lists cannot spell. */
  const at = (index: number, key: 'country' | typeof number) => `${name}.${index}.${key}` as Path<SettingsFormValues>;
  const listError = (get(errors, name) as { message?: string } | undefined)?.message;
  return (
    <>
      <h3 className="h6">{heading}</h3>
      {rows.fields.map((row, index) => (
        <Row key={row.id} className="align-items-end">
          <Col xs={5}>
            <Field id={`${prefix}-country-${index}`} label="Country" as="select" {...field(at(index, 'country'))}>
              <CountryOptions current={row.country} />
            </Field>
          </Col>
          <Col xs={4}>
            <Field
              id={`${prefix}-${number}-${index}`}
              label={numberLabel}
              {...decimalInput}
              {...field(at(index, number), numberOptions)}
            />
          </Col>
          <Col xs={3} className="mb-3">
            <RemoveRowButton noun={noun} index={index} onRemove={() => rows.remove(index)} />
          </Col>
        </Row>
      ))}
      {listError && <Message variant="danger">{listError}</Message>}
      <Button
        variant="outline-dark"
        onClick={() =>
          name === 'tax.countries' ? rows.append({ country: '', percent: 0 }) : rows.append({ country: '', price: 0 })
        }
      >
        {add}
      </Button>
    </>
  );
}
