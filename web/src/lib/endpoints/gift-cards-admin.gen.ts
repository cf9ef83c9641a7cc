// Generated from functions/src/api/endpoints.ts by scripts/gen-web-endpoints.ts: do not edit. Each call by
// name: its method and path at run time, its inputs' and answer's types from the table (call() in lib/api).
import type { Route } from '@api/endpoint';
import type { Endpoints } from '@api/endpoints';

export const giftCardList: Route<Endpoints['giftCardList']> = { method: 'GET', path: '/api/gift-cards' };
export const giftCardIssue: Route<Endpoints['giftCardIssue']> = { method: 'POST', path: '/api/gift-cards' };
