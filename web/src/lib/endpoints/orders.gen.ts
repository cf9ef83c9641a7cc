// Generated from functions/src/api/endpoints.ts by scripts/gen-web-endpoints.ts: do not edit. Each call by
// name: its method and path at run time, its inputs' and answer's types from the table (call() in lib/api).
import type { Route } from '@api/endpoint';
import type { Endpoints } from '@api/endpoints';

export const orderPlace: Route<Endpoints['orderPlace']> = { method: 'POST', path: '/api/orders' };
export const orderPlaceGuest: Route<Endpoints['orderPlaceGuest']> = { method: 'POST', path: '/api/orders/guest' };
export const orderClaim: Route<Endpoints['orderClaim']> = { method: 'POST', path: '/api/orders/claim' };
export const myOrders: Route<Endpoints['myOrders']> = { method: 'GET', path: '/api/orders/myorders' };
export const orderGet: Route<Endpoints['orderGet']> = { method: 'GET', path: '/api/orders/:id' };
export const orderPay: Route<Endpoints['orderPay']> = { method: 'PUT', path: '/api/orders/:id/pay' };
export const orderPaypalOrder: Route<Endpoints['orderPaypalOrder']> = {
  method: 'POST',
  path: '/api/orders/:id/paypal-order',
};
export const orderCapture: Route<Endpoints['orderCapture']> = { method: 'POST', path: '/api/orders/:id/capture' };
export const orderCancellationRequest: Route<Endpoints['orderCancellationRequest']> = {
  method: 'POST',
  path: '/api/orders/:id/cancellation-request',
};
export const orderReturnRequest: Route<Endpoints['orderReturnRequest']> = {
  method: 'POST',
  path: '/api/orders/:id/returns',
};
export const orderCancel: Route<Endpoints['orderCancel']> = { method: 'PUT', path: '/api/orders/:id/cancel' };
