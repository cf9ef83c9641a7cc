// The address form (issue 30), for the Shipping step and the account's address book: recipient, phone, street, city,
// postal code and a country from the list, each checked as the API checks it (@domain/schemas shippingFormSchema:
// the postal code per country, a city with a letter) with its message under the field. Issue 40: a state or province
// for the countries that have them (domain/regions.ts), required here (the API takes addresses without one).
import type { ShippingAddress } from '@domain';
import { regionLabel, regionsOf } from '@domain/regions';
import { shippingFormSchema } from '@domain/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm, useWatch, type Path, type RegisterOptions } from 'react-hook-form';
import type { z } from 'zod';
import { CountryOptions, countrySelectValue } from './CountryOptions';
import { Field } from './Field';
import { fieldBinding } from './fieldBinding';

type AddressFormValues = z.input<typeof shippingFormSchema>;

const EMPTY: AddressFormValues = {
  recipientName: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  postalCode: '',
  country: '',
};

/** The form's starting values from a stored address (older ones have no recipient or phone, and may name the
 *  country in free text: "USA" starts as the list's United States). */
function startingValues(initial: ShippingAddress | null | undefined): AddressFormValues {
  if (!initial) return EMPTY;
  return {
    recipientName: initial.recipientName ?? '',
    phone: initial.phone ?? '',
    address: initial.address,
    city: initial.city,
    state: initial.state ?? '',
    postalCode: initial.postalCode,
    country: countrySelectValue(initial.country),
  };
}

export function AddressForm({
  initial,
  onSave,
  idPrefix = 'address',
  label = 'Where to ship',
  children,
}: {
  /** The form's accessible name (one no field's label contains, so a search by label finds the field alone). */
  label?: string;
  initial?: ShippingAddress | null;
  onSave: (address: ShippingAddress) => void;
  /** Prefix of the controls' ids (two forms on one page stay apart). */
  idPrefix?: string;
  /** The buttons; a function gets the country chosen (its ISO code, '' before one is), for what depends on it. */
  children: ReactNode | ((country: string) => ReactNode);
}) {
  const start = startingValues(initial);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors },
  } = useForm<AddressFormValues, unknown, ShippingAddress>({
    resolver: zodResolver(shippingFormSchema),
    defaultValues: start,
  });
  const field = fieldBinding(register, errors);
  /** Every field of the address is required, its id under the form's prefix. */
  const addressField = (name: Path<AddressFormValues>, options?: RegisterOptions<AddressFormValues>) => ({
    id: `${idPrefix}-${name}`,
    'aria-required': 'true' as const,
    ...field(name, options),
  });
  // Only the country re-renders the form (the state's list, the shipping methods), not every keystroke.
  const country = String(useWatch({ control, name: 'country' }) ?? '');
  const regions = country ? regionsOf(country) : undefined;
  return (
    <Form onSubmit={handleSubmit(onSave)} noValidate aria-label={label}>
      <Row>
        <Col md={6}>
          <Field label="Recipient name" autoComplete="name" {...addressField('recipientName')} />
        </Col>
        <Col md={6}>
          <Field
            label="Phone"
            type="tel"
            inputMode="tel"
            placeholder="+1 555 010 4477"
            autoComplete="tel"
            {...addressField('phone')}
          />
        </Col>
      </Row>
      <Field label="Address" placeholder="Enter address" autoComplete="street-address" {...addressField('address')} />
      <Row>
        <Col sm={7}>
          <Field label="City" placeholder="Enter city" autoComplete="address-level2" {...addressField('city')} />
        </Col>
        <Col sm={5}>
          <Field
            label="Postal Code"
            placeholder="Enter postal code"
            autoComplete="postal-code"
            {...addressField('postalCode')}
          />
        </Col>
      </Row>
      <Field
        label="Country"
        as="select"
        autoComplete="country"
        {...addressField('country', { onChange: () => setValue('state', '') })}
      >
        <CountryOptions current={start.country} />
      </Field>
      {regions && (
        <Field label={regionLabel(country)} as="select" autoComplete="address-level1" {...addressField('state')}>
          <option value="">Choose…</option>
          {regions.map((r) => (
            <option key={r.code} value={r.code}>
              {r.name}
            </option>
          ))}
        </Field>
      )}
      {typeof children === 'function' ? children(country) : children}
    </Form>
  );
}
