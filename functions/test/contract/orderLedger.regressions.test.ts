// Regressions the order ledger's model-based test (contract/orderLedger.model.ts, issue 38) found: each case is a
// shrunk counterexample written out, asserting what issue 38 asks. All are fixed; the model asserts the same rules in
// every random sequence, and these keep each one pinned by name.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database } from '../../src/adapters/embedded/db.js';
import { createSqlStore } from '../../src/adapters/embedded/store.js';
import { DomainError, type Order, type RefundRequest } from '../../src/domain/index.js';
import type { Store } from '../../src/ports.js';
import { MovableClock } from '../support/clock.js';
import { productInput } from '../support/products.js';

const now = new Date('2026-03-01T10:00:00.000Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const admin = { _id: 'admin', name: 'Admin' };

describe('order ledger: regressions the model found (issue 38)', () => {
  let dir: string;
  let store: Store;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'voltshop-regression-'));
    store = createSqlStore(await Database.open(dir), { clock: new MovableClock(now) });
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A paid order of `qty` lamps ($12.50 each, 5 in stock). */
  async function paidOrder(qty: number): Promise<{ order: Order; lamp: string }> {
    const lamp = await store.products.create(productInput('Lamp', { price: 12.5, countInStock: 5 }), 'owner');
    const placed = await store.orders.place({
      user: { _id: 'ann', name: 'Ann', email: 'ann@example.com' },
      lines: [{ product: lamp._id, qty }],
      shippingAddress: { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' },
      paymentMethod: 'PayPal',
      now,
      expiresAt: at(30),
      holdLimits: { maxUnitsPerProduct: 100, maxHeldCents: 1_000_000, maxOpenOrders: 10 },
    });
    const order = await store.orders.markPaid(
      placed._id,
      {
        id: 'CAPTURE-1',
        provider: 'simulated',
        status: 'COMPLETED',
        amount: placed.totalPrice.toFixed(2),
        currency: 'USD',
        updateTime: now.toISOString(),
      },
      at(1),
    );
    return { order, lamp: lamp._id };
  }

  async function refund(id: string, over: Partial<RefundRequest> & { refundId: string }, minute: number) {
    await store.orders.reserveRefund(id, { restock: false, reason: 'test', by: admin, now: at(minute), ...over });
    return store.orders.completeRefund(id, over.refundId, `P-${over.refundId}`, at(minute));
  }

  const refusal = (attempt: Promise<unknown>) =>
    attempt.then(
      () => null,
      (e: unknown) => e,
    );

  // Was KNOWN_BUGS.refundedInFullNotTerminal. Shrunk: place(1 lamp), pay, refund 87.5% by amount, refund the
  // lamp by lines (pays what remains), cancel the paid order: accepted with a $0.00 refund. The same order is also
  // delivered and mailed "was delivered" (the "the server accepted deliver on a fully refunded order").
  it('a paid order refunded in full is terminal: neither delivered nor cancelled again (409)', async () => {
    const { order, lamp } = await paidOrder(1);
    const total = Math.round(order.totalPrice * 100);
    await refund(order._id, { refundId: 'part', amount: Math.floor(total * 0.875) / 100 }, 2);
    const full = await refund(order._id, { refundId: 'rest', items: [{ product: lamp, qty: 1 }] }, 3);
    expect(full.paymentStatus).toBe('refunded');
    expect(await refusal(store.orders.markDelivered(order._id, at(4)))).toBeInstanceOf(DomainError);
    expect(
      await refusal(
        store.orders.reserveRefund(order._id, {
          refundId: 'cancel',
          cancel: true,
          restock: true,
          reason: 'test',
          by: admin,
          now: at(5),
        }),
      ),
    ).toBeInstanceOf(DomainError);
  });

  // Was KNOWN_BUGS.returnApprovedAfterItsUnitsRefunded. A return of both lamps asked, one lamp refunded by lines
  // (restocked), then the return approved (restocked): the approval refunds and restocks both lamps, so 3 lamps are
  // refunded of 2 ordered and the stock ends at 6 of the 5 the shop ever had.
  it('approving a return never refunds or restocks units already refunded', async () => {
    const { order, lamp } = await paidOrder(2);
    await store.orders.markDelivered(order._id, at(2));
    await store.orders.requestReturn(order._id, {
      returnId: 'ret',
      items: [{ product: lamp, qty: 2 }],
      reason: 'Too bright',
      now: at(3),
    });
    // Refused since the open return holds both lamps (the next case); either way never more units than ordered.
    await refusal(refund(order._id, { refundId: 'one', items: [{ product: lamp, qty: 1 }], restock: true }, 4));
    // Refused, or approved for the unit left only: either way never more units than were ordered.
    await refusal(refund(order._id, { refundId: 'approve', returnId: 'ret', restock: true }, 5));
    const after = (await store.orders.get(order._id))!;
    const unitsRefunded = after.refunds
      .filter((r) => r.status !== 'failed')
      .flatMap((r) => r.items)
      .reduce((n, i) => n + i.qty, 0);
    expect(unitsRefunded, 'units refunded ≤ units ordered').toBeLessThanOrEqual(2);
    expect((await store.products.get(lamp))!.countInStock, 'stock ≤ what the shop had').toBeLessThanOrEqual(5);
  });
  // Found by the model on the new lifecycle: a return of both lamps approved (its units reserved), one lamp refunded
  // by lines meanwhile, then the return refunded before the parcel came: both lamps refunded again (3 of 2 ordered).
  // An open return's units are spoken for: a refund by lines may not take them (the return's refund does).
  it('a refund by lines never takes the units of an approved return', async () => {
    const { order, lamp } = await paidOrder(2);
    await store.orders.markDelivered(order._id, at(2));
    await store.orders.requestReturn(order._id, {
      returnId: 'ret',
      items: [{ product: lamp, qty: 2 }],
      reason: 'Too bright',
      now: at(3),
    });
    await store.orders.approveReturn(order._id, 'ret', at(4));
    expect(
      await refusal(refund(order._id, { refundId: 'one', items: [{ product: lamp, qty: 1 }], restock: true }, 5)),
    ).toBeInstanceOf(DomainError);
    const done = await refund(order._id, { refundId: 'ret-refund', returnId: 'ret' }, 6);
    const unitsRefunded = done.refunds
      .filter((r) => r.status !== 'failed')
      .flatMap((r) => r.items)
      .reduce((n, i) => n + i.qty, 0);
    expect(unitsRefunded, 'units refunded ≤ units ordered').toBe(2);
    expect(done.returns.map((r) => r.status)).toEqual(['refunded']);
    expect((await store.products.get(lamp))!.countInStock, 'nothing restocked by the refund').toBe(3);
  });
  // Found by the model on the new lifecycle. Shrunk: place(1 lamp), pay, deliver, refund what remains by amount,
  // request a return of the lamp: accepted, though nothing is left to refund (its refund would be refused, leaving
  // the return open for good). A delivered order refunded in full is done: no return.
  it('a delivered order refunded in full cannot be returned (409)', async () => {
    const { order, lamp } = await paidOrder(1);
    await store.orders.markDelivered(order._id, at(2));
    const full = await refund(order._id, { refundId: 'all', amount: order.totalPrice }, 3);
    expect([full.status, full.paymentStatus]).toEqual(['delivered', 'refunded']);
    expect(
      await refusal(
        store.orders.requestReturn(order._id, {
          returnId: 'ret',
          items: [{ product: lamp, qty: 1 }],
          reason: 'Too bright',
          now: at(4),
        }),
      ),
    ).toBeInstanceOf(DomainError);
    expect((await store.orders.get(order._id))!.returns).toEqual([]);
  });

  // Left open by issue 38: place(1 lamp), pay, deliver, request and approve a return, refund the whole amount by
  // amount. The return could then be neither refunded (nothing left) nor declined (no longer requested): it stayed
  // open for good, counted as waiting and blocking any other return. Such a refund now settles it.
  it('a refund by amount that leaves nothing paid settles the open return', async () => {
    const { order, lamp } = await paidOrder(1);
    await store.orders.markDelivered(order._id, at(2));
    await store.orders.requestReturn(order._id, {
      returnId: 'ret',
      items: [{ product: lamp, qty: 1 }],
      reason: 'Too bright',
      now: at(3),
    });
    await store.orders.approveReturn(order._id, 'ret', at(4));
    const full = await refund(order._id, { refundId: 'all', amount: order.totalPrice }, 5);
    expect(full.paymentStatus).toBe('refunded');
    expect(full.returns.map((r) => [r.status, r.refundId])).toEqual([['refunded', 'all']]);
    expect((await store.orders.requestsSummary()).returns, 'nothing waits for the shop').toBe(0);
  });
});
