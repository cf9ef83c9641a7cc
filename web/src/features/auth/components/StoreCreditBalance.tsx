import { formatPrice } from '@/lib/format';
import { useStoreCredit } from '@/lib/storeCredit';

/** Issue 39: the account's store credit (refunds the shop sent to it), when there is some; spent at Place Order. */
export function StoreCreditBalance() {
  const balance = useStoreCredit(true);
  if (!(balance > 0)) return null;
  return (
    <p className="mb-3" data-testid="store-credit-balance">
      Store credit: <strong>{formatPrice(balance)}</strong> <span className="text-muted small">(used at checkout)</span>
    </p>
  );
}
