// Issue 39: how the papers and mails name who paid an order and where a refund went: a tender's kind in words, the
// payment provider as it charged, and the lines "Paid by gift card −$X", "Paid with PayPal $Y" / "Amount due $Y"
// and a refund's destinations. One wording for the invoice (web PrintPages.tsx) and the order mails
// (mail/templates/OrderMails.tsx), both read from the ledger's payments (domain/ledger.ts ledgerPayments).
import type { LedgerPayment } from './ledger.js';
import { tenderWord } from './tenders.js';
import type { PaymentResult } from './types.js';

// A tender's or credit's kind in words ("gift card"), declared with the kind (tenders.ts TENDER_KINDS).
export { tenderWord };

/** The provider that charged (or would charge) the order: "PayPal", "test payment" for the simulated gateway, else
 *  the method the customer chose. */
export function providerWord(order: {
  paymentResult?: Pick<PaymentResult, 'provider' | 'id'> | null;
  paymentMethod: string;
}) {
  const result = order.paymentResult;
  if (!result) return order.paymentMethod;
  const simulated = result.provider ? result.provider === 'simulated' : result.id.startsWith('SIMULATED-');
  return simulated ? 'test payment' : 'PayPal';
}

/** One line of who paid: its words and cents (negative: taken off what is left to pay). */
export interface PaymentLine {
  key: string;
  label: string;
  cents: number;
}

/**
 * Who paid the total, once a tender paid part of it (none otherwise: the total says it all): each tender "Paid by
 * gift card" (negative, taken off), then the provider's rest: "Paid with PayPal" once the order is paid, else
 * "Amount due". An order its tenders paid in full has no rest line.
 */
export function paymentLines(payments: readonly LedgerPayment[], paid: boolean, provider: string): PaymentLine[] {
  const tenders = payments.filter((p) => p.kind !== 'provider' && !p.credit && p.paidCents > 0);
  if (!tenders.length) return [];
  const rest = payments.find((p) => p.kind === 'provider')?.paidCents ?? 0;
  return [
    ...tenders.map((p, i) => ({
      key: `tender-${p.kind}-${i}`,
      label: `Paid by ${tenderWord(p.kind)}`,
      cents: -p.paidCents,
    })),
    ...(rest > 0 ? [{ key: 'provider', label: paid ? `Paid with ${provider}` : 'Amount due', cents: rest }] : []),
  ];
}

/** Where a refund went, in words: "to PayPal", "to gift card", "$5.00 to PayPal, $3.00 to store credit". */
export function refundDestinations(
  refund: { amountCents: number; parts?: readonly { kind: string; amountCents: number; credit?: boolean }[] },
  provider: string,
  money: (cents: number) => string,
): string {
  const parts = refund.parts ?? [];
  const providerCents = refund.amountCents - parts.reduce((sum, p) => sum + p.amountCents, 0);
  const destinations = [
    ...(providerCents > 0 ? [{ word: provider, cents: providerCents }] : []),
    ...parts.map((p) => ({
      word: tenderWord(p.kind),
      cents: p.amountCents,
    })),
  ];
  if (destinations.length <= 1) return `to ${destinations[0]?.word ?? provider}`;
  return destinations.map((d) => `${money(d.cents)} to ${d.word}`).join(', ');
}
