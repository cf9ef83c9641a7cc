// The tender hooks (issue 39, domain/tenders.ts TenderHook: a module's way to pay an order, a gift card, or to take
// refunds as credit, store credit) and what the order use cases do with them, generically, inside the order's transaction:
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
  type TenderHook,
} from '../domain/index.js';
import type { OrderChangeSet, OrderUnit } from '../ports.js';

// The hook itself is pure (domain/tenders.ts), so the modules declare theirs where the endpoint table can read
// their place-order body fields.
export type { TenderAsk, TenderBack, TenderHook } from '../domain/tenders.js';

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
