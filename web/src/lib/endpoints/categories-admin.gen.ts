// Generated from functions/src/api/endpoints.ts by scripts/gen-web-endpoints.ts: do not edit. Each call by
// name: its method and path at run time, its inputs' and answer's types from the table (call() in lib/api).
import type { Route } from '@api/endpoint';
import type { Endpoints } from '@api/endpoints';

export const categoryCreate: Route<Endpoints['categoryCreate']> = { method: 'POST', path: '/api/categories' };
export const categoryRename: Route<Endpoints['categoryRename']> = { method: 'PUT', path: '/api/categories/:id' };
export const categoryMerge: Route<Endpoints['categoryMerge']> = { method: 'POST', path: '/api/categories/:id/merge' };
export const categoryRemove: Route<Endpoints['categoryRemove']> = { method: 'DELETE', path: '/api/categories/:id' };
