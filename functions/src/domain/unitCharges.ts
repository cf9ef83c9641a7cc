// What each unit of an order cost as charged (issue 36): the order's discount and tax spread over its lines, so a
// refund of lines pays back exactly what those units cost, never their list price. Pure and small: the API's refund
// decisions (refunds.ts) and the web's refund dialog and return approval compute the same figure from it.
//
// The allocation is derived from what every order (old ones too) stores: its lines' prices and quantities, each
// line's share of the code's discount (recorded since issue 36: a code may apply to some lines only), its total and
// its shipping. The goods' charge is `total - shipping` (prices without tax: the discounted items plus the tax;
// prices with tax included: the discounted items, the tax inside them), spread over the lines by what each was
// charged before tax with the largest-remainder method, then over each line's units: every unit the same whole
// cents, the last one taking the line's remainder. So refunding every unit by lines pays exactly the goods' charge,
// shipping not included, and successive refunds of a line never drift by rounding.
import type { Order } from './types.js';

/** A line as the allocation reads it: its key (domain/refunds.ts lineKey), list price, units and its share of the
 *  code's discount when the order recorded one. */
export interface ChargeableLine {
  key: string;
  priceCents: number;
  qty: number;
  discountCents?: number;
}

/** A line's charge: its units and the whole cents they cost together as charged. */
export interface LineCharge {
  qty: number;
  cents: number;
}

/** What the order charged for its goods: its total less shipping (never negative). */
export function goodsCents(order: { totalCents: number; shippingCents: number }): number {
  return Math.max(0, order.totalCents - order.shippingCents);
}

/**
 * `total` whole cents split in proportion to `weights` by the largest-remainder method (ties: the earlier one), so
 * the parts sum to exactly `total`. All weights zero: nothing for anyone. BigInt: weight × total may pass 2^53.
 */
export function largestRemainder(weights: readonly bigint[], total: number): number[] {
  const sum = weights.reduce((a, w) => a + w, 0n);
  if (sum === 0n) return weights.map(() => 0);
  const g = BigInt(Math.max(0, total));
  const shares = weights.map((w, index) => ({ index, cents: (g * w) / sum, remainder: (g * w) % sum }));
  let left = Number(g - shares.reduce((a, s) => a + s.cents, 0n));
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const s of byRemainder) {
    if (left <= 0) break;
    s.cents += 1n;
    left -= 1;
  }
  return shares.map((s) => Number(s.cents));
}

/**
 * Each line's share of the order's discount: as recorded (issue 36); an older order with a discount and none recorded
 * gets it spread over every line by value, as a code for every line is (discounts.ts decideDiscount). The ledger and
 * every refund read the lines' shares through this.
 */
export function lineDiscountShares(
  lines: readonly { priceCents: number; qty: number; discountCents?: number }[],
  discountCents: number,
): number[] {
  if (discountCents <= 0 || lines.some((l) => (l.discountCents ?? 0) > 0))
    return lines.map((l) => l.discountCents ?? 0);
  return largestRemainder(
    lines.map((l) => BigInt(l.priceCents) * BigInt(l.qty)),
    discountCents,
  );
}

/**
 * The goods' charge spread over the lines in proportion to what each was charged before tax: its list value less
 * its share of the code's discount (`discountCents`, recorded since issue 36; ledger.ts gives an older order's lines
 * their share by value). The tax is proportional to that too, so one split gives each line its discounted value plus
 * its tax share. Each line is allocated on its own and lines sharing a key add up, so a key's charge is the sum of
 * its lines' ledger charges (domain/ledger.ts reads this with one key per line). Only free lines: by units (a charge
 * on nothing cannot come from priceOrder, but stays bounded).
 */
export function lineCharges(lines: readonly ChargeableLine[], goods: number): Map<string, LineCharge> {
  const weights = lines.map((l) => {
    const charged = BigInt(l.priceCents) * BigInt(l.qty) - BigInt(l.discountCents ?? 0);
    return charged > 0n ? charged : 0n;
  });
  const byValue = weights.some((w) => w > 0n);
  const parts = largestRemainder(byValue ? weights : lines.map((l) => BigInt(Math.max(0, l.qty))), goods);
  const merged = new Map<string, LineCharge>();
  lines.forEach((l, i) => {
    const entry = merged.get(l.key) ?? { qty: 0, cents: 0 };
    merged.set(l.key, { qty: entry.qty + l.qty, cents: entry.cents + parts[i]! });
  });
  return merged;
}

/**
 * The cents of `count` units of a line after `before` of its units were refunded: the line's charge divided evenly
 * in whole cents, the remainder's cents one each to the first units (largest remainder), so a unit refunded first is
 * never paid less than one refunded later and a line's charge is only ever 0 for a unit when it is less than a cent
 * a unit. Units past the line's count cost nothing.
 */
export function unitsCents(line: LineCharge, before: number, count: number): number {
  if (line.qty <= 0) return 0;
  const from = Math.max(0, Math.min(before, line.qty));
  const to = Math.max(from, Math.min(before + count, line.qty));
  const each = Math.floor(line.cents / line.qty);
  const extra = line.cents - each * line.qty;
  // Units [from, to) of which those below `extra` carry one more cent.
  return (to - from) * each + Math.max(0, Math.min(to, extra) - from);
}

/** An order as the refund amount reads it: its lines, totals and refunds so far (failed ones count for nothing). */
export interface ChargedOrder {
  lines: readonly ChargeableLine[];
  totalCents: number;
  shippingCents: number;
  /** Units of each line (by key) already refunded or reserved by a pending refund. */
  refundedUnits: ReadonlyMap<string, number>;
}

/**
 * The cents a refund of these units pays back: what they cost as charged (unitsCents, continuing after the units
 * already refunded), before the cap of what remains paid (the caller's).
 */
export function refundOfUnitsCents(order: ChargedOrder, items: readonly { key: string; qty: number }[]): number {
  const charges = lineCharges(order.lines, goodsCents(order));
  const asked = new Map<string, number>();
  for (const item of items) asked.set(item.key, (asked.get(item.key) ?? 0) + item.qty);
  let cents = 0;
  for (const [key, qty] of asked) {
    const line = charges.get(key);
    if (line) cents += unitsCents(line, order.refundedUnits.get(key) ?? 0, qty);
  }
  return cents;
}

/** The line's key, as domain/refunds.ts lineKey and domain/cart.ts cartLineId make it (its variant, if any). */
const keyOf = (line: { product: string; variant?: string | null }) =>
  line.variant ? `${line.product}/${line.variant}` : line.product;

/** Units refunded or reserved per line key: every refund but the failed ones. */
export function refundedUnitsOf(
  refunds: readonly { status: string; items: readonly { product: string; variant?: string | null; qty: number }[] }[],
): Map<string, number> {
  const units = new Map<string, number>();
  for (const r of refunds)
    if (r.status !== 'failed') for (const i of r.items) units.set(keyOf(i), (units.get(keyOf(i)) ?? 0) + i.qty);
  return units;
}

/**
 * What refunding these units of an order (the API's shape, dollars: the web's refund dialog and return approval)
 * pays back, in cents, capped by what remains paid: the same figure the server's decideRefund reserves.
 */
export function orderUnitsRefundCents(
  order: Pick<Order, 'orderItems' | 'totalPrice' | 'shippingPrice' | 'refunds'> & { discountPrice?: number },
  items: readonly { product: string; variant?: string | null; qty: number }[],
): number {
  const cents = (dollars: number) => Math.round(dollars * 100);
  const totalCents = cents(order.totalPrice);
  const reserved = order.refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + cents(r.amount), 0);
  const priced = order.orderItems.map((l) => ({
    priceCents: cents(l.price),
    qty: l.qty,
    discountCents: cents(l.discount ?? 0),
  }));
  const discounts = lineDiscountShares(priced, cents(order.discountPrice ?? 0));
  const lines = refundOfUnitsCents(
    {
      lines: order.orderItems.map((l, i) => ({ key: keyOf(l), ...priced[i]!, discountCents: discounts[i] })),
      totalCents,
      shippingCents: cents(order.shippingPrice),
      refundedUnits: refundedUnitsOf(order.refunds),
    },
    items.map((i) => ({ key: keyOf(i), qty: i.qty })),
  );
  return Math.max(0, Math.min(lines, totalCents - reserved));
}
