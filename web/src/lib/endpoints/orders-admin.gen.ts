// Generated from functions/src/api/endpoints.ts by scripts/gen-web-endpoints.ts: do not edit. Each call by
// name: its method and path at run time, its inputs' and answer's types from the table (call() in lib/api).
import type { Route } from '@api/endpoint';
import type { Endpoints } from '@api/endpoints';

export const orderList: Route<Endpoints['orderList']> = { method: 'GET', path: '/api/orders' };
export const orderRequestsSummary: Route<Endpoints['orderRequestsSummary']> = {
  method: 'GET',
  path: '/api/orders/requests/summary',
};
export const orderExport: Route<Endpoints['orderExport']> = { method: 'GET', path: '/api/orders/export.csv' };
export const orderRefund: Route<Endpoints['orderRefund']> = { method: 'POST', path: '/api/orders/:id/refunds' };
export const orderRefundRetry: Route<Endpoints['orderRefundRetry']> = {
  method: 'POST',
  path: '/api/orders/:id/refunds/:refundId/retry',
};
export const orderReturnDecide: Route<Endpoints['orderReturnDecide']> = {
  method: 'PUT',
  path: '/api/orders/:id/returns/:returnId',
};
export const orderCancellationDecide: Route<Endpoints['orderCancellationDecide']> = {
  method: 'PUT',
  path: '/api/orders/:id/cancellation-request',
};
export const orderShip: Route<Endpoints['orderShip']> = { method: 'PUT', path: '/api/orders/:id/ship' };
export const orderDeliver: Route<Endpoints['orderDeliver']> = { method: 'PUT', path: '/api/orders/:id/deliver' };
export const orderUndeliver: Route<Endpoints['orderUndeliver']> = { method: 'PUT', path: '/api/orders/:id/undeliver' };
export const orderNoteAdd: Route<Endpoints['orderNoteAdd']> = { method: 'POST', path: '/api/orders/:id/notes' };
