// The options of a country select (issue 30): every ISO 3166-1 country by its English name, its code as the value
// (@domain/countries). Only lazy screens (checkout, account, admin settings) import it: the list stays out of the
// home page's first bundle.
import { countries, countryCode } from '@domain/countries';

/**
 * `<option>`s for a `<Form.Select>`/`<Field as="select">`: a blank "Choose a country", then the list. `current` is
 * the value the form holds: one the list does not know (typed before the list existed) is offered as it is, so
 * the select shows it and its check can say why it is refused.
 */
export function CountryOptions({
  current,
  placeholder = 'Choose a country',
}: {
  current?: string;
  placeholder?: string;
}) {
  const unknown = current !== undefined && current.trim() !== '' && countryCode(current) !== current ? current : null;
  return (
    <>
      <option value="">{placeholder}</option>
      {unknown !== null && <option value={unknown}>{unknown}</option>}
      {countries().map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </>
  );
}

/** A stored country as the select's value: its code when it resolves ("USA" -> "US"), else as it was. */
export function countrySelectValue(country: string): string {
  return countryCode(country) ?? country;
}
