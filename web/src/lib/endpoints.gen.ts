// Generated from functions/src/api/endpoints.ts by scripts/gen-web-endpoints.ts: do not edit. Each call by
// name: its method and path at run time, its inputs' and answer's types from the table (call() in ./api).
import type { Route } from '@api/endpoint';
import type { Endpoints } from '@api/endpoints';

export const productList: Route<Endpoints['productList']> = { method: 'GET', path: '/api/products' };
export const productFacets: Route<Endpoints['productFacets']> = { method: 'GET', path: '/api/products/facets' };
export const productSuggest: Route<Endpoints['productSuggest']> = { method: 'GET', path: '/api/products/suggest' };
export const productTop: Route<Endpoints['productTop']> = { method: 'GET', path: '/api/products/top' };
export const productDrafts: Route<Endpoints['productDrafts']> = { method: 'GET', path: '/api/products/drafts' };
export const productCreate: Route<Endpoints['productCreate']> = { method: 'POST', path: '/api/products' };
export const productUpdate: Route<Endpoints['productUpdate']> = { method: 'PUT', path: '/api/products/:id' };
export const productDelete: Route<Endpoints['productDelete']> = { method: 'DELETE', path: '/api/products/:id' };
export const productStockHistory: Route<Endpoints['productStockHistory']> = {
  method: 'GET',
  path: '/api/products/:id/stock-history',
};
export const productGet: Route<Endpoints['productGet']> = { method: 'GET', path: '/api/products/:id' };
export const reviewCreate: Route<Endpoints['reviewCreate']> = { method: 'POST', path: '/api/products/:id/reviews' };
export const passwordResetRequest: Route<Endpoints['passwordResetRequest']> = {
  method: 'POST',
  path: '/api/users/password-reset',
};
export const passwordResetConfirm: Route<Endpoints['passwordResetConfirm']> = {
  method: 'POST',
  path: '/api/users/password-reset/confirm',
};
export const userPasswordReset: Route<Endpoints['userPasswordReset']> = {
  method: 'POST',
  path: '/api/users/:id/password-reset',
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
export const userList: Route<Endpoints['userList']> = { method: 'GET', path: '/api/users' };
export const userGet: Route<Endpoints['userGet']> = { method: 'GET', path: '/api/users/:id' };
export const userOpenOrders: Route<Endpoints['userOpenOrders']> = { method: 'GET', path: '/api/users/:id/open-orders' };
export const userUpdate: Route<Endpoints['userUpdate']> = { method: 'PUT', path: '/api/users/:id' };
export const userDelete: Route<Endpoints['userDelete']> = { method: 'DELETE', path: '/api/users/:id' };
export const orderPlace: Route<Endpoints['orderPlace']> = { method: 'POST', path: '/api/orders' };
export const orderPlaceGuest: Route<Endpoints['orderPlaceGuest']> = { method: 'POST', path: '/api/orders/guest' };
export const orderClaim: Route<Endpoints['orderClaim']> = { method: 'POST', path: '/api/orders/claim' };
export const myOrders: Route<Endpoints['myOrders']> = { method: 'GET', path: '/api/orders/myorders' };
export const orderList: Route<Endpoints['orderList']> = { method: 'GET', path: '/api/orders' };
export const orderRequestsSummary: Route<Endpoints['orderRequestsSummary']> = {
  method: 'GET',
  path: '/api/orders/requests/summary',
};
export const orderExport: Route<Endpoints['orderExport']> = { method: 'GET', path: '/api/orders/export.csv' };
export const orderGet: Route<Endpoints['orderGet']> = { method: 'GET', path: '/api/orders/:id' };
export const orderPay: Route<Endpoints['orderPay']> = { method: 'PUT', path: '/api/orders/:id/pay' };
export const orderPaypalOrder: Route<Endpoints['orderPaypalOrder']> = {
  method: 'POST',
  path: '/api/orders/:id/paypal-order',
};
export const orderCapture: Route<Endpoints['orderCapture']> = { method: 'POST', path: '/api/orders/:id/capture' };
export const orderRefund: Route<Endpoints['orderRefund']> = { method: 'POST', path: '/api/orders/:id/refunds' };
export const orderRefundRetry: Route<Endpoints['orderRefundRetry']> = {
  method: 'POST',
  path: '/api/orders/:id/refunds/:refundId/retry',
};
export const orderCancellationRequest: Route<Endpoints['orderCancellationRequest']> = {
  method: 'POST',
  path: '/api/orders/:id/cancellation-request',
};
export const orderReturnRequest: Route<Endpoints['orderReturnRequest']> = {
  method: 'POST',
  path: '/api/orders/:id/returns',
};
export const orderReturnDecide: Route<Endpoints['orderReturnDecide']> = {
  method: 'PUT',
  path: '/api/orders/:id/returns/:returnId',
};
export const orderCancellationDecide: Route<Endpoints['orderCancellationDecide']> = {
  method: 'PUT',
  path: '/api/orders/:id/cancellation-request',
};
export const orderCancel: Route<Endpoints['orderCancel']> = { method: 'PUT', path: '/api/orders/:id/cancel' };
export const orderShip: Route<Endpoints['orderShip']> = { method: 'PUT', path: '/api/orders/:id/ship' };
export const orderDeliver: Route<Endpoints['orderDeliver']> = { method: 'PUT', path: '/api/orders/:id/deliver' };
export const orderUndeliver: Route<Endpoints['orderUndeliver']> = { method: 'PUT', path: '/api/orders/:id/undeliver' };
export const orderNoteAdd: Route<Endpoints['orderNoteAdd']> = { method: 'POST', path: '/api/orders/:id/notes' };
export const settingsPublic: Route<Endpoints['settingsPublic']> = { method: 'GET', path: '/api/settings/public' };
export const settingsHistory: Route<Endpoints['settingsHistory']> = { method: 'GET', path: '/api/settings/history' };
export const settingsGet: Route<Endpoints['settingsGet']> = { method: 'GET', path: '/api/settings' };
export const settingsSave: Route<Endpoints['settingsSave']> = { method: 'PUT', path: '/api/settings' };
export const couponCheck: Route<Endpoints['couponCheck']> = { method: 'POST', path: '/api/coupons/check' };
export const couponList: Route<Endpoints['couponList']> = { method: 'GET', path: '/api/coupons' };
export const couponCreate: Route<Endpoints['couponCreate']> = { method: 'POST', path: '/api/coupons' };
export const couponGet: Route<Endpoints['couponGet']> = { method: 'GET', path: '/api/coupons/:code' };
export const couponUpdate: Route<Endpoints['couponUpdate']> = { method: 'PUT', path: '/api/coupons/:code' };
export const couponDelete: Route<Endpoints['couponDelete']> = { method: 'DELETE', path: '/api/coupons/:code' };
export const categoryList: Route<Endpoints['categoryList']> = { method: 'GET', path: '/api/categories' };
export const categoryBySlug: Route<Endpoints['categoryBySlug']> = { method: 'GET', path: '/api/categories/slug/:slug' };
export const categoryCreate: Route<Endpoints['categoryCreate']> = { method: 'POST', path: '/api/categories' };
export const categoryRename: Route<Endpoints['categoryRename']> = { method: 'PUT', path: '/api/categories/:id' };
export const categoryMerge: Route<Endpoints['categoryMerge']> = { method: 'POST', path: '/api/categories/:id/merge' };
export const categoryRemove: Route<Endpoints['categoryRemove']> = { method: 'DELETE', path: '/api/categories/:id' };
export const brandList: Route<Endpoints['brandList']> = { method: 'GET', path: '/api/brands' };
export const brandBySlug: Route<Endpoints['brandBySlug']> = { method: 'GET', path: '/api/brands/slug/:slug' };
export const brandCreate: Route<Endpoints['brandCreate']> = { method: 'POST', path: '/api/brands' };
export const brandRename: Route<Endpoints['brandRename']> = { method: 'PUT', path: '/api/brands/:id' };
export const brandMerge: Route<Endpoints['brandMerge']> = { method: 'POST', path: '/api/brands/:id/merge' };
export const brandRemove: Route<Endpoints['brandRemove']> = { method: 'DELETE', path: '/api/brands/:id' };
export const imageUpload: Route<Endpoints['imageUpload']> = { method: 'POST', path: '/api/upload' };
export const adminStats: Route<Endpoints['adminStats']> = { method: 'GET', path: '/api/admin/stats' };
export const cartGet: Route<Endpoints['cartGet']> = { method: 'GET', path: '/api/cart' };
export const cartPut: Route<Endpoints['cartPut']> = { method: 'PUT', path: '/api/cart' };
export const liveTicket: Route<Endpoints['liveTicket']> = { method: 'POST', path: '/api/live/tickets' };
export const liveStream: Route<Endpoints['liveStream']> = { method: 'GET', path: '/api/live' };
export const paypalClientId: Route<Endpoints['paypalClientId']> = { method: 'GET', path: '/api/config/paypal' };
export const config: Route<Endpoints['config']> = { method: 'GET', path: '/api/config' };
export const health: Route<Endpoints['health']> = { method: 'GET', path: '/api/health' };
export const openApi: Route<Endpoints['openApi']> = { method: 'GET', path: '/api/openapi.json' };
export const devMail: Route<Endpoints['devMail']> = { method: 'GET', path: '/api/dev/mail' };
