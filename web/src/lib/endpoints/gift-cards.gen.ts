// Generated from functions/src/api/endpoints.ts by scripts/gen-web-endpoints.ts: do not edit. Each call by
// name: its method and path at run time, its inputs' and answer's types from the table (call() in lib/api).
import type { Route } from '@api/endpoint';
import type { Endpoints } from '@api/endpoints';

export const storeCreditGet: Route<Endpoints['storeCreditGet']> = { method: 'GET', path: '/api/gift-cards/credit' };
export const giftCardCheck: Route<Endpoints['giftCardCheck']> = { method: 'GET', path: '/api/gift-cards/:code' };
