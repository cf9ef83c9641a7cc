// The checkout's public entry: empty. Its pages are routed lazily by app/router.tsx, and no feature imports the
// checkout (it imports the cart, whose discount code field the cart page and Place Order share: features may not
// import each other both ways, web/src/featureCycles.test.ts).
export {};
