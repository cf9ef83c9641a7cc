// Back-in-stock alerts (issue 41): "Notify me", the mailed links' confirm and unsubscribe (the admin's demand:
// features/admin/api/stockAlerts.ts).
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { stockAlertCreate } from '@/lib/endpoints/products.gen';
import { stockAlertConfirm, stockAlertUnsubscribe } from '@/lib/endpoints/stock-alerts.gen';

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
