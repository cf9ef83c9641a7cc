// The catalogue's public entry: what other features may use (eslint.config.js forbids reaching past it).
export { getProduct, productAloneQuery, productQuery, useProduct } from './api/getProduct';
export { getProducts } from './api/getProducts';
