// Generated from functions/src/api/endpoints.ts by scripts/gen-web-endpoints.ts: do not edit. Each call by
// name: its method and path at run time, its inputs' and answer's types from the table (call() in lib/api).
import type { Route } from '@api/endpoint';
import type { Endpoints } from '@api/endpoints';

export const couponList: Route<Endpoints['couponList']> = { method: 'GET', path: '/api/coupons' };
export const couponCreate: Route<Endpoints['couponCreate']> = { method: 'POST', path: '/api/coupons' };
export const couponGet: Route<Endpoints['couponGet']> = { method: 'GET', path: '/api/coupons/:code' };
export const couponUpdate: Route<Endpoints['couponUpdate']> = { method: 'PUT', path: '/api/coupons/:code' };
export const couponDelete: Route<Endpoints['couponDelete']> = { method: 'DELETE', path: '/api/coupons/:code' };
