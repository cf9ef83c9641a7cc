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
  holdLimitsOf,
} from '../../domain/index.js';
import { callerOf, requireAdmin, requireUser } from '../../http/auth.js';
import { assertEmptyBody, parse, parseId } from '../../http/validate.js';
import type { Ports } from '../../ports.js';
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
      lines: input.orderItems.map((l) => ({ product: l.product, qty: l.qty })),
      shippingAddress: input.shippingAddress,
      paymentMethod: input.paymentMethod,
      now,
      expiresAt: holdUntil(now, settings.holdMinutes),
      holdLimits: holdLimitsOf(settings),
      settings,
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

  router.get('/:id', signedIn, async (req, res) => {
    res.json(await readableOrder(req.params.id as string, callerOf(req)));
  });

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

  // The owner ends an unpaid order's hold at once: its stock goes back on sale (store.orders.cancel).
  router.put('/:id/cancel', signedIn, async (req, res) => {
    assertEmptyBody(req.body);
    const caller = callerOf(req);
    const order = await readableOrder(req.params.id as string, caller);
    assertMayCancel(order, caller, clock.now());
    res.json(await store.orders.cancel(order._id, clock.now()));
  });

  router.put('/:id/deliver', admin, async (req, res) => {
    const order = await store.orders.get(parseId(req.params.id, 'Order'));
    if (!order) throw notFound(ORDER_MESSAGES.notFound);
    assertDeliverable(order);
    res.json(await store.orders.markDelivered(order._id, clock.now()));
  });

  return router;
}
