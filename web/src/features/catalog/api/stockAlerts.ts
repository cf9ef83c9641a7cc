// Back-in-stock alerts (issue 41): "Notify me", the mailed links' confirm and unsubscribe, the admin's demand.
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { stockAlertCreate } from '@/lib/endpoints/products.gen';
import { stockAlertConfirm, stockAlertUnsubscribe } from '@/lib/endpoints/stock-alerts.gen';
import { stockAlertDemand } from '@/lib/endpoints/stock-alerts-admin.gen';

export function useNotifyMe(productId: string) {
  return useMutation({
    mutationFn: (input: { email: string; variant?: string }) =>
      call(stockAlertCreate, { params: { id: productId }, body: input }),
  });
}

export function useConfirmStockAlert() {
  return useMutation({ mutationFn: (token: string) => call(stockAlertConfirm, { body: { token } }) });
}

export function useUnsubscribeStockAlert() {
  return useMutation({ mutationFn: (token: string) => call(stockAlertUnsubscribe, { body: { token } }) });
}

/** The waiting demand of these products (admin), per product and variant. */
export function useStockAlertDemand(productIds: string[]) {
  const ids = [...productIds].sort().join(',');
  return useQuery({
    queryKey: ['stock-alerts', 'demand', ids],
    queryFn: () => call(stockAlertDemand, { query: { products: ids } }),
    enabled: ids.length > 0,
  });
}
