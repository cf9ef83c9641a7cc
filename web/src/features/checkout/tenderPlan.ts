// What the store credit and a gift card will pay of the total at Place Order, decided as the server decides it
// when placing: it asks the store credit first, then the gift card (functions/src/features/orders/routes.ts
// tendersOf), each for its share of what is still due (domain/tenders.ts tenderShare, the rule the tender hooks use).
import { tenderShare } from '@domain/tenders';

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
  const credit = creditCents === null ? 0 : tenderShare(totalCents, creditCents);
  const card = cardCents === null ? 0 : tenderShare(totalCents - credit, cardCents);
  return { creditCents: credit, cardCents: card, restCents: Math.max(0, totalCents - credit - card) };
}
