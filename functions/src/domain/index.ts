export * from './cart.js';
export * from './couponShards.js';
export * from './stockShards.js';
export * from './errors.js';
export * from './events.js';
export * from './money.js';
export * from './orders.js';
export * from './ledger.js';
export * from './lifecycle.js';
export * from './orderStats.js';
export * from './orderDecisions.js';
export * from './refunds.js';
export * from './tenders.js';
export * from './returns.js';
export * from './reviewDecisions.js';
export * from './payments.js';
export * from './pricing.js';
export * from './regions.js';
export * from './shippingChoice.js';
export * from './settings.js';
export * from './settingsSchema.js';
export * from './timeZones.js';
export * from './tracking.js';
export * from './discounts.js';
export * from './couponSchema.js';
export * from './taxonomy.js';
export * from './taxonomySchema.js';
export * from './schemas.js';
export * from './types.js';
export * from './limits.js';
export * from './quantity.js';
export * from './search.js';
export * from './images.js';
export * from './inlineData.js';
export * from './firstPaint.js';
export * from './site.js';
export * from './policyText.js';
export * from './catalogQuery.js';
export * from './listQuery.js';
export * from './productEdits.js';
export * from './productFields.js';
export * from './productMedia.js';
export * from './accessories.js';
export * from './lowStock.js';
export * from './stockHistory.js';
export * from './specCompare.js';
export * from './priceHistory.js';
export * from './variants.js';
export * from './accounts.js';
export * from './orderExport.js';
export * from './holdReminders.js';
export * from './cartReminders.js';
export * from './accountExport.js';
export * from './accountDeletion.js';
export * from './guests.js';
export * from './addresses.js';
export * from './customers.js';
export * from './wishlist.js';
// (slugs.ts's slugOf is the product's; taxonomy.ts has its own: import it from './slugs.js' by name.)
export {
  PRODUCT_SLUG_MAX,
  PRODUCT_SLUG_FALLBACK,
  PRODUCT_KEY_PATTERN,
  claimSlug,
  freeSlug,
  needsNewSlug,
  provisionalSlug,
  idOfProvisionalSlug,
  slugCandidate,
} from './slugs.js';
