// Generated from functions/src/api/endpoints.ts by scripts/gen-web-endpoints.ts: do not edit. Each call by
// name: its method and path at run time, its inputs' and answer's types from the table (call() in lib/api).
import type { Route } from '@api/endpoint';
import type { Endpoints } from '@api/endpoints';

export const userPasswordReset: Route<Endpoints['userPasswordReset']> = {
  method: 'POST',
  path: '/api/users/:id/password-reset',
};
export const userList: Route<Endpoints['userList']> = { method: 'GET', path: '/api/users' };
export const userGet: Route<Endpoints['userGet']> = { method: 'GET', path: '/api/users/:id' };
export const userOpenOrders: Route<Endpoints['userOpenOrders']> = { method: 'GET', path: '/api/users/:id/open-orders' };
export const userUpdate: Route<Endpoints['userUpdate']> = { method: 'PUT', path: '/api/users/:id' };
export const userDelete: Route<Endpoints['userDelete']> = { method: 'DELETE', path: '/api/users/:id' };
