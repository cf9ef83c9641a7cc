// The shipping methods offered to the address's country (issue 40), as radios with each one's price for this cart
// (free over the threshold where it applies) and its delivery estimate. Changing it is remembered at once.
import type { ShippingOffer } from '@domain/pricing';
import { deliveryDaysText, offerCents } from '@domain/shippingChoice';
import { formatPrice, toDollars } from '@domain/money';
import Form from 'react-bootstrap/Form';
import { rememberShippingMethod } from '../shippingMethod';

export function ShippingMethodChoice({
  offers,
  chosen,
  itemsCents,
  idPrefix,
}: {
  offers: readonly ShippingOffer[];
  chosen: ShippingOffer;
  itemsCents: number;
  idPrefix: string;
}) {
  return (
    <fieldset className="mb-3" data-testid="shipping-methods">
      <legend className="h6">Shipping method</legend>
      {offers.map((offer) => {
        const cents = offerCents(offer, itemsCents);
        return (
          <Form.Check
            key={offer.id}
            type="radio"
            id={`${idPrefix}-method-${offer.id}`}
            name={`${idPrefix}-shipping-method`}
            className="mb-2"
            checked={offer.id === chosen.id}
            onChange={() => rememberShippingMethod(offer.id)}
            label={
              <>
                <strong>{offer.label}</strong> — {cents === 0 ? 'Free' : formatPrice(toDollars(cents))}
                <span className="d-block small text-muted">{deliveryDaysText(offer.days)}</span>
              </>
            }
          />
        );
      })}
    </fieldset>
  );
}
