// Generated from functions/src/api/endpoints.ts by scripts/gen-web-endpoints.ts: do not edit. Each call by
// name: its method and path at run time, its inputs' and answer's types from the table (call() in lib/api).
import type { Route } from '@api/endpoint';
import type { Endpoints } from '@api/endpoints';

export const productList: Route<Endpoints['productList']> = { method: 'GET', path: '/api/products' };
export const productFacets: Route<Endpoints['productFacets']> = { method: 'GET', path: '/api/products/facets' };
export const productSuggest: Route<Endpoints['productSuggest']> = { method: 'GET', path: '/api/products/suggest' };
export const productCompare: Route<Endpoints['productCompare']> = { method: 'GET', path: '/api/products/compare' };
export const stockAlertCreate: Route<Endpoints['stockAlertCreate']> = {
  method: 'POST',
  path: '/api/products/:id/stock-alerts',
};
export const productTop: Route<Endpoints['productTop']> = { method: 'GET', path: '/api/products/top' };
export const productGet: Route<Endpoints['productGet']> = { method: 'GET', path: '/api/products/:id' };
export const reviewCreate: Route<Endpoints['reviewCreate']> = { method: 'POST', path: '/api/products/:id/reviews' };
