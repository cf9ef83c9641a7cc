// Money back (issue 28): refunds, cancelling a paid order, the customer's cancellation request, returns. A refund is
// reserved in the store (pending: it counts against what may still be refunded, so racing refunds cannot exceed
// what was paid), then the provider refunds (idempotent by the refund's id), then the store completes it. A refusal
// by the provider releases the reservation (failed); an unknown outcome (timeout, outage, or a store error after the
// provider answered) keeps it pending, and POST .../refunds/:refundId/retry asks the provider again with the same
// id, which never refunds twice.
import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Router } from 'express';
import {
  adminCancelSchema,
  cancellationDecisionSchema,
  cancellationRequestSchema,
  conflict,
  customerView,
  DomainError,
  forbidden,
  isOwner,
  notFound,
  ORDER_MESSAGES,
  providerPartCents,
  REFUND_MESSAGES,
  refundSchema,
  RETURN_MESSAGES,
  legacyReturnDecisionSchema,
  returnDecisionSchema,
  returnRequestSchema,
  unavailable,
  type Order,
  type RefundRequest,
} from '../../domain/index.js';
import { callerOf } from '../../http/auth.js';
import { parse, parseId } from '../../http/validate.js';
import type { Ports } from '../../ports.js';
import { endpoints } from '../../api/endpoints.js';
import { handle } from '../../http/endpoint.js';

type Log = Pick<Console, 'warn' | 'error'>;

export function moneyBack({ store, payments, clock }: Pick<Ports, 'store' | 'payments' | 'clock'>, log: Log = console) {
  /** Asks the provider for a reserved refund's part (`amountCents`: what is not going to a tender or a credit, which
   *  the completion credits) and completes it (or fails it when the provider refused). */
  async function settle(order: Order, refundId: string, amountCents: number, reason: string): Promise<Order> {
    if (amountCents === 0) return store.orders.completeRefund(order._id, refundId, 'NONE', clock.now());
    if (!order.paymentResult) {
      await store.orders.failRefund(order._id, refundId, 'no payment recorded', clock.now());
      throw conflict('This order has no recorded payment to refund');
    }
    let providerRefundId: string;
    try {
      ({ providerRefundId } = await payments.refundPart(order.paymentResult, {
        refundId,
        orderId: order._id,
        amountCents,
        currency: order.currency,
        note: reason || `Refund for your Voltshop order`,
      }));
    } catch (error) {
      if (error instanceof DomainError && (error.kind === 'conflict' || error.kind === 'bad_input')) {
        await store.orders.failRefund(order._id, refundId, error.message, clock.now());
        throw conflict(`The refund did not go through: ${error.message}. Nothing was refunded.`);
      }
      log.error(`[refunds] refund ${refundId} of order ${order._id}: outcome unknown, kept pending`, error);
      throw unavailable(
        'The payment provider did not confirm the refund. It is kept pending (never refunded twice): try again in a moment with "Retry refund".',
      );
    }
    try {
      return await store.orders.completeRefund(order._id, refundId, providerRefundId, clock.now());
    } catch (error) {
      // The money went back but the order could not record it: a retry completes it (the provider answers the same
      // refund for the same id).
      log.error(
        `[refunds] refund ${refundId} of order ${order._id} refunded as ${providerRefundId}, not recorded`,
        error,
      );
      throw unavailable('The refund went through but could not be recorded yet: use "Retry refund" to record it.');
    }
  }

  /** Reserves, refunds, completes. */
  async function refund(orderId: string, request: Omit<RefundRequest, 'refundId' | 'now'>): Promise<Order> {
    const refundId = randomBytes(8).toString('hex');
    const { order, refund } = await store.orders.reserveRefund(orderId, { ...request, refundId, now: clock.now() });
    return settle(order, refund.id, providerPartCents(refund), refund.reason);
  }

  async function byAdmin(req: Request) {
    const user = await store.users.get(callerOf(req).uid);
    return { _id: callerOf(req).uid, name: user?.name ?? 'Admin' };
  }

  async function existing(id: unknown): Promise<Order> {
    const order = await store.orders.get(parseId(id, 'Order'));
    if (!order) throw notFound(ORDER_MESSAGES.notFound);
    return order;
  }

  /** The admin cancels a paid, undelivered order: a full refund of what remains, every line restocked. */
  async function cancelPaid(req: Request, order: Order, reason: string): Promise<Order> {
    return refund(order._id, { cancel: true, restock: true, reason, by: await byAdmin(req) });
  }

  function mount(router: Router, guards: { signedIn: RequestHandler; admin: RequestHandler }) {
    handle(router, endpoints.orderRefund, guards.admin, async (req, res) => {
      const input = parse(refundSchema, req.body);
      const order = await existing(req.params.id);
      res.status(201).json(
        await refund(order._id, {
          amount: input.amount,
          items: input.items,
          ...(input.returnId ? { returnId: input.returnId } : {}),
          ...(input.to ? { to: input.to } : {}),
          restock: input.restock ?? false,
          reason: input.reason ?? '',
          by: await byAdmin(req),
        }),
      );
    });

    handle(router, endpoints.orderRefundRetry, guards.admin, async (req, res) => {
      const order = await existing(req.params.id);
      const pending = order.refunds.find((r) => r.id === req.params.refundId);
      if (!pending) throw notFound(REFUND_MESSAGES.notFound);
      if (pending.status === 'completed') {
        res.json(order);
        return;
      }
      if (pending.status === 'failed') throw conflict('This refund failed; start a new one');
      const toParts = (pending.parts ?? []).reduce((sum, p) => sum + Math.round(p.amount * 100), 0);
      res.json(await settle(order, pending.id, Math.round(pending.amount * 100) - toParts, pending.reason));
    });

    handle(router, endpoints.orderCancellationRequest, guards.signedIn, async (req, res) => {
      const { reason } = parse(cancellationRequestSchema, req.body);
      const order = await existing(req.params.id);
      if (!isOwner(order, callerOf(req).uid)) throw forbidden(REFUND_MESSAGES.notYoursToRequest);
      res.status(201).json(customerView(await store.orders.requestCancellation(order._id, reason, clock.now())));
    });

    handle(router, endpoints.orderReturnRequest, guards.signedIn, async (req, res) => {
      const { items, reason } = parse(returnRequestSchema, req.body);
      const order = await existing(req.params.id);
      if (!isOwner(order, callerOf(req).uid)) throw forbidden(RETURN_MESSAGES.notYours);
      const returnId = randomBytes(8).toString('hex');
      res
        .status(201)
        .json(customerView(await store.orders.requestReturn(order._id, { returnId, items, reason, now: clock.now() })));
    });

    // Issue 38: approve (nothing refunded yet), decline, or receive (the parcel arrived: restock the lines given,
    // none by default, then refund the return's lines through the refund path, which marks it refunded). The older
    // web's { approve: boolean } reads as approve / decline.
    handle(router, endpoints.orderReturnDecide, guards.admin, async (req, res) => {
      const body: unknown = req.body;
      const legacy = !!body && typeof body === 'object' && 'approve' in body;
      const decision = legacy ? parse(legacyReturnDecisionSchema, body) : parse(returnDecisionSchema, body);
      const order = await existing(req.params.id);
      const ret = order.returns.find((r) => r.id === req.params.returnId);
      if (!ret) throw notFound(RETURN_MESSAGES.notFound);
      const now = clock.now();
      if (decision.action === 'approve') {
        res.json(await store.orders.approveReturn(order._id, ret.id, now));
        return;
      }
      if (decision.action === 'decline') {
        res.json(await store.orders.declineReturn(order._id, ret.id, decision.message ?? '', now));
        return;
      }
      const by = await byAdmin(req);
      const restock = 'restock' in decision ? (decision.restock ?? []) : [];
      const received = await store.orders.receiveReturn(order._id, ret.id, restock, now, by._id);
      // The money goes back once the parcel is in: its lines as charged, nothing restocked by the refund (receiving
      // did what the owner chose). A refund refused or unconfirmed leaves the return received: "Retry refund", or a
      // refund with this returnId, finishes it.
      res.json(
        await refund(received._id, {
          returnId: ret.id,
          restock: false,
          reason: `Return: ${ret.reason}`,
          by,
        }),
      );
    });

    handle(router, endpoints.orderCancellationDecide, guards.admin, async (req, res) => {
      const { approve, message } = parse(cancellationDecisionSchema, req.body);
      const order = await existing(req.params.id);
      const request = order.cancellationRequest;
      if (!request || request.status !== 'pending') throw conflict(REFUND_MESSAGES.noRequest);
      res.json(
        approve
          ? await cancelPaid(req, order, `Cancelled at your request: ${request.reason}`)
          : await store.orders.declineCancellation(order._id, message ?? '', clock.now()),
      );
    });
  }

  /** PUT /:id/cancel by an admin on a paid order (the owner's unpaid cancel stays as it was). */
  async function adminCancel(req: Request, order: Order): Promise<Order> {
    const { reason } = parse(adminCancelSchema, req.body ?? {});
    return cancelPaid(req, order, reason ?? 'Cancelled by the shop');
  }

  return { mount, adminCancel, refund };
}
