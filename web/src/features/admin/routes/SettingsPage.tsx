// The owner's settings (GET/PUT /api/settings): tax and shipping, with a rate or price per country (both lists
// components/CountryRatesFields.tsx), the hold limits (issue 40: rates by state, the shipping methods:
// components/ShippingSettingsFields.tsx), the unpaid-hold minutes and the shop's time zone (the emails' times), checked
// with the API's settingsSchema; below, the history of changes. Each Field bound by fieldBinding, its number input
// and parsing from components/settingsInputs.ts.
import type { SettingsChange, ShopSettings } from '@domain';
import { settingsSchema, type SettingsInput } from '@domain/settingsSchema';
import { DEFAULT_TIME_ZONE, timeZoneNames } from '@domain/timeZones';
import { DEFAULT_CART_REMINDER_HOURS } from '@domain/cartReminders';
import { LOW_STOCK_THRESHOLD } from '@domain/limits';
import { zodResolver } from '@hookform/resolvers/zod';
import { memo } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { useForm } from 'react-hook-form';
import { countrySelectValue } from '@/components/ui/CountryOptions';
import { Field } from '@/components/ui/Field';
import { fieldBinding } from '@/components/ui/fieldBinding';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { errorMessage } from '@/lib/api';
import { useSaveSettings, useSettings, useSettingsHistory } from '../api/settings';
import { CountryRatesFields } from '../components/CountryRatesFields';
import { ShippingMethodFields, StateTaxFields } from '../components/ShippingSettingsFields';
import { asNumber, decimalInput, wholeInput, type SettingsFormValues } from '../components/settingsInputs';
import { StoreDetailsFields } from '../components/StoreDetailsFields';

/** An empty threshold is "never free". */
const asNullableNumber = { setValueAs: (v: unknown) => (v === '' || v === null ? null : Number(v)) } as const;

export function SettingsForm({
  settings,
  onSubmit,
  submitting = false,
}: {
  settings: ShopSettings;
  onSubmit: (values: SettingsInput) => void;
  submitting?: boolean;
}) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<SettingsFormValues, unknown, SettingsInput>({
    resolver: zodResolver(settingsSchema),
    // A country saved as a name before the list existed shows as its code's entry ("Germany" -> DE).
    defaultValues: {
      ...settings,
      // Settings saved before the time zone existed are UTC.
      timeZone: settings.timeZone ?? DEFAULT_TIME_ZONE,
      cartReminderHours: settings.cartReminderHours ?? DEFAULT_CART_REMINDER_HOURS,
      lowStockThreshold: settings.lowStockThreshold ?? LOW_STOCK_THRESHOLD,
      // Issue 41: settings saved before the field are 'auto'.
      showLowestPrice30Days: settings.showLowestPrice30Days ?? 'auto',
      tax: {
        ...settings.tax,
        countries: settings.tax.countries.map((c) => ({ ...c, country: countrySelectValue(c.country) })),
      },
      shipping: {
        ...settings.shipping,
        countries: settings.shipping.countries.map((c) => ({ ...c, country: countrySelectValue(c.country) })),
      },
    },
  });
  const field = fieldBinding(register, errors);
  /** What the form's parts (components/) are given. */
  const parts = { control, register, errors };

  return (
    <Form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Shop settings">
      <fieldset className="mb-4">
        <legend className="h5">
          <h2 className="h5 mb-0">Tax</h2>
        </legend>
        <Row>
          <Col sm={6}>
            <Field label="Default tax rate (%)" {...decimalInput} {...field('tax.defaultPercent', asNumber)} />
          </Col>
          <Col sm={6} className="d-flex align-items-center mb-3 mb-sm-0">
            <Form.Check
              id="pricesIncludeTax"
              type="checkbox"
              label="Prices include tax"
              {...register('tax.pricesIncludeTax')}
            />
          </Col>
        </Row>
        <CountryRatesFields {...parts} name="tax.countries" numberLabel="Rate (%)" numberOptions={asNumber} />
        <StateTaxFields {...parts} />
      </fieldset>

      <fieldset className="mb-4">
        <legend className="h5">
          <h2 className="h5 mb-0">Shipping</h2>
        </legend>
        <Row>
          <Col sm={6}>
            <Field label="Default shipping price ($)" {...decimalInput} {...field('shipping.defaultPrice', asNumber)} />
          </Col>
          <Col sm={6}>
            <Field
              label="Free shipping when items are over ($; empty: never)"
              {...decimalInput}
              {...field('shipping.freeOver', asNullableNumber)}
            />
          </Col>
        </Row>
        <CountryRatesFields {...parts} name="shipping.countries" numberLabel="Price ($)" numberOptions={asNumber} />
        <ShippingMethodFields {...parts} />
      </fieldset>

      <fieldset className="mb-4">
        <legend className="h5">
          <h2 className="h5 mb-0">What one customer may hold unpaid</h2>
        </legend>
        <Row>
          <Col sm={4}>
            <Field label="Units of one product" {...wholeInput} {...field('limits.maxUnitsPerProduct', asNumber)} />
          </Col>
          <Col sm={4}>
            <Field label="Unpaid orders' total ($)" {...decimalInput} {...field('limits.maxHeldTotal', asNumber)} />
          </Col>
          <Col sm={4}>
            <Field label="Open orders" {...wholeInput} {...field('limits.maxOpenOrders', asNumber)} />
          </Col>
        </Row>
        <Field label="Minutes an unpaid order holds its stock" {...wholeInput} {...field('holdMinutes', asNumber)} />
      </fieldset>

      <fieldset className="mb-4">
        <legend className="h5">
          <h2 className="h5 mb-0">Time zone</h2>
        </legend>
        <Field label="The shop's time zone (times in the emails)" as="select" {...field('timeZone')}>
          <TimeZoneOptions current={settings.timeZone ?? DEFAULT_TIME_ZONE} />
        </Field>
      </fieldset>

      <StoreDetailsFields register={register} errors={errors} />
      <fieldset className="mb-4">
        <legend className="h5">
          <h2 className="h5 mb-0">Low stock</h2>
        </legend>
        <Field
          label="Email the admins when an item's stock falls to (once per fall; the dashboard lists these items)"
          {...wholeInput}
          {...field('lowStockThreshold', asNumber)}
        />
      </fieldset>
      <fieldset className="mb-4">
        <legend className="h5">
          <h2 className="h5 mb-0">Cart reminders</h2>
        </legend>
        <Field
          label="Hours a signed-in cart stays idle before its reminder email (0: no reminders)"
          {...wholeInput}
          {...field('cartReminderHours', asNumber)}
        />
      </fieldset>
      <fieldset className="mb-4">
        <legend className="h5">
          <h2 className="h5 mb-0">Sale prices</h2>
        </legend>
        <Field
          label="Show “Lowest price in the last 30 days” beside a compare-at price"
          as="select"
          {...field('showLowestPrice30Days')}
        >
          <option value="auto">Automatic: when the shop names an EU country (tax or shipping)</option>
          <option value="on">Always</option>
          <option value="off">Never</option>
        </Field>
      </fieldset>

      <Button type="submit" variant="primary" disabled={submitting}>
        {submitting ? <Loader small label="Saving settings" /> : 'Save settings'}
      </Button>
    </Form>
  );
}

/** The zones this browser knows (domain/timeZones.ts), the saved one first when it is not among them (an alias).
 *  Some 420 options: rendered once, not again with each change of the form. */
let zoneNames: string[] | undefined;
const TimeZoneOptions = memo(function TimeZoneOptions({ current }: { current: string }) {
  const names = (zoneNames ??= timeZoneNames());
  return (
    <>
      {!names.includes(current) && <option value={current}>{current}</option>}
      {names.map((name) => (
        <option key={name} value={name}>
          {name.replace(/_/g, ' ')}
        </option>
      ))}
    </>
  );
});

const shown = (value: unknown) => (value === null || value === undefined ? '–' : String(value));

function SettingsHistory({ changes }: { changes: SettingsChange[] }) {
  if (changes.length === 0) return <p className="text-muted">No changes yet: the defaults apply.</p>;
  return (
    <Table responsive size="sm" className="small">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">What changed</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change, i) => (
          <tr key={`${change.at}-${i}`}>
            <td className="text-nowrap">{new Date(change.at).toLocaleString()}</td>
            <td>{change.by.name || change.by._id}</td>
            <td className="text-break">
              {change.changes.length === 0
                ? 'Nothing (saved as it was)'
                : change.changes.map((c) => (
                    <div key={c.field}>
                      {c.field}: {shown(c.from)} → {shown(c.to)}
                    </div>
                  ))}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function SettingsPage() {
  const settings = useSettings();
  const history = useSettingsHistory();
  const save = useSaveSettings();
  return (
    <>
      <Meta title="Settings" />
      <h1>Settings</h1>
      <p className="text-muted">
        Orders placed from now on are priced and held with these settings; placed orders keep their prices.
      </p>
      {save.isSuccess && <Message variant="success">Settings saved.</Message>}
      {save.isError && <Message variant="danger">{errorMessage(save.error)}</Message>}
      <QueryBoundary query={settings}>
        {(data) => (
          <SettingsForm settings={data} onSubmit={(values) => save.mutate(values)} submitting={save.isPending} />
        )}
      </QueryBoundary>
      <h2 className="h4 mt-5">History</h2>
      <QueryBoundary query={history}>{(data) => <SettingsHistory changes={data} />}</QueryBoundary>
    </>
  );
}
