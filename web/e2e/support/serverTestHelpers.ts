// The e2e suite's one way into the server's test helpers (functions/test/support): eslint.config.js lets only
// this file import from there, and nothing else of functions/.
export { startFakePayPal } from '../../../functions/test/support/fakePayPal';
