// The cart's tax and shipping estimate for a country (issue 30): priced by the one pricing decision
// (domain/pricing.ts priceOrder) under the owner's settings, so Place Order shows the same unless the cart changes.
import { toCents, toDollars } from '@domain/money';
import { priceOrder } from '@domain/pricing';
import { countryLabel } from '@domain/countries';
import { countryKey, pricingRulesFor, type ShopSettings } from '@domain/settings';
import Form from 'react-bootstrap/Form';
import { useState } from 'react';
import { formatPrice } from '@/lib/format';

const OTHER = '';

/** The countries the owner gave their own tax rate or shipping price, each once (a code, and a name saved before
 *  the country list, that mean one country count once: domain/settings.ts countryKey). */
function listedCountries(settings: ShopSettings): string[] {
  const seen = new Map<string, string>();
  for (const { country } of [...settings.shipping.countries, ...settings.tax.countries])
    if (!seen.has(countryKey(country))) seen.set(countryKey(country), country.trim());
  return [...seen.values()];
}

export function CartEstimate({
  itemsPrice,
  settings,
  savedCountry,
  discount = null,
}: {
  itemsPrice: number;
  settings: ShopSettings;
  /** The country of the shipping address already entered, if any. */
  savedCountry?: string;
  /** A discount code applied in the cart (issue 30): its line, and the estimate priced with it. */
  discount?: { code: string; cents: number } | null;
}) {
  const countries = listedCountries(settings);
  const saved = countries.find((c) => savedCountry !== undefined && countryKey(c) === countryKey(savedCountry));
  const [country, setCountry] = useState(saved ?? OTHER);
  const rules = pricingRulesFor(settings, country === OTHER ? undefined : country);
  const price = priceOrder([{ priceCents: toCents(itemsPrice), qty: 1 }], rules, discount?.cents ?? 0);
  // Free shipping is strictly over the threshold: one cent more than it.
  const awayCents =
    rules.freeShippingOverCents === null ? null : Math.max(0, rules.freeShippingOverCents + 1 - price.itemsCents);
  return (
    <div className="small" data-testid="cart-estimate">
      {countries.length > 0 && (
        <Form.Group className="mb-2" controlId="estimate-country">
          <Form.Label className="mb-1">Estimate for</Form.Label>
          <Form.Select size="sm" value={country} onChange={(e) => setCountry(e.target.value)}>
            {countries.map((c) => (
              <option key={c} value={c}>
                {countryLabel(c)}
              </option>
            ))}
            <option value={OTHER}>Other countries</option>
          </Form.Select>
        </Form.Group>
      )}
      <dl className="row mb-0">
        {price.discountCents > 0 && (
          <>
            <dt className="col-7 fw-normal">Discount ({discount?.code})</dt>
            <dd className="col-5 text-end mb-1 text-success" data-testid="estimate-discount">
              −{formatPrice(toDollars(price.discountCents))}
            </dd>
          </>
        )}
        <dt className="col-7 fw-normal">Shipping (estimate)</dt>
        <dd className="col-5 text-end mb-1" data-testid="estimate-shipping">
          {price.shippingCents === 0 ? 'Free' : formatPrice(toDollars(price.shippingCents))}
        </dd>
        <dt className="col-7 fw-normal">{rules.pricesIncludeTax ? 'Tax included' : 'Tax (estimate)'}</dt>
        <dd className="col-5 text-end mb-1" data-testid="estimate-tax">
          {formatPrice(toDollars(price.taxCents))}
        </dd>
        <dt className="col-7">Total (estimate)</dt>
        <dd className="col-5 text-end fw-semibold mb-1" data-testid="estimate-total">
          {formatPrice(toDollars(price.totalCents))}
        </dd>
      </dl>
      {awayCents !== null && (
        <p className="mb-0" data-testid="free-shipping">
          {awayCents === 0 ? (
            <strong className="text-success">Your order ships free</strong>
          ) : (
            <>
              <strong>{formatPrice(toDollars(awayCents))}</strong> away from free shipping
            </>
          )}
        </p>
      )}
    </div>
  );
}
