// The order use cases, written once over the unit-of-work port (ports.ts OrderUnitOfWork) that both stores
// implement: each reads what it needs in one transaction, asks the domain's decision, and answers the change set
// the store writes atomically (new state, stock moves, code uses, address book, outbox mails, events). The stores
// keep loading, saving and queries (OrderQueries); no lifecycle or money rule lives in them.
import {
  assertMayClaim,
  cancelOrder,
  claimPatch,
  completeRefund,
  customerOf,
  declineCancellation,
  declineReturn,
  approveReturn,
  receiveReturn,
  shipOrder,
  type LineUnits,
  type ShipmentDetails,
  decideRefund,
  deliverOrder,
  DomainError,
  expireOrder,
  failRefund,
  guestAddressKey,
  holdReminderDue,
  orderEvents,
  orderFromRecord,
  payOrder,
  placeOrder,
  refundStockCause,
  rememberAddress,
  requestCancellation,
  requestReturn,
  stockChanges,
  stockKey,
  SYSTEM_ACTOR,
  undeliverOrder,
  type Order,
  type OrderEvent,
  type OrderRecord,
  type PaymentResult,
  type RefundRecord,
  type RefundRequest,
  type ReturnRequest,
  type Shipment,
  type StockCause,
  type StockedProduct,
  type StockLevel,
} from '../domain/index.js';
import { holdReminderKey } from '../domain/holdReminders.js';
import { accountDeleted } from '../domain/accountDeletion.js';
import {
  placeOrderRequest,
  type OrderChange,
  type OrderChangeSet,
  type OrderQueries,
  type OrderStore,
  type OrderUnit,
  type OrderUnitOfWork,
  type PlaceOrderCommand,
  type PlacementReads,
} from '../ports.js';
import { ownerAlertRecipients, transitionMails, type MailContext, type MailedTransition } from './transitionMails.js';
import { creditKinds, refundToTenders, releaseTenders, takeTenders, type TenderHook } from './tenders.js';

export interface OrderStoreParts {
  unit: OrderUnitOfWork;
  queries: OrderQueries;
  /** ORDER_ALERT_EMAIL: who hears of each paid order; unset: every admin. */
  alertEmail?: string;
  /** Issue 39: the modules' ways to pay and credits (modules/index.ts TENDER_HOOKS). */
  tenders?: readonly TenderHook[];
}

/** What a decision on one existing order answers. */
interface Decided {
  change: OrderChange;
  /** The stock it moves: the levels after, the stock read before, and why (the history's cause and actor). */
  restock?: { stock: StockLevel[]; before: ReadonlyMap<string, number>; cause: StockCause; by: string };
  /** The order's code use goes back (an unpaid order released). */
  codeBack?: boolean;
  mail?: { transition: MailedTransition; context?: MailContext };
  reverifyReviews?: boolean;
  /** Tender records written with the order (a card's balance given back). */
  records?: OrderChangeSet['records'];
  /** False: the decision changed nothing (a repeat): nothing written, nothing published. */
  changed?: boolean;
}

/** The stock a placement reads for each level it moves (a variant's, or its product's). */
function stockBefore(products: ReadonlyMap<string, StockedProduct>, levels: readonly StockLevel[]) {
  const before = new Map<string, number>();
  for (const { product, variant } of levels) {
    const p = products.get(product)!;
    before.set(stockKey(product, variant), variant ? p.variants!.get(variant)!.countInStock : p.countInStock);
  }
  return before;
}

/** The order a sweep found, or null when it went since the sweep's query (any other failure is thrown). */
async function orderIfAny(unit: OrderUnit, id: string): Promise<OrderRecord | null> {
  try {
    return await unit.order(id);
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not_found') return null;
    throw error;
  }
}

/** The change set of a decision on order `id` (read as `before`), published as `type`. */
function changeSetOf(id: string, before: OrderRecord, type: OrderEvent['type'], decided: Decided, now: Date) {
  const after = { ...before, ...decided.change };
  const order = orderFromRecord(id, after);
  const stock = decided.restock?.stock ?? [];
  const changes: OrderChangeSet = {
    at: now,
    patch: { id, before, change: decided.change },
    events: orderEvents(type, order, stock),
  };
  if (decided.restock) {
    const { before: read, cause, by } = decided.restock;
    changes.stock = { changes: stockChanges(stock, read), context: { cause, by, at: now.toISOString(), orderId: id } };
  }
  // A code's use goes back with an unpaid order's release (cancel, expiry), once: the order's own.
  if (decided.codeBack && before.couponCode)
    changes.codeUse = { code: before.couponCode, customer: before.user, delta: -1 };
  if (decided.mail) changes.mails = transitionMails(decided.mail.transition, id, after, now, decided.mail.context);
  if (decided.records?.length) changes.records = decided.records;
  if (decided.reverifyReviews)
    changes.reverifyReviews = { userId: before.user._id, productIds: before.orderItems.map((l) => l.product) };
  return { changes, result: order };
}

/** The order store: the use cases over `unit`, the queries as the store answers them. */
export function createOrderStore({ unit: uow, queries, alertEmail, tenders = [] }: OrderStoreParts): OrderStore {
  /** Runs a decision on one order in a unit of work; answers the order as it now is. */
  const change = (
    id: string,
    type: OrderEvent['type'],
    now: Date,
    decide: (order: OrderRecord, unit: OrderUnit) => Promise<Decided> | Decided,
  ): Promise<Order> =>
    uow.run(async (unit) => {
      const before = await unit.order(id);
      const decided = await decide(before, unit);
      if (decided.changed === false)
        return { changes: {}, result: orderFromRecord(id, { ...before, ...decided.change }) };
      return changeSetOf(id, before, type, decided, now);
    });

  /** An unpaid order's release (cancel, expiry): its stock, its code's use and its tenders' money go back. */
  const release = async (
    id: string,
    order: OrderRecord,
    unit: OrderUnit,
    decide: (stock: ReadonlyMap<string, number>) => { patch: OrderChange; stock: StockLevel[] } | null,
    cause: StockCause,
    by: string,
    transition: MailedTransition,
    now: Date,
  ): Promise<Decided> => {
    const before = await unit.stockOf(order);
    const decision = decide(before);
    if (!decision) return { change: {}, changed: false };
    const released = await releaseTenders(unit, tenders, order, id, now);
    return {
      change: released.tenders ? { ...decision.patch, tenders: released.tenders } : decision.patch,
      records: released.records,
      restock: { stock: decision.stock, before, cause, by },
      codeBack: true,
      mail: { transition },
    };
  };

  const expireOne = (id: string, now: Date): Promise<boolean> =>
    uow.run(async (unit) => {
      const before = await orderIfAny(unit, id);
      if (!before) return { changes: {}, result: false };
      const decided = await release(
        id,
        before,
        unit,
        (s) => expireOrder(before, s, now),
        'expiry',
        SYSTEM_ACTOR,
        'expired',
        now,
      );
      if (decided.changed === false) return { changes: {}, result: false };
      return { ...changeSetOf(id, before, 'OrderExpired', decided, now), result: true };
    });

  const remindOne = (id: string, now: Date): Promise<boolean> =>
    uow.run(async (unit) => {
      const order = await orderIfAny(unit, id);
      if (!order || !holdReminderDue(order, now, await unit.mailRecorded(holdReminderKey(id))))
        return { changes: {}, result: false };
      return { changes: { at: now, mails: transitionMails('reminder', id, order, now) }, result: true };
    });

  /** A money-back step that only changes the order's record (no stock, no mail). */
  const update = (id: string, now: Date, decide: (order: OrderRecord) => OrderChange) =>
    change(id, 'OrderUpdated', now, (order) => ({ change: decide(order) }));

  return {
    ...bindQueries(queries),

    // Only where the unit of work can know (embedded): elsewhere the routes ask nothing and the transaction decides.
    ...(uow.knownStockRefusal ? { knownStockRefusal: uow.knownStockRefusal.bind(uow) } : {}),

    place(cmd: PlaceOrderCommand) {
      const customer = customerOf(cmd);
      const reads: PlacementReads = {
        productIds: [...new Set(cmd.lines.map((l) => l.product))],
        customerId: customer._id,
        // A guest's order is also held per shipping address; every order per client address (issue 36).
        addressKey: cmd.guest ? guestAddressKey(cmd.shippingAddress) : null,
        clientKey: cmd.clientHold?.key ?? null,
        // A guest keeps no address book; a customer's keeps the order's address (once, marked last used).
        addressBookOf: cmd.guest ? null : customer._id,
        lines: cmd.lines,
      };
      return uow.run(async (unit) => {
        const id = unit.newId();
        const products = await unit.products(reads.productIds);
        const open = await unit.openOrders(reads);
        const coupon = cmd.couponCode ? await unit.coupon(cmd.couponCode, customer) : null;
        const book = reads.addressBookOf ? await unit.addressBook(reads.addressBookOf) : null;
        const placed = placeOrder(
          placeOrderRequest(cmd, id),
          products,
          open.customer,
          coupon,
          open.address,
          open.client,
        );
        const { stock, redemption } = placed;
        // Issue 39: the tenders asked (a gift card) pay their share in this transaction; covered, it is paid now.
        const paid = cmd.tenders?.length
          ? await takeTenders(unit, tenders, cmd.tenders, placed.record, id, cmd.now)
          : { record: placed.record, records: [] };
        const record = paid.record;
        const order = orderFromRecord(id, record);
        const at = new Date(record.createdAt);
        const paidNow = record.status === 'paid';
        const changes: OrderChangeSet = {
          at,
          placed: { id, record },
          stock: {
            changes: stockChanges(stock, stockBefore(products, stock)),
            context: { cause: 'order', by: customer._id, at: record.createdAt, orderId: id },
          },
          // Paid by its tenders: the receipt and the owner's alert, no "pay by" message.
          mails: paidNow
            ? transitionMails('paid', id, record, at, { ownerAlert: await ownerAlertRecipients(unit, alertEmail) })
            : transitionMails('placed', id, record, at),
          events: [...orderEvents('OrderPlaced', order, stock), ...(paidNow ? orderEvents('OrderPaid', order) : [])],
        };
        if (paid.records.length) changes.records = paid.records;
        if (redemption) changes.codeUse = { code: redemption.code, customer, delta: 1 };
        if (book)
          changes.addressBook = {
            userId: customer._id,
            change: rememberAddress(book, cmd.shippingAddress, unit.newId(), new Date(record.createdAt)),
          };
        return { changes, result: order };
      }, reads);
    },

    markPaid: (id: string, payment: PaymentResult, now: Date) =>
      change(id, 'OrderPaid', now, async (order, unit) => ({
        change: payOrder(order, payment, await unit.captureUsed(payment.id), now),
        mail: { transition: 'paid', context: { ownerAlert: await ownerAlertRecipients(unit, alertEmail) } },
      })),

    markDelivered: (id: string, now: Date, shipment: Shipment = {}) =>
      change(id, 'OrderDelivered', now, (order) => ({
        change: deliverOrder(order, now, shipment),
        mail: { transition: 'delivered' },
      })),

    markShipped: (id: string, now: Date, shipment: ShipmentDetails) =>
      change(id, 'OrderShipped', now, (order) => ({
        change: shipOrder(order, now, shipment),
        mail: { transition: 'shipped' },
      })),

    // No message: the customer heard of the delivery; the order page shows it taken back.
    markUndelivered: (id: string, now: Date, reason: string | null) =>
      change(id, 'OrderUndelivered', now, (order) => ({ change: undeliverOrder(order, now, reason) })),

    cancel: (id: string, now: Date, byShop?: { _id: string }) =>
      change(id, 'OrderCancelled', now, (order, unit) =>
        release(
          id,
          order,
          unit,
          (s) => cancelOrder(order, s, now),
          'cancel',
          byShop?._id ?? order.user._id,
          byShop ? 'cancelledByShop' : 'cancelled',
          now,
        ),
      ),

    async expireStale(now: Date) {
      let expired = 0;
      // One unit of work per order: each gives its stock back exactly once even if two sweeps overlap.
      for (const id of await queries.dueForExpiry(now)) if (await expireOne(id, now)) expired++;
      return expired;
    },

    async remindUnpaid(now: Date) {
      let reminded = 0;
      for (const id of await queries.dueForReminder(now)) if (await remindOne(id, now)) reminded++;
      return reminded;
    },

    claimGuestOrder: (id: string, account: { _id: string; name: string; email: string }) =>
      change(id, 'OrderUpdated', new Date(), (order) => {
        assertMayClaim(order, account.email);
        return { change: claimPatch(account) };
      }),

    async reserveRefund(id: string, request: RefundRequest) {
      let refund: RefundRecord | undefined;
      const order = await update(id, request.now, (loaded) => {
        // A credit goes to the order's account (a guest's order has none; a deleted account's credit went with it).
        const credits = {
          kinds: creditKinds(tenders),
          ref: loaded.guestEmail || accountDeleted(loaded) ? null : loaded.user._id,
        };
        const decided = decideRefund(loaded, { ...request, credits });
        refund = decided.refund;
        return decided.patch;
      });
      return { order, refund: refund! };
    },

    completeRefund: (id: string, refundId: string, providerRefundId: string, now: Date) =>
      change(id, 'OrderRefunded', now, async (order, unit) => {
        const before = await unit.stockOf(order);
        const done = completeRefund(order, refundId, providerRefundId, before, now);
        return {
          change: done.patch,
          // The parts going to a card or a credit land with the refund, once (a repeat changes nothing).
          records: done.changed ? await refundToTenders(unit, tenders, done.refund, id, now) : [],
          restock: { stock: done.stock, before, ...refundStockCause(done.refund) },
          mail: { transition: 'refunded', context: { refund: done.refund } },
          reverifyReviews: true,
          changed: done.changed,
        };
      }),

    failRefund: (id: string, refundId: string, failure: string, now: Date) =>
      update(id, now, (order) => failRefund(order, refundId, failure)),
    requestCancellation: (id: string, reason: string, now: Date) =>
      change(id, 'OrderUpdated', now, async (order, unit) => ({
        change: requestCancellation(order, reason, now),
        mail: {
          transition: 'cancellationRequested',
          context: { ownerAlert: await ownerAlertRecipients(unit, alertEmail) },
        },
      })),
    declineCancellation: (id: string, message: string, now: Date) =>
      update(id, now, (order) => declineCancellation(order, message, now)),
    requestReturn: (id: string, request: ReturnRequest) =>
      change(id, 'OrderUpdated', request.now, async (order, unit) => ({
        change: requestReturn(order, request),
        mail: {
          transition: 'returnRequested',
          context: { returnId: request.returnId, ownerAlert: await ownerAlertRecipients(unit, alertEmail) },
        },
      })),
    approveReturn: (id: string, returnId: string, now: Date) =>
      change(id, 'OrderUpdated', now, (order) => ({
        change: approveReturn(order, returnId, now),
        mail: { transition: 'returnApproved', context: { returnId } },
      })),
    // The parcel arrived: exactly the lines the owner chose go back on sale (the refund follows, moneyBack.ts).
    receiveReturn: (id: string, returnId: string, restock: readonly LineUnits[], now: Date, by?: string) =>
      change(id, 'OrderUpdated', now, async (order, unit) => {
        const before = await unit.stockOf(order);
        const received = receiveReturn(order, returnId, restock, before, now);
        return {
          change: received.patch,
          restock: { stock: received.stock, before, cause: 'return', by: by ?? SYSTEM_ACTOR },
        };
      }),
    declineReturn: (id: string, returnId: string, message: string, now: Date) =>
      update(id, now, (order) => declineReturn(order, returnId, message, now)),
  };
}

/** The store's queries as the OrderStore answers them (bound: the store may be a class). */
function bindQueries(q: OrderQueries): Pick<OrderStore, keyof Omit<OrderQueries, 'dueForExpiry' | 'dueForReminder'>> {
  return {
    get: (id) => q.get(id),
    list: (query) => q.list(query),
    exportOrders: (query, batchSize) => q.exportOrders(query, batchSize),
    notes: (id) => q.notes(id),
    addNote: (id, note, now) => q.addNote(id, note, now),
    paidWith: (captureId) => q.paidWith(captureId),
    dailyStats: (since) => q.dailyStats(since),
    requestsSummary: () => q.requestsSummary(),
  };
}
