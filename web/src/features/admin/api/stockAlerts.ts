// The waiting back-in-stock demand (issue 41): confirmed subscribers not mailed yet, per product and variant.
import type { StockAlertDemand } from '@domain/stockAlerts';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { stockAlertDemand } from '@/lib/endpoints/stock-alerts-admin.gen';

export function useStockAlertDemand(productIds: readonly string[]) {
  const ids = [...new Set(productIds)].sort().join(',');
  return useQuery({
    queryKey: ['stock-alerts', 'demand', ids],
    queryFn: () => call(stockAlertDemand, { query: { products: ids } }),
    enabled: ids.length > 0,
  });
}

/** Waiting subscribers per product (all its variants together). */
export function waitingByProduct(demand: readonly StockAlertDemand[] | undefined): Map<string, number> {
  const totals = new Map<string, number>();
  for (const d of demand ?? []) totals.set(d.product, (totals.get(d.product) ?? 0) + d.waiting);
  return totals;
}
