// Generated from functions/src/api/endpoints.ts by scripts/gen-web-endpoints.ts: do not edit. Each call by
// name: its method and path at run time, its inputs' and answer's types from the table (call() in lib/api).
import type { Route } from '@api/endpoint';
import type { Endpoints } from '@api/endpoints';

export const brandCreate: Route<Endpoints['brandCreate']> = { method: 'POST', path: '/api/brands' };
export const brandRename: Route<Endpoints['brandRename']> = { method: 'PUT', path: '/api/brands/:id' };
export const brandMerge: Route<Endpoints['brandMerge']> = { method: 'POST', path: '/api/brands/:id/merge' };
export const brandRemove: Route<Endpoints['brandRemove']> = { method: 'DELETE', path: '/api/brands/:id' };
