// The live-update event types (docs/live.md): published by functions/src/live/liveUpdates.ts, heard by the web's
// SSE client (web/src/lib/live/sse.ts). One list, so a renamed event cannot leave one side deaf.
export const LIVE_EVENT = {
  product: 'product',
  productRemoved: 'product-removed',
  /** Stock came back to products not named (expired holds): reload what is shown. */
  catalogStale: 'catalog-stale',
  order: 'order',
  cart: 'cart',
  /** Issue 41: the caller's wishlist as stored (`{items, updatedAt}`), saved on another device or tab. */
  wishlist: 'wishlist',
  /** The owner saved the settings (tax, shipping, limits): the new public settings (issue 38). */
  settings: 'settings',
} as const;

/** In a product frame: the new stock of some of its variants (variant id -> countInStock), issue 29. */
export interface LiveVariantStock {
  variantStock?: Record<string, number>;
}
