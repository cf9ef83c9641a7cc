// The store contract of money back (issue 28): refunds reserved, completed and failed inside the stores'
// transactions, cancelling a paid order, the customer's cancellation request. Same cases on every store adapter
// (embedded: contract/embedded.test.ts; Firestore: firebase/firestore.*.test.ts).
import { endpoints } from '../../src/api/endpoints.js';
import { expectShape } from '../support/shapes.js';
import { afterEach, beforeEach, describe, expect } from 'vitest';
import {
  DEFAULT_HOLD_LIMITS,
  DEFAULT_HOLD_MINUTES,
  DEFAULT_SETTINGS,
  holdUntil,
  type Order,
  type PaymentResult,
  type RefundRequest,
} from '../../src/domain/index.js';
import type { PlaceOrderCommand, Store } from '../../src/ports.js';
import { MovableClock } from '../support/clock.js';
import { productInput } from '../support/products.js';
import { contractCase, type ContractRun } from './cases.js';
import { expectDomainError, type StoreUnderTest } from './store.contract.js';

const address = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };
const alice = { _id: 'alice-uid', name: 'Alice', email: 'alice@example.com' };
const admin = { _id: 'admin-uid', name: 'Shop Admin' };
const now = new Date('2026-03-01T10:00:00.000Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

export function refundsContract(
  name: string,
  factory: (clock: MovableClock) => Promise<StoreUnderTest>,
  run: ContractRun = {},
) {
  const it = contractCase(run);
  describe(`Store contract, refunds: ${name}`, () => {
    let sut: StoreUnderTest;
    let store: Store;
    beforeEach(async () => {
      sut = await factory(new MovableClock());
      store = sut.store;
    });
    afterEach(async () => {
      await sut?.dispose();
    });

    const stockOf = async (id: string) => (await store.products.get(id))!.countInStock;

    /** A paid order of 2 × $10 and 1 × $5 (products with 10 in stock, 8 and 9 left after the order). */
    async function paidOrder(): Promise<{ order: Order; p: string; q: string }> {
      const p = await store.products.create(productInput('Refund Lamp', { price: 10, countInStock: 10 }), 'owner-1');
      const q = await store.products.create(productInput('Refund Cable', { price: 5, countInStock: 10 }), 'owner-1');
      const cmd: PlaceOrderCommand = {
        user: alice,
        lines: [
          { product: p._id, qty: 2 },
          { product: q._id, qty: 1 },
        ],
        shippingAddress: address,
        paymentMethod: 'PayPal',
        now,
        expiresAt: holdUntil(now, DEFAULT_HOLD_MINUTES),
        holdLimits: DEFAULT_HOLD_LIMITS,
      };
      const placed = await store.orders.place(cmd);
      const payment: PaymentResult = {
        id: `CAPTURE-${placed._id}`,
        provider: 'simulated',
        status: 'COMPLETED',
        amount: placed.totalPrice.toFixed(2),
        currency: 'USD',
        updateTime: now.toISOString(),
      };
      const order = await store.orders.markPaid(placed._id, payment, later(1));
      return { order, p: p._id, q: q._id };
    }

    const request = (over: Partial<RefundRequest> = {}): RefundRequest => ({
      refundId: `r-${Math.random().toString(36).slice(2, 10)}`,
      restock: false,
      reason: 'test',
      by: admin,
      now: later(5),
      ...over,
    });

    it('a full refund: reserved pending, then completed; the order says refunded, with who and why', async () => {
      const { order } = await paidOrder();
      expect(order).toMatchObject({ paymentStatus: 'paid', refunds: [], refundedTotal: 0 });
      const reserved = await store.orders.reserveRefund(order._id, request({ refundId: 'full-1', reason: 'Lost' }));
      expect(reserved.refund).toMatchObject({ id: 'full-1', amountCents: Math.round(order.totalPrice * 100) });
      expect(reserved.order.refunds).toEqual([expect.objectContaining({ id: 'full-1', status: 'pending' })]);
      // Pending does not count as refunded yet.
      expect(reserved.order).toMatchObject({ paymentStatus: 'paid', refundedTotal: 0 });
      const done = await store.orders.completeRefund(order._id, 'full-1', 'PROVIDER-1', later(6));
      expectShape(endpoints.orderRefund, done);
      expect(done).toMatchObject({ paymentStatus: 'refunded', refundedTotal: order.totalPrice, isPaid: true });
      expect(done.refunds).toEqual([
        {
          id: 'full-1',
          amount: order.totalPrice,
          reason: 'Lost',
          restock: false,
          items: [],
          status: 'completed',
          cancelsOrder: false,
          createdAt: later(5).toISOString(),
          completedAt: later(6).toISOString(),
          by: admin,
        },
      ]);
      expect(await store.orders.get(order._id)).toEqual(done);
      expect(sut.events.filter((e) => e.type === 'OrderRefunded')).toHaveLength(1);
      await expectDomainError(store.orders.reserveRefund(order._id, request()), 'conflict', /already refunded in full/);
    });

    it("the dashboard's revenue is net of completed refunds (not of pending or failed ones)", async () => {
      const { order } = await paidOrder();
      const revenue = async () => (await store.orders.dailyStats(new Date('2026-03-01T00:00:00.000Z')))[0]?.revenue;
      expect(await revenue()).toBe(order.totalPrice);
      await store.orders.reserveRefund(order._id, request({ refundId: 'part-1', amount: 7 }));
      expect(await revenue()).toBe(order.totalPrice); // pending: not back yet
      await store.orders.completeRefund(order._id, 'part-1', 'PROVIDER-1', later(6));
      await store.orders.reserveRefund(order._id, request({ refundId: 'part-2', amount: 3 }));
      await store.orders.failRefund(order._id, 'part-2', 'declined', later(7));
      expect(await revenue()).toBe((Math.round(order.totalPrice * 100) - 700) / 100);
    });

    it("the dashboard's stats after place, pay, deliver, refund and cancel: the same figures on every store", async () => {
      // Day 1: A paid, delivered, then $7 of it refunded; B paid, then cancelled by a full refund.
      const a = (await paidOrder()).order;
      const b = (await paidOrder()).order;
      await store.orders.markDelivered(a._id, later(2));
      await store.orders.reserveRefund(a._id, request({ refundId: 'stats-a', amount: 7 }));
      await store.orders.completeRefund(a._id, 'stats-a', 'PROVIDER-A', later(6));
      await store.orders.reserveRefund(b._id, request({ refundId: 'stats-b', cancel: true, restock: true }));
      await store.orders.completeRefund(b._id, 'stats-b', 'PROVIDER-B', later(6));
      // Day 2: C cancelled unpaid, D paid.
      const nextDay = new Date('2026-03-02T09:00:00.000Z');
      const lamp = await store.products.create(productInput('Stats Lamp', { price: 20, countInStock: 5 }), 'owner-1');
      const placeOne = () =>
        store.orders.place({
          user: alice,
          lines: [{ product: lamp._id, qty: 1 }],
          shippingAddress: address,
          paymentMethod: 'PayPal',
          now: nextDay,
          expiresAt: holdUntil(nextDay, DEFAULT_HOLD_MINUTES),
          holdLimits: DEFAULT_HOLD_LIMITS,
        });
      const c = await placeOne();
      await store.orders.cancel(c._id, nextDay);
      const d = await placeOne();
      const pay: PaymentResult = {
        id: `CAPTURE-${d._id}`,
        provider: 'simulated',
        status: 'COMPLETED',
        amount: d.totalPrice.toFixed(2),
        currency: 'USD',
        updateTime: nextDay.toISOString(),
      };
      await store.orders.markPaid(d._id, pay, nextDay);
      const cents = (dollars: number) => Math.round(dollars * 100);
      expect(await store.orders.dailyStats(new Date('2026-02-20T00:00:00.000Z'))).toEqual([
        { day: '2026-03-01', orders: 2, revenue: (cents(a.totalPrice) - 700) / 100 },
        { day: '2026-03-02', orders: 2, revenue: d.totalPrice },
      ]);
      // From a later day: the earlier days are left out.
      expect(await store.orders.dailyStats(new Date('2026-03-02T00:00:00.000Z'))).toEqual([
        { day: '2026-03-02', orders: 2, revenue: d.totalPrice },
      ]);
    });

    it('a refund by lines restocks only the refunded lines, once, however often it is confirmed', async () => {
      const { order, p, q } = await paidOrder();
      expect([await stockOf(p), await stockOf(q)]).toEqual([8, 9]);
      const { refund } = await store.orders.reserveRefund(
        order._id,
        request({ refundId: 'lines-1', items: [{ product: p, qty: 1 }], restock: true }),
      );
      // Without a discount and with tax on top: the line's price plus its share of the tax.
      const tax = Math.round((order.taxPrice * 100 * 1000) / (order.itemsPrice * 100));
      expect(refund.amountCents).toBe(1000 + tax);
      const done = await store.orders.completeRefund(order._id, 'lines-1', 'P-1', later(6));
      expect(done.paymentStatus).toBe('partially_refunded');
      expect([await stockOf(p), await stockOf(q)]).toEqual([9, 9]);
      const again = await store.orders.completeRefund(order._id, 'lines-1', 'P-1', later(7));
      expect(again).toEqual(done);
      expect(await stockOf(p)).toBe(9);
      expect(sut.events).toContainEqual({ type: 'StockChanged', stock: [{ product: p, countInStock: 9 }] });
      // Lines cannot be refunded beyond what was ordered.
      await expectDomainError(
        store.orders.reserveRefund(order._id, request({ items: [{ product: p, qty: 2 }] })),
        'conflict',
        'At most 1 of Refund Lamp can still be refunded',
      );
    });

    it('a refund of lines pays what the units cost as charged: 50% off, 20% tax included (issue 36)', async () => {
      const lamp = await store.products.create(productInput('Half Lamp', { price: 400, countInStock: 10 }), 'owner-1');
      await store.coupons.create({ code: 'HALF', percentOff: 50, active: true });
      const settings = {
        ...DEFAULT_SETTINGS,
        tax: { ...DEFAULT_SETTINGS.tax, defaultPercent: 20, pricesIncludeTax: true },
      };
      const placed = await store.orders.place({
        user: alice,
        lines: [{ product: lamp._id, qty: 2 }],
        shippingAddress: address,
        paymentMethod: 'PayPal',
        now,
        expiresAt: holdUntil(now, DEFAULT_HOLD_MINUTES),
        holdLimits: DEFAULT_HOLD_LIMITS,
        settings,
        couponCode: 'HALF',
      });
      // $800 of goods, $400 off, the tax inside the $400 paid, free shipping.
      expect(placed).toMatchObject({ itemsPrice: 800, discountPrice: 400, taxPrice: 66.67, totalPrice: 400 });
      await store.orders.markPaid(
        placed._id,
        {
          id: `CAPTURE-${placed._id}`,
          provider: 'simulated',
          status: 'COMPLETED',
          amount: '400.00',
          currency: 'USD',
          updateTime: now.toISOString(),
        },
        later(1),
      );
      const one = await store.orders.reserveRefund(
        placed._id,
        request({ refundId: 'half-1', items: [{ product: lamp._id, qty: 1 }] }),
      );
      expect(one.refund.amountCents).toBe(200_00);
      await store.orders.completeRefund(placed._id, 'half-1', 'P-h1', later(2));
      const other = await store.orders.reserveRefund(
        placed._id,
        request({ refundId: 'half-2', items: [{ product: lamp._id, qty: 1 }] }),
      );
      expect(other.refund.amountCents).toBe(200_00);
      const done = await store.orders.completeRefund(placed._id, 'half-2', 'P-h2', later(3));
      expect([done.refundedTotal, done.paymentStatus]).toEqual([400, 'refunded']);
    });

    it("a code on one line only: the order keeps each line's share, a refund of its units pays that (issue 36)", async () => {
      const [half, full] = await Promise.all(
        ['Scoped Half', 'Scoped Full'].map((n) =>
          store.products.create(productInput(n, { price: 400, countInStock: 10 }), 'owner-1'),
        ),
      );
      await store.coupons.create({ code: 'HALFONE', percentOff: 50, active: true, scope: { products: [half!._id] } });
      const placed = await store.orders.place({
        user: alice,
        lines: [
          { product: half!._id, qty: 1 },
          { product: full!._id, qty: 1 },
        ],
        shippingAddress: address,
        paymentMethod: 'PayPal',
        now,
        expiresAt: holdUntil(now, DEFAULT_HOLD_MINUTES),
        holdLimits: DEFAULT_HOLD_LIMITS,
        couponCode: 'HALFONE',
      });
      // $800 of goods, $200 off the first line, 15% tax on $600, free shipping: $690.
      expect(placed).toMatchObject({ discountPrice: 200, taxPrice: 90, totalPrice: 690 });
      expect(placed.orderItems.map((i) => i.discount)).toEqual([200, undefined]);
      expect((await store.orders.get(placed._id))!.orderItems.map((i) => i.discount)).toEqual([200, undefined]);
      await store.orders.markPaid(
        placed._id,
        {
          id: `CAPTURE-${placed._id}`,
          provider: 'simulated',
          status: 'COMPLETED',
          amount: '690.00',
          currency: 'USD',
          updateTime: now.toISOString(),
        },
        later(1),
      );
      const other = await store.orders.reserveRefund(
        placed._id,
        request({ refundId: 'scoped-1', items: [{ product: full!._id, qty: 1 }] }),
      );
      expect(other.refund.amountCents).toBe(460_00);
      await store.orders.completeRefund(placed._id, 'scoped-1', 'P-s1', later(2));
      const discounted = await store.orders.reserveRefund(
        placed._id,
        request({ refundId: 'scoped-2', items: [{ product: half!._id, qty: 1 }] }),
      );
      expect(discounted.refund.amountCents).toBe(230_00);
    });

    it('never more than was paid: an amount above what remains is refused, naming what remains', async () => {
      const { order } = await paidOrder();
      await store.orders.reserveRefund(order._id, request({ refundId: 'a', amount: 10 }));
      await store.orders.completeRefund(order._id, 'a', 'P-a', later(6));
      const left = Math.round(order.totalPrice * 100) - 1000;
      await expectDomainError(
        store.orders.reserveRefund(order._id, request({ amount: (left + 1) / 100 })),
        'conflict',
        /can still be refunded/,
      );
      await store.orders.reserveRefund(order._id, request({ refundId: 'b', amount: left / 100 }));
      const done = await store.orders.completeRefund(order._id, 'b', 'P-b', later(7));
      expect(done).toMatchObject({ paymentStatus: 'refunded', refundedTotal: order.totalPrice });
    });

    it('two 60% refunds raced: exactly one is reserved', async () => {
      const { order } = await paidOrder();
      const sixty = Math.round(order.totalPrice * 60) / 100;
      const results = await Promise.allSettled([
        store.orders.reserveRefund(order._id, request({ refundId: 'race-a', amount: sixty })),
        store.orders.reserveRefund(order._id, request({ refundId: 'race-b', amount: sixty })),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const stored = await store.orders.get(order._id);
      expect(stored!.refunds).toHaveLength(1);
    });

    it('a failed refund releases its reservation; an unpaid order cannot be refunded', async () => {
      const { order } = await paidOrder();
      await store.orders.reserveRefund(order._id, request({ refundId: 'f-1' }));
      await expectDomainError(store.orders.reserveRefund(order._id, request()), 'conflict', /still being processed/);
      const failed = await store.orders.failRefund(order._id, 'f-1', 'PayPal refused', later(6));
      expect(failed.refunds[0]).toMatchObject({ id: 'f-1', status: 'failed' });
      expect(failed).toMatchObject({ paymentStatus: 'paid', refundedTotal: 0 });
      await expectDomainError(store.orders.completeRefund(order._id, 'f-1', 'X', later(7)), 'conflict');
      const { refund } = await store.orders.reserveRefund(order._id, request({ refundId: 'f-2' }));
      expect(refund.amountCents).toBe(Math.round(order.totalPrice * 100));

      const p = await store.products.create(productInput('Unpaid Thing', { countInStock: 3 }), 'owner-1');
      const unpaid = await store.orders.place({
        user: alice,
        lines: [{ product: p._id, qty: 1 }],
        shippingAddress: address,
        paymentMethod: 'PayPal',
        now,
        expiresAt: holdUntil(now, DEFAULT_HOLD_MINUTES),
        holdLimits: DEFAULT_HOLD_LIMITS,
      });
      await expectDomainError(store.orders.reserveRefund(unpaid._id, request()), 'conflict', REFUND_NOT_PAID);
    });

    it('cancelling a paid order: refunded in full, every line restocked, status cancelled; not once delivered', async () => {
      const { order, p, q } = await paidOrder();
      await store.orders.reserveRefund(order._id, request({ refundId: 'c-1', cancel: true }));
      const done = await store.orders.completeRefund(order._id, 'c-1', 'P-c', later(6));
      expect(done).toMatchObject({
        status: 'cancelled',
        isCancelled: true,
        cancelledAt: later(6).toISOString(),
        isPaid: true,
        paymentStatus: 'refunded',
        refundedTotal: order.totalPrice,
      });
      expect([await stockOf(p), await stockOf(q)]).toEqual([10, 10]);
      await expectDomainError(store.orders.markDelivered(order._id, later(8)), 'conflict');

      const second = await paidOrder();
      await store.orders.markDelivered(second.order._id, later(2));
      await expectDomainError(
        store.orders.reserveRefund(second.order._id, request({ cancel: true })),
        'conflict',
        /delivered order cannot be cancelled/,
      );
    });

    it('the customer asks to cancel a paid order once; the shop declines with a message or approves', async () => {
      const { order } = await paidOrder();
      const asked = await store.orders.requestCancellation(order._id, 'Ordered twice', later(2));
      expect(asked.cancellationRequest).toEqual({
        reason: 'Ordered twice',
        status: 'pending',
        createdAt: later(2).toISOString(),
        decidedAt: null,
        message: null,
      });
      await expectDomainError(store.orders.requestCancellation(order._id, 'again', later(3)), 'conflict');
      const declined = await store.orders.declineCancellation(order._id, 'Already shipped', later(4));
      expect(declined.cancellationRequest).toMatchObject({ status: 'declined', message: 'Already shipped' });
      await expectDomainError(store.orders.declineCancellation(order._id, 'x', later(5)), 'conflict');
      // Asked again, then approved: the cancelling refund marks the request approved.
      await store.orders.requestCancellation(order._id, 'Please', later(6));
      await store.orders.reserveRefund(order._id, request({ refundId: 'ok', cancel: true, now: later(7) }));
      const approved = await store.orders.completeRefund(order._id, 'ok', 'P-ok', later(8));
      expect(approved.cancellationRequest).toMatchObject({ status: 'approved', decidedAt: later(8).toISOString() });
      expect(approved.status).toBe('cancelled');
    });

    it('ships, then delivers (issue 38); a fully refunded order not shipped is cancelled and ships nowhere', async () => {
      const { order, p, q } = await paidOrder();
      await expectDomainError(store.orders.markUndelivered(order._id, later(2), null), 'conflict');
      const shipped = await store.orders.markShipped(order._id, later(2), { carrier: 'UPS', trackingNumber: '1Z9' });
      expect(shipped).toMatchObject({
        status: 'shipped',
        isShipped: true,
        isDelivered: false,
        shippedAt: later(2).toISOString(),
        carrier: 'UPS',
        trackingNumber: '1Z9',
      });
      await expectDomainError(
        store.orders.markShipped(order._id, later(3), { carrier: 'UPS', trackingNumber: 'x' }),
        'conflict',
        'Order is already shipped',
      );
      const paidList = await store.orders.list({ status: 'paid', search: '', sort: 'newest', page: 1, pageSize: 50 });
      expect(paidList.orders.map((o) => o._id)).not.toContain(order._id);
      const shippedList = await store.orders.list({
        status: 'shipped',
        search: '',
        sort: 'newest',
        page: 1,
        pageSize: 50,
      });
      expect(shippedList.orders.map((o) => o._id)).toContain(order._id);
      const delivered = await store.orders.markDelivered(order._id, later(4));
      expect(delivered).toMatchObject({ status: 'delivered', shippedAt: later(2).toISOString(), carrier: 'UPS' });
      expect(await store.orders.get(order._id)).toEqual(delivered);

      // Refunded in full before shipping: cancelled, every unit back on sale, and refused with why.
      const other = await paidOrder();
      await store.orders.reserveRefund(other.order._id, request({ refundId: 'all' }));
      const closed = await store.orders.completeRefund(other.order._id, 'all', 'P-all', later(6));
      expect(closed).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', isCancelled: true });
      expect([await stockOf(other.p), await stockOf(other.q)]).toEqual([10, 10]);
      await expectDomainError(
        store.orders.markShipped(other.order._id, later(7), { carrier: 'UPS', trackingNumber: 'x' }),
        'conflict',
        'This order was cancelled; it cannot be shipped',
      );
      await expectDomainError(
        store.orders.markDelivered(other.order._id, later(7)),
        'conflict',
        'This order was cancelled; it cannot be delivered',
      );
      // Shipped, then refunded in full: stays shipped, delivers nowhere.
      const third = await paidOrder();
      await store.orders.markShipped(third.order._id, later(2), { carrier: 'DHL', trackingNumber: 'J1' });
      await store.orders.reserveRefund(third.order._id, request({ refundId: 'all3' }));
      const kept = await store.orders.completeRefund(third.order._id, 'all3', 'P-all3', later(6));
      expect(kept).toMatchObject({ status: 'shipped', paymentStatus: 'refunded' });
      await expectDomainError(
        store.orders.markDelivered(third.order._id, later(7)),
        'conflict',
        'This order was refunded in full; it cannot be delivered',
      );
      expect([p, q]).toHaveLength(2);
    });

    it('counts the requests waiting for the shop and lists their orders (issue 38)', async () => {
      const before = await store.orders.requestsSummary();
      const { order, p } = await paidOrder();
      await store.orders.requestCancellation(order._id, 'Changed my mind', later(2));
      const delivered = await paidOrder();
      await store.orders.markDelivered(delivered.order._id, later(2));
      await store.orders.requestReturn(delivered.order._id, {
        returnId: 'w-1',
        items: [{ product: delivered.p, qty: 1 }],
        reason: 'x',
        now: later(3),
      });
      expect(await store.orders.requestsSummary()).toEqual({
        cancellations: before.cancellations + 1,
        returns: before.returns + 1,
      });
      const waiting = await store.orders.list({
        requests: 'waiting',
        search: '',
        sort: 'newest',
        page: 1,
        pageSize: 50,
      });
      expect(waiting.orders.map((o) => o._id)).toEqual(expect.arrayContaining([order._id, delivered.order._id]));
      // Approved, the return still waits (to be received); declined, the request no longer does.
      await store.orders.approveReturn(delivered.order._id, 'w-1', later(4));
      expect((await store.orders.requestsSummary()).returns).toBe(before.returns + 1);
      await store.orders.declineCancellation(order._id, 'Already packed', later(4));
      await store.orders.receiveReturn(delivered.order._id, 'w-1', [], later(5));
      await store.orders.reserveRefund(delivered.order._id, request({ refundId: 'w-r', returnId: 'w-1' }));
      await store.orders.completeRefund(delivered.order._id, 'w-r', 'P-w', later(6));
      expect(await store.orders.requestsSummary()).toEqual(before);
      const none = await store.orders.list({ requests: 'waiting', search: '', sort: 'newest', page: 1, pageSize: 50 });
      expect(none.orders.map((o) => o._id)).not.toContain(order._id);
      expect(await stockOf(p)).toBe(8);
    });

    it('a return of a delivered order: asked once, approved, received (only chosen lines restocked), refunded; or declined', async () => {
      const { order, p } = await paidOrder();
      await expectDomainError(
        store.orders.requestReturn(order._id, {
          returnId: 'early',
          items: [{ product: p, qty: 1 }],
          reason: 'x',
          now: later(2),
        }),
        'conflict',
        'Only a delivered order can be returned',
      );
      await store.orders.markDelivered(order._id, later(3));
      const asked = await store.orders.requestReturn(order._id, {
        returnId: 'ret-1',
        items: [{ product: p, qty: 1 }],
        reason: 'Too bright',
        now: later(4),
      });
      expect(asked.returns).toEqual([
        {
          id: 'ret-1',
          items: [{ product: p, qty: 1 }],
          reason: 'Too bright',
          status: 'requested',
          createdAt: later(4).toISOString(),
          decidedAt: null,
          message: null,
          refundId: null,
        },
      ]);
      // Not refundable before the shop approved it; approving refunds and restocks nothing (issue 38).
      await expectDomainError(
        store.orders.reserveRefund(order._id, request({ refundId: 'early', returnId: 'ret-1' })),
        'conflict',
        'Approve this return before refunding it',
      );
      const approvedOnly = await store.orders.approveReturn(order._id, 'ret-1', later(5));
      expect(approvedOnly.returns[0]).toMatchObject({ status: 'approved', decidedAt: later(5).toISOString() });
      expect(approvedOnly.refunds).toEqual([]);
      expect(await stockOf(p)).toBe(8);
      await expectDomainError(store.orders.approveReturn(order._id, 'ret-1', later(5)), 'conflict');
      // Received: more than came back is refused; the line chosen goes back on sale.
      await expectDomainError(
        store.orders.receiveReturn(order._id, 'ret-1', [{ product: p, qty: 2 }], later(5)),
        'bad_input',
      );
      const received = await store.orders.receiveReturn(
        order._id,
        'ret-1',
        [{ product: p, qty: 1 }],
        later(5),
        'admin-1',
      );
      expect(received.returns[0]).toMatchObject({
        status: 'received',
        receivedAt: later(5).toISOString(),
        restocked: [{ product: p, qty: 1 }],
      });
      expect(await stockOf(p)).toBe(9);
      await expectDomainError(store.orders.receiveReturn(order._id, 'ret-1', [], later(5)), 'conflict');
      await store.orders.reserveRefund(order._id, request({ refundId: 'rr', returnId: 'ret-1', restock: false }));
      const approved = await store.orders.completeRefund(order._id, 'rr', 'P-rr', later(6));
      expect(approved.returns[0]).toMatchObject({ status: 'refunded', refundId: 'rr' });
      expect(approved.paymentStatus).toBe('partially_refunded');
      expect(await stockOf(p)).toBe(9);
      await expectDomainError(store.orders.declineReturn(order._id, 'ret-1', 'no', later(7)), 'conflict');

      await store.orders.requestReturn(order._id, {
        returnId: 'ret-2',
        items: [{ product: p, qty: 1 }],
        reason: 'The other one too',
        now: later(8),
      });
      const declined = await store.orders.declineReturn(order._id, 'ret-2', 'Opened and used', later(9));
      expect(declined.returns[1]).toMatchObject({ status: 'declined', message: 'Opened and used' });
      expect(await store.orders.get(order._id)).toEqual(declined);
      // One unit returned and refunded, one declined (still returnable); two would be too many.
      await expectDomainError(
        store.orders.requestReturn(order._id, {
          returnId: 'ret-3',
          items: [{ product: p, qty: 2 }],
          reason: 'x',
          now: later(10),
        }),
        'conflict',
        'At most 1 of Refund Lamp can be returned',
      );
    });
  });
}

const REFUND_NOT_PAID = 'Only a paid order can be refunded';
