// Limits and defaults, defined once: the API, the web, the seed, the bench and the tests import them from here.
// Pure constants, so the web can import them (as @domain) without pulling in anything of the server.

/** Product images: what POST /api/upload accepts (checked by content), the web checks before sending, and
 *  storage.rules mirrors for the Firebase build (rules cannot import: keep `5 * 1024 * 1024` there in step). */
export const MAX_IMAGE_MB = 5;
export const MAX_IMAGE_BYTES = MAX_IMAGE_MB * 1024 * 1024;
export const IMAGE_TOO_BIG_MESSAGE = `The image is too big: at most ${MAX_IMAGE_MB} MB`;
/** The image types accepted, with the extension a stored image gets. */
export const IMAGE_EXTENSIONS = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const;
export type ImageMime = keyof typeof IMAGE_EXTENSIONS;
export const IMAGE_TYPES = Object.keys(IMAGE_EXTENSIONS) as ImageMime[];

/** How long an unpaid order holds its stock (ORDER_HOLD_MINUTES, or the older ORDER_HOLD_HOURS, overrides it):
 *  a real checkout fits in it comfortably, and a hoarder's hold ends soon. */
export const DEFAULT_HOLD_MINUTES = 30;

/** What one customer may hold unpaid at once, across all their open orders (domain/orders.ts
 *  assertWithinHoldLimits). A real shopper never meets them; a hoarder cannot empty the shelves.
 *  HOLD_MAX_UNITS_PER_PRODUCT, HOLD_MAX_DOLLARS and HOLD_MAX_OPEN_ORDERS override them. */
export interface HoldLimits {
  /** Units of any one product held in open orders. */
  maxUnitsPerProduct: number;
  /** The open orders' totals together, in cents. */
  maxHeldCents: number;
  /** Open (unpaid, held) orders. */
  maxOpenOrders: number;
}
export const DEFAULT_HOLD_LIMITS: HoldLimits = {
  maxUnitsPerProduct: 5,
  maxHeldCents: 10_000_00,
  maxOpenOrders: 3,
};

/** What the unpaid orders placed from one client address may hold together, whatever account or guest email placed
 *  them (issue 36: fresh accounts from one address emptied a product): this many times one customer's limits, so a
 *  household or office behind one address still shops while one address cannot take a product off sale.
 *  HOLD_ADDRESS_FACTOR overrides it. */
export const DEFAULT_HOLD_ADDRESS_FACTOR = 2;

/** The hold limits of one client address: each of a customer's limits times `factor`. */
export function addressHoldLimits(limits: HoldLimits, factor: number): HoldLimits {
  return {
    maxUnitsPerProduct: limits.maxUnitsPerProduct * factor,
    maxHeldCents: limits.maxHeldCents * factor,
    maxOpenOrders: limits.maxOpenOrders * factor,
  };
}

/** Products per catalogue page (PAGE_SIZE overrides it, at least MIN_PAGE_SIZE). */
export const DEFAULT_PAGE_SIZE = 8;
export const MIN_PAGE_SIZE = 1;

/** The products in the home page's carousel (GET /api/products/top). */
export const TOP_PRODUCTS = 3;

/** PayPal's REST API when PAYPAL_API_BASE is not set: the sandbox (live is https://api-m.paypal.com). */
export const PAYPAL_SANDBOX_API_BASE = 'https://api-m.sandbox.paypal.com';
/** How long a call to PayPal may take before the shopper is told to retry (PAYPAL_TIMEOUT_MS overrides it). */
export const DEFAULT_PAYPAL_TIMEOUT_MS = 10_000;

/** Drafts the admin's product list shows at most (newest first): created products not yet saved. */
export const MAX_LISTED_DRAFTS = 50;

/** At or below this stock a product is "low": the dashboard lists it, the product page says "Only N left". */
export const LOW_STOCK_THRESHOLD = 5;

/** The returns window promised on the product page. */
export const RETURN_DAYS = 30;

/** The most units a product may have in stock, whichever path changes it (form, delta edit, cancel, expiry). */
export const MAX_STOCK = 1_000_000;

/** Stock after `units` come back (a cancel, an expiry, later a refund's restock): never past MAX_STOCK. */
export function restockedCount(current: number, units: number): number {
  return Math.min(MAX_STOCK, current + units);
}

/** The most units of one product an order line or a cart line may ask for. */
export const MAX_LINE_QTY = 1000;

/** The most lines a cart holds, in the browser, on the server and in a stored Firestore cart (firestore.rules: validCart). */
export const MAX_CART_LINES = 50;

/** The most items a wishlist keeps (issue 41), in the browser and on the server. */
export const MAX_WISHLIST_ITEMS = 100;
/** How long after marking an order delivered the owner may take it back without giving a reason (an accidental
 *  click); afterwards "not delivered" needs a reason, kept on the order's timeline. */
export const UNDELIVER_WINDOW_HOURS = 24;

/** Longest carrier name, tracking number, "not delivered" reason and admin note (characters). */
export const MAX_CARRIER_LENGTH = 60;
export const MAX_TRACKING_LENGTH = 100;
export const MAX_UNDELIVER_REASON_LENGTH = 500;
export const MAX_ORDER_NOTE_LENGTH = 2000;

/** A mail still waiting in the outbox this long after it was due is reported to the owner (the dashboard): no worker
 *  sends (production without SMTP_URL), or it cannot. A working worker sends within seconds; its retries after a
 *  refusal are due later, so they are not reported while they wait. */
export const MAIL_OVERDUE_MS = 15 * 60_000;

/** The dashboard reads at most this many of the messages the mail server refused (it says "100 or more"). */
export const MAIL_FAILING_READ_LIMIT = 100;
