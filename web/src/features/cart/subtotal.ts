// The cart's subtotal (the cart page and the mini cart's panel), out of store.ts: the store is in the home page's
// first bundle, which has no use for the pricing rules.
import { priceSummary } from '@domain/pricing';
import type { CartItem } from './store';

export const cartSubtotal = (items: readonly CartItem[]) => priceSummary(items).itemsPrice;
