// The endpoint table: every route the API registers, once. The server registers its routes from it
// (http/endpoint.ts), the OpenAPI document is generated from it (api/openapi.ts, GET /api/openapi.json) and the
// web's client is generated from it (web/src/lib/endpoints.gen.ts). Pure: zod and domain types only. Adding an
// endpoint: docs/architecture.md "The endpoint table".
import { z } from 'zod';
import {
  accountDeleteSchema,
  cartReminderPreferenceSchema,
  cartReminderUnsubscribeSchema,
  adminCancelSchema,
  adminUserUpdateSchema,
  cancellationDecisionSchema,
  cancellationRequestSchema,
  claimOrderSchema,
  compareQuerySchema,
  couponCheckSchema,
  couponSchema,
  customerListQuerySchema,
  deliverOrderSchema,
  editedFromSchema,
  emailVerificationSchema,
  guestOrderSchema,
  legacyReturnDecisionSchema,
  loginSchema,
  orderExportQuerySchema,
  orderListQuerySchema,
  orderNoteSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  paypalCaptureSchema,
  placeOrderSchema,
  productQuerySchema,
  productUpdateSchema,
  profileCreateSchema,
  profileUpdateSchema,
  refundSchema,
  registerSchema,
  returnDecisionSchema,
  returnRequestSchema,
  reviewSchema,
  settingsSchema,
  shipOrderSchema,
  shippingAddressSchema,
  stockHistoryQuerySchema,
  suggestQuerySchema,
  taxonomyMergeSchema,
  taxonomyNameSchema,
  undeliverOrderSchema,
  userListQuerySchema,
  wishlistSchema,
  type AccountExport,
  type PlaceOrderBaseBody,
  type AdminOrder,
  type Coupon,
  type Order,
  type OrderPage,
  type LowStockRow,
  type Product,
  type SavedAddress,
  type SettingsChange,
  type StoredCart,
  type TaxonomyListEntry,
  type TaxonomyKind,
  type UserPage,
  type UserSummary,
} from '../domain/index.js';
import { cartSchema } from '../domain/cartSchema.js';
import { stockAlertDemandQuerySchema, stockAlertSchema, stockAlertTokenSchema } from '../domain/stockAlertSchemas.js';
import type { StockAlertDemand, StockAlertStatus } from '../domain/stockAlerts.js';
import { ticketRequestSchema } from '../live/topics.js';
import { endpoint, schema, type, type EndpointSpec } from './endpoint.js';
import * as out from './outputs.js';
import {
  giftCardAdminOutput,
  giftCardBalanceOutput,
  giftCardIssuedOutput,
  giftCardIssueSchema,
  storeCreditOutput,
  type GiftCardAdmin,
  type GiftCardBalance,
  type GiftCardIssued,
  type StoreCredit,
} from '../modules/giftCards/giftCards.js';
import { TENDER_BODY_FIELDS, type TenderBody } from '../modules/tenderHooks.js';

/** The answer of calls that only confirm. */
export interface Message {
  message: string;
}

/** GET /api/admin/stats: orders and revenue per day (last 30 days) and the items low on stock (issue 40: a product
 *  without variants, or each variant, at or below the owner's threshold). */
export interface AdminStats {
  daily: { day: string; orders: number; revenue: number }[];
  lowStock: LowStockRow[];
  /** The owner's threshold the list was read with (settings `lowStockThreshold`): the dashboard's texts say it. */
  lowStockThreshold: number;
  /** Issue 41: the last 30 days' cart reminders, and how many an order by the customer followed within
   *  `recoveryDays` (domain/cartReminders.ts cartReminderFigures). */
  cartReminders: { sent: number; recovered: number; recoveryDays: number };
  /** Since when the oldest unsent mail has waited (its due time), once past domain MAIL_OVERDUE_MS; null while mail
   *  goes out. */
  mailOverdueSince: string | null;
  /** The unsent messages of the last 30 days whose last attempt the mail server (or the renderer) refused, at most
   *  MAIL_FAILING_READ_LIMIT of them read (`more`: there may be others); null while none did. `resendable`: those
   *  given up that POST /api/admin/mail/resend sends again (all but the expiring account links). */
  mailFailing: { count: number; more: boolean; givenUp: number; resendable: number; lastError: string } | null;
}

/** POST /api/admin/mail/resend: how many given-up messages were put back in the queue. */
export interface MailResend {
  queued: number;
}

/** Issue 41: whether the caller receives abandoned-cart reminders. */
export interface CartReminderPreference {
  subscribed: boolean;
}

/** GET /api/users/profile/verification. */
export interface EmailVerification {
  email: string;
  verified: boolean;
  verifiedAt: string | null;
}

/** A mail of the development outbox (GET /api/dev/mail). */
export interface DevMailSummary {
  id: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  createdAt: string;
}

/** The place-order bodies with the fields of the ways to pay beside the provider (issue 39: each module's tender
 *  hook declares its own, modules/tenderHooks.ts; `giftCardCode`, `useStoreCredit`). */
export const placeOrderBodySchema = placeOrderSchema.extend(TENDER_BODY_FIELDS);
export const guestOrderBodySchema = guestOrderSchema.extend(TENDER_BODY_FIELDS);

/** What the shop's own client sends to place an order (domain/schemas.ts PlaceOrderBaseBody and the tenders'
 *  fields). */
export type PlaceOrderBody = PlaceOrderBaseBody & TenderBody;

/** A customer's own orders: pages, status and sort, no customer search. */
export const myOrdersQuerySchema = orderListQuerySchema.omit({ search: true, requests: true });

/** A guest order's token (the emailed link's `?token=`; the X-Order-Token header is the same). */
const orderTokenQuery = z.object({ token: z.string().optional() });

const productEditSchema = productUpdateSchema.extend({ editedFrom: editedFromSchema.optional() });

const message = schema<Message>('Message', out.messageOutput);
const order = schema('Order', out.orderOutput);
const adminOrder = schema('AdminOrder', out.adminOrderOutput);

/** The six calls of a managed list (domain/taxonomy.ts) at /api/categories or /api/brands. */
function taxonomyEndpoints<const Base extends string>(base: Base, kind: TaxonomyKind) {
  return {
    list: endpoint({
      method: 'GET',
      path: `${base}`,
      access: 'public',
      summary: `The ${kind} list by name, with each entry's productCount`,
      output: schema<TaxonomyListEntry[]>('TaxonomyListEntry[]', out.taxonomyListOutput),
    }),
    bySlug: endpoint({
      method: 'GET',
      path: `${base}/slug/:slug`,
      access: 'public',
      summary: `The ${kind} a URL's slug names; redirect: true for an old slug or a name`,
      output: schema('TaxonomySlug', out.taxonomySlugOutput),
    }),
    create: endpoint({
      method: 'POST',
      path: `${base}`,
      access: 'admin',
      summary: `Adds a ${kind}`,
      body: taxonomyNameSchema,
      output: schema('TaxonomyEntry', out.taxonomyEntryOutput),
      status: 201,
    }),
    rename: endpoint({
      method: 'PUT',
      path: `${base}/:id`,
      access: 'admin',
      summary: `Renames a ${kind}: its products follow, the old slug redirects`,
      body: taxonomyNameSchema,
      output: schema('TaxonomyEntry', out.taxonomyEntryOutput),
    }),
    merge: endpoint({
      method: 'POST',
      path: `${base}/:id/merge`,
      access: 'admin',
      summary: `Merges a ${kind} into another`,
      body: taxonomyMergeSchema,
      output: schema('TaxonomyEntry', out.taxonomyEntryOutput),
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${base}/:id`,
      access: 'admin',
      summary: `Removes a ${kind} no product carries`,
      output: message,
    }),
  };
}

export const categoryEndpoints = taxonomyEndpoints('/api/categories', 'category');
export const brandEndpoints = taxonomyEndpoints('/api/brands', 'brand');

export const endpoints = {
  // Catalogue (features/products/routes.ts)
  productList: endpoint({
    method: 'GET',
    path: '/api/products',
    access: 'public',
    summary: 'A page of the catalogue: keyword, filters, sort, pageNumber (App Check on the Firebase function)',
    query: productQuerySchema,
    output: schema('ProductPage', out.productPageOutput),
  }),
  productFacets: endpoint({
    method: 'GET',
    path: '/api/products/facets',
    access: 'public',
    summary: "The filter bar's counts for the same query",
    query: productQuerySchema,
    output: schema('CatalogFacets', out.catalogFacetsOutput),
  }),
  productSuggest: endpoint({
    method: 'GET',
    path: '/api/products/suggest',
    access: 'public',
    summary: "The search box's suggestions while typing",
    query: suggestQuerySchema,
    output: schema('ProductSuggestions', out.productSuggestionsOutput),
  }),
  productCompare: endpoint({
    method: 'GET',
    path: '/api/products/compare',
    access: 'public',
    summary: '2-4 products side by side, their spec rows aligned (ids not published are named in missing)',
    query: compareQuerySchema,
    output: schema('ProductComparison', out.productComparisonOutput),
  }),
  // Back-in-stock alerts (issue 41, features/stockAlerts/routes.ts)
  stockAlertCreate: endpoint({
    method: 'POST',
    path: '/api/products/:id/stock-alerts',
    access: 'optionalUser',
    summary:
      'Notify me when a sold-out product or variant is back: at once for a signed-in verified address, else after the mailed confirmation link',
    body: stockAlertSchema,
    output: schema<{ message: string; status: StockAlertStatus }>('StockAlertAnswer', out.stockAlertAnswerOutput),
    rateLimits: ['stockAlert'],
  }),
  stockAlertConfirm: endpoint({
    method: 'POST',
    path: '/api/stock-alerts/confirm',
    access: 'public',
    summary: "Confirms a back-in-stock alert with its mailed link's token",
    body: stockAlertTokenSchema,
    output: schema<{ message: string; productId: string; productSlug?: string }>(
      'StockAlertLinkAnswer',
      out.stockAlertLinkAnswerOutput,
    ),
  }),
  stockAlertUnsubscribe: endpoint({
    method: 'POST',
    path: '/api/stock-alerts/unsubscribe',
    access: 'public',
    summary: "Removes a back-in-stock alert with its mailed link's token (one click, no sign-in)",
    body: stockAlertTokenSchema,
    output: message,
  }),
  stockAlertDemand: endpoint({
    method: 'GET',
    path: '/api/stock-alerts/demand',
    access: 'admin',
    summary: 'Waiting back-in-stock demand per product and variant of the products asked',
    query: stockAlertDemandQuerySchema,
    output: schema<StockAlertDemand[]>('StockAlertDemand[]', z.array(out.stockAlertDemandOutput)),
  }),
  productTop: endpoint({
    method: 'GET',
    path: '/api/products/top',
    access: 'public',
    summary: 'The top rated products',
    output: schema<Product[]>('Product[]', out.productsOutput),
  }),
  productDrafts: endpoint({
    method: 'GET',
    path: '/api/products/drafts',
    access: 'admin',
    summary: 'The drafts (created, never saved), newest first',
    output: schema<Product[]>('Product[]', out.productsOutput),
  }),
  productCreate: endpoint({
    method: 'POST',
    path: '/api/products',
    access: 'admin',
    summary: 'Creates a draft product with sample values (no body)',
    output: schema('Product', out.productOutput),
    status: 201,
  }),
  productUpdate: endpoint({
    method: 'PUT',
    path: '/api/products/:id',
    access: 'admin',
    summary: "Saves a product's fields; editedFrom refuses a save over someone else's change",
    body: productEditSchema,
    output: schema('Product', out.productOutput),
  }),
  productDelete: endpoint({
    method: 'DELETE',
    path: '/api/products/:id',
    access: 'admin',
    summary: 'Removes a product',
    output: message,
  }),
  productStockHistory: endpoint({
    method: 'GET',
    path: '/api/products/:id/stock-history',
    access: 'admin',
    summary: "A page of the product's stock changes with their causes, newest first",
    query: stockHistoryQuerySchema,
    output: schema('StockHistoryPage', out.stockHistoryPageOutput),
  }),
  productPriceHistory: endpoint({
    method: 'GET',
    path: '/api/products/:id/price-history',
    access: 'admin',
    summary: "Issue 41: a page of the product's price changes (who, when, from, to; per variant), newest first",
    query: stockHistoryQuerySchema,
    output: schema('PriceHistoryPage', out.priceHistoryPageOutput),
  }),
  productGet: endpoint({
    method: 'GET',
    path: '/api/products/:id',
    access: 'public',
    summary:
      'One product with its reviews (?reviews=none: without), by its id or a slug (current or old); a draft by its id too',
    query: z.object({ reviews: z.string().optional() }),
    output: schema('ProductDetail', out.productDetailOutput),
  }),
  reviewCreate: endpoint({
    method: 'POST',
    path: '/api/products/:id/reviews',
    access: 'customer',
    summary: 'Adds the caller’s review of a product',
    body: reviewSchema,
    output: message,
    status: 201,
  }),

  // Account links (features/users/accountRoutes.ts)
  passwordResetRequest: endpoint({
    method: 'POST',
    path: '/api/users/password-reset',
    access: 'public',
    summary: 'Mails a password reset link; the same answer whether or not the address has an account',
    body: passwordResetRequestSchema,
    output: message,
    status: 202,
    rateLimits: ['passwordReset'],
    only: 'accountLinks',
  }),
  passwordResetConfirm: endpoint({
    method: 'POST',
    path: '/api/users/password-reset/confirm',
    access: 'public',
    summary: "Sets the password a reset link's token allows; every session ends (embedded)",
    body: passwordResetConfirmSchema,
    output: message,
    rateLimits: ['accountLinkConfirm'],
    only: 'accountLinks',
  }),
  userPasswordReset: endpoint({
    method: 'POST',
    path: '/api/users/:id/password-reset',
    access: 'admin',
    summary: 'Mails the user a password reset link',
    output: message,
    status: 202,
    only: 'accountLinks',
  }),
  emailVerify: endpoint({
    method: 'POST',
    path: '/api/users/verify-email',
    access: 'public',
    summary: "Confirms the account's email with the link's token (embedded)",
    body: emailVerificationSchema,
    output: message,
    rateLimits: ['accountLinkConfirm'],
    only: 'accountLinks',
  }),
  emailVerificationGet: endpoint({
    method: 'GET',
    path: '/api/users/profile/verification',
    access: 'customer',
    summary: "Whether the caller's email is confirmed",
    output: schema<EmailVerification>('EmailVerification', out.emailVerificationOutput),
    only: 'accountLinks',
  }),
  emailVerificationSend: endpoint({
    method: 'POST',
    path: '/api/users/profile/verification',
    access: 'customer',
    summary: 'Mails the caller a new confirmation link',
    output: message,
    status: 202,
    rateLimits: ['passwordReset'],
    only: 'accountLinks',
  }),

  // Users (features/users/routes.ts, modules/addresses/routes.ts)
  login: endpoint({
    method: 'POST',
    path: '/api/users/login',
    access: 'public',
    summary: 'Signs in: the user with a token',
    body: loginSchema,
    output: schema('UserInfo', out.userInfoOutput),
    rateLimits: ['signIn'],
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/users',
    access: 'public',
    summary: 'Signs up (orderToken: takes the paid guest order it proves); the user with a token',
    body: registerSchema,
    output: schema('UserInfo', out.userInfoOutput),
    status: 201,
    rateLimits: ['signIn'],
  }),
  profileGet: endpoint({
    method: 'GET',
    path: '/api/users/profile',
    access: 'customer',
    summary: "The caller's profile",
    output: schema('UserSummary', out.userSummaryOutput),
  }),
  profileExport: endpoint({
    method: 'GET',
    path: '/api/users/profile/export',
    access: 'customer',
    summary: 'Download my data: the profile, addresses, orders and reviews as one JSON file',
    output: type<AccountExport>('AccountExport'),
  }),
  addressList: endpoint({
    method: 'GET',
    path: '/api/users/profile/addresses',
    access: 'customer',
    summary: "The caller's address book",
    output: schema<SavedAddress[]>('SavedAddress[]', z.array(out.savedAddressOutput)),
  }),
  addressAdd: endpoint({
    method: 'POST',
    path: '/api/users/profile/addresses',
    access: 'customer',
    summary: "Adds an address to the caller's book",
    body: shippingAddressSchema,
    output: schema('SavedAddress', out.savedAddressOutput),
    status: 201,
  }),
  addressUpdate: endpoint({
    method: 'PUT',
    path: '/api/users/profile/addresses/:id',
    access: 'customer',
    summary: "Changes an address of the caller's book",
    body: shippingAddressSchema,
    output: schema('SavedAddress', out.savedAddressOutput),
  }),
  addressRemove: endpoint({
    method: 'DELETE',
    path: '/api/users/profile/addresses/:id',
    access: 'customer',
    summary: "Removes an address from the caller's book",
    output: message,
  }),
  profileCreate: endpoint({
    method: 'POST',
    path: '/api/users/profile',
    access: 'customer',
    summary: 'The profile of an account made outside the API (Firebase), created on its first call; idempotent',
    body: profileCreateSchema,
    output: schema('UserSummary', out.userSummaryOutput),
  }),
  profileUpdate: endpoint({
    method: 'PUT',
    path: '/api/users/profile',
    access: 'customer',
    summary: "Changes the caller's name, email or password (the current password for the last two)",
    body: profileUpdateSchema,
    output: schema('UserInfo', out.userInfoOutput),
    rateLimits: ['credentialCheck'],
  }),
  profileDelete: endpoint({
    method: 'DELETE',
    path: '/api/users/profile',
    access: 'customer',
    summary: "Deletes the caller's account (the password again; refused while an order is open)",
    body: accountDeleteSchema,
    output: message,
    rateLimits: ['credentialCheck'],
  }),
  logoutAll: endpoint({
    method: 'POST',
    path: '/api/users/logout-all',
    access: 'customer',
    summary: 'Ends every session of the caller; a fresh token for this one',
    output: schema('UserInfo', out.userInfoOutput),
  }),
  customerList: endpoint({
    method: 'GET',
    path: '/api/customers',
    access: 'admin',
    summary: 'The customers, accounts and guests: { customers, page, pages, total }, searched by keyword',
    query: customerListQuerySchema,
    output: schema('CustomerPage', out.customerPageOutput),
  }),
  customerGet: endpoint({
    method: 'GET',
    path: '/api/customers/:key',
    access: 'admin',
    summary: "A customer (an account id or a guest's email) and their latest orders",
    output: schema('CustomerDetail', out.customerDetailOutput),
  }),
  userList: endpoint({
    method: 'GET',
    path: '/api/users',
    access: 'admin',
    summary: 'The users: { users, page, pages, total } with pageNumber, else the first page as an array',
    query: userListQuerySchema,
    output: schema<UserSummary[] | UserPage>('UserSummary[] | UserPage', out.userListOutput),
  }),
  userGet: endpoint({
    method: 'GET',
    path: '/api/users/:id',
    access: 'admin',
    summary: 'One user',
    output: schema('UserSummary', out.userSummaryOutput),
  }),
  userOpenOrders: endpoint({
    method: 'GET',
    path: '/api/users/:id/open-orders',
    access: 'admin',
    summary: "The user's unpaid and paid-but-undelivered orders (the delete confirmation's warning)",
    output: schema('OpenOrders', out.openOrdersOutput),
  }),
  userUpdate: endpoint({
    method: 'PUT',
    path: '/api/users/:id',
    access: 'admin',
    summary: "Changes a user's name, email or admin right",
    body: adminUserUpdateSchema,
    output: schema('UserSummary', out.userSummaryOutput),
  }),
  userDelete: endpoint({
    method: 'DELETE',
    path: '/api/users/:id',
    access: 'admin',
    summary: 'Deletes a user (not oneself)',
    output: message,
  }),

  // Orders (features/orders/routes.ts, moneyBack.ts)
  orderPlace: endpoint({
    method: 'POST',
    path: '/api/orders',
    access: 'customer',
    summary: 'Places an order, priced by the store (expectedTotal only refuses a changed total)',
    body: placeOrderBodySchema,
    output: order,
    status: 201,
    rateLimits: ['order', 'couponOrder'],
  }),
  orderPlaceGuest: endpoint({
    method: 'POST',
    path: '/api/orders/guest',
    access: 'public',
    summary: "Places a guest's order (an email, no account); the answer adds the order's accessToken",
    body: guestOrderBodySchema,
    output: schema('GuestOrder', out.guestOrderOutput),
    status: 201,
    rateLimits: ['guestOrder', 'order', 'couponOrder'],
  }),
  orderClaim: endpoint({
    method: 'POST',
    path: '/api/orders/claim',
    access: 'customer',
    summary: 'The signed-in account takes the paid guest order of its email the token proves',
    body: claimOrderSchema,
    output: order,
  }),
  myOrders: endpoint({
    method: 'GET',
    path: '/api/orders/myorders',
    access: 'customer',
    summary: "The caller's orders: { orders, page, pages, total } with pageNumber, else the first page as an array",
    query: myOrdersQuerySchema,
    output: schema<Order[] | OrderPage>('Order[] | OrderPage', out.myOrdersOutput),
  }),
  orderList: endpoint({
    method: 'GET',
    path: '/api/orders',
    access: 'admin',
    summary: 'All orders (without their notes): filters, search, sort; paged as myorders',
    query: orderListQuerySchema,
    output: schema<Order[] | OrderPage>('Order[] | OrderPage', out.orderListOutput),
  }),
  orderRequestsSummary: endpoint({
    method: 'GET',
    path: '/api/orders/requests/summary',
    access: 'admin',
    summary: 'What waits for the shop: pending cancellation requests and open returns',
    output: schema<{ cancellations: number; returns: number }>('RequestsSummary', out.requestsSummaryOutput),
  }),
  orderExport: endpoint({
    method: 'GET',
    path: '/api/orders/export.csv',
    access: 'admin',
    summary: "The orders the list's filters and a date range select, as CSV",
    query: orderExportQuerySchema,
    output: type<string>('CSV', 'text/csv'),
  }),
  orderGet: endpoint({
    method: 'GET',
    path: '/api/orders/:id',
    access: 'customerOrOrderToken',
    summary: "One order (an admin's answer adds its notes)",
    query: orderTokenQuery,
    output: schema<Order | AdminOrder>('Order | AdminOrder', out.anyOrderOutput),
  }),
  orderPay: endpoint({
    method: 'PUT',
    path: '/api/orders/:id/pay',
    access: 'customerOrOrderToken',
    summary: "The original clients' payment: the body is the browser's PayPal capture, verified with PayPal",
    query: orderTokenQuery,
    body: z.record(z.string(), z.unknown()),
    output: order,
  }),
  orderPaypalOrder: endpoint({
    method: 'POST',
    path: '/api/orders/:id/paypal-order',
    access: 'customerOrOrderToken',
    summary: "Creates the PayPal order for the stored total (the buttons' createOrder)",
    query: orderTokenQuery,
    output: schema<{ id: string }>('PayPalOrder', out.paypalOrderOutput),
    status: 201,
  }),
  orderCapture: endpoint({
    method: 'POST',
    path: '/api/orders/:id/capture',
    access: 'customerOrOrderToken',
    summary: 'Captures the approved PayPal order and marks the order paid',
    query: orderTokenQuery,
    body: paypalCaptureSchema,
    output: order,
  }),
  orderRefund: endpoint({
    method: 'POST',
    path: '/api/orders/:id/refunds',
    access: 'admin',
    summary: 'Refunds an amount or lines (optionally restocked, or a received return)',
    body: refundSchema,
    output: order,
    status: 201,
  }),
  orderRefundRetry: endpoint({
    method: 'POST',
    path: '/api/orders/:id/refunds/:refundId/retry',
    access: 'admin',
    summary: 'Asks the payment provider again about a pending refund',
    output: order,
  }),
  orderCancellationRequest: endpoint({
    method: 'POST',
    path: '/api/orders/:id/cancellation-request',
    access: 'customer',
    summary: 'The owner asks to cancel a paid order',
    body: cancellationRequestSchema,
    output: order,
    status: 201,
  }),
  orderReturnRequest: endpoint({
    method: 'POST',
    path: '/api/orders/:id/returns',
    access: 'customer',
    summary: 'The owner asks to return delivered lines',
    body: returnRequestSchema,
    output: order,
    status: 201,
  }),
  orderReturnDecide: endpoint({
    method: 'PUT',
    path: '/api/orders/:id/returns/:returnId',
    access: 'admin',
    summary:
      'Approves, declines or receives (restock, refund) a return; the older { approve } reads as approve/decline',
    body: z.union([returnDecisionSchema, legacyReturnDecisionSchema]),
    output: order,
  }),
  orderCancellationDecide: endpoint({
    method: 'PUT',
    path: '/api/orders/:id/cancellation-request',
    access: 'admin',
    summary: 'Approves (refund in full, restock) or declines a cancellation request',
    body: cancellationDecisionSchema,
    output: order,
  }),
  orderCancel: endpoint({
    method: 'PUT',
    path: '/api/orders/:id/cancel',
    access: 'customer',
    summary: "Cancels an unpaid order (its owner or an admin); an admin's cancel of a paid one refunds it in full",
    body: adminCancelSchema.optional(),
    output: schema<Order | AdminOrder>('Order | AdminOrder', out.anyOrderOutput),
  }),
  orderShip: endpoint({
    method: 'PUT',
    path: '/api/orders/:id/ship',
    access: 'admin',
    summary: 'Marks a paid order shipped (carrier and tracking number)',
    body: shipOrderSchema,
    output: adminOrder,
  }),
  orderDeliver: endpoint({
    method: 'PUT',
    path: '/api/orders/:id/deliver',
    access: 'admin',
    summary: 'Marks an order delivered (a paid one is shipped and delivered at once)',
    body: deliverOrderSchema.optional(),
    output: adminOrder,
  }),
  orderUndeliver: endpoint({
    method: 'PUT',
    path: '/api/orders/:id/undeliver',
    access: 'admin',
    summary: 'Takes back a delivery marked by mistake',
    body: undeliverOrderSchema,
    output: adminOrder,
  }),
  orderNoteAdd: endpoint({
    method: 'POST',
    path: '/api/orders/:id/notes',
    access: 'admin',
    summary: 'Adds an internal note to an order',
    body: orderNoteSchema,
    output: adminOrder,
    status: 201,
  }),

  // Settings (features/settings/routes.ts)
  settingsPublic: endpoint({
    method: 'GET',
    path: '/api/settings/public',
    access: 'public',
    summary: 'The settings the cart and checkout price with (tax, shipping, limits); ETag and If-None-Match',
    output: schema('ShopSettings', out.shopSettingsOutput),
  }),
  settingsHistory: endpoint({
    method: 'GET',
    path: '/api/settings/history',
    access: 'admin',
    summary: 'The latest changes of the settings, newest first',
    output: schema<SettingsChange[]>('SettingsChange[]', z.array(out.settingsChangeOutput)),
  }),
  settingsGet: endpoint({
    method: 'GET',
    path: '/api/settings',
    access: 'admin',
    summary: "The shop's settings",
    output: schema('ShopSettings', out.shopSettingsOutput),
  }),
  settingsSave: endpoint({
    method: 'PUT',
    path: '/api/settings',
    access: 'admin',
    summary: "Saves the shop's settings",
    body: settingsSchema,
    output: schema('ShopSettings', out.shopSettingsOutput),
  }),

  // Discount codes (features/coupons/routes.ts)
  couponCheck: endpoint({
    method: 'POST',
    path: '/api/coupons/check',
    access: 'optionalUser',
    summary: 'Checks a code against the cart: the discount, or why not',
    body: couponCheckSchema,
    output: schema('CouponCheck', out.couponCheckOutput),
    rateLimits: ['couponCheck'],
  }),
  couponList: endpoint({
    method: 'GET',
    path: '/api/coupons',
    access: 'admin',
    summary: 'The discount codes',
    output: schema<Coupon[]>('Coupon[]', z.array(out.couponOutput)),
  }),
  couponCreate: endpoint({
    method: 'POST',
    path: '/api/coupons',
    access: 'admin',
    summary: 'Adds a discount code',
    body: couponSchema,
    output: schema('Coupon', out.couponOutput),
    status: 201,
  }),
  couponGet: endpoint({
    method: 'GET',
    path: '/api/coupons/:code',
    access: 'admin',
    summary: 'One discount code',
    output: schema('Coupon', out.couponOutput),
  }),
  couponUpdate: endpoint({
    method: 'PUT',
    path: '/api/coupons/:code',
    access: 'admin',
    summary: "Changes a code's terms (the body's code, when given, must be the path's)",
    body: couponSchema,
    output: schema('Coupon', out.couponOutput),
  }),
  couponDelete: endpoint({
    method: 'DELETE',
    path: '/api/coupons/:code',
    access: 'admin',
    summary: 'Removes a discount code',
    output: message,
  }),

  // Gift cards and store credit (modules/giftCards/routes.ts; spent by the orders' giftCardCode and useStoreCredit)
  storeCreditGet: endpoint({
    method: 'GET',
    path: '/api/gift-cards/credit',
    access: 'customer',
    summary: "The caller's store credit (refunds the shop sent to it), spent with useStoreCredit on an order",
    output: schema<StoreCredit>('StoreCredit', storeCreditOutput),
  }),
  giftCardList: endpoint({
    method: 'GET',
    path: '/api/gift-cards',
    access: 'admin',
    summary: "The shop's gift cards, newest first, each with its history",
    output: schema<GiftCardAdmin[]>('GiftCardAdmin[]', z.array(giftCardAdminOutput)),
  }),
  giftCardIssue: endpoint({
    method: 'POST',
    path: '/api/gift-cards',
    access: 'admin',
    summary: 'Issues a gift card (a random code, shown grouped); mails the recipient when given',
    body: giftCardIssueSchema,
    output: schema<GiftCardIssued>('GiftCardIssued', giftCardIssuedOutput),
    status: 201,
  }),
  giftCardCheck: endpoint({
    method: 'GET',
    path: '/api/gift-cards/:code',
    access: 'public',
    summary: "A gift card's balance and expiry by its code (404 for an unknown code; rate limited as code checks)",
    output: schema<GiftCardBalance>('GiftCardBalance', giftCardBalanceOutput),
    rateLimits: ['couponCheck'],
  }),

  // Categories and brands (features/taxonomy/routes.ts)
  categoryList: categoryEndpoints.list,
  categoryBySlug: categoryEndpoints.bySlug,
  categoryCreate: categoryEndpoints.create,
  categoryRename: categoryEndpoints.rename,
  categoryMerge: categoryEndpoints.merge,
  categoryRemove: categoryEndpoints.remove,
  brandList: brandEndpoints.list,
  brandBySlug: brandEndpoints.bySlug,
  brandCreate: brandEndpoints.create,
  brandRename: brandEndpoints.rename,
  brandMerge: brandEndpoints.merge,
  brandRemove: brandEndpoints.remove,

  // Uploads, dashboard, cart, live updates, configuration, development mailbox
  imageUpload: endpoint({
    method: 'POST',
    path: '/api/upload',
    access: 'admin',
    summary: "One image in the multipart field `image` (JPEG, PNG or WebP), re-encoded; answers the file's path",
    bodyType: 'multipart/form-data',
    output: type<string>('ImagePath', 'text/plain'),
    status: 201,
  }),
  adminStats: endpoint({
    method: 'GET',
    path: '/api/admin/stats',
    access: 'admin',
    summary: "The dashboard's orders and revenue per day (last 30 days) and low-stock products",
    output: schema<AdminStats>('AdminStats', out.adminStatsOutput),
  }),
  adminMailResend: endpoint({
    method: 'POST',
    path: '/api/admin/mail/resend',
    access: 'admin',
    summary:
      "Sends again the last 30 days' emails the mail server refused until they were given up, but for the expiring account links (no body)",
    output: schema<MailResend>('MailResend', out.mailResendOutput),
  }),
  // Abandoned-cart reminders (issue 41, modules/cartReminders/routes.ts)
  cartReminderPreference: endpoint({
    method: 'GET',
    path: '/api/cart-reminders/preference',
    access: 'customer',
    summary: 'Whether the caller receives abandoned-cart reminder emails',
    output: schema<CartReminderPreference>('CartReminderPreference', out.cartReminderPreferenceOutput),
  }),
  cartReminderPreferenceSave: endpoint({
    method: 'PUT',
    path: '/api/cart-reminders/preference',
    access: 'customer',
    summary: "Turns the caller's abandoned-cart reminder emails on or off",
    body: cartReminderPreferenceSchema,
    output: schema<CartReminderPreference>('CartReminderPreference', out.cartReminderPreferenceOutput),
  }),
  cartReminderUnsubscribe: endpoint({
    method: 'POST',
    path: '/api/cart-reminders/unsubscribe',
    access: 'public',
    summary: "The reminder email's one-click unsubscribe: its signed token turns the account's reminders off",
    body: cartReminderUnsubscribeSchema,
    output: schema<CartReminderPreference>('CartReminderPreference', out.cartReminderPreferenceOutput),
  }),
  cartGet: endpoint({
    method: 'GET',
    path: '/api/cart',
    access: 'customer',
    summary: "The caller's cart, kept on the server (embedded)",
    output: type<StoredCart>('StoredCart'),
    only: 'embedded',
  }),
  cartPut: endpoint({
    method: 'PUT',
    path: '/api/cart',
    access: 'customer',
    summary: "Replaces the caller's cart (embedded)",
    body: cartSchema,
    output: type<StoredCart>('StoredCart'),
    only: 'embedded',
  }),
  wishlistGet: endpoint({
    method: 'GET',
    path: '/api/wishlist',
    access: 'customer',
    summary: "The caller's wishlist, each item with its product as it is now (issue 41)",
    output: schema('Wishlist', out.wishlistOutput),
  }),
  wishlistPut: endpoint({
    method: 'PUT',
    path: '/api/wishlist',
    access: 'customer',
    summary: "Replaces the caller's wishlist (at most 100 items, each once)",
    body: wishlistSchema,
    output: schema('Wishlist', out.wishlistOutput),
  }),
  liveTicket: endpoint({
    method: 'POST',
    path: '/api/live/tickets',
    access: 'customer',
    summary: 'A single-use, short-lived ticket for private live topics (embedded)',
    body: ticketRequestSchema,
    output: type<{ ticket: string; topics: string[]; expiresInMs: number }>('LiveTicket'),
    status: 201,
    only: 'embedded',
  }),
  liveStream: endpoint({
    method: 'GET',
    path: '/api/live',
    access: 'liveTicket',
    summary: 'One Server-Sent Events stream: public ?topics=, private ones with ?ticket= (embedded)',
    query: z.object({
      topics: z.string().optional(),
      ticket: z.string().optional(),
      lastEventId: z.string().optional(),
    }),
    output: type<string>('EventStream', 'text/event-stream'),
    only: 'embedded',
  }),
  paypalClientId: endpoint({
    method: 'GET',
    path: '/api/config/paypal',
    access: 'public',
    summary: "The PayPal client id as plain text ('' in simulated mode), as the original clients read it",
    output: type<string>('PayPalClientId', 'text/plain'),
  }),
  config: endpoint({
    method: 'GET',
    path: '/api/config',
    access: 'public',
    summary: 'The payment mode, PayPal client id, currency and backend; whether the development mailbox answers',
    output: schema('PublicConfig', out.publicConfigOutput),
  }),
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    summary: 'Whether the API reaches its store',
    output: schema<{ ok: true }>('Health', out.healthOutput),
  }),
  openApi: endpoint({
    method: 'GET',
    path: '/api/openapi.json',
    access: 'public',
    summary: 'This API as an OpenAPI 3.1 document, generated from the endpoint table',
    output: type<Record<string, unknown>>('OpenAPI'),
  }),
  devMail: endpoint({
    method: 'GET',
    path: '/api/dev/mail',
    access: 'devLoopback',
    summary: 'The development outbox, newest first (outside production, without SMTP)',
    output: type<DevMailSummary[]>('DevMail[]'),
    only: 'devMailbox',
  }),
} as const satisfies Record<string, EndpointSpec>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
