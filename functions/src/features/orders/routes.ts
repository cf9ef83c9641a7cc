import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import {
  assertMayCancel,
  assertMayPay,
  badInput,
  canRead,
  customerView,
  CouponRefusal,
  DomainError,
  forbidden,
  holdUntil,
  isOwner,
  sameEmail,
  LIST_PAGE_SIZE,
  notFound,
  ORDER_STATUS_FILTERS,
  orderListQuerySchema,
  ORDER_MESSAGES,
  paymentOrderOf,
  paypalCaptureSchema,
  deliverOrderSchema,
  shipOrderSchema,
  undeliverOrderSchema,
  orderNoteSchema,
  orderItemsSchema,
  type AdminOrder,
  type Order,
  orderExportQuerySchema,
  orderCsvRow,
  ORDER_EXPORT_COLUMNS,
  holdLimitsOf,
  addressHoldLimits,
  DEFAULT_HOLD_ADDRESS_FACTOR,
  claimOrderSchema,
  guestCustomer,
  GUEST_MESSAGES,
  unavailable,
  toCents,
  type PlaceOrderInput,
  askedTenders,
} from '../../domain/index.js';
import { callerOf, requireAdmin, requireUser } from '../../http/auth.js';
import { assertEmptyBody, parse, parseId } from '../../http/validate.js';
import {
  clientHoldKey,
  couponLimiters,
  DEFAULT_COUPON_CHECK_LIMIT,
  DEFAULT_GUEST_ORDER_LIMIT,
  DEFAULT_ORDER_LIMITS,
  guestOrderLimiters,
  markRefusedCheck,
  orderLimiters,
  type OrderRecipient,
} from '../../http/rateLimits.js';
import type { Caller, Ports } from '../../ports.js';
import { TENDER_HOOKS } from '../../modules/tenderHooks.js';
import { moneyBack } from './moneyBack.js';
import { paypalCheckout } from './paypalCheckout.js';
import type { SettingsCache } from '../settings/settingsCache.js';
import { endpoints } from '../../api/endpoints.js';
import { endpointRouter, handle } from '../../http/endpoint.js';

/** A customer's own orders: pages, status and sort, no customer search. */
const myOrdersQuerySchema = endpoints.myOrders.query;

/** A guest order's token, from `?token=` (the emailed link) or the X-Order-Token header; undefined when neither. */
function orderTokenOf(req: Request): string | undefined {
  const header = req.get('X-Order-Token');
  if (header) return header;
  const query: unknown = req.query.token;
  return typeof query === 'string' && query ? query : undefined;
}

export function orderRoutes(
  { store, auth, payments, clock, orderLinks }: Ports,
  options: {
    settings: SettingsCache;
    guestLimiters?: RequestHandler[];
    /** Orders per account, per address and per unverified inbox (http/rateLimits.ts orderLimiters). */
    orderLimiters?: ReturnType<typeof orderLimiters>;
    /** The refused-code budget shared with POST /api/coupons/check (http/rateLimits.ts couponLimiters). */
    couponLimiters?: RequestHandler[];
    /** Whether the account's email is confirmed (embedded: ports.accounts); else the token's claim (Firebase). */
    emailVerified?: (uid: string) => Promise<boolean>;
    /** The client address's hold limits as a multiple of a customer's (config.ts HOLD_ADDRESS_FACTOR). */
    holdAddressFactor?: number;
  },
) {
  const guestLimiters = options.guestLimiters ?? guestOrderLimiters(DEFAULT_GUEST_ORDER_LIMIT);
  const placeLimiters = options.orderLimiters ?? orderLimiters(DEFAULT_ORDER_LIMITS);
  const codeLimiters = options.couponLimiters ?? couponLimiters(DEFAULT_COUPON_CHECK_LIMIT).order;
  const router = endpointRouter('/api/orders');
  const signedIn = requireUser(auth);
  const admin = requireAdmin(auth);
  // Reading and paying one order: a signed-in caller, or the holder of the order's token (a guest's link).
  const signedInOrToken: RequestHandler = (req, res, next) => (orderTokenOf(req) ? next() : signedIn(req, res, next));

  async function readableOrder(id: string, caller: { uid: string; isAdmin: boolean }) {
    const order = await store.orders.get(parseId(id, 'Order'));
    if (!order) throw notFound(ORDER_MESSAGES.notFound);
    if (!canRead(order, caller)) throw forbidden('Not authorized to view this order');
    return order;
  }

  /** The order of the URL and who asks: with a token, the order's own customer when the token was signed for this
   *  very order, else 404 exactly as for an unknown order (no telling whether it exists); without one, the
   *  signed-in caller, who must be allowed to read it. */
  async function orderAndCaller(req: Request): Promise<{ order: Order; caller: Caller }> {
    const token = orderTokenOf(req);
    if (token === undefined) {
      const caller = callerOf(req);
      return { order: await readableOrder(req.params.id as string, caller), caller };
    }
    const id = parseId(req.params.id, 'Order');
    if (!orderLinks || token.length > 200 || orderLinks.verify(token) !== id) throw notFound(ORDER_MESSAGES.notFound);
    const order = await store.orders.get(id);
    if (!order) throw notFound(ORDER_MESSAGES.notFound);
    return { order, caller: { uid: order.user._id, isAdmin: false } };
  }

  /** The settings in force (cached; a save a moment ago is in force here at once) and what every order's command
   *  takes from them and from the body: tax and shipping for the address's country, the hold limits and minutes. */
  async function orderTerms(input: PlaceOrderInput, req: Request) {
    const settings = await options.settings.current();
    const now = clock.now();
    const holdLimits = holdLimitsOf(settings);
    // Prices and totals sent by the client are ignored (expectedTotal only refuses): the store prices the order from
    // the database.
    return {
      lines: input.orderItems.map((l) => ({
        product: l.product,
        qty: l.qty,
        ...(l.variant === undefined ? {} : { variant: l.variant }),
      })),
      shippingAddress: input.shippingAddress,
      paymentMethod: input.paymentMethod,
      now,
      expiresAt: holdUntil(now, settings.holdMinutes),
      holdLimits,
      // Every account and guest at one client address shares these (issue 36: hoarding with fresh accounts).
      clientHold: {
        key: clientHoldKey(req),
        limits: addressHoldLimits(holdLimits, options.holdAddressFactor ?? DEFAULT_HOLD_ADDRESS_FACTOR),
      },
      settings,
      ...(input.couponCode ? { couponCode: input.couponCode } : {}),
      // The total the page showed (issue 38): compared with the priced total inside the placing transaction.
      ...(input.expectedTotal === undefined ? {} : { expectedTotalCents: toCents(input.expectedTotal) }),
      ...(input.shippingMethod === undefined ? {} : { shippingMethod: input.shippingMethod }),
    };
  }

  /** Issue 39: the tenders an order asks, each read from its hook's body field (domain/tenders.ts askedTenders: the
   *  account's store credit first, then a gift card). */
  function tendersOf(input: Readonly<Record<string, unknown>>, userId: string | null) {
    const tenders = askedTenders(TENDER_HOOKS, input, userId);
    return tenders.length ? { tenders } : {};
  }

  const noItems = (req: Request) => Array.isArray(req.body?.orderItems) && req.body.orderItems.length === 0;

  /** Places the command; an order refused for its code counts against the refused-code budget (codeLimiters). */
  async function placeCounted(res: Response, command: Parameters<typeof store.orders.place>[0]) {
    try {
      return await store.orders.place(command);
    } catch (error) {
      if (error instanceof CouponRefusal) markRefusedCheck(res);
      throw error;
    }
  }

  /** The account placing the order and whether its email is confirmed, for the limiters (an unverified inbox's
   *  orders are bounded) and the route. Read once per request (issue 42): the embedded auth's verify() read the
   *  profile with the role (caller.account); else the profile is read here, and a token vouching the email
   *  confirmed saves the confirmation's lookup (an email change ends the account's sessions, so such a claim is of
   *  the current address; a claim of false may be older than the confirmation and is checked). */
  const accountRecipient: RequestHandler = async (req, res, next) => {
    const caller = callerOf(req);
    let user: { _id: string; name: string; email: string };
    let verified: boolean;
    if (caller.account) {
      user = { _id: caller.uid, name: caller.account.name, email: caller.account.email };
      verified = caller.account.emailVerified;
    } else {
      const stored = await store.users.get(caller.uid);
      if (!stored) throw notFound('User not found');
      user = stored;
      // The token's claim is of the sign-in's address: it vouches for the profile's only when they are the same.
      const claimed = caller.emailVerified === true && sameEmail(caller.email, stored.email);
      verified = claimed || (options.emailVerified ? await options.emailVerified(caller.uid) : false);
    }
    res.locals.orderUser = user;
    res.locals.orderRecipient = { email: user.email, verified } satisfies OrderRecipient;
    next();
  };

  /** A guest's order mails the email given: never proved. */
  const guestRecipient: RequestHandler = (req, res, next) => {
    const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
    if (typeof email === 'string' && email.trim() && email.length <= 254)
      res.locals.orderRecipient = { email, verified: false } satisfies OrderRecipient;
    next();
  };

  /** Issue 42: an order of stock the shop already knows is gone (a sale's late requests) gets the placing
   *  transaction's own 409 at once, from its lines alone: before the limits count it (asking again costs the shop
   *  less than a count) and before the rest of the body is read (no address or code makes it possible). Lines that
   *  do not parse, or stock the store does not know, go on to the full check and the transaction. */
  const knownStockRefusal = store.orders.knownStockRefusal?.bind(store.orders);
  const refuseKnownSoldOut: RequestHandler[] = knownStockRefusal
    ? [
        (req, _res, next) => {
          const lines = orderItemsSchema.safeParse((req.body as { orderItems?: unknown } | undefined)?.orderItems);
          next((lines.success && knownStockRefusal(lines.data)) || undefined);
        },
      ]
    : [];

  // Stock known gone first (no count), then cheap counts (per address, per account), then the account's inbox
  // (read once), then the code's budget.
  const beforeSignedInOrder = [
    signedIn,
    ...refuseKnownSoldOut,
    ...placeLimiters.signedIn,
    accountRecipient,
    placeLimiters.unverifiedInbox,
    ...codeLimiters,
  ];
  const beforeGuestOrder = [
    // Without order links a guest order is unavailable (503 below), whatever its stock.
    ...(orderLinks ? refuseKnownSoldOut : []),
    ...guestLimiters,
    ...placeLimiters.guest,
    guestRecipient,
    placeLimiters.unverifiedInbox,
    ...codeLimiters,
  ];

  handle(router, endpoints.orderPlace, ...beforeSignedInOrder, async (req, res) => {
    if (noItems(req)) throw badInput('No order items');
    const input = parse(endpoints.orderPlace.body, req.body);
    const user = res.locals.orderUser as { _id: string; name: string; email: string };
    const terms = await orderTerms(input, req);
    const order = await placeCounted(res, {
      user: { _id: user._id, name: user.name, email: user.email },
      ...terms,
      ...tendersOf(input, user._id),
    });
    // The store also keeps the address in the account's book, in the order's transaction.
    res.status(201).json(customerView(order));
  });

  // Guest checkout (issue 30): no account, an email. The same placing decision in the same transaction; the hold
  // limits count per email and per shipping address (domain/guests.ts). The answer adds the order's access token,
  // also in the confirmation email's link.
  handle(router, endpoints.orderPlaceGuest, ...beforeGuestOrder, async (req, res) => {
    if (!orderLinks) throw unavailable(GUEST_MESSAGES.notConfigured);
    if (noItems(req)) throw badInput('No order items');
    const { email, ...input } = parse(endpoints.orderPlaceGuest.body, req.body);
    const order = await placeCounted(res, {
      user: guestCustomer(email),
      guest: { email, sign: (id) => orderLinks.sign(id) },
      ...(await orderTerms(input, req)),
      ...tendersOf(input, null),
    });
    res.status(201).json({ ...customerView(order), accessToken: orderLinks.sign(order._id) });
  });

  // "Create an account" after paying, where the account is made outside the API (the Firebase web signs up in the
  // browser): the signed-in account takes the paid guest order of its email the token proves.
  handle(router, endpoints.orderClaim, signedIn, async (req, res) => {
    const { orderToken } = parse(claimOrderSchema, req.body);
    const id = orderLinks?.verify(orderToken);
    if (!id) throw badInput(GUEST_MESSAGES.claimRefused);
    const user = await store.users.get(callerOf(req).uid);
    if (!user) throw notFound('User not found');
    res.json(
      customerView(await store.orders.claimGuestOrder(id, { _id: user._id, name: user.name, email: user.email })),
    );
  });

  /** One page, as `{ orders, page, pages, total }` when pageNumber is given, else the spec's plain array of the
   *  first page (what the original clients read): bounded either way (domain/listQuery.ts). */
  async function sendOrderPage(res: Response, query: Partial<z.output<typeof orderListQuerySchema>>, userId?: string) {
    const page = await store.orders.list({
      userId,
      status: query.status && ORDER_STATUS_FILTERS[query.status],
      ...(query.requests ? { requests: query.requests } : {}),
      search: query.search ?? '',
      sort: query.sort ?? 'newest',
      page: query.pageNumber ?? 1,
      pageSize: LIST_PAGE_SIZE,
    });
    // A customer's own list (userId) shows refunds made by the shop; the admin's list the actors.
    const orders = userId === undefined ? page.orders : page.orders.map(customerView);
    res.json(query.pageNumber === undefined ? orders : { ...page, orders });
  }

  handle(router, endpoints.myOrders, signedIn, async (req, res) => {
    await sendOrderPage(res, parse(myOrdersQuerySchema, req.query), callerOf(req).uid);
  });

  handle(router, endpoints.orderList, admin, async (req, res) => {
    await sendOrderPage(res, parse(orderListQuerySchema, req.query));
  });

  // Issue 38: what waits for the shop (the admin's badge): pending cancellation requests, open returns.
  handle(router, endpoints.orderRequestsSummary, admin, async (_req, res) => {
    res.json(await store.orders.requestsSummary());
  });

  // The orders the list's filters and a date range select, as CSV: each batch the store reads is written through
  // csv-stringify as it comes (backpressure from the response), so neither side holds the whole export.
  handle(router, endpoints.orderExport, admin, async (req, res) => {
    const query = parse(orderExportQuerySchema, req.query);
    const day = clock.now().toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="voltshop-orders-${day}.csv"`);
    res.setHeader('Cache-Control', 'no-store');
    const orders = store.orders.exportOrders(query);
    async function* rows() {
      // The gateway's mode names what would charge an unpaid order ("Test payment" without PayPal credentials).
      for await (const batch of orders) for (const order of batch) yield orderCsvRow(order, payments.mode);
    }
    // A byte-order mark: spreadsheet programs then read the file as UTF-8 (names with accents).
    await pipeline(
      Readable.from(rows()),
      stringify({ header: true, columns: [...ORDER_EXPORT_COLUMNS], bom: true }),
      res,
    );
  });

  // An admin's answer carries the order's internal notes (AdminOrder) and who refunded; the customer's neither.
  handle(router, endpoints.orderGet, signedInOrToken, async (req, res) => {
    const { order, caller } = await orderAndCaller(req);
    res.json(caller.isAdmin ? await withNotes(order) : customerView(order));
  });

  async function withNotes(order: Order): Promise<AdminOrder> {
    return { ...order, notes: await store.orders.notes(order._id) };
  }

  /** The order as stored, once it is known the caller may pay it now (its owner or its token's holder, unpaid,
   *  within its hold). */
  async function payableOrder(req: Request) {
    const { order, caller } = await orderAndCaller(req);
    assertMayPay(order, caller, clock.now());
    return order;
  }

  // The original clients' flow: their browser captured with PayPal; the body is that capture result.
  handle(router, endpoints.orderPay, signedInOrToken, async (req, res) => {
    const order = await payableOrder(req);
    // The provider is asked, not the client: amount, currency and status come from the provider's record.
    const payment = await payments.verifyCapture({ ...paymentOrderOf(order), payload: req.body });
    res.json(customerView(await store.orders.markPaid(order._id, payment, clock.now())));
  });

  // The web's flow, step 1: the PayPal order for the stored total (the buttons' createOrder). Answers { id }.
  handle(router, endpoints.orderPaypalOrder, signedInOrToken, async (req, res) => {
    const order = await payableOrder(req);
    res.status(201).json({ id: await payments.createOrder(paymentOrderOf(order)) });
  });

  // Step 2, after the buyer approved (the buttons' onApprove): the server captures and marks the order paid.
  const paypal = paypalCheckout({ store, payments });
  handle(router, endpoints.orderCapture, signedInOrToken, async (req, res) => {
    const { order, caller } = await orderAndCaller(req);
    try {
      assertMayPay(order, caller, clock.now());
    } catch (refusal) {
      // Paid or expired meanwhile: a replay of this order's own capture answers the paid order; money PayPal
      // captured for it and never recorded goes back (a lost answer, retried late).
      if (refusal instanceof DomainError && refusal.kind === 'conflict') {
        const paid = await paypal.settleRefusedCapture(order, req.body, refusal);
        if (paid) {
          res.json(customerView(paid));
          return;
        }
      }
      throw refusal;
    }
    const { paypalOrderId } = parse(paypalCaptureSchema, req.body);
    res.json(customerView(await paypal.captureAndMarkPaid(order, paypalOrderId, clock.now())));
  });

  const money = moneyBack({ store, payments, clock });
  money.mount(router, { signedIn, admin });

  // The owner (or an admin) ends an unpaid order's hold at once: its stock goes back on sale (store.orders.cancel);
  // the customer is mailed who cancelled it. An admin cancels a paid, undelivered order: refunded in full and
  // restocked in one step (moneyBack.ts).
  handle(router, endpoints.orderCancel, signedIn, async (req, res) => {
    const caller = callerOf(req);
    const order = await readableOrder(req.params.id as string, caller);
    if (caller.isAdmin && order.isPaid) {
      res.json(await money.adminCancel(req, order));
      return;
    }
    assertEmptyBody(req.body);
    assertMayCancel(order, caller, clock.now());
    const byShop = !isOwner(order, caller.uid);
    const cancelled = await store.orders.cancel(order._id, clock.now(), byShop ? { _id: caller.uid } : undefined);
    res.json(caller.isAdmin ? cancelled : customerView(cancelled));
  });

  // Issue 38: shipping is its own step (domain/lifecycle.ts `ship`): carrier and tracking number required.
  handle(router, endpoints.orderShip, admin, async (req, res) => {
    const shipment = parse(shipOrderSchema, req.body);
    const id = parseId(req.params.id, 'Order');
    res.json(await withNotes(await store.orders.markShipped(id, clock.now(), shipment)));
  });

  // The original clients send no body (or {}): a paid order is shipped and delivered at once, a shipped one
  // delivered; the store's decision refuses the rest (409 with why).
  handle(router, endpoints.orderDeliver, admin, async (req, res) => {
    const shipment = parse(deliverOrderSchema, req.body);
    const id = parseId(req.params.id, 'Order');
    res.json(await withNotes(await store.orders.markDelivered(id, clock.now(), shipment)));
  });

  handle(router, endpoints.orderUndeliver, admin, async (req, res) => {
    const { reason } = parse(undeliverOrderSchema, req.body);
    const id = parseId(req.params.id, 'Order');
    res.json(await withNotes(await store.orders.markUndelivered(id, clock.now(), reason ?? null)));
  });

  handle(router, endpoints.orderNoteAdd, admin, async (req, res) => {
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
