// The tender hook (issue 39): what a module implements to be a way to pay an order (a gift card) or to take refunds
// as credit (store credit), and what the order use cases do with it, generically, inside the order's transaction:
// read the tender's record (OrderUnit.record), ask the hook's pure decision, write the record with the order
// (OrderChangeSet.records). A new way to pay touches its module (and the web) only.
import {
  badInput,
  releasedTenders,
  tendersOf,
  withTenders,
  type OrderRecord,
  type RefundRecord,
  type Tender,
} from '../domain/index.js';
import type { AnyModel, ModelRecord } from '../domain/model.js';
import type { OrderChangeSet, OrderUnit } from '../ports.js';

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

export interface TenderHook<M extends AnyModel = AnyModel> {
  /** Its kind: on the order's tenders, in PlaceOrderCommand.tenders, a refund's `to`. */
  kind: string;
  /** The model of the record it pays from (keyed by the tender's ref). */
  model: M;
  /** The owner of its records, for a model with owners (issued gift cards: the shop). */
  owner?: string;
  /** A credit (store credit): refunds of any of the order's money may go to it, onto the record keyed by the
   *  order's account; absent: only what this tender paid goes back to it. */
  credit?: boolean;
  /** At placement: what the record (null: none) pays of what is due (0..dueCents) and the record after. Throws a
   *  DomainError to refuse the order. Absent: not a way to pay (a credit spent otherwise). */
  take?(record: ModelRecord<M> | null, ask: TenderAsk): { amountCents: number; record: ModelRecord<M> };
  /** Money back onto the record (null: none yet, a credit's first): the record after. */
  giveBack(record: ModelRecord<M> | null, back: TenderBack): ModelRecord<M>;
}

type Records = NonNullable<OrderChangeSet['records']>;

function hookOf(hooks: readonly TenderHook[], kind: string): TenderHook {
  const hook = hooks.find((h) => h.kind === kind);
  if (!hook) throw badInput(`Unknown way to pay: ${kind.slice(0, 30)}`);
  return hook;
}

const recordOf = (hook: TenderHook, record: object): Records[number] => ({
  model: hook.model,
  record: record as Record<string, unknown>,
  ...(hook.owner ? { owner: hook.owner } : {}),
});

/** The credit kinds the hooks offer (a refund's `to`). */
export const creditKinds = (hooks: readonly TenderHook[]) => hooks.filter((h) => h.credit).map((h) => h.kind);

/** A placement's tenders, each read in the transaction and asked in turn for its share of what is still due: the
 *  order with its tenders (paid when they cover it) and the records to write. One ask per record (a repeat would
 *  read the record before its own write). */
export async function takeTenders(
  unit: OrderUnit,
  hooks: readonly TenderHook[],
  asked: readonly { kind: string; ref: string }[],
  record: OrderRecord,
  orderId: string,
  now: Date,
): Promise<{ record: OrderRecord; records: Records }> {
  const unique = [...new Map(asked.map((a) => [`${a.kind}/${a.ref}`, a])).values()];
  const tenders: Tender[] = [];
  const records: Records = [];
  let due = record.totalCents;
  for (const { kind, ref } of unique) {
    const hook = hookOf(hooks, kind);
    if (!hook.take) throw badInput(`${kind.slice(0, 30)} cannot pay an order`);
    const taken = hook.take(await unit.record(hook.model, ref), { ref, dueCents: due, now, orderId });
    if (!Number.isInteger(taken.amountCents) || taken.amountCents < 0 || taken.amountCents > due)
      throw new Error(`Tender ${kind} took ${taken.amountCents} of ${due} due`);
    if (taken.amountCents === 0) continue;
    tenders.push({ kind, ref, amountCents: taken.amountCents, refundedCents: 0 });
    records.push(recordOf(hook, taken.record));
    due -= taken.amountCents;
  }
  return { record: withTenders(record, tenders), records };
}

/** An unpaid order released (cancel, expiry): every tender's money back onto its record, and the tenders marked
 *  given back. */
export async function releaseTenders(
  unit: OrderUnit,
  hooks: readonly TenderHook[],
  order: OrderRecord,
  orderId: string,
  now: Date,
): Promise<{ tenders?: Tender[]; records: Records }> {
  const records: Records = [];
  const owed = tendersOf(order).filter((t) => t.amountCents > t.refundedCents);
  for (const t of owed) {
    const hook = hookOf(hooks, t.kind);
    const back = { ref: t.ref, amountCents: t.amountCents - t.refundedCents, now, orderId, why: 'released' as const };
    records.push(recordOf(hook, hook.giveBack(await unit.record(hook.model, t.ref), back)));
  }
  return owed.length ? { tenders: releasedTenders(order), records } : { records };
}

/** A completed refund's parts onto their records (a card's balance, the account's credit). */
export async function refundToTenders(
  unit: OrderUnit,
  hooks: readonly TenderHook[],
  refund: RefundRecord,
  orderId: string,
  now: Date,
): Promise<Records> {
  const records: Records = [];
  for (const part of refund.parts ?? []) {
    const hook = hookOf(hooks, part.kind);
    const back = { ref: part.ref, amountCents: part.amountCents, now, orderId, why: 'refund' as const };
    records.push(recordOf(hook, hook.giveBack(await unit.record(hook.model, part.ref), back)));
  }
  return records;
}
