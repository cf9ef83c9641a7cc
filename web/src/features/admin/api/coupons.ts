import type { Coupon } from '@domain/discounts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { couponCreate, couponDelete, couponList, couponUpdate } from '@/lib/endpoints.gen';
import { adminKeys } from '@/lib/queryKeys';

/** GET /api/coupons's key: kept here, not in lib/queryKeys (the first bundle), as only this screen reads it. */
const couponsKey = () => [...adminKeys.all, 'coupons'] as const;

export type CouponTerms = Omit<Coupon, 'uses'>;

/** GET /api/coupons (admin): every code with its uses, by code. */
export function listCoupons(signal?: AbortSignal): Promise<Coupon[]> {
  return call(couponList, { signal });
}

/** POST /api/coupons (new) or PUT /api/coupons/:code (edit; the code stays): 400 naming the refused field. */
export function saveCoupon({ terms, isNew }: { terms: CouponTerms; isNew: boolean }): Promise<Coupon> {
  return isNew
    ? call(couponCreate, { body: terms })
    : call(couponUpdate, { params: { code: terms.code }, body: terms });
}

export function deleteCoupon(code: string): Promise<unknown> {
  return call(couponDelete, { params: { code } });
}

export function useCoupons() {
  return useQuery({ queryKey: couponsKey(), queryFn: ({ signal }) => listCoupons(signal) });
}

export function useSaveCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCoupon,
    onSuccess: () => client.invalidateQueries({ queryKey: couponsKey() }),
  });
}

export function useDeleteCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCoupon,
    onSuccess: () => client.invalidateQueries({ queryKey: couponsKey() }),
  });
}
