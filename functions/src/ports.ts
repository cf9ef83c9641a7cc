// The ports: what the API needs from a backend. Two sets of adapters implement them:
// adapters/embedded (one process, SQL file, local files, local JWT) and adapters/firebase
// (Firestore, Firebase Auth, Cloud Storage). Routes and domain rules only ever see these interfaces.
import type {
  CatalogFacets,
  CatalogFilters,
  CatalogSort,
  EditedFrom,
  Order,
  OrderItem,
  OrderListQuery,
  OrderNote,
  OrderExportQuery,
  OrderPage,
  PaymentMode,
  PaymentOrder,
  PaymentResult,
  Shipment,
  ShipmentDetails,
  LineUnits,
  Product,
  ProductDetail,
  ProductPage,
  ProductSuggestions,
  ProductUpdateInput,
  ProviderCapture,
  Review,
  UserListQuery,
  UserPage,
  UserSummary,
  RequestedLine,
} from './domain/index.js';
import type {
  Coupon,
  TaxonomyEntry,
  TaxonomyKind,
  TaxonomyList,
  RefundRecord,
  PlaceOrderRequest,
  RefundRequest,
  SavedAddress,
  ReturnRequest,
  SettingsChange,
  ShopSettings,
  StockHistoryPage,
  PriceHistoryPage,
  LowStockRow,
  AddressBookChange,
  LoadedCoupon,
  OrderPatch,
  OrderRecord,
  StockChange,
  StockContext,
  StockedProduct,
  UnpaidOrder,
  HoldTally,
} from './domain/index.js';
import type { Customer, CustomerListQuery, CustomerPage } from './domain/customers.js';
import type { CartLine, StoredCart } from './domain/cart.js';
import type { DomainEvent } from './domain/events.js';
import type { DomainError } from './domain/errors.js';
import type { AnyModel, ModelRecord } from './domain/model.js';
import type { ReencodedImage } from './images/pipeline.js';
import type { LiveHub } from './live/hub.js';
import type { ModuleStores } from './modules/index.js';

export interface ProductQuery extends Omit<CatalogFilters, 'keyword'> {
  /** Words, in any order, each a case-insensitive literal piece of the name, brand, category or description (1-2
   *  character words: of the name) (domain/search.ts searchWords); '' means all. */
  keyword: string;
  page: number;
  pageSize: number;
  /** Default: newest; with a keyword, the best matches first (domain/catalogQuery.ts CATALOG_SORT_ORDER says what
   *  each sort orders by). */
  sort?: CatalogSort;
}

export interface NewReview {
  userId: string;
  name: string;
  rating: number;
  comment: string;
}

export interface ProductStore {
  list(query: ProductQuery): Promise<ProductPage>;
  /** Category and brand counts among the products matching the filters, each facet ignoring its own filter. */
  facets(filters: CatalogFilters): Promise<CatalogFacets>;
  /** The header's suggestions for what is typed so far (GET /api/products/suggest). */
  suggest(q: string): Promise<ProductSuggestions>;
  /** The `limit` best rated, ties broken by review count then newest. */
  top(limit: number): Promise<Product[]>;
  /** The product with its newest reviews; `{ reviews: false }`: the product alone, `reviews: []` (the cart's lines,
   *  which show none: on Firestore 1 read instead of 1 + up to 100). */
  get(id: string, options?: { reviews?: boolean }): Promise<ProductDetail | null>;
  /** Issue 40: the product a slug names (its current one, an old one from before a rename, or a provisional one:
   *  domain/slugs.ts), or null. Ids are `get`'s. */
  slugOwner(slug: string): Promise<string | null>;
  /** Issue 41: the published products of these ids (a few: GET /api/products/compare), without reviews, in the
   *  order asked, each once; an unknown id or a draft's is left out. One read of them all. */
  many(ids: readonly string[]): Promise<Product[]>;
  /** A published product at once (the seed, tests); `by`: who its first prices' history names (the seed:
   *  "system"), the owner when absent. */
  create(product: ProductUpdateInput, ownerId: string, by?: string): Promise<Product>;
  /** A draft (POST /api/products): kept apart from the products, so no list, search, top, facet, sitemap or order
   *  sees it, until its first save (update) publishes it. Answers it with `isDraft: true`. */
  createDraft(product: ProductUpdateInput, ownerId: string): Promise<Product>;
  /** A draft by id (`isDraft: true`), or null. */
  getDraft(id: string): Promise<Product | null>;
  /** The newest drafts first, at most `limit` (the admin's product list). */
  listDrafts(limit: number): Promise<Product[]>;
  /** With `editedFrom` (the product as the form loaded it), applies domain/productEdits' rule atomically: conflict
   *  for a stale form, the stock changed by what the admin changed. A draft's save publishes it, in the same
   *  transaction (createdAt = now, so it is the newest product). Null for an unknown id. `by`: the admin saving
   *  (the stock history's actor; "system" when absent). */
  update(id: string, product: ProductUpdateInput, editedFrom?: EditedFrom, by?: string): Promise<Product | null>;
  /** A product's stock history (domain/stockHistory.ts), newest first: `limit` entries older than the cursor
   *  `before` (a page's `nextBefore`; opaque, each store its own). A draft's is empty; null for an unknown id. */
  stockHistory(id: string, before: string | undefined, limit: number): Promise<StockHistoryPage | null>;
  /** Issue 41: a product's price history (domain/priceHistory.ts), newest first, paged as stockHistory. */
  priceHistory(id: string, before: string | undefined, limit: number): Promise<PriceHistoryPage | null>;
  /** Removes a product (and its reviews) or a draft. */
  remove(id: string): Promise<boolean>;
  /** Adds a review and recomputes rating and numReviews atomically.
   *  Throws not_found for an unknown product, bad_input (400, as the spec's clients expect) 'Product already reviewed' for a second review. */
  addReview(productId: string, review: NewReview): Promise<Review>;
  /** Every review this user wrote, oldest first, with its product's id and name ("download my data"). */
  reviewsBy(userId: string): Promise<UserReview[]>;
  /** The items (products without variants, and variants) whose stock is at most `threshold`, lowest first, at
   *  most `limit` (admin dashboard; domain/lowStock.ts lowStockRows over the products with the lowest items). */
  lowStock(threshold: number, limit: number): Promise<LowStockRow[]>;
  /** Optional: the product sitemap in files of at most `perFile` products, each file read on its own (no walk
   *  through the earlier ones; Firestore: adapters/firebase/store/sitemap.ts). Without `file`, the number of
   *  files only. A store without it is listed page by page (`list`, newest first). */
  sitemap?(perFile: number, file?: number): Promise<SitemapFile>;
}

/** What a product sitemap file lists of each product. */
export interface SitemapFile {
  files: number;
  products: { _id: string; slug: string; updatedAt: string }[];
}

export interface StoredUser extends UserSummary {
  createdAt: string;
}

/** A review as its author's data export lists it. */
export type UserReview = Review & { product: string; productName: string };

export interface UserStore {
  get(id: string): Promise<StoredUser | null>;
  findByEmail(email: string): Promise<StoredUser | null>;
  /** One page (domain/listQuery.ts), oldest account first. */
  list(query: UserListQuery): Promise<UserPage<StoredUser>>;
  /** Creates the profile for an identity the auth port created. Throws conflict when the email is taken. `mails`
   *  are recorded in the outbox in the same transaction, only when it makes the profile: none for an id that has
   *  one already (a racing first call), none when refused. */
  create(
    user: { _id: string; name: string; email: string; isAdmin: boolean },
    mails?: QueuedMail[],
  ): Promise<StoredUser>;
  /** Throws conflict 'Email already in use' when another user has the email (case-insensitively). */
  update(id: string, patch: { name?: string; email?: string; isAdmin?: boolean }): Promise<StoredUser | null>;
  remove(id: string): Promise<boolean>;
  /** Deletes the account's data (domain/accountDeletion.ts): its orders kept with name, email and shipping address
   *  replaced, its reviews kept under "Deleted customer", its cart, wishlist and the profile removed. Idempotent. */
  forget(id: string): Promise<void>;
}

/** What a store is asked to place: the decision's request (domain/orderDecisions.ts PlaceOrderRequest: the lines,
 *  address, time, hold limits of the customer and of the client address, settings, shown total, shipping method),
 *  with what the store loads and writes in the placing transaction besides. The client address's unpaid orders are
 *  loaded there and its key recorded on the order; a customer's order also keeps its address in the customer's book
 *  (domain/addresses.ts rememberAddress: once, marked last used, the stalest makes room), a guest's does not. */
export interface PlaceOrderCommand extends Omit<PlaceOrderRequest, 'guest'> {
  /** A discount code, upper-case (domain/discounts.ts): loaded, decided and redeemed in the placing transaction. */
  couponCode?: string;
  /** A guest's order (POST /api/orders/guest; `user` is then derived from the email, domain/guests.ts): the email and
   *  how the new order's access token is signed (OrderLinks.sign), once the store has its id. */
  guest?: { email: string; sign(orderId: string): string };
  /** Issue 39: the tenders asked (a gift card's code, ...), each taken in the placing transaction by its module's
   *  hook (orders/tenders.ts) in this order; the payment provider pays the rest. */
  tenders?: { kind: string; ref: string }[];
}

/** The decision's request for a command and the order's id (a guest order's token is signed for that id). */
export function placeOrderRequest(cmd: PlaceOrderCommand, orderId: string): PlaceOrderRequest {
  const { guest, tenders: _tenders, couponCode: _couponCode, ...rest } = cmd;
  return guest ? { ...rest, guest: { email: guest.email, accessToken: guest.sign(orderId) } } : rest;
}

/** Discount codes (domain/discounts.ts), keyed by the upper-case code, with their redemptions counted on them (an
 *  order's place adds one, its expiry or unpaid cancel gives it back: OrderStore). */
export interface CouponStore {
  /** Every code, by code. */
  list(): Promise<Coupon[]>;
  get(code: string): Promise<Coupon | null>;
  /** Creates a code (conflict when it exists) with no uses. */
  create(coupon: Omit<Coupon, 'uses'>): Promise<Coupon>;
  /** Replaces a code's terms, keeping its uses (not_found when absent). */
  update(coupon: Omit<Coupon, 'uses'>): Promise<Coupon>;
  /** Removes a code (not_found when absent); its orders keep their discount. */
  remove(code: string): Promise<void>;
  /** How often this customer redeemed the code (orders not released), counted by the person: the most among its
   *  keys (domain/guests.ts couponCustomerKeys: the account's id and its email's). */
  customerUses(code: string, customer: { _id: string; email: string }): Promise<number>;
}

/** A managed list of categories or brands (domain/taxonomy.ts), one per kind. Writes publish TaxonomyChanged. */
export interface TaxonomyStore {
  readonly kind: TaxonomyKind;
  /** The entries by name, each with its productCount, and the old slugs still redirecting. */
  list(): Promise<TaxonomyList>;
  /** A new entry (conflict for a name taken case-insensitively). */
  create(name: string): Promise<TaxonomyEntry>;
  /** Renames an entry and every product carrying its name; its old slug redirects to the new one. */
  rename(id: string, name: string): Promise<TaxonomyEntry>;
  /** Merges entry `id` into `into`: its products take the target's name, its slug redirects to the target's, and
   *  it goes. Answers the target. */
  merge(id: string, into: string): Promise<TaxonomyEntry>;
  /** Removes an entry no product carries (bad_input while any does: merge it first). */
  remove(id: string): Promise<void>;
}

/** The settings the owner controls (domain/settings.ts), one record, each save recorded with what it changed. */
export interface SettingsStore {
  /** The saved settings, or null when the owner never saved any (the defaults apply). */
  get(): Promise<ShopSettings | null>;
  /** Saves (already validated by settingsSchema) and records the change, in one transaction: the fields that
   *  differ from what was saved before (or from `defaults` the first time). Publishes SettingsSaved. */
  save(settings: ShopSettings, by: SettingsChange['by'], now: Date, defaults: ShopSettings): Promise<SettingsChange>;
  /** The changes, newest first, at most `limit`. */
  history(limit: number): Promise<SettingsChange[]>;
}

export interface OrderStore {
  /** Reads current prices, checks and takes stock, prices with domain/pricing and saves the order, all
   *  atomically. Throws not_found for unknown products and conflict naming the product when stock is short. */
  place(command: PlaceOrderCommand): Promise<Order>;
  /** The 409 an order of these lines would get for stock this store already knows is gone, answered without a
   *  transaction (issue 42: a sale's late requests), else null: then only `place` decides. Never a refusal `place`
   *  would not give. Absent where the store cannot know without reading (Firestore): nothing is asked then. */
  knownStockRefusal?(lines: readonly RequestedLine[]): DomainError | null;
  get(id: string): Promise<Order | null>;
  /** One page of the orders the query selects (domain/listQuery.ts), ties in createdAt broken by id. */
  list(query: OrderListQuery): Promise<OrderPage>;
  /** Marks paid unless already paid, expired, or the capture id was used before (conflict). Atomic. */
  markPaid(id: string, payment: PaymentResult, now: Date): Promise<Order>;
  /** The id of the order this provider capture paid, or null: asked before any refund (another order's payment is
   *  never refunded). */
  paidWith(captureId: string): Promise<string | null>;
  /** Cancels an unpaid order still within its hold and gives its stock back, atomically. Conflict when paid,
   *  expired or already cancelled (domain/orders.ts assertCancellable); not_found for an unknown order. `byShop`:
   *  the admin who cancelled it (the stock history names them, the customer's mail says the shop did); absent, its
   *  customer did. */
  cancel(id: string, now: Date, byShop?: { _id: string }): Promise<Order>;
  /** Reserves a refund (domain decideRefund, inside the transaction): pending, it counts against what may still be
   *  refunded, so two racing refunds cannot together exceed what was paid. Answers the order and the refund. */
  reserveRefund(id: string, request: RefundRequest): Promise<{ order: Order; refund: RefundRecord }>;
  /** The provider refunded: completes the reserved refund, restocks its lines when asked, cancels the order when the
   *  refund does, records the customer's email; publishes OrderRefunded (+ StockChanged). Idempotent. */
  completeRefund(id: string, refundId: string, providerRefundId: string, now: Date): Promise<Order>;
  /** The provider refused: the reservation is released (the refund is kept as failed, with why). */
  failRefund(id: string, refundId: string, failure: string, now: Date): Promise<Order>;
  /** The owner asks to cancel a paid, undelivered order (domain requestCancellation). */
  requestCancellation(id: string, reason: string, now: Date): Promise<Order>;
  /** The admin declines the waiting cancellation request with a message. */
  declineCancellation(id: string, message: string, now: Date): Promise<Order>;
  /** The owner asks to return lines of a delivered order within the return window (domain requestReturn). */
  requestReturn(id: string, request: ReturnRequest): Promise<Order>;
  /** The admin approves a requested return (domain approveReturn); records the customer's "send it back" mail. */
  approveReturn(id: string, returnId: string, now: Date): Promise<Order>;
  /** The parcel arrived (domain receiveReturn): the return is received and exactly the `restock` lines go back on
   *  sale (stock history cause 'return', by `by`: the admin). Its refund is a refund with `returnId` (reserveRefund), which marks the
   *  return refunded when it completes. */
  receiveReturn(id: string, returnId: string, restock: readonly LineUnits[], now: Date, by?: string): Promise<Order>;
  /** The admin declines a waiting return with a message. */
  declineReturn(id: string, returnId: string, message: string, now: Date): Promise<Order>;
  /** Marks delivered when paid and not delivered (conflict otherwise), recording the carrier and tracking number
   *  given (domain/orderDecisions.ts deliverOrder). Atomic. */
  markDelivered(id: string, now: Date, shipment?: Shipment): Promise<Order>;
  /** Ships a paid order (domain/orderDecisions.ts shipOrder; conflict with why otherwise), recording the carrier and
   *  tracking number and the customer's "has shipped" mail. Atomic. */
  markShipped(id: string, now: Date, shipment: ShipmentDetails): Promise<Order>;
  /** The requests waiting for the shop (domain/lifecycle.ts waitingRequests): pending cancellation requests and
   *  open returns, counted over every order. */
  requestsSummary(): Promise<{ cancellations: number; returns: number }>;
  /** Takes a delivery back (domain/orderDecisions.ts undeliverOrder): conflict unless delivered, bad_input without
   *  a reason after the window. Atomic. */
  markUndelivered(id: string, now: Date, reason: string | null): Promise<Order>;
  /** Adds an admin's internal note (not_found for an unknown order). Notes are kept apart from the order, so no
   *  customer read of it can carry them. */
  addNote(id: string, note: { text: string; by: { _id: string; name: string } }, now: Date): Promise<OrderNote>;
  /** The order's notes, oldest first (none for an unknown order). */
  notes(id: string): Promise<OrderNote[]>;
  /** The orders an export selects (domain/orderExport.ts), oldest first (ties by id), in batches of at most
   *  `batchSize` (EXPORT_BATCH_SIZE) read one after the other (a cursor, never the whole result in memory). */
  exportOrders(query: OrderExportQuery, batchSize?: number): AsyncIterable<Order[]>;
  /** Expires unpaid orders whose hold ended and returns their stock. Returns how many expired. */
  expireStale(now: Date): Promise<number>;
  /** Records the unpaid-hold reminder of each order domain/holdReminders.ts says is due at `now`, once per order,
   *  each in a transaction with the order's state. Returns how many were recorded (the expiry sweep calls it). */
  remindUnpaid(now: Date): Promise<number>;
  /** Orders and revenue (paid orders, net of completed refunds) per day since `since` (admin dashboard). */
  dailyStats(since: Date): Promise<{ day: string; orders: number; revenue: number }[]>;
  /** An account takes a paid guest order of its email ("Create an account" after paying; domain/guests.ts
   *  assertMayClaim, inside the transaction): the order is the account's from then on. not_found for an unknown
   *  order; bad_input when it is not a paid guest order of that email. Publishes OrderUpdated. */
  claimGuestOrder(id: string, account: { _id: string; name: string; email: string }): Promise<Order>;
}

/**
 * The order use cases' unit of work (orders/: written once over it; each store implements it): what a use case may
 * READ inside one transaction (OrderUnit), and what it decided, for the store to WRITE atomically (OrderChangeSet).
 * Reads all come before writes (Firestore's rule): `work` only reads, the store writes once it returns.
 */
export interface OrderUnit {
  /** A new document id (an order's, a saved address's). */
  newId(): string;
  /** The order as the decisions read it (with who made each refund); not_found when absent. */
  order(id: string): Promise<OrderRecord>;
  /** The current stock of the order's lines whose product or variant still exists, keyed by stockKey. */
  stockOf(order: Pick<OrderRecord, 'orderItems'>): Promise<ReadonlyMap<string, number>>;
  /** The products to price and stock, with their variants (absent ids left out: the decision refuses them). */
  products(ids: readonly string[]): Promise<Map<string, StockedProduct>>;
  /** The unpaid orders held by a customer, by a guest's shipping address key, by a client address key (as a tally:
   *  domain/holdTally.ts, the store's running one or one of the orders it read). */
  openOrders(keys: { customerId: string; addressKey: string | null; clientKey: string | null }): Promise<{
    customer: UnpaidOrder[];
    address: UnpaidOrder[];
    client: HoldTally;
  }>;
  /** A code, and how often this customer used it, for a placement. */
  coupon(code: string, customer: { _id: string; email: string }): Promise<LoadedCoupon>;
  /** The customer's address book. */
  addressBook(userId: string): Promise<SavedAddress[]>;
  /** Whether a provider capture already paid an order. */
  captureUsed(captureId: string): Promise<boolean>;
  /** Whether a message with this key is in the outbox. */
  mailRecorded(key: string): Promise<boolean>;
  /** The admins' emails, oldest account first. */
  adminEmails(): Promise<string[]>;
  /** Issue 39: a model's record by its key (a tender's: a gift card), read in the transaction so a concurrent
   *  change of it waits or retries; null when absent. */
  record<M extends AnyModel>(model: M, key: string): Promise<ModelRecord<M> | null>;
}

/** The fields of an order a use case changes: a lifecycle decision's, or a claim's (domain/guests.ts claimPatch). */
export type OrderChange = OrderPatch & Partial<Pick<OrderRecord, 'user' | 'guestEmail' | 'guestAddressKey'>>;

/** What one use case decided, written atomically by the store (then its events published, the outbox woken). */
export interface OrderChangeSet {
  /** When the change happened (its messages' time). */
  at?: Date;
  /** A new order. */
  placed?: { id: string; record: OrderRecord };
  /** An existing order's change: `before` as `order()` read it. */
  patch?: { id: string; before: OrderRecord; change: OrderChange };
  /** Stock moves (guarded by the stock read), with the history's context. */
  stock?: { changes: StockChange[]; context: StockContext };
  /** A code's use taken (+1, a placement) or given back (-1), for the order's customer. */
  codeUse?: { code: string; customer: { _id: string; email: string }; delta: 1 | -1 };
  /** The customer's address book change. */
  addressBook?: { userId: string; change: AddressBookChange };
  /** Outbox messages, each recorded once by its key. */
  mails?: QueuedMail[];
  /** Issue 36: the customer's reviews of these products decided again with the order as it now is. */
  reverifyReviews?: { userId: string; productIds: string[] };
  /** Published once committed (ReviewsReverified is added by the store when marks changed). */
  events?: DomainEvent[];
  /** Issue 39: records written whole (a tender's, as its hook decided from the record `record()` read; a model
   *  owner: the record's owner, for a model with owners). */
  records?: { model: AnyModel; record: Record<string, unknown>; owner?: string }[];
}

/** What a placement will read: a store may read it once for many placements (embedded group commit). */
export interface PlacementReads {
  productIds: string[];
  customerId: string;
  addressKey: string | null;
  clientKey: string | null;
  /** The customer whose address book it reads (null: a guest's, none). */
  addressBookOf: string | null;
  /** The units each line asks (issue 37): a store that keeps a product's stock in shards reads only the shards
   *  these units need (Firestore, docs/firebase.md "Hot documents"). */
  lines?: readonly RequestedLine[];
}

export interface OrderUnitOfWork {
  /** Runs `work` in ONE transaction (again when a store retries it: it is pure over its reads), writes its change
   *  set, commits, then publishes the events and wakes the outbox. `placement`: what a placement will read, so a
   *  store may group concurrent placements in one transaction, each written apart (embedded group commit). */
  run<T>(
    work: (unit: OrderUnit) => Promise<{ changes: OrderChangeSet; result: T }>,
    placement?: PlacementReads,
  ): Promise<T>;
  /** The 409 for stock the store's last committed placements saw gone, when nothing else wrote since (embedded:
   *  placementView.ts); absent or null where a store cannot know it without reading (Firestore). */
  knownStockRefusal?(lines: readonly RequestedLine[]): DomainError | null;
}

/** The order store's read-only side and the notes (queries, no rule): what the use cases do not decide. */
export type OrderQueries = Pick<
  OrderStore,
  'get' | 'list' | 'exportOrders' | 'notes' | 'addNote' | 'paidWith' | 'dailyStats' | 'requestsSummary'
> & {
  /** The unpaid orders whose hold ended by `now` (the expiry sweep's candidates). */
  dueForExpiry(now: Date): Promise<string[]>;
  /** The unpaid orders whose hold ends within the reminder window (domain/holdReminders.ts holdReminderWindow). */
  dueForReminder(now: Date): Promise<string[]>;
};

/** Signed-in shoppers' carts kept on the server (embedded; the Firebase build keeps them in Firestore from the web). */
/** The admin's customers (issue 40, domain/customers.ts): accounts and guests with their order figures. */
export interface CustomerStore {
  /** A page in CUSTOMER_SORT order, searched as the other admin lists are. */
  list(query: CustomerListQuery): Promise<CustomerPage>;
  /** One customer by its store id (an account id or a guest's `guest:<email key>`); null when unknown. */
  get(id: string): Promise<Customer | null>;
}

export interface CartStore {
  get(userId: string): Promise<StoredCart>;
  /** Replaces the cart (already validated by domain/cart.ts cartSchema) and answers it as stored. */
  put(userId: string, items: CartLine[], now: Date): Promise<StoredCart>;
}

/** The Store: the aggregates' stores, and each capability module's store under its name (modules/index.ts:
 *  `addresses`, ...). */
export interface Store extends ModuleStores {
  products: ProductStore;
  users: UserStore;
  orders: OrderStore;
  settings: SettingsStore;
  coupons: CouponStore;
  categories: TaxonomyStore;
  brands: TaxonomyStore;
  customers: CustomerStore;
  /** Only where the server keeps carts (embedded): /api/cart is mounted when present. */
  carts?: CartStore;
  /** The abandoned-cart reminders (issue 41), on both stores. */
  /** Tells whether the store answers (for /api/health). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Who is calling, as the auth port vouches. isAdmin is read fresh, never trusted from the client. */
export interface Caller {
  uid: string;
  isAdmin: boolean;
  /** The account's email as the token vouches (Firebase ID tokens), for a profile made on the first call. */
  email?: string;
  /** The account's display name, when the token has one. */
  name?: string;
  /** Whether the token vouches the email confirmed (Firebase ID tokens' email_verified). */
  emailVerified?: boolean;
  /** The account's profile and email confirmation, when verify() read them in the same lookup as the role
   *  (embedded: the one users row), so a route needs no second read of the account (issue 42). Read fresh, never
   *  from the token. Absent where verify() does not read the profile (Firebase: the profile is in Firestore). */
  account?: { name: string; email: string; emailVerified: boolean };
}

export interface Identity {
  uid: string;
  token: string;
}

export interface AuthPort {
  /** Creates credentials for a new account. Throws conflict 'User already exists' when the email is taken. */
  signUp(input: { name: string; email: string; password: string }): Promise<Identity>;
  /** Throws unauthenticated 'Invalid email or password'. */
  signIn(email: string, password: string): Promise<Identity>;
  /** Verifies a bearer token. Throws unauthenticated for a missing, invalid or expired token. */
  verify(token: string): Promise<Caller>;
  /** A fresh token, e.g. after a profile update. */
  issueToken(uid: string): Promise<string>;
  updateCredentials(uid: string, patch: { email?: string; password?: string; name?: string }): Promise<void>;
  setAdmin(uid: string, isAdmin: boolean): Promise<void>;
  remove(uid: string): Promise<void>;
  /**
   * Ends every session of the account: tokens issued before are refused by verify() from now on (issueToken
   * then gives the caller a fresh one). Called after a password or email change, an admin demotion and
   * "Sign out everywhere". Embedded: a per-user token version; Firebase: revokeRefreshTokens + checkRevoked.
   */
  revokeSessions(uid: string): Promise<void>;
}

export interface FilePort {
  /** Stores a re-encoded image (images/pipeline.ts) under a random name, its copies beside it (domain/images.ts's
   *  naming rule), and answers the main file's public URL (e.g. /uploads/<name>.webp). */
  saveImage(image: ReencodedImage): Promise<string>;
}

export interface CaptureCheck extends PaymentOrder {
  /** What the client sent after its own capture (for PayPal: the capture result with its order id). */
  payload: unknown;
}

/**
 * Payments. Two flows share it: the server-side PayPal flow (createOrder, then capture after the buyer approved,
 * refund when the order cannot be marked paid) and PUT /api/orders/:id/pay, where the client captured and the
 * gateway verifies (the original clients). The simulated gateway refuses the first and takes only the shop's own
 * test payment in the second. Every method throws bad_input / conflict / unavailable with a message the shopper can read.
 */
export interface PaymentGateway {
  readonly mode: PaymentMode;
  readonly clientId: string;
  /** Verifies with the provider that the payment is captured for exactly this amount and currency. */
  verifyCapture(check: CaptureCheck): Promise<PaymentResult>;
  /** Creates the provider's order for exactly this order's stored total; answers the provider's order id. */
  createOrder(order: PaymentOrder): Promise<string>;
  /**
   * Captures the provider order the buyer approved, idempotently per shop order (a retry never charges twice).
   * Reads it first and refuses (conflict, nothing captured) one made for another shop order or amount
   * (domain providerOrderMismatch). Answers only when money moved (the caller checks it against the order again and
   * refunds only what domain mayRefundCapture allows); throws when nothing was captured.
   */
  capture(order: PaymentOrder, providerOrderId: string): Promise<ProviderCapture>;
  /** The completed capture of a provider order, if it has one. A read: it never takes money. */
  findCapture(providerOrderId: string): Promise<ProviderCapture | null>;
  /** Refunds a capture in full, idempotently per capture. */
  refund(payment: PaymentResult, order: PaymentOrder): Promise<void>;
  /** Refunds part (or all) of an order's capture for the shop's own refund (POST /api/orders/:id/refunds),
   *  idempotently per `refundId` (PayPal-Request-Id): a retry never refunds twice. Answers the provider's refund id.
   *  Throws conflict when the provider refused (nothing refunded), unavailable when the outcome is unknown. */
  refundPart(payment: PaymentResult, refund: PartRefund): Promise<{ providerRefundId: string }>;
}

export interface PartRefund {
  refundId: string;
  orderId: string;
  amountCents: number;
  currency: string;
  note: string;
}

/** What time it is, for every rule and record that depends on it (holds, createdAt...): tests move it instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * Where a store (and the auth port) announces what a write changed, once its transaction has committed (never for a
 * write that failed: it committed nothing). One call per commit, or per accepted order of a group commit. Never
 * throws (the write is done; events/bus.ts logs a failing subscriber).
 */
export interface EventPublisher {
  publish(events: readonly DomainEvent[]): void;
}

/** A publisher nobody hears (scripts and tests that build a store alone). */
export const NO_EVENTS: EventPublisher = { publish: () => undefined };

export type EventHandler = (events: readonly DomainEvent[]) => void;

/** What the catalogue cache and the live hub subscribe to (events/bus.ts): the events the ports' writes publish. */
export interface EventSource {
  /** Answers the way to unsubscribe. */
  subscribe(handler: EventHandler): () => void;
}

/**
 * Live events (embedded): what changed, published from the domain events once a write has committed
 * (live/liveUpdates.ts is the one place that publishes) and fanned out to the open streams (live/hub.ts). The
 * Firebase build has none: its web listens to Firestore directly.
 */
export interface LiveEvents {
  /** `topic` is who may hear it (live/topics.ts), `type` what happened, `data` the new state (JSON). */
  publish(topic: string, type: string, data: unknown): void;
  /** Closes every open stream of the account (its sessions were revoked). */
  endSessions(uid: string): void;
  /** Ends every stream (shutdown: an open stream would keep the HTTP server from closing). */
  close(): void;
}

/** One recorded message as the outbox worker (mail/outboxWorker.ts) sends it. */
export interface OutboxEntry {
  id: string;
  to: string;
  template: string;
  data: Record<string, unknown>;
  /** Attempts made before this one. */
  attempts: number;
  /** The due time as stored (the claim checks it is unchanged). */
  dueAt: string;
}

/** An unsent message whose last attempt failed: waiting for its retry, or given up. */
export interface MailFailure {
  to: string;
  template: string;
  attempts: number;
  /** What the mail server (or the renderer) answered the last attempt. */
  lastError: string;
  /** True once the worker stopped retrying (status 'failed'). */
  givenUp: boolean;
  /** Its stored next-attempt time: the retry's (future) while retried; once given up, the end of its last attempt's
   *  lease. */
  at: string;
}

export interface OutboxStore {
  due(now: Date, limit: number): Promise<OutboxEntry[]>;
  /** Unsent messages whose last attempt failed, with `at` at or after `since`, the latest `at` first (the dashboard's
   *  word on mail the mail server refuses). */
  failing(since: Date, limit: number): Promise<MailFailure[]>;
  claim(entry: OutboxEntry, leaseUntil: Date): Promise<boolean>;
  markSent(id: string, now: Date): Promise<void>;
  /** retryAt null: given up ('failed'). */
  markFailed(id: string, error: string, retryAt: Date | null): Promise<void>;
  /** The dashboard's "Send again": the messages given up with `at` at or after `since` (as `failing` reports them),
   *  but for the templates in `except`, due again at `now` with their attempts counted from zero, and the worker
   *  woken where it runs in this process; answers how many. */
  resendGivenUp(since: Date, now: Date, except: readonly string[]): Promise<number>;
}

/** The account messages' vocabulary (mail/accountMails.ts decides which messages each event records; the stores'
 *  AccountLinks record them, handed that decision by their composition root, so no adapter imports mail/). */
/** Whom the message is about: the account as it is after the event (its new email after an email change). */
export interface MailAccount {
  id: string;
  name: string;
  email: string;
}

/** A one-time link: its path on the shop (the renderer adds PUBLIC_URL) and what tells it from every other (a
 *  token's hash, an action code's hash): a new link is a new message, the same link recorded twice is one. */
export interface AccountLink {
  path: string;
  ref: string;
}

export type AccountEvent =
  /** A new account: the welcome, with the link confirming its address. Once per account (keyed by its id). */
  | { type: 'signed-up'; account: MailAccount; link: AccountLink }
  /** "Send again" on the profile: a new confirmation link. */
  | { type: 'verification-requested'; account: MailAccount; link: AccountLink }
  /** "Forgot password?" or an admin's "Send password reset link". */
  | { type: 'password-reset-requested'; account: MailAccount; link: AccountLink }
  /** The password changed, through a reset link or on the profile; `ref` tells this change from others. */
  | { type: 'password-changed'; account: MailAccount; how: 'reset' | 'profile'; ref: string }
  /** The email changed: a notice to the old address (its owner hears of it even if someone else did it) and a link
   *  confirming the new one, which is unconfirmed from now on. */
  | { type: 'email-changed'; account: MailAccount; previousEmail: string; link: AccountLink; ref: string };

/** Which messages an account event records (mail/accountMails.ts accountMails). */
export type AccountMails = (event: AccountEvent) => QueuedMail[];

/** One email as it goes out: addressed, rendered (HTML and plain text). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Mail delivery (mail/ holds the adapters): SMTP through nodemailer when SMTP_URL is set, else outside production
 * the development outbox (messages kept in the shop's database, shown at /dev/mailbox). Only the outbox worker
 * (mail/outboxWorker.ts) calls it: features enqueue (MailQueue), so nothing is sent for a change that rolled back.
 */
export interface Mailer {
  /** 'smtp', 'devbox' (development outbox), or 'none' (production without SMTP: every send throws). */
  readonly mode: 'smtp' | 'devbox' | 'none';
  /** Delivers one message. `id` is its outbox id: the same id is the same message (a retry must not duplicate it
   *  where the adapter can tell: the development outbox keeps one copy; SMTP gets it as a stable Message-ID).
   *  Throws when it was not accepted (the worker retries later). */
  send(id: string, message: MailMessage): Promise<void>;
}

/** A message the development outbox kept (GET /api/dev/mail's shape). */
export interface DevMail extends MailMessage {
  id: string;
  createdAt: string;
}

/** What the development mailbox pages read (mail/devRoutes.ts). */
export interface DevMailboxReader {
  /** Newest first, at most `limit`. */
  list(limit: number): Promise<DevMail[]>;
  get(id: string): Promise<DevMail | null>;
}

/** A message to record in the outbox: which template, for whom, with what data (rendered when sent). */
export interface QueuedMail<Template extends string = string> {
  /** Idempotency key: recording the same key twice records one message (e.g. `order-placed:<orderId>`). */
  key: string;
  to: string;
  template: Template;
  /** The template's props (JSON). Dropped from the outbox once delivered (it may carry a one-time link). */
  data: Record<string, unknown>;
}

/** Records messages for the outbox worker to send (at least once, retried with backoff). */
export interface MailQueue {
  /** Records the message in its own transaction and wakes the worker. Embedded stores record inside their own
   *  transactions instead (adapters/embedded/mailOutbox.ts `recordMail(tx, ...)`). */
  enqueue(mail: QueuedMail): Promise<void>;
}

/**
 * Account emails and their one-time links, on both backends. Which message an account event sends is decided once
 * (mail/accountMails.ts); an adapter makes the link and records the messages in its outbox, in the same
 * transaction as the change where there is one. Embedded (adapters/embedded/accountLinks.ts): the shop's own
 * tokens, random, only their hash stored, each working once until it expires; the shop redeems them itself.
 * Firebase (adapters/firebase/accountLinks.ts): Firebase Auth's action codes (Admin SDK generate*Link), opened on the
 * shop's /auth/action page and redeemed there by the web SDK, so the two redeeming methods are absent.
 */
export interface AccountLinks {
  /** A reset link for the account with this email, if there is one; nothing (and no error) otherwise. Earlier
   *  unused reset links of the account stop working. */
  requestPasswordReset(email: string): Promise<void>;
  /** The same for an account by id (an admin's "Send password reset link"). Throws not_found for an unknown id. */
  requestPasswordResetFor(uid: string): Promise<{ email: string }>;
  /** Sets the password when the token is valid, uses it (and every other reset link of the account) up, ends the
   *  account's sessions and records "password changed", atomically. Answers the account's id. Throws bad_input
   *  (domain RESET_LINK_INVALID) for an unknown, used or expired token. Absent where the links are redeemed
   *  elsewhere (Firebase: the web SDK on /auth/action); POST /api/users/password-reset/confirm is then not mounted. */
  resetPassword?(token: string, password: string): Promise<{ uid: string }>;
  /** Records "password changed" (a profile password change). */
  passwordChanged(uid: string): Promise<void>;
  /** A welcome email with a verification link (after sign-up), or a new verification link ("Send again"). */
  sendVerification(uid: string, kind: 'welcome' | 'again'): Promise<void>;
  /** The account's email changed (to its current one, from `previousEmail`): a notice to the old address and a
   *  confirmation link to the new one, which reads as unconfirmed until that link is followed. */
  emailChanged(uid: string, previousEmail: string): Promise<void>;
  /** Marks the account's email verified when the token is valid for its current email. Throws bad_input
   *  (domain VERIFY_LINK_INVALID) otherwise. Absent where the links are redeemed elsewhere (as resetPassword). */
  verifyEmail?(token: string): Promise<{ uid: string }>;
  /** Whether the account's current email is confirmed, and when where the backend knows (Firebase Auth keeps a
   *  flag only: `verifiedAt` null). */
  emailVerification(uid: string): Promise<{ verified: boolean; verifiedAt: string | null }>;
  /** The welcome of an account made outside the API (the Firebase web app signs up in the browser), for the store
   *  to record with its profile, in the transaction that creates it (UserStore.create's `mails`): made before the
   *  profile exists, so at most the link is made for nothing. Absent where the API signs up (embedded). */
  welcomeMails?(account: { _id: string; name: string; email: string }): Promise<QueuedMail[]>;
}

/** A guest order's signed access token (adapters/orderLinks.ts): the link of the confirmation email, which lets
 *  its holder read and pay that one order. */
export interface OrderLinks {
  /** The token for this order: `<orderId>.<signature>`. Throws unavailable when no secret is configured. */
  sign(orderId: string): string;
  /** The order id the token was signed for, or null when it is malformed or forged. */
  verify(token: string): string | null;
}

export interface Ports {
  store: Store;
  auth: AuthPort;
  files: FilePort;
  payments: PaymentGateway;
  clock: Clock;
  /** The events the store and auth writes publish (the catalogue cache subscribes; the live hub too, embedded). */
  events: EventSource;
  /** The live streams (GET /api/live serves them, live/routes.ts) and the events they carry. Present on the embedded
   *  server only: the Firebase web listens to Firestore. */
  live?: LiveHub;
  /** The mail outbox (embedded: its SQL table; Firebase: mailOutbox in Firestore). Absent: no mail is recorded.
   *  `due`: what waits, oldest due first; `failing`: what the mail server refused (the dashboard's word on mail);
   *  `resendGivenUp`: the dashboard's "Send again". */
  mail?: MailQueue & Pick<OutboxStore, 'due' | 'failing' | 'resendGivenUp'>;
  /** Account emails and their links (embedded; Firebase with the Firestore store). Absent: their routes are not
   *  mounted. */
  accounts?: AccountLinks;
  /** Guest orders' access links. Absent: POST /api/orders/guest is refused (503) and no token opens an order. */
  orderLinks?: OrderLinks;
  /** Issue 41: the cart reminder's one-click unsubscribe token (an account id, signed like orderLinks under
   *  another purpose). Absent: no reminder is sent (it could not carry its unsubscribe link). */
  unsubscribeLinks?: OrderLinks;
  /** Issue 41: the signed links of back-in-stock alerts (confirm, unsubscribe), each its own purpose. Absent: the
   *  alerts' routes answer 503. */
  stockAlertLinks?: { confirm: OrderLinks; unsubscribe: OrderLinks };
}

export type { OrderItem, PaymentOrder, ProviderCapture };
