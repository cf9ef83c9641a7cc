// The store contract of order emails (issue 27): every order change records exactly its message(s) in the store's
// outbox, in the change's own transaction, and a refused change records none; the unpaid-hold reminder once per
// order (domain/holdReminders.ts). The same cases on both stores (embedded: contract/embedded.test.ts; Firestore:
// firebase/firestore.community.test.ts), so both backends send the same messages.
import { afterEach, describe, expect } from 'vitest';
import {
  DEFAULT_HOLD_LIMITS,
  DomainError,
  HOLD_REMINDER_MINUTES,
  holdUntil,
  orderNumber,
  type PaymentResult,
} from '../../src/domain/index.js';
import type { PlaceOrderCommand, Store } from '../../src/ports.js';
import { MovableClock } from '../support/clock.js';
import { productInput } from '../support/products.js';
import { contractCase, type ContractRun } from './cases.js';
import type { StoreUnderTest } from './store.contract.js';

/** A message as the outbox holds it. */
export interface RecordedMail {
  key: string;
  to: string;
  template: string;
  data: Record<string, any>;
}

export interface MailStoreUnderTest extends StoreUnderTest {
  /** Every message the store's outbox holds. */
  outbox(): Promise<RecordedMail[]>;
}

export type MailStoreFactory = (clock: MovableClock, options: { alertEmail?: string }) => Promise<MailStoreUnderTest>;

const now = new Date('2026-03-01T10:00:00.000Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
const address = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };
const customer = (n: number) => ({ _id: `customer-${n}`, name: `Customer ${n}`, email: `c${n}@example.com` });
const command = (n: number, lines: PlaceOrderCommand['lines'], at = now): PlaceOrderCommand => ({
  user: customer(n),
  lines,
  shippingAddress: address,
  paymentMethod: 'PayPal',
  now: at,
  expiresAt: holdUntil(at, 30),
  holdLimits: DEFAULT_HOLD_LIMITS,
});
const payment = (id: string): PaymentResult => ({
  id,
  provider: 'simulated',
  status: 'COMPLETED',
  amount: '0.00',
  currency: 'USD',
  updateTime: now.toISOString(),
});
const byKey = (mails: RecordedMail[]) => [...mails].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

export function orderMailContract(name: string, factory: MailStoreFactory, run: ContractRun = {}) {
  const it = contractCase(run);
  describe(`Store contract, order emails: ${name}`, () => {
    let sut: MailStoreUnderTest | undefined;
    let store: Store;
    const open = async (options: { alertEmail?: string } = {}) => {
      sut = await factory(new MovableClock(), options);
      store = sut.store;
      return sut;
    };
    afterEach(async () => {
      await sut?.dispose();
      sut = undefined;
    });
    const product = (title: string, countInStock = 5) =>
      store.products.create(productInput(title, { countInStock }), 'owner');

    it('placing records "order placed" for the customer: number, lines, totals, pay-by time, order page', async () => {
      const { outbox } = await open();
      const p = await product('Mail Phone');
      const order = await store.orders.place(command(1, [{ product: p._id, qty: 2 }]));
      expect(await outbox()).toEqual([
        {
          key: `order-placed:${order._id}`,
          to: 'c1@example.com',
          template: 'order-placed',
          data: {
            order: {
              name: 'Customer 1',
              number: `#${orderNumber(order._id)}`,
              lines: [{ name: 'Mail Phone', qty: 2, priceCents: Math.round(order.orderItems[0]!.price * 100) }],
              itemsCents: Math.round(order.itemsPrice * 100),
              shippingCents: Math.round(order.shippingPrice * 100),
              shippingMethod: 'Standard', // issue 40: the cheapest, none was asked
              taxCents: Math.round(order.taxPrice * 100),
              totalCents: Math.round(order.totalPrice * 100),
            },
            orderPath: `/order/${order._id}`,
            expiresAt: holdUntil(now, 30).toISOString(),
          },
        },
      ]);
    });

    it('a refused change records nothing: short of stock, delivering unpaid, one capture twice, cancelling paid', async () => {
      const { outbox } = await open();
      const p = await product('Refused Watch', 2);
      await expect(store.orders.place(command(1, [{ product: p._id, qty: 3 }]))).rejects.toMatchObject({
        kind: 'conflict',
      });
      expect(await outbox()).toEqual([]);
      const a = await store.orders.place(command(1, [{ product: p._id, qty: 1 }]));
      const b = await store.orders.place(command(2, [{ product: p._id, qty: 1 }]));
      const before = await outbox();
      await expect(store.orders.markDelivered(a._id, now)).rejects.toMatchObject({ kind: 'conflict' });
      expect(await outbox()).toEqual(before);
      await store.orders.markPaid(a._id, payment('cap-same'), now);
      const afterPaid = await outbox();
      await expect(store.orders.markPaid(b._id, payment('cap-same'), now)).rejects.toMatchObject({
        kind: 'conflict',
      });
      await expect(store.orders.cancel(a._id, now)).rejects.toMatchObject({ kind: 'conflict' });
      await expect(store.orders.markPaid(a._id, payment('cap-other'), now)).rejects.toMatchObject({
        kind: 'conflict',
      });
      expect(byKey(await outbox())).toEqual(byKey(afterPaid));
    });

    it('a total other than the one shown (expectedTotalCents) is refused before any write: no order, stock, code use, mail or event', async () => {
      const sut = await open();
      const p = await product('Shown Speaker', 5);
      await store.coupons.create({ code: 'SHOWN5', amountOff: 5, active: true });
      const placing = (expectedTotalCents: number, n = 1) => ({
        ...command(n, [{ product: p._id, qty: 2 }]),
        couponCode: 'SHOWN5',
        expectedTotalCents,
      });
      const eventsBefore = sut.events.length;
      const refusal = await store.orders.place(placing(1)).then(
        () => null,
        (error: unknown) => error as DomainError,
      );
      expect(refusal).toBeInstanceOf(DomainError);
      expect(refusal!.kind).toBe('conflict');
      const charged = Math.round((refusal!.details!.totalPrice as number) * 100);
      expect(refusal!.details).toMatchObject({ expectedTotal: 0.01, discountPrice: 5 });
      // A guest's order too (its own placing path in each store).
      await expect(
        store.orders.place({
          ...placing(charged + 1, 2),
          guest: { email: 'guest@example.com', sign: (id: string) => `token-${id}` },
        }),
      ).rejects.toMatchObject({ kind: 'conflict' });
      expect((await store.products.get(p._id))!.countInStock).toBe(5);
      expect((await store.coupons.get('SHOWN5'))!.uses).toBe(0);
      expect((await store.orders.list({ search: '', sort: 'newest', page: 1, pageSize: 10 })).total).toBe(0);
      expect(await sut.outbox()).toEqual([]);
      expect(sut.events.length).toBe(eventsBefore);

      // At the total it would charge, it is placed: the check refuses only a changed total.
      const placed = await store.orders.place(placing(charged));
      expect(Math.round(placed.totalPrice * 100)).toBe(charged);
      expect((await store.products.get(p._id))!.countInStock).toBe(3);
      expect((await store.coupons.get('SHOWN5'))!.uses).toBe(1);
      expect((await sut.outbox()).map((m) => m.template)).toEqual(['order-placed']);
    });

    it('paying records the receipt and the owner alert for every admin, read in the payment transaction', async () => {
      const { outbox } = await open();
      await store.users.create({ _id: 'admin-1', name: 'Owner', email: 'owner@example.com', isAdmin: true });
      await store.users.create({ _id: 'admin-2', name: 'Partner', email: 'partner@example.com', isAdmin: true });
      await store.users.create({ _id: 'shopper', name: 'Shopper', email: 'shopper@example.com', isAdmin: false });
      const p = await product('Paid Tablet');
      const order = await store.orders.place(command(1, [{ product: p._id, qty: 1 }]));
      await store.orders.markPaid(order._id, payment('cap-1'), minutes(5));
      const recorded = (await outbox()).filter((m) => m.template !== 'order-placed');
      expect(byKey(recorded).map((m) => [m.key, m.template, m.to])).toEqual([
        [`order-paid:${order._id}`, 'order-paid', 'c1@example.com'],
        [`owner-order-paid:${order._id}:owner@example.com`, 'owner-order-paid', 'owner@example.com'],
        [`owner-order-paid:${order._id}:partner@example.com`, 'owner-order-paid', 'partner@example.com'],
      ]);
      expect(recorded.find((m) => m.template === 'order-paid')!.data.paidAt).toBe(minutes(5).toISOString());
      expect(recorded.find((m) => m.template === 'owner-order-paid')!.data).toMatchObject({
        customerEmail: 'c1@example.com',
        orderPath: `/order/${order._id}`,
      });
    });

    it('the owner alert goes to ORDER_ALERT_EMAIL alone when it is set', async () => {
      const { outbox } = await open({ alertEmail: 'alerts@example.com' });
      await store.users.create({ _id: 'admin-1', name: 'Owner', email: 'owner@example.com', isAdmin: true });
      const p = await product('Alert Tablet');
      const order = await store.orders.place(command(1, [{ product: p._id, qty: 1 }]));
      await store.orders.markPaid(order._id, payment('cap-2'), now);
      expect((await outbox()).filter((m) => m.template === 'owner-order-paid').map((m) => m.to)).toEqual([
        'alerts@example.com',
      ]);
    });

    it('delivering and cancelling record their messages for the customer', async () => {
      const { outbox } = await open();
      const p = await product('Life Radio');
      const a = await store.orders.place(command(1, [{ product: p._id, qty: 1 }]));
      const b = await store.orders.place(command(2, [{ product: p._id, qty: 1 }]));
      await store.orders.markPaid(a._id, payment('cap-3'), now);
      await store.orders.markDelivered(a._id, minutes(60 * 24));
      await store.orders.cancel(b._id, minutes(1));
      const recorded = await outbox();
      expect(recorded.find((m) => m.key === `order-delivered:${a._id}`)).toMatchObject({
        to: 'c1@example.com',
        template: 'order-delivered',
        data: { deliveredAt: minutes(60 * 24).toISOString(), orderPath: `/order/${a._id}` },
      });
      expect(recorded.find((m) => m.key === `order-cancelled:${b._id}`)).toMatchObject({
        to: 'c2@example.com',
        template: 'order-cancelled',
        data: { reason: 'cancelled' },
      });
      expect(recorded.map((m) => m.key).sort()).toEqual(
        [
          `order-placed:${a._id}`,
          `order-placed:${b._id}`,
          `order-paid:${a._id}`,
          `order-delivered:${a._id}`,
          `order-cancelled:${b._id}`,
        ].sort(),
      );
    });

    it('an unpaid order the shop cancels tells its customer the shop did, once; the stock history names the admin', async () => {
      const { outbox } = await open();
      const p = await product('Shop Cancel Radio');
      const placed = await store.orders.place(command(3, [{ product: p._id, qty: 2 }]));
      const cancelled = await store.orders.cancel(placed._id, minutes(1), { _id: 'admin-7' });
      expect(cancelled).toMatchObject({ status: 'cancelled', isCancelled: true });
      expect((await store.products.get(p._id))?.countInStock).toBe(p.countInStock);
      const recorded = (await outbox()).filter((m) => m.key === `order-cancelled:${placed._id}`);
      expect(recorded).toHaveLength(1);
      expect(recorded[0]).toMatchObject({
        to: 'c3@example.com',
        template: 'order-cancelled',
        data: { reason: 'shop' },
      });
      const [latest] = (await store.products.stockHistory(p._id, undefined, 1))!.entries;
      expect(latest).toMatchObject({ cause: 'cancel', delta: 2, orderId: placed._id, by: 'admin-7' });
    });

    it('a delivery taken back and marked again records "delivered" once; a completed refund records its message', async () => {
      const { outbox } = await open();
      const p = await product('Undo Lamp');
      const order = await store.orders.place(command(1, [{ product: p._id, qty: 1 }]));
      await store.orders.markPaid(order._id, payment('cap-undo'), now);
      await store.orders.markDelivered(order._id, minutes(60));
      await store.orders.markUndelivered(order._id, minutes(61), null);
      await store.orders.markDelivered(order._id, minutes(62), { carrier: 'DHL', trackingNumber: 'JD1' });
      const by = { _id: 'owner', name: 'Owner' };
      const reserved = await store.orders.reserveRefund(order._id, {
        refundId: 'refund-mail-1',
        amount: 1,
        restock: false,
        reason: 'Scratched',
        by,
        now: minutes(63),
      });
      // Reserved: the money has not gone back yet, so no message.
      expect((await outbox()).some((m) => m.template === 'order-refunded')).toBe(false);
      await store.orders.completeRefund(order._id, reserved.refund.id, 'provider-refund-1', minutes(64));
      const recorded = await outbox();
      expect(recorded.filter((m) => m.template === 'order-delivered').map((m) => m.key)).toEqual([
        `order-delivered:${order._id}`,
      ]);
      expect(recorded.filter((m) => m.template === 'order-refunded')).toEqual([
        expect.objectContaining({
          key: `order-refunded:${order._id}:${reserved.refund.id}`,
          to: 'c1@example.com',
          data: expect.objectContaining({ amountCents: 100, reason: 'Scratched' }),
        }),
      ]);
    });

    it('issue 38: delivering with a carrier and tracking number records them in the message (the link is rendered)', async () => {
      const { outbox } = await open();
      const p = await product('Tracked Radio');
      const order = await store.orders.place(command(1, [{ product: p._id, qty: 1 }]));
      await store.orders.markPaid(order._id, payment('cap-tracked'), now);
      await store.orders.markDelivered(order._id, minutes(60), {
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
      });
      expect((await outbox()).find((m) => m.key === `order-delivered:${order._id}`)).toMatchObject({
        template: 'order-delivered',
        data: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784', deliveredAt: minutes(60).toISOString() },
      });
    });

    it('expiring records "expired" once, however often the sweep runs', async () => {
      const { outbox } = await open();
      const p = await product('Stale Drone');
      const order = await store.orders.place(command(1, [{ product: p._id, qty: 1 }]));
      expect(await store.orders.expireStale(minutes(31))).toBe(1);
      expect(await store.orders.expireStale(minutes(32))).toBe(0);
      expect((await outbox()).filter((m) => m.template === 'order-cancelled')).toEqual([
        expect.objectContaining({
          key: `order-cancelled:${order._id}`,
          to: 'c1@example.com',
          data: expect.objectContaining({ reason: 'expired' }),
        }),
      ]);
    });

    it(`the hold reminder: once, ${HOLD_REMINDER_MINUTES} minutes before the hold ends, with the pay link`, async () => {
      const { outbox } = await open();
      const p = await product('Reminder Lamp');
      const order = await store.orders.place(command(1, [{ product: p._id, qty: 1 }]));
      const reminders = async () => (await outbox()).filter((m) => m.template === 'order-reminder');
      // Hold ends at +30: too early at +19, due from +20 (10 minutes before).
      expect(await store.orders.remindUnpaid(minutes(19))).toBe(0);
      expect(await reminders()).toEqual([]);
      expect(await store.orders.remindUnpaid(minutes(21))).toBe(1);
      expect(await store.orders.remindUnpaid(minutes(22))).toBe(0);
      expect(await store.orders.remindUnpaid(minutes(29))).toBe(0);
      expect(await reminders()).toEqual([
        {
          key: `order-reminder:${order._id}`,
          to: 'c1@example.com',
          template: 'order-reminder',
          data: expect.objectContaining({
            orderPath: `/order/${order._id}`,
            expiresAt: holdUntil(now, 30).toISOString(),
          }),
        },
      ]);
      // After the hold ended (not yet swept) or once expired: none.
      const late = await store.orders.place(command(2, [{ product: p._id, qty: 1 }]));
      expect(await store.orders.remindUnpaid(minutes(31))).toBe(0);
      await store.orders.expireStale(minutes(31));
      expect(await store.orders.remindUnpaid(minutes(31))).toBe(0);
      expect((await reminders()).map((m) => m.key)).not.toContain(`order-reminder:${late._id}`);
    });

    it('no hold reminder for an order paid or cancelled before its window', async () => {
      const { outbox } = await open();
      const p = await product('Settled Lamp');
      const paid = await store.orders.place(command(1, [{ product: p._id, qty: 1 }]));
      const cancelled = await store.orders.place(command(2, [{ product: p._id, qty: 1 }]));
      const waiting = await store.orders.place(command(3, [{ product: p._id, qty: 1 }]));
      await store.orders.markPaid(paid._id, payment('cap-4'), minutes(5));
      await store.orders.cancel(cancelled._id, minutes(6));
      expect(await store.orders.remindUnpaid(minutes(25))).toBe(1);
      expect((await outbox()).filter((m) => m.template === 'order-reminder').map((m) => [m.key, m.to])).toEqual([
        [`order-reminder:${waiting._id}`, 'c3@example.com'],
      ]);
    });
  });
}
