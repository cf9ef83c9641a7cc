import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type ShopSettings } from '@domain/settings';
import { SettingsLowestPrice } from './SettingsLowestPrice';

const settings = (showLowestPrice30Days: ShopSettings['showLowestPrice30Days'], countries: string[] = []) => ({
  ...DEFAULT_SETTINGS,
  showLowestPrice30Days,
  shipping: { ...DEFAULT_SETTINGS.shipping, countries: countries.map((country) => ({ country, price: 5 })) },
});
const sale = { price: 199.99, compareAtPrice: 249.99, lowest: 189.99 };

describe("SettingsLowestPrice (issue 41): the product page's 30-day low under the owner's settings", () => {
  it.each([
    ['on', settings('on')],
    ["'auto' with an EU country by its name", settings('auto', ['Germany'])],
    ["'auto' with an EU country by its code", settings('auto', ['fr'])],
  ])('shows it: %s', (_, shop) => {
    render(<SettingsLowestPrice settings={shop} {...sale} />);
    expect(screen.getByTestId('lowest-price-30')).toHaveTextContent('Lowest price in the last 30 days: $189.99');
  });

  it.each([
    ['off, though an EU country is named', settings('off', ['Germany'])],
    ["'auto' with no EU country", settings('auto', ['United States', 'CH'])],
    ["'auto' with no country at all", settings('auto')],
  ])('hides it: %s', (_, shop) => {
    render(<SettingsLowestPrice settings={shop} {...sale} />);
    expect(screen.queryByTestId('lowest-price-30')).not.toBeInTheDocument();
  });

  it('shows no low without a higher compare-at price, whatever the settings', () => {
    render(<SettingsLowestPrice settings={settings('on')} price={199.99} compareAtPrice={199.99} lowest={189.99} />);
    expect(screen.queryByTestId('lowest-price-30')).not.toBeInTheDocument();
  });
});
