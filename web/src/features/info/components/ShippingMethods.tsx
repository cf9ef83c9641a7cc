import { countryName } from '@domain/countries';
import { formatPrice } from '@domain/money';
import { shippingOffersFor, type ShopSettings } from '@domain/settings';
import { ListTable } from '@/components/ui/ListTable';

const days = ({ min, max }: { min: number; max: number }) =>
  min === max ? `${min} business day${min === 1 ? '' : 's'}` : `${min}–${max} business days`;

/** The Shipping policy's methods and prices, as the checkout offers them (issue 40: settings.shipping): each
 *  method's usual price and estimate, then the countries the owner priced apart. */
export function ShippingMethods({ settings }: { settings: ShopSettings }) {
  const offers = shippingOffersFor(settings, undefined);
  const { shipping } = settings;
  const byCountry = [
    ...shipping.countries.map((c) => ({ method: 'Standard', country: c.country, price: c.price })),
    ...shipping.methods.flatMap((m) =>
      m.countries.map((c) => ({ method: m.label, country: c.country, price: c.price })),
    ),
  ];
  return (
    <section aria-labelledby="shipping-methods">
      <h2 id="shipping-methods" className="h5 mt-4">
        Shipping methods and prices
      </h2>
      <ListTable
        size="sm"
        responsive
        className="align-middle"
        columns={['Method', 'Delivery', 'Price']}
        rows={offers}
        row={(offer) => (
          <tr key={offer.id}>
            <th scope="row">{offer.label}</th>
            <td>{days(offer.days)}</td>
            <td>
              {formatPrice(offer.priceCents / 100)}
              {offer.freeOverCents !== null && (
                <span className="text-muted"> · free over {formatPrice(offer.freeOverCents / 100)}</span>
              )}
            </td>
          </tr>
        )}
      />
      {byCountry.length > 0 && (
        <>
          <h3 className="h6">Prices in some countries</h3>
          <ul>
            {byCountry.map((entry) => (
              <li key={`${entry.method}-${entry.country}`}>
                {entry.method} to {countryName(entry.country)}: {formatPrice(entry.price)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
