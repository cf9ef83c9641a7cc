// Generated from functions/src/api/endpoints.ts by scripts/gen-web-endpoints.ts: do not edit. Each call by
// name: its method and path at run time, its inputs' and answer's types from the table (call() in lib/api).
import type { Route } from '@api/endpoint';
import type { Endpoints } from '@api/endpoints';

export const productDrafts: Route<Endpoints['productDrafts']> = { method: 'GET', path: '/api/products/drafts' };
export const productCreate: Route<Endpoints['productCreate']> = { method: 'POST', path: '/api/products' };
export const productUpdate: Route<Endpoints['productUpdate']> = { method: 'PUT', path: '/api/products/:id' };
export const productDelete: Route<Endpoints['productDelete']> = { method: 'DELETE', path: '/api/products/:id' };
export const productStockHistory: Route<Endpoints['productStockHistory']> = {
  method: 'GET',
  path: '/api/products/:id/stock-history',
};
export const productPriceHistory: Route<Endpoints['productPriceHistory']> = {
  method: 'GET',
  path: '/api/products/:id/price-history',
};
