// Issue 40: THE choice of shipping method and what one costs, for the order decision and the checkout alike. Apart
// from pricing.ts, which the home page's first bundle loads (the mini cart's totals): only the lazy checkout, order
// and settings pages load this.
import { shippingCents, SPEC_PRICING, type DeliveryDays, type ShippingOffer } from './pricing.js';

/** What a method costs for these items (free over its threshold). */
export const offerCents = (offer: ShippingOffer, itemsCents: number) =>
  shippingCents(itemsCents, {
    ...SPEC_PRICING,
    shippingCents: offer.priceCents,
    freeShippingOverCents: offer.freeOverCents,
  });

/** THE choice of shipping method, for the order and the checkout alike: the one asked for (undefined when it is
 *  not offered: the caller refuses it), or without one the cheapest for these items (the first of equals, so
 *  Standard): what the original clients, which choose none, get. */
export function chooseShippingMethod(
  offers: readonly ShippingOffer[],
  itemsCents: number,
  asked?: string,
): ShippingOffer | undefined {
  if (asked !== undefined) return offers.find((o) => o.id === asked);
  let best: ShippingOffer | undefined;
  for (const offer of offers)
    if (best === undefined || offerCents(offer, itemsCents) < offerCents(best, itemsCents)) best = offer;
  return best;
}

/** "1–3 business days" (an equal min and max: "2 business days"). */
export function deliveryDaysText(days: DeliveryDays): string {
  const span = days.min === days.max ? `${days.min}` : `${days.min}–${days.max}`;
  return `${span} business day${days.max === 1 ? '' : 's'}`;
}
