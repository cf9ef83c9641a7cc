// Generated from functions/src/api/endpoints.ts by scripts/gen-web-endpoints.ts: do not edit. Each call by
// name: its method and path at run time, its inputs' and answer's types from the table (call() in lib/api).
import type { Route } from '@api/endpoint';
import type { Endpoints } from '@api/endpoints';

export const passwordResetRequest: Route<Endpoints['passwordResetRequest']> = {
  method: 'POST',
  path: '/api/users/password-reset',
};
export const passwordResetConfirm: Route<Endpoints['passwordResetConfirm']> = {
  method: 'POST',
  path: '/api/users/password-reset/confirm',
};
export const emailVerify: Route<Endpoints['emailVerify']> = { method: 'POST', path: '/api/users/verify-email' };
export const emailVerificationGet: Route<Endpoints['emailVerificationGet']> = {
  method: 'GET',
  path: '/api/users/profile/verification',
};
export const emailVerificationSend: Route<Endpoints['emailVerificationSend']> = {
  method: 'POST',
  path: '/api/users/profile/verification',
};
export const login: Route<Endpoints['login']> = { method: 'POST', path: '/api/users/login' };
export const register: Route<Endpoints['register']> = { method: 'POST', path: '/api/users' };
export const profileGet: Route<Endpoints['profileGet']> = { method: 'GET', path: '/api/users/profile' };
export const profileExport: Route<Endpoints['profileExport']> = { method: 'GET', path: '/api/users/profile/export' };
export const addressList: Route<Endpoints['addressList']> = { method: 'GET', path: '/api/users/profile/addresses' };
export const addressAdd: Route<Endpoints['addressAdd']> = { method: 'POST', path: '/api/users/profile/addresses' };
export const addressUpdate: Route<Endpoints['addressUpdate']> = {
  method: 'PUT',
  path: '/api/users/profile/addresses/:id',
};
export const addressRemove: Route<Endpoints['addressRemove']> = {
  method: 'DELETE',
  path: '/api/users/profile/addresses/:id',
};
export const profileCreate: Route<Endpoints['profileCreate']> = { method: 'POST', path: '/api/users/profile' };
export const profileUpdate: Route<Endpoints['profileUpdate']> = { method: 'PUT', path: '/api/users/profile' };
export const profileDelete: Route<Endpoints['profileDelete']> = { method: 'DELETE', path: '/api/users/profile' };
export const logoutAll: Route<Endpoints['logoutAll']> = { method: 'POST', path: '/api/users/logout-all' };
