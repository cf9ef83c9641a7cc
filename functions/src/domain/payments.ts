// Payment rules that hold whatever gateway runs (PayPal or the simulated test payments) and whatever store.
import { z } from 'zod';
import { toAmountString, toCents } from './money.js';
import type { Order, PaymentResult } from './types.js';

/** The shop's own, labelled test payment: the only body PUT /api/orders/:id/pay accepts in simulated mode (the web sends it). */
export const TEST_PAYMENT = { simulated: true } as const;
export const testPaymentSchema = z.strictObject({ simulated: z.literal(true) });

export const TEST_PAYMENT_MODE_MESSAGE =
  'This shop runs in test-payment mode: it accepts only its own test payment ({"simulated": true}) and takes no real payment';

/** The body of POST /api/orders/:id/capture: the PayPal order the shopper approved (PayPal's `orderID`). */
export const paypalCaptureSchema = z.strictObject({
  paypalOrderId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'paypalOrderId must be the PayPal order id'),
});

/** What a payment is for, always from the stored order (never from the client). */
export interface PaymentOrder {
  orderId: string;
  totalCents: number;
  currency: string;
}

export function paymentOrderOf(
  order: Pick<Order, '_id' | 'totalPrice' | 'currency'> & Partial<Pick<Order, 'tenders'>>,
): PaymentOrder {
  // Issue 39: the provider is asked for the rest of the total, after the order's tenders (a gift card).
  const tendered = (order.tenders ?? []).reduce((sum, t) => sum + toCents(t.amount), 0);
  return { orderId: order._id, totalCents: toCents(order.totalPrice) - tendered, currency: order.currency };
}

/** Why a provider's amount is not this order's total (exact strings, as PayPal sends them), or null when it is. */
export function amountMismatch(order: PaymentOrder, amount: { value?: unknown; currency?: unknown }): string | null {
  const expected = toAmountString(order.totalCents);
  if (amount.value === expected && amount.currency === order.currency) return null;
  const shown = (v: unknown) => (typeof v === 'string' ? v : '?');
  return `Payment amount ${shown(amount.value)} ${typeof amount.currency === 'string' ? amount.currency : ''} does not match the order total ${expected} ${order.currency}`;
}

/** A capture the provider made (money moved), and the shop order id its provider order carries, if any. */
export interface ProviderCapture {
  payment: PaymentResult;
  shopOrderId: string | undefined;
}

export const MADE_FOR_ANOTHER_ORDER = 'This PayPal payment was made for another order';

/**
 * Why a provider order may not be captured for this shop order, asked BEFORE capturing (so nothing is taken): it
 * must name this order (PayPal's custom_id; one naming another order or none belongs elsewhere) and, while nothing
 * is captured yet, ask exactly its total. One already captured for this order goes on to be judged by its capture
 * (captureMismatch), so money taken for this order at a wrong amount is refunded rather than left. Null when it
 * may be captured.
 */
export function providerOrderMismatch(
  order: PaymentOrder,
  found: { shopOrderId: string | undefined; value: unknown; currency: unknown; captured?: boolean },
): string | null {
  if (found.shopOrderId !== order.orderId) return MADE_FOR_ANOTHER_ORDER;
  return found.captured ? null : amountMismatch(order, found);
}

/** Why this capture cannot pay this order, or null when it can: completed, for this order, for its exact total. */
export function captureMismatch(order: PaymentOrder, captured: ProviderCapture): string | null {
  if (captured.payment.status !== 'COMPLETED') return 'PayPal has not completed this payment';
  return providerOrderMismatch(order, {
    shopOrderId: captured.shopOrderId,
    value: captured.payment.amount,
    currency: captured.payment.currency,
  });
}

/**
 * Whether this order's request may refund a capture it cannot use. Only money made for this order (custom_id) that
 * no order records: a capture another order records is that order's payment, and one made for another order is
 * that order's to claim. Refunding either from here would undo someone else's payment.
 */
export function mayRefundCapture(order: PaymentOrder, captured: ProviderCapture, paidOrderId: string | null): boolean {
  return captured.shopOrderId === order.orderId && paidOrderId === null;
}

/**
 * Whether a provider order names a shop order other than this one (PayPal: custom_id and reference_id, where
 * PayPal's own 'default' names none). The original clients' browser makes provider orders naming none: those may pay.
 */
export function namesAnotherOrder(orderId: string, named: (string | undefined)[]): boolean {
  return named.some((name) => name !== undefined && name !== '' && name !== 'default' && name !== orderId);
}
