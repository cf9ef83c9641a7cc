import type { CouponCheck } from '@domain/discounts';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { couponCheck } from '@/lib/endpoints.gen';

/** POST /api/coupons/check: what a discount code takes off these lines now, or the refusal's message. The order's
 *  place decides again on the server (a code used up meanwhile is refused there). */
export function checkCoupon(input: {
  code: string;
  items: { product: string; qty: number; variant?: string }[];
}): Promise<CouponCheck> {
  return call(couponCheck, { body: input });
}

export function useCheckCoupon() {
  return useMutation({ mutationFn: checkCoupon });
}
