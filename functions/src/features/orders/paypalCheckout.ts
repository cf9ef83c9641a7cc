// Capture in the function: the money PayPal takes is either on a paid order or on its way back to the buyer.
import {
  captureMismatch,
  conflict,
  DomainError,
  mayRefundCapture,
  paymentOrderOf,
  paypalCaptureSchema,
  unavailable,
  type Order,
  type PaymentOrder,
} from '../../domain/index.js';
import type { PaymentGateway, Ports, ProviderCapture } from '../../ports.js';

export interface PaymentLog {
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

/** The PayPal checkout's use cases on the shop's store and gateway, `log` told what a human must look at (the
 *  routes make it once). */
export function paypalCheckout({ store, payments }: Pick<Ports, 'store' | 'payments'>, log: PaymentLog = console) {
  /**
   * Captures the PayPal order the buyer approved and marks the shop order paid with that capture. A PayPal order made
   * for another shop order or amount is refused before anything is captured (the gateway reads it first). When the
   * capture cannot pay the order (hold expired, paid meanwhile, store error, changed after that read), it is refunded
   * if it is this order's to refund (domain mayRefundCapture), with a 409 saying so; otherwise it is left to the
   * order that records or names it, and the 409 says why. The caller has checked that the order is payable by this
   * caller.
   */
  async function captureAndMarkPaid(order: Order, paypalOrderId: string, now: Date): Promise<Order> {
    const expected = paymentOrderOf(order);
    const captured = await payments.capture(expected, paypalOrderId);
    let failure: unknown;
    try {
      const mismatch = captureMismatch(expected, captured);
      if (mismatch) throw conflict(mismatch);
      return await store.orders.markPaid(order._id, captured.payment, now);
    } catch (error) {
      failure = error;
    }

    const captureId = captured.payment.id;
    let current: Order | null;
    let paidOrderId: string | null;
    try {
      current = await store.orders.get(order._id);
      paidOrderId = await store.orders.paidWith(captureId);
    } catch (error) {
      // Unknown whether the order was marked paid: no refund. A retry captures with the same request id, so it gets
      // this same capture back and settles the order either way.
      log.error(
        `[payments] capture ${captureId} for order ${order._id}: the order could not be marked paid nor read back`,
        failure,
        error,
      );
      throw unavailable(
        'Your payment went through, but the shop could not confirm your order just now. Please try again in a moment: it will not charge you twice.',
      );
    }
    // A concurrent call for this order (same request id, so the same capture) recorded it first: that is success.
    if (current?.paymentResult?.id === captureId) return current;

    const reason = failure instanceof DomainError ? failure.message : 'the shop could not record the payment';
    if (!(failure instanceof DomainError)) log.error(`[payments] marking order ${order._id} paid failed`, failure);
    await refundIfThisOrders(captured, expected, paidOrderId, reason);
    throw conflict(`${reason}. This order is unchanged.`);
  }

  /**
   * Capture was asked for an order that can no longer be paid (already paid, expired, cancelled). When the order is
   * paid with this very PayPal order's capture, the request is a replay: answers the paid order. When PayPal holds a
   * completed capture made for this order that no order records (its answer was lost, then the hold ran out), that
   * money goes back: refunded, and a 409 saying so. Otherwise answers null and the caller answers its own refusal;
   * a capture made for another order, or recorded by one, is never touched from here.
   */
  async function settleRefusedCapture(order: Order, body: unknown, refusal: DomainError): Promise<Order | null> {
    const request = paypalCaptureSchema.safeParse(body);
    if (!request.success) return null;
    let captured: ProviderCapture | null;
    try {
      captured = await payments.findCapture(request.data.paypalOrderId);
    } catch {
      return null; // PayPal cannot tell now; the refusal stands and a retry asks again
    }
    if (!captured || captured.shopOrderId !== order._id) return null;
    // Read fresh: a concurrent call may just have recorded this very capture (then it is this order's payment).
    const current = await store.orders.get(order._id);
    if (!current) return null;
    if (current.paymentResult?.id === captured.payment.id) return current;
    const expected = paymentOrderOf(order);
    const paidOrderId = await store.orders.paidWith(captured.payment.id);
    await refundIfThisOrders(captured, expected, paidOrderId, refusal.message);
    return null;
  }

  /** A capture this order could not use: refunded when it is this order's to refund (domain mayRefundCapture), which
   *  throws the answer (refundUnusable); otherwise left alone and logged with whose it is, for a human who looks. */
  async function refundIfThisOrders(
    captured: ProviderCapture,
    order: PaymentOrder,
    paidOrderId: string | null,
    reason: string,
  ): Promise<void> {
    if (mayRefundCapture(order, captured, paidOrderId)) return refundUnusable(payments, captured, order, reason, log);
    const whose = paidOrderId
      ? `order ${paidOrderId} records it`
      : `it was made for ${captured.shopOrderId ? `order ${captured.shopOrderId}` : 'no shop order'}`;
    log.warn(`[payments] capture ${captured.payment.id} not refunded for order ${order.orderId}: ${whose} (${reason})`);
  }

  return { captureAndMarkPaid, settleRefusedCapture };
}

/** Refunds a capture the shop cannot use and throws the answer: 409 refunded, or 503 (logged) when the refund failed. */
async function refundUnusable(
  payments: PaymentGateway,
  captured: ProviderCapture,
  order: PaymentOrder,
  reason: string,
  log: PaymentLog,
): Promise<never> {
  const { id: captureId, amount, currency } = captured.payment;
  try {
    await payments.refund(captured.payment, order);
  } catch (error) {
    log.error(
      `[payments] REFUND FAILED: capture ${captureId} (${amount} ${currency}) for order ${order.orderId} could not be used (${reason}) and must be refunded by hand`,
      error,
    );
    throw unavailable(
      `PayPal took your payment but it could not be used for this order (${reason}), and the automatic refund did not go through. The shop has logged payment ${captureId} and will refund it.`,
    );
  }
  log.warn(`[payments] refunded capture ${captureId} (${amount} ${currency}) for order ${order.orderId}: ${reason}`);
  throw conflict(`Your PayPal payment was refunded: it could not be used for this order. ${reason}`);
}
