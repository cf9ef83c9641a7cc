// Money back (issue 28): refunds and cancelling a paid order (admin), the customer's cancellation request and the
// admin's decision. Every answer is the order as it now is.
import type { Order } from '@domain';
import type { TenderKindName } from '@domain/tenders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import {
  orderCancel,
  orderCancellationDecide,
  orderCancellationRequest,
  orderRefund,
  orderRefundRetry,
  orderReturnDecide,
  orderReturnRequest,
} from '@/lib/endpoints.gen';
import { orderKeys, productKeys } from '@/lib/queryKeys';

export interface RefundBody {
  amount?: number;
  items?: { product: string; qty: number; variant?: string }[];
  restock?: boolean;
  reason?: string;
  /** Issue 39: where the money goes: the account's store credit, or back onto the gift card that paid part of the
   *  order; absent: the original payment (the provider first, then the gift card). */
  to?: RefundDestination;
}

/** A way to pay the domain declares (domain/tenders.ts TENDER_KINDS): a credit, or a tender of the order. */
export type RefundDestination = TenderKindName;

/** POST /api/orders/:id/refunds (admin): no amount and no items refunds what remains. */
export const refundOrder = (orderId: string, body: RefundBody) => call(orderRefund, { params: { id: orderId }, body });

/** POST /api/orders/:id/refunds/:refundId/retry (admin): asks the payment provider again for a pending refund. */
export const retryRefund = (orderId: string, refundId: string) =>
  call(orderRefundRetry, { params: { id: orderId, refundId } });

/** PUT /api/orders/:id/cancel by an admin on a paid order: refunded in full and restocked. */
export const cancelPaidOrder = (orderId: string, reason?: string) =>
  call(orderCancel, { params: { id: orderId }, body: reason ? { reason } : {} }) as Promise<Order>;

/** POST /api/orders/:id/cancellation-request (the customer). */
export const requestCancellation = (orderId: string, reason: string) =>
  call(orderCancellationRequest, { params: { id: orderId }, body: { reason } });

/** PUT /api/orders/:id/cancellation-request (admin): approve = cancel and refund; decline with a message. */
export const decideCancellation = (orderId: string, decision: { approve: boolean; message?: string }) =>
  call(orderCancellationDecide, { params: { id: orderId }, body: decision });

/** POST /api/orders/:id/returns (the customer): some lines of a delivered order, with a reason. */
export const requestReturn = (
  orderId: string,
  body: { items: { product: string; qty: number; variant?: string }[]; reason: string },
) => call(orderReturnRequest, { params: { id: orderId }, body });

/** A line put back in stock when a return arrives. */
export interface RestockLine {
  product: string;
  variant?: string;
  qty: number;
}

/** The admin's step on a return (issue 38): approve (no money moves: the customer is told to send it), decline with a
 *  message, or receive (the parcel arrived: the lines ticked go back in stock, then the return's lines are refunded). */
export type ReturnAction =
  { action: 'approve' } | { action: 'decline'; message: string } | { action: 'receive'; restock: RestockLine[] };

/** PUT /api/orders/:id/returns/:returnId (admin). */
export const decideReturn = (orderId: string, { returnId, ...step }: { returnId: string } & ReturnAction) =>
  call(orderReturnDecide, { params: { id: orderId, returnId }, body: step });

/** A money-back mutation: the answered order replaces the cached one; lists and stock are read again. */
export function useOrderMutation<V>(orderId: string, call: (orderId: string, vars: V) => Promise<Order>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => call(orderId, vars),
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(order._id), order);
      return Promise.all([
        client.invalidateQueries({ queryKey: orderKeys.all }),
        client.invalidateQueries({ queryKey: productKeys.all }),
      ]);
    },
  });
}
