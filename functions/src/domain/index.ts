export * from './errors.js';
export * from './money.js';
export * from './orders.js';
export * from './pricing.js';
export * from './schemas.js';
export * from './types.js';
export * from './images.js';
