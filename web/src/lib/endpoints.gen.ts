// Generated from functions/src/api/endpoints.ts by scripts/gen-web-endpoints.ts: do not edit. Each call by
// name: its method and path at run time, its inputs' and answer's types from the table (call() in lib/api).
export * from './endpoints/admin-admin.gen';
export * from './endpoints/brands.gen';
export * from './endpoints/brands-admin.gen';
export * from './endpoints/cart.gen';
export * from './endpoints/categories.gen';
export * from './endpoints/categories-admin.gen';
export * from './endpoints/config.gen';
export * from './endpoints/coupons.gen';
export * from './endpoints/coupons-admin.gen';
export * from './endpoints/customers-admin.gen';
export * from './endpoints/dev.gen';
export * from './endpoints/health.gen';
export * from './endpoints/live.gen';
export * from './endpoints/openapi-json.gen';
export * from './endpoints/orders.gen';
export * from './endpoints/orders-admin.gen';
export * from './endpoints/products.gen';
export * from './endpoints/products-admin.gen';
export * from './endpoints/settings.gen';
export * from './endpoints/settings-admin.gen';
export * from './endpoints/stock-alerts.gen';
export * from './endpoints/stock-alerts-admin.gen';
export * from './endpoints/upload-admin.gen';
export * from './endpoints/users.gen';
export * from './endpoints/users-admin.gen';
