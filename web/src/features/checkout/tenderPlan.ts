// What the store credit and a gift card will pay of the total at Place Order, decided as the server decides it
// when placing: in the domain's TENDER_ASK_ORDER, each for its share of what is still due (domain/tenders.ts
// tenderShare, the rule the tender hooks use).
import { TENDER_ASK_ORDER, tenderShare, type AskedTenderKind } from '@domain/tenders';

export interface TenderPlan {
  creditCents: number;
  cardCents: number;
  /** What the payment step is left to pay (0: the order is paid when placed). */
  restCents: number;
}

/** `creditCents` / `cardCents`: the balances offered (null: not used). */
export function tenderPlan(
  totalCents: number,
  { creditCents, cardCents }: { creditCents: number | null; cardCents: number | null },
): TenderPlan {
  const offered: Record<AskedTenderKind, number | null> = { storeCredit: creditCents, giftCard: cardCents };
  const pays: Record<AskedTenderKind, number> = { storeCredit: 0, giftCard: 0 };
  let dueCents = totalCents;
  for (const kind of TENDER_ASK_ORDER) {
    const available = offered[kind];
    if (available === null) continue;
    pays[kind] = tenderShare(dueCents, available);
    dueCents -= pays[kind];
  }
  return { creditCents: pays.storeCredit, cardCents: pays.giftCard, restCents: Math.max(0, dueCents) };
}
