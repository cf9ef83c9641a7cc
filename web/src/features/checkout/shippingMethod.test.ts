// The checkout's method in force (issue 40): the remembered one where the country is offered it, else the cheapest.
import { DEFAULT_SETTINGS, type ShopSettings } from '@domain/settings';
import { describe, expect, it } from 'vitest';
import { rememberShippingMethod, shippingChoice } from './shippingMethod';

const onlyUsExpress: ShopSettings = {
  ...DEFAULT_SETTINGS,
  shipping: {
    ...DEFAULT_SETTINGS.shipping,
    methods: [
      {
        id: 'overnight',
        label: 'Overnight',
        days: { min: 1, max: 1 },
        price: 40,
        countries: [{ country: 'US', price: 25 }],
        freeOver: false,
      },
    ],
  },
};

describe('shippingChoice', () => {
  it('takes the remembered method, priced for the country', () => {
    const { offers, chosen } = shippingChoice(onlyUsExpress, 'US', 50_00, 'overnight');
    expect(offers.map((o) => o.id)).toEqual(['standard', 'overnight']);
    expect(chosen).toMatchObject({ id: 'overnight', priceCents: 25_00 });
  });

  it('falls back to the cheapest when none or an unknown one is remembered (Standard free over the threshold)', () => {
    expect(shippingChoice(onlyUsExpress, 'US', 50_00, null).chosen.id).toBe('overnight'); // $25 < $100
    expect(shippingChoice(onlyUsExpress, 'US', 150_00, 'gone').chosen.id).toBe('standard'); // free
    expect(shippingChoice(undefined, 'DE', 50_00, null).chosen.id).toBe('standard'); // the defaults
  });

  it('remembers a choice in the browser and forgets it', () => {
    rememberShippingMethod('express');
    expect(JSON.parse(localStorage.getItem('shippingMethod')!)).toBe('express');
    rememberShippingMethod(null);
    expect(localStorage.getItem('shippingMethod')).toBeNull();
  });
});
