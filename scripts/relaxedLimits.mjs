// The rate and hold limits relaxed for test harnesses that sign in and place many orders from one address
// (127.0.0.1) with unconfirmed accounts: the emulator suites (scripts/firebase/test-*.mjs) and the crash-safety
// children (functions/test/reliability/support/childShop.ts). Each limit has its own tests at its real value.
export const RELAXED_LIMITS = Object.freeze({
  LOGIN_RATE_LIMIT: '1000',
  SIGNIN_RATE_LIMIT: '1000',
  ORDER_RATE_LIMIT: '100000',
  ORDER_RATE_LIMIT_PER_ADDRESS: '100000',
  UNVERIFIED_ORDER_RATE_LIMIT: '100000',
  HOLD_ADDRESS_FACTOR: '100000',
});
