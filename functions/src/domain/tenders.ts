// An order's payments as a list of tenders (issue 39): each a way to pay a module contributes (a gift card, store
// credit), with what it paid and what went back to it. The payment provider (PayPal, or the simulated one) pays the
// rest of the total; an order its tenders cover is paid at placement and has no payment step. Pure: the order use
// cases (orders/tenders.ts) load each tender's record in the order's transaction, ask the module's hook, and write.
import { conflict } from './errors.js';
import { toDollars } from './money.js';
import type { OrderRecord } from './orders.js';
import { counting, refundsOf, type RefundRecord } from './orderMoney.js';
import type { OrderTender } from './types.js';

/** One tender of an order: its module's kind, the record it paid from (`ref`, a card's code), the cents it paid and
 *  the cents that went back to it (a completed refund, or all of it when an unpaid order was released). */
export interface Tender {
  kind: string;
  ref: string;
  amountCents: number;
  refundedCents: number;
}

/** The destination of a refund's part: a tender of the order, or a credit (`ref`: the account credited). */
export interface RefundPart {
  kind: string;
  ref: string;
  amountCents: number;
  /** Sent to a credit (any of the order's money), not back to a tender it paid with. */
  credit?: true;
}

/** The order in which a placement asks its tenders, each for its share of what is still due: the account's store
 *  credit first, then a gift card. The place-order route builds its ask in this order, and Place Order's summary
 *  plans with it (web checkout/tenderPlan.ts), so both split a total alike. */
export const TENDER_ASK_ORDER = ['storeCredit', 'giftCard'] as const;
export type AskedTenderKind = (typeof TENDER_ASK_ORDER)[number];

export const tendersOf = (order: Pick<OrderRecord, 'tenders'>): Tender[] => order.tenders ?? [];

/** What the tenders paid of the order. */
export const tenderedCents = (order: Pick<OrderRecord, 'tenders'>) =>
  tendersOf(order).reduce((sum, t) => sum + t.amountCents, 0);

/** What the payment provider is asked for: the total less the tenders (0: no payment step). */
export const providerDueCents = (order: Pick<OrderRecord, 'totalCents' | 'tenders'>) =>
  Math.max(0, order.totalCents - tenderedCents(order));

/** A tender's share of what is still due: never below 0, never above `available` (what the record holds). */
export const tenderShare = (dueCents: number, availableCents: number) =>
  Math.max(0, Math.min(Math.max(0, dueCents), Math.max(0, availableCents)));

/**
 * The order with its tenders: an order they cover in full is paid at placement (status 'paid', paidAt its creation,
 * no paymentResult: no provider was asked), so it never expires and needs no payment step.
 */
export function withTenders(record: OrderRecord, tenders: readonly Tender[]): OrderRecord {
  if (!tenders.length) return record;
  const tendered = { ...record, tenders: tenders.map((t) => ({ ...t })) };
  if (tenderedCents(tendered) > record.totalCents) throw new Error('Tenders paid more than the order total');
  return providerDueCents(tendered) === 0 ? { ...tendered, status: 'paid', paidAt: record.createdAt } : tendered;
}

/** An unpaid order released (cancel, expiry): every tender is given back in full. */
export const releasedTenders = (order: Pick<OrderRecord, 'tenders'>): Tender[] =>
  tendersOf(order).map((t) => ({ ...t, refundedCents: t.amountCents }));

const partsOf = (r: RefundRecord) => r.parts ?? [];
const sameDestination = (a: { kind: string; ref: string }, b: { kind: string; ref: string }) =>
  a.kind === b.kind && a.ref === b.ref;

/** What may still go back to the provider: its share less the provider parts of refunds pending or completed. */
export function providerLeftCents(order: Pick<OrderRecord, 'totalCents' | 'tenders' | 'refunds'>): number {
  const back = refundsOf(order)
    .filter(counting)
    .reduce((sum, r) => sum + r.amountCents - partsOf(r).reduce((s, p) => s + p.amountCents, 0), 0);
  return Math.max(0, providerDueCents(order) - back);
}

/** What may still go back to a tender: what it paid less the parts of refunds pending or completed sent to it. */
export function tenderLeftCents(order: Pick<OrderRecord, 'refunds'>, tender: Tender): number {
  const back = refundsOf(order)
    .filter(counting)
    .flatMap(partsOf)
    .filter((p) => !p.credit && sameDestination(p, tender))
    .reduce((sum, p) => sum + p.amountCents, 0);
  return Math.max(0, tender.amountCents - back);
}

export const TENDER_MESSAGES = {
  unknownDestination: (to: string) => `This order cannot be refunded to ${to.slice(0, 30)}`,
  tooMuchTo: (to: string, leftCents: number) =>
    `At most ${toDollars(leftCents).toFixed(2)} can go back to ${to.slice(0, 30)}`,
} as const;

/**
 * Where a refund of `amountCents` goes (the owner chooses, `to`): 'provider' (PayPal: at most what it paid and is
 * not back yet), a tender kind of the order (at most what those tenders paid and is not back yet), or a credit kind
 * (`credits`: any of what is still refundable, onto the account `creditRef`). Without `to`: the provider first,
 * then the tenders in their order. Answers the parts not going to the provider (the rest does). The caller has
 * checked the amount against what the order may still refund (refunds.ts), so never more than was paid goes back.
 */
export function splitRefund(
  order: Pick<OrderRecord, 'totalCents' | 'tenders' | 'refunds'>,
  amountCents: number,
  to: string | undefined,
  credits: { kinds: readonly string[]; ref: string | null },
): RefundPart[] {
  if (to && credits.kinds.includes(to)) {
    if (!credits.ref) throw conflict(TENDER_MESSAGES.unknownDestination(to));
    return [{ kind: to, ref: credits.ref, amountCents, credit: true }];
  }
  const providerLeft = providerLeftCents(order);
  if (to === 'provider') {
    if (amountCents > providerLeft) throw conflict(TENDER_MESSAGES.tooMuchTo('the payment provider', providerLeft));
    return [];
  }
  const tenders = tendersOf(order).filter((t) => !to || t.kind === to);
  if (to && !tenders.length) throw conflict(TENDER_MESSAGES.unknownDestination(to));
  let rest = to ? amountCents : Math.max(0, amountCents - providerLeft);
  const parts: RefundPart[] = [];
  for (const t of tenders) {
    const share = Math.min(rest, tenderLeftCents(order, t));
    if (share > 0) parts.push({ kind: t.kind, ref: t.ref, amountCents: share });
    rest -= share;
  }
  if (rest > 0) {
    const left = tenders.reduce((sum, t) => sum + tenderLeftCents(order, t), 0);
    throw conflict(TENDER_MESSAGES.tooMuchTo(to ?? 'the payments', left + (to ? 0 : providerLeft)));
  }
  return parts;
}

/** The cents of a refund going to the provider (the rest of its parts). */
export const providerPartCents = (refund: Pick<RefundRecord, 'amountCents' | 'parts'>) =>
  refund.amountCents - (refund.parts ?? []).reduce((sum, p) => sum + p.amountCents, 0);

/** The tenders once a refund completed: each tender's part counted as gone back to it. */
export function tendersAfterRefund(order: Pick<OrderRecord, 'tenders'>, refund: RefundRecord): Tender[] {
  return tendersOf(order).map((t) => {
    const back = partsOf(refund)
      .filter((p) => !p.credit && sameDestination(p, t))
      .reduce((sum, p) => sum + p.amountCents, 0);
    return back ? { ...t, refundedCents: t.refundedCents + back } : t;
  });
}

/** The tenders as the API answers them (dollars; the ref shortened to its last 4 characters: a card's code is a
 *  bearer secret and the order travels in mails and exports). */
export const tenderAnswers = (order: Pick<OrderRecord, 'tenders'>): OrderTender[] =>
  tendersOf(order).map((t) => ({
    kind: t.kind,
    ref: t.ref.slice(-4),
    amount: toDollars(t.amountCents),
    refunded: toDollars(t.refundedCents),
  }));
