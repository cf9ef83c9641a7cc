// An order's payments as a list of tenders (issue 39): each a way to pay a module contributes (a gift card, store
// credit), with what it paid and what went back to it. The payment provider (PayPal, or the simulated one) pays the
// rest of the total; an order its tenders cover is paid at placement and has no payment step. Pure: the order use
// cases (orders/tenders.ts) load each tender's record in the order's transaction, ask the module's hook, and write.
import type { z } from 'zod';
import { conflict } from './errors.js';
import type { AnyModel, ModelRecord } from './model.js';
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

/** What the shop says of a way to pay: the words of its kind (lower case, as in "Paid by gift card"; the CSV's
 *  columns are made from them), whether refunds of any of the order's money may go to it (`credit`: store credit),
 *  and the order answer's field saying what that kind paid of the total, in dollars (absent: the kind answers only
 *  in `tenders`). */
export interface TenderKind {
  word: string;
  credit?: true;
  priceField?: string;
}

/**
 * Issue 39: each way to pay beside the provider, declared once, in the order the CSV's columns for them were
 * appended (domain/orderExport.ts). The words of the invoice, the mails and the order page (paymentWords.ts), the
 * CSV's payment and refund columns, the Order type's price fields (types.ts `TenderPrices`), their values
 * (orders.ts orderFromRecord, `tenderPrices`) and the answer's schema (api/outputs.ts) derive from it. The domain
 * imports no module, so a module's way to pay is named here beside its hook (modules/tenderHooks.ts).
 */
export const TENDER_KINDS = {
  giftCard: { word: 'gift card', priceField: 'giftCardPrice' },
  storeCredit: { word: 'store credit', credit: true },
} as const satisfies Readonly<Record<string, TenderKind>>;
export type TenderKindName = keyof typeof TENDER_KINDS;

/** A kind's price field (never without one); of a union, each one's. */
type PriceFieldOf<K extends TenderKindName> = K extends TenderKindName
  ? (typeof TENDER_KINDS)[K] extends { priceField: infer F extends string }
    ? F
    : never
  : never;
/** Each kind with a price field, and its field (`{ giftCard: 'giftCardPrice' }`). */
export const TENDER_PRICE_FIELDS = Object.fromEntries(
  Object.entries(TENDER_KINDS).flatMap(([kind, k]) => ('priceField' in k ? [[kind, k.priceField]] : [])),
) as { readonly [K in TenderKindName as PriceFieldOf<K> extends never ? never : K]: PriceFieldOf<K> };
export type TenderPriceField = PriceFieldOf<TenderKindName>;
export type TenderPrices = { [F in TenderPriceField]: number };

/** A kind's declaration, looked up by any string (an order read back may name a kind this code no longer has). */
const declared = (kind: string): TenderKind | undefined => (TENDER_KINDS as Readonly<Record<string, TenderKind>>)[kind];

/** A kind in words ("gift card"); a kind not declared reads as itself. */
export const tenderWord = (kind: string): string => declared(kind)?.word ?? kind;

/** A kind as a label or a column starts ("Gift card"). */
export const tenderLabel = (kind: string): string => {
  const word = tenderWord(kind);
  return `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
};

/** Whether refunds of any of the order's money may go to this kind (store credit). */
export const isCreditKind = (kind: string): boolean => declared(kind)?.credit === true;

/** What each kind with a price field paid of the order (dollars). */
export function tenderPrices(order: Pick<OrderRecord, 'tenders'>): TenderPrices {
  const paid = (kind: string) =>
    tendersOf(order)
      .filter((t) => t.kind === kind)
      .reduce((sum, t) => sum + t.amountCents, 0);
  return Object.fromEntries(
    Object.entries(TENDER_PRICE_FIELDS).map(([kind, field]) => [field, toDollars(paid(kind))]),
  ) as TenderPrices;
}

/** A placement's ask of one tender. */
export interface TenderAsk {
  ref: string;
  /** What is still due of the order's total (after the tenders before it). */
  dueCents: number;
  now: Date;
  orderId: string;
}

/** Money going back onto a tender's record: an unpaid order released (what it paid), or a refund's part. */
export interface TenderBack {
  ref: string;
  amountCents: number;
  now: Date;
  orderId: string;
  why: 'released' | 'refund';
}

/**
 * The place-order body field a way to pay reads (the same on POST /api/orders and /guest): its name, its zod schema
 * (optional: an order without it asks nothing of this tender), and how its parsed value and the caller's account
 * (null: a guest) become the tender's ref, undefined when it asks nothing, or a refusal (a DomainError thrown). The
 * place-order bodies and the route derive from the hooks' fields (modules/tenderHooks.ts), so they name none.
 */
export interface TenderField<Name extends string = string, S extends z.ZodType = z.ZodType> {
  name: Name;
  schema: S;
  ref(value: NonNullable<z.output<S>>, accountId: string | null): string | undefined;
}

/** A field's declaration, its name and schema types kept (the body's type derives from them). */
export const tenderField = <const Name extends string, S extends z.ZodType>(f: TenderField<Name, S>) => f;

/**
 * What a module implements to be a way to pay an order (a gift card) or to take refunds as credit (store credit).
 * Pure: the order use cases (orders/tenders.ts) read the record, ask the hook and write, in the order's transaction.
 */
export interface TenderHook<M extends AnyModel = AnyModel, F extends TenderField = TenderField> {
  /** Its kind: on the order's tenders, in PlaceOrderCommand.tenders, a refund's `to`. */
  kind: string;
  /** The model of the record it pays from (keyed by the tender's ref). */
  model: M;
  /** The owner of its records, for a model with owners (issued gift cards: the shop). */
  owner?: string;
  /** A credit (store credit): refunds of any of the order's money may go to it, onto the record keyed by the
   *  order's account; absent: only what this tender paid goes back to it. */
  credit?: boolean;
  /** The place-order body field that asks for it; absent: no order asks for it by its body. */
  field?: F;
  /** At placement: what the record (null: none) pays of what is due (0..dueCents) and the record after. Throws a
   *  DomainError to refuse the order. Absent: not a way to pay (a credit spent otherwise). */
  take?(record: ModelRecord<M> | null, ask: TenderAsk): { amountCents: number; record: ModelRecord<M> };
  /** Money back onto the record (null: none yet, a credit's first): the record after. */
  giveBack(record: ModelRecord<M> | null, back: TenderBack): ModelRecord<M>;
}

type FieldOf<H> = H extends { field?: infer F } ? (F extends TenderField ? F : never) : never;

/** The zod shape of the hooks' body fields, by name (each field's schema type kept). */
export type TenderBodyShape<H extends readonly unknown[]> = {
  [F in FieldOf<H[number]> as F['name']]: F['schema'];
};

/** The hooks' body fields as a zod shape, to extend the place-order bodies with. */
export function tenderBodyShape<const H extends readonly { field?: TenderField }[]>(hooks: H): TenderBodyShape<H> {
  return Object.fromEntries(
    hooks.flatMap((h) => (h.field ? [[h.field.name, h.field.schema] as const] : [])),
  ) as TenderBodyShape<H>;
}

const askRank = (kind: string) => {
  const at = (TENDER_ASK_ORDER as readonly string[]).indexOf(kind);
  return at < 0 ? TENDER_ASK_ORDER.length : at;
};

/** The tenders a parsed place-order body asks, in TENDER_ASK_ORDER (then the hooks' order): each hook's field read
 *  into its ref for the caller's account (null: a guest), or refused by it. */
export function askedTenders(
  hooks: readonly TenderHook[],
  body: Readonly<Record<string, unknown>>,
  accountId: string | null,
): { kind: string; ref: string }[] {
  const asked = hooks.flatMap((hook) => {
    const value = hook.field ? body[hook.field.name] : undefined;
    if (value === undefined || value === null || !hook.field) return [];
    const ref = hook.field.ref(value, accountId);
    return ref ? [{ kind: hook.kind, ref }] : [];
  });
  return asked.sort((a, b) => askRank(a.kind) - askRank(b.kind));
}

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
 * An order with no account to credit (`credits.ref` null: a guest's, or a deleted account's, whose credit went with
 * it) takes nothing back onto a credit, not even onto the credit it spent: that money can only go elsewhere.
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
  const tenders = tendersOf(order).filter(
    (t) => (!to || t.kind === to) && !(credits.kinds.includes(t.kind) && !credits.ref),
  );
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
