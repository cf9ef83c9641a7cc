import { describe, expect, it } from 'vitest';
import { shippingAddressSchema, shippingFormSchema } from './schemas.js';

const proshop = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };
const full = { ...proshop, recipientName: 'Ada Lovelace', phone: '+1 555 010 4477', country: 'US' };

/** The first message of a refused address for each field (what the form shows under it). */
function refusals(schema: typeof shippingAddressSchema, input: unknown): Record<string, string> {
  const r = schema.safeParse(input);
  const first: Record<string, string> = {};
  if (!r.success) for (const i of r.error.issues) first[i.path.join('.')] ??= i.message;
  return first;
}

describe('shipping address (issue 30)', () => {
  it("takes the original ProShop client's four fields with a free-text country, stored as its ISO code", () => {
    for (const country of ['USA', 'United States', 'us', 'U.S.A.'])
      expect(shippingAddressSchema.parse({ ...proshop, country })).toEqual({ ...proshop, country: 'US' });
  });

  it('keeps the recipient and phone when given; blank ones are none', () => {
    expect(shippingAddressSchema.parse(full)).toEqual(full);
    expect(shippingAddressSchema.parse({ ...proshop, recipientName: '  ', phone: '' })).toEqual({
      ...proshop,
      country: 'US',
    });
  });

  it.each([
    [{ ...proshop, country: 'Narnia' }, 'country', 'Choose a country from the list'],
    [{ ...proshop, postalCode: '!!!' }, 'postalCode', 'Postal code is not valid for United States'],
    [{ ...proshop, country: 'GB' }, 'postalCode', 'Postal code is not valid for United Kingdom'],
    [{ ...proshop, city: '1' }, 'city', 'City must contain a letter'],
    [{ ...proshop, phone: 'call me' }, 'phone', 'Phone must be a number like +1 555 010 4477 (digits, spaces, dashes)'],
    [{ ...proshop, phone: '12345' }, 'phone', 'Phone must be a number like +1 555 010 4477 (digits, spaces, dashes)'],
    [{ ...proshop, phone: '+1234567890123456' }, 'phone', 'Phone must have at most 15 digits'],
    [{ ...proshop, recipientName: 'x'.repeat(101) }, 'recipientName', 'Recipient name must be at most 100 characters'],
    [{ ...proshop, address: '' }, 'address', 'Address is required'],
  ])('refuses %j: %s says %j', (input, field, message) => {
    expect(refusals(shippingAddressSchema, input)[field]).toBe(message);
  });

  it('checks postal codes per country', () => {
    expect(shippingAddressSchema.safeParse({ ...proshop, country: 'DE', postalCode: '10115' }).success).toBe(true);
    expect(shippingAddressSchema.safeParse({ ...proshop, country: 'GB', postalCode: 'SW1A 1AA' }).success).toBe(true);
    expect(shippingAddressSchema.safeParse({ ...proshop, country: 'DE', postalCode: '1011' }).success).toBe(false);
  });

  it("the web's form requires the recipient and the phone (and a US address its state)", () => {
    expect(refusals(shippingFormSchema as never, { ...proshop, recipientName: '', phone: '' })).toEqual({
      recipientName: 'Recipient name is required',
      phone: 'Phone is required',
      state: 'State is required',
    });
    expect(shippingFormSchema.parse({ ...full, state: 'IL' })).toEqual({ ...full, state: 'IL' });
  });
});

describe('states and provinces (issue 40)', () => {
  it('the API takes an address to a country with states without one (the original clients send none)', () => {
    expect(shippingAddressSchema.parse(proshop)).toEqual({ ...proshop, country: 'US' });
  });

  it.each([
    ['US', 'texas', 'TX', '78701'],
    ['US', ' tx ', 'TX', '78701'],
    ['CA', 'Québec', 'QC', 'H2X 1Y4'],
    ['CA', 'on', 'ON', 'M5V 2T6'],
    ['AU', 'New South Wales', 'NSW', '2000'],
  ])('%s: %j is stored as its code %s', (country, state, code, postalCode) => {
    expect(shippingAddressSchema.parse({ ...proshop, country, state, postalCode })).toEqual({
      ...proshop,
      country,
      postalCode,
      state: code,
    });
  });

  it.each([
    ['US', 'Bavaria', "State must be one of United States's (choose from the list)"],
    ['US', 'ON', "State must be one of United States's (choose from the list)"],
    ['CA', 'TX', "Province must be one of Canada's (choose from the list)"],
  ])("refuses a state not of the country's list: %s %j", (country, state, message) => {
    const postalCode = country === 'CA' ? 'H2X 1Y4' : '78701';
    expect(refusals(shippingAddressSchema, { ...proshop, country, state, postalCode }).state).toBe(message);
  });

  it('a country without states or provinces stores none, whatever was sent', () => {
    const berlin = { ...proshop, country: 'DE', postalCode: '10115' };
    expect(shippingAddressSchema.parse({ ...berlin, state: 'Berlin' })).toEqual(berlin);
    expect(shippingFormSchema.parse({ ...full, ...berlin, state: '' })).toEqual({ ...full, ...berlin });
  });

  it("the web's form requires a province in Canada and a state in Australia", () => {
    expect(refusals(shippingFormSchema as never, { ...full, country: 'CA', postalCode: 'H2X 1Y4' }).state).toBe(
      'Province is required',
    );
    expect(refusals(shippingFormSchema as never, { ...full, country: 'AU', postalCode: '2000' }).state).toBe(
      'State or territory is required',
    );
  });
});
