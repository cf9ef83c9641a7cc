// The checkout's public entry: empty. Its pages are routed lazily by app/router.tsx, and no feature imports the
// checkout: it imports the cart, never the reverse (web/src/featureCycles.test.ts). The discount code field both
// share is shared code (components/ui/DiscountCodeField.tsx, lib/couponCode.ts, lib/checkCoupon.ts).
export {};
