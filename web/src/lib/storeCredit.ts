// The signed-in account's store credit (issue 39: GET /api/gift-cards/credit), for Place Order (spend it) and the
// Profile page (its balance). Lazy pages only.
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { storeCreditGet } from '@/lib/endpoints/gift-cards.gen';
import { userKeys } from '@/lib/queryKeys';

/** The balance in dollars (0 until read, or when the read failed: then nothing is offered). Read again on each page
 *  that shows it: a refund may have just credited it. */
export function useStoreCredit(enabled: boolean): number {
  const credit = useQuery({
    queryKey: userKeys.storeCredit(),
    queryFn: ({ signal }) => call(storeCreditGet, { signal }),
    enabled,
    staleTime: 0,
  });
  return enabled ? (credit.data?.balance ?? 0) : 0;
}
