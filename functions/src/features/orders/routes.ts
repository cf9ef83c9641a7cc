import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { Router, type Response } from 'express';
import type { z } from 'zod';
import {
  assertDeliverable,
  assertMayCancel,
  assertMayPay,
  badInput,
  canRead,
  DomainError,
  forbidden,
  holdUntil,
  LIST_PAGE_SIZE,
  notFound,
  ORDER_STATUS_FILTERS,
  orderListQuerySchema,
  ORDER_MESSAGES,
  paymentOrderOf,
  paypalCaptureSchema,
  placeOrderSchema,
  deliverOrderSchema,
  undeliverOrderSchema,
  orderNoteSchema,
  type AdminOrder,
  type Order,
  orderExportQuerySchema,
  orderCsvRow,
  ORDER_EXPORT_COLUMNS,
  holdLimitsOf,
} from '../../domain/index.js';
import { callerOf, requireAdmin, requireUser } from '../../http/auth.js';
import { assertEmptyBody, parse, parseId } from '../../http/validate.js';
import type { Ports } from '../../ports.js';
import { moneyBack } from './moneyBack.js';
import { captureAndMarkPaid, settleRefusedCapture } from './paypalCheckout.js';
import type { SettingsCache } from '../settings/settingsCache.js';

/** A customer's own orders: pages, status and sort, no customer search. */
const myOrdersQuerySchema = orderListQuerySchema.omit({ search: true });

export function orderRoutes({ store, auth, payments, clock }: Ports, options: { settings: SettingsCache }) {
  const router = Router();
  const signedIn = requireUser(auth);
  const admin = requireAdmin(auth);

  async function readableOrder(id: string, caller: { uid: string; isAdmin: boolean }) {
    const order = await store.orders.get(parseId(id, 'Order'));
    if (!order) throw notFound(ORDER_MESSAGES.notFound);
    if (!canRead(order, caller)) throw forbidden('Not authorized to view this order');
    return order;
  }

  router.post('/', signedIn, async (req, res) => {
    if (Array.isArray(req.body?.orderItems) && req.body.orderItems.length === 0) throw badInput('No order items');
    const input = parse(placeOrderSchema, req.body);
    const user = await store.users.get(callerOf(req).uid);
    if (!user) throw notFound('User not found');
    // The settings in force (cached; a save a moment ago is in force here at once): tax and shipping for the
    // address's country, the hold limits and minutes.
    const settings = await options.settings.current();
    const now = clock.now();
    // Prices and totals sent by the client are ignored: the store prices the order from the database.
    const order = await store.orders.place({
      user: { _id: user._id, name: user.name, email: user.email },
      lines: input.orderItems.map((l) => ({
        product: l.product,
        qty: l.qty,
        ...(l.variant === undefined ? {} : { variant: l.variant }),
      })),
      shippingAddress: input.shippingAddress,
      paymentMethod: input.paymentMethod,
      now,
      expiresAt: holdUntil(now, settings.holdMinutes),
      holdLimits: holdLimitsOf(settings),
      settings,
      ...(input.couponCode ? { couponCode: input.couponCode } : {}),
    });
    res.status(201).json(order);
  });

  /** One page, as `{ orders, page, pages, total }` when pageNumber is given, else the spec's plain array of the
   *  first page (what the original clients read): bounded either way (domain/listQuery.ts). */
  async function sendOrderPage(res: Response, query: Partial<z.output<typeof orderListQuerySchema>>, userId?: string) {
    const page = await store.orders.list({
      userId,
      status: query.status && ORDER_STATUS_FILTERS[query.status],
      search: query.search ?? '',
      sort: query.sort ?? 'newest',
      page: query.pageNumber ?? 1,
      pageSize: LIST_PAGE_SIZE,
    });
    res.json(query.pageNumber === undefined ? page.orders : page);
  }

  router.get('/myorders', signedIn, async (req, res) => {
    await sendOrderPage(res, parse(myOrdersQuerySchema, req.query), callerOf(req).uid);
  });

  router.get('/', admin, async (req, res) => {
    await sendOrderPage(res, parse(orderListQuerySchema, req.query));
  });

  // The orders the list's filters and a date range select, as CSV: each batch the store reads is written through
  // csv-stringify as it comes (backpressure from the response), so neither side holds the whole export.
  router.get('/export.csv', admin, async (req, res) => {
    const query = parse(orderExportQuerySchema, req.query);
    const day = clock.now().toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="voltshop-orders-${day}.csv"`);
    res.setHeader('Cache-Control', 'no-store');
    const orders = store.orders.exportOrders(query);
    async function* rows() {
      for await (const batch of orders) for (const order of batch) yield orderCsvRow(order);
    }
    // A byte-order mark: spreadsheet programs then read the file as UTF-8 (names with accents).
    await pipeline(
      Readable.from(rows()),
      stringify({ header: true, columns: [...ORDER_EXPORT_COLUMNS], bom: true }),
      res,
    );
  });

  // An admin's answer carries the order's internal notes (AdminOrder); the customer's never does.
  router.get('/:id', signedIn, async (req, res) => {
    const caller = callerOf(req);
    const order = await readableOrder(req.params.id as string, caller);
    res.json(caller.isAdmin ? await withNotes(order) : order);
  });

  async function withNotes(order: Order): Promise<AdminOrder> {
    return { ...order, notes: await store.orders.notes(order._id) };
  }

  /** The order as stored, once it is known the caller may pay it now (its owner, unpaid, within its hold). */
  async function payableOrder(id: string, caller: { uid: string; isAdmin: boolean }) {
    const order = await readableOrder(id, caller);
    assertMayPay(order, caller, clock.now());
    return order;
  }

  // The original clients' flow: their browser captured with PayPal; the body is that capture result.
  router.put('/:id/pay', signedIn, async (req, res) => {
    const order = await payableOrder(req.params.id as string, callerOf(req));
    // The provider is asked, not the client: amount, currency and status come from the provider's record.
    const payment = await payments.verifyCapture({ ...paymentOrderOf(order), payload: req.body });
    res.json(await store.orders.markPaid(order._id, payment, clock.now()));
  });

  // The web's flow, step 1: the PayPal order for the stored total (the buttons' createOrder). Answers { id }.
  router.post('/:id/paypal-order', signedIn, async (req, res) => {
    const order = await payableOrder(req.params.id as string, callerOf(req));
    res.status(201).json({ id: await payments.createOrder(paymentOrderOf(order)) });
  });

  // Step 2, after the buyer approved (the buttons' onApprove): the server captures and marks the order paid.
  router.post('/:id/capture', signedIn, async (req, res) => {
    const caller = callerOf(req);
    const order = await readableOrder(req.params.id as string, caller);
    try {
      assertMayPay(order, caller, clock.now());
    } catch (refusal) {
      // Paid or expired meanwhile: a replay of this order's own capture answers the paid order; money PayPal
      // captured for it and never recorded goes back (a lost answer, retried late).
      if (refusal instanceof DomainError && refusal.kind === 'conflict') {
        const paid = await settleRefusedCapture({ store, payments }, order, req.body, refusal);
        if (paid) {
          res.json(paid);
          return;
        }
      }
      throw refusal;
    }
    const { paypalOrderId } = parse(paypalCaptureSchema, req.body);
    res.json(await captureAndMarkPaid({ store, payments }, order, paypalOrderId, clock.now()));
  });

  const money = moneyBack({ store, payments, clock });
  money.mount(router, { signedIn, admin });

  // The owner ends an unpaid order's hold at once: its stock goes back on sale (store.orders.cancel). An admin
  // cancels a paid, undelivered order: refunded in full and restocked in one step (moneyBack.ts).
  router.put('/:id/cancel', signedIn, async (req, res) => {
    const caller = callerOf(req);
    const order = await readableOrder(req.params.id as string, caller);
    if (caller.isAdmin && order.isPaid) {
      res.json(await money.adminCancel(req, order));
      return;
    }
    assertEmptyBody(req.body);
    assertMayCancel(order, caller, clock.now());
    res.json(await store.orders.cancel(order._id, clock.now()));
  });

  // The original clients send no body (or {}): the order is marked delivered as before, with no carrier.
  router.put('/:id/deliver', admin, async (req, res) => {
    const shipment = parse(deliverOrderSchema, req.body);
    const order = await store.orders.get(parseId(req.params.id, 'Order'));
    if (!order) throw notFound(ORDER_MESSAGES.notFound);
    assertDeliverable(order);
    res.json(await withNotes(await store.orders.markDelivered(order._id, clock.now(), shipment)));
  });

  router.put('/:id/undeliver', admin, async (req, res) => {
    const { reason } = parse(undeliverOrderSchema, req.body);
    const id = parseId(req.params.id, 'Order');
    res.json(await withNotes(await store.orders.markUndelivered(id, clock.now(), reason ?? null)));
  });

  router.post('/:id/notes', admin, async (req, res) => {
    const { text } = parse(orderNoteSchema, req.body);
    const id = parseId(req.params.id, 'Order');
    const author = await store.users.get(callerOf(req).uid);
    if (!author) throw notFound('User not found');
    await store.orders.addNote(id, { text, by: { _id: author._id, name: author.name } }, clock.now());
    const order = await store.orders.get(id);
    if (!order) throw notFound(ORDER_MESSAGES.notFound);
    res.status(201).json(await withNotes(order));
  });

  return router;
}
