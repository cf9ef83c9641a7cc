// The discount code of this checkout (issue 30): applied in the cart or at Place Order, remembered (browser storage,
// like the cart's shipping address) so Place Order shows and sends it; forgotten when removed, refused or used by
// a placed order. Apart from the cart's store, which is in the home page's first bundle.
import { readJSON, removeKey, writeJSON } from '@/lib/storage';
import { createStore, useStore } from '@/lib/store';

export const COUPON_CODE_KEY = 'couponCode';

const couponCodeStore = createStore<string | null>(
  readJSON<string | null>(COUPON_CODE_KEY, null, (v) => typeof v === 'string' && v !== ''),
);

export function rememberCouponCode(code: string | null) {
  if (code) writeJSON(COUPON_CODE_KEY, code);
  else removeKey(COUPON_CODE_KEY);
  couponCodeStore.set(code);
}

export const useRememberedCouponCode = () => useStore(couponCodeStore);
