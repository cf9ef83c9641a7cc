// The shipping method of this checkout (issue 40): chosen on the Shipping step, remembered (browser storage, like
// the discount code) so Place Order prices with it and sends it as `shippingMethod`. Which methods a country is
// offered and the default (the cheapest for the cart) are the domain's (settings.ts shippingOffersFor, pricing.ts
// chooseShippingMethod), the same the server decides with.
import type { ShippingOffer } from '@domain/pricing';
import { chooseShippingMethod } from '@domain/shippingChoice';
import { DEFAULT_SETTINGS, shippingOffersFor, type ShopSettings } from '@domain/settings';
import { readJSON, removeKey, writeJSON } from '@/lib/storage';
import { createStore, useStore } from '@/lib/store';

export const SHIPPING_METHOD_KEY = 'shippingMethod';

const shippingMethodStore = createStore<string | null>(
  readJSON<string | null>(SHIPPING_METHOD_KEY, null, (v) => typeof v === 'string' && v !== ''),
);

export function rememberShippingMethod(id: string | null) {
  if (id) writeJSON(SHIPPING_METHOD_KEY, id);
  else removeKey(SHIPPING_METHOD_KEY);
  shippingMethodStore.set(id);
}

export const useRememberedShippingMethod = () => useStore(shippingMethodStore);

/** The offers for a country and the one in force: the remembered one when the country is offered it, else the
 *  cheapest for these items (the spec's settings until the shop's are loaded). */
export function shippingChoice(
  settings: ShopSettings | undefined,
  country: string | undefined,
  itemsCents: number,
  remembered: string | null,
): { offers: ShippingOffer[]; chosen: ShippingOffer } {
  const offers = shippingOffersFor(settings ?? DEFAULT_SETTINGS, country);
  const chosen =
    (remembered === null ? undefined : chooseShippingMethod(offers, itemsCents, remembered)) ??
    chooseShippingMethod(offers, itemsCents)!;
  return { offers, chosen };
}
