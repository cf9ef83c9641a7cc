import type { ProductImage, ProductSpec } from './productMedia.js';
import type { TenderPrices } from './tenders.js';

// The shapes the API answers, with the spec's field names (section 3). Shared by the API and the web.

export interface Review {
  _id: string;
  user: string;
  name: string;
  rating: number;
  comment: string;
  createdAt: string;
  /** Issue 29: the author had a paid order of the product when reviewing (domain/reviewDecisions.ts). */
  verified: boolean;
}

/** One option of a product (issue 29): its name ("Colour") and the values offered, in the order shown. */
export interface ProductOption {
  name: string;
  values: string[];
}

/** One variant: a combination of the product's option values with its own SKU, price and stock (issue 29). */
export interface ProductVariant {
  _id: string;
  /** Unique across the shop. */
  sku: string;
  /** Option name -> its value, one per option of the product. */
  options: Record<string, string>;
  price: number;
  /** The price before a sale ("was"), shown when above `price`. */
  compareAtPrice?: number;
  /** Issue 41 (domain/priceHistory.ts): the lowest price of the 30 days before the price's last change, answered
   *  only beside a compare-at price and when the owner's settings show it (showsLowestPrice). */
  lowestPrice30Days?: number;
  countInStock: number;
  image?: string;
}

/** What a product with options carries (domain/variants.ts); a product without options has none of either. For a
 *  product with variants the spec's `price` and `countInStock` are its default (first) variant's. Both stores always
 *  answer `options` and `variants` (empty without options); optional in the type for shapes made elsewhere (a
 *  cart's product, a test's fixture), which mean none. */
export interface ProductVariantFields {
  options?: ProductOption[];
  variants?: ProductVariant[];
  /** The default variant's compare-at price, when it has one. */
  compareAtPrice?: number;
  /** Issue 41: the default variant's 30-day low, when it answers one (ProductVariant.lowestPrice30Days). */
  lowestPrice30Days?: number;
}

export interface Product extends ProductVariantFields {
  _id: string;
  name: string;
  image: string;
  brand: string;
  category: string;
  description: string;
  price: number;
  countInStock: number;
  /** Issue 29: the specification rows, in the admin's order. */
  specs: ProductSpec[];
  /** Issue 29: the gallery, in order; the first is always `image`. */
  images: ProductImage[];
  /** Issue 40: the products it works with ("Works with" on its page), ids in the admin's order, at most
   *  MAX_ACCESSORIES; the page shows those that exist and are published. */
  accessories: string[];
  rating: number;
  numReviews: number;
  createdAt: string;
  updatedAt: string;
  /** Issue 40: the product's address (`/product/<slug>`), made from its name (domain/slugs.ts); an old slug (before
   *  a rename) leads here too, and so does the id. */
  slug: string;
  /** Only on a draft (admin): created, not yet saved, so in no list, search, top or order (issue 14). */
  isDraft?: true;
}

/** GET /api/products/:id also carries the reviews, newest first. */
export interface ProductDetail extends Product {
  reviews: Review[];
}

export interface ProductPage {
  products: Product[];
  page: number;
  pages: number;
  /** A search's answer: how many products match in all (the results heading's count). */
  total?: number;
  /** A search that found nothing, corrected (each misspelt word by its most common one-edit neighbour), when the
   *  correction finds something: offered as "Did you mean …?", never searched in its place. */
  didYouMean?: string;
}

/** GET /api/products/suggest?q=: what the header's search box offers while typing (at most MAX_SUGGESTIONS in all). */
export interface ProductSuggestions {
  /** Issue 40: each with its slug, the link's address. */
  products: { _id: string; name: string; image: string; slug: string }[];
  categories: string[];
  brands: string[];
  /** Issue 40: when the query as typed finds no product, its correction ("hedphones" → "headphones", the search's
   *  "Did you mean" rule), and the suggestions above are the correction's. Absent otherwise. */
  didYouMean?: string;
}

export interface UserSummary {
  _id: string;
  name: string;
  email: string;
  isAdmin: boolean;
}

/** Login, register and profile update answer the user with a bearer token. */
export interface UserInfo extends UserSummary {
  token: string;
}

export interface ShippingAddress {
  /** Who receives the parcel (issue 30): optional in the API (the original clients send none), required by the
   *  web's form. */
  recipientName?: string;
  /** A phone number for the carrier, E.164-ish (domain/schemas.ts phoneSchema); optional as recipientName. */
  phone?: string;
  address: string;
  city: string;
  /** Issue 40: the state or province's code (domain/regions.ts) for a country that has them (US, CA, AU); absent
   *  for other countries, and on addresses the original clients sent. */
  state?: string;
  postalCode: string;
  /** An ISO 3166-1 alpha-2 code since issue 30 (an older order may hold the text its client sent). */
  country: string;
}

export interface OrderItem {
  product: string;
  name: string;
  image: string;
  price: number;
  qty: number;
  /** The variant bought (issue 29), its label ("Black / 256 GB") and SKU as they were at purchase; absent for a
   *  product without variants. */
  variant?: string;
  variantLabel?: string;
  sku?: string;
  /** Issue 36: the line's share of the discount code's amount (dollars), what a refund of its units takes off;
   *  absent without a code and on orders placed before. */
  discount?: number;
  /** Issue 38: the line's share of the tax (dollars; inside its price when prices include tax), from the order's
   *  ledger (domain/ledger.ts); absent when the line bears no tax. */
  tax?: number;
}

export interface PaymentResult {
  id: string;
  provider: 'paypal' | 'simulated';
  status: string;
  amount: string;
  currency: string;
  email?: string;
  updateTime: string;
}

/** awaiting_payment holds stock until expiresAt; expired orders gave their stock back and cannot be paid;
 *  shipped: handed to the carrier (issue 38), delivered after; cancelled: by its owner before paying, or by the shop
 *  (a paid order refunded in full before it shipped). The arrows between them: domain/lifecycle.ts. */
export type OrderStatus = 'awaiting_payment' | 'paid' | 'shipped' | 'delivered' | 'expired' | 'cancelled';

/** Where the order's money stands: refunds never change isPaid (it was paid), this says what came back. */
export type PaymentStatus = 'unpaid' | 'paid' | 'partially_refunded' | 'refunded';

/** One refund of an order (POST /api/orders/:id/refunds). */
export interface OrderRefund {
  id: string;
  amount: number;
  reason: string;
  restock: boolean;
  /** The lines refunded; empty for an amount only (`variant`: the line's variant, issue 29). */
  items: { product: string; qty: number; variant?: string }[];
  /** pending: the payment provider is being asked; failed: it refused (nothing was refunded). */
  status: 'pending' | 'completed' | 'failed';
  /** This refund cancelled the (paid) order. */
  cancelsOrder: boolean;
  createdAt: string;
  completedAt: string | null;
  by: { _id: string; name: string };
  /** Issue 39: the parts that went to a tender or a credit, by kind (the rest went to the payment provider). */
  parts?: { kind: string; amount: number; credit?: boolean }[];
}

/** A return the customer asked for (POST /api/orders/:id/returns): approved, then received (its lines restocked as
 *  the owner chose), then refunded; or declined (domain/lifecycle.ts RETURN_FLOW). */
export interface OrderReturn {
  id: string;
  items: { product: string; qty: number; variant?: string }[];
  reason: string;
  status: 'requested' | 'approved' | 'received' | 'refunded' | 'declined';
  createdAt: string;
  decidedAt: string | null;
  /** The shop's message when it declined. */
  message: string | null;
  /** The refund of its lines (status refunded). */
  refundId: string | null;
  /** When the shop received the parcel; absent before issue 38. */
  receivedAt?: string | null;
  /** The lines the owner put back on sale when it arrived (none by default: a faulty item must not be resold). */
  restocked?: { product: string; variant?: string; qty: number }[];
}

/** The customer's request to cancel a paid order that is not delivered yet; the shop approves or declines it. */
export interface CancellationRequest {
  reason: string;
  status: 'pending' | 'approved' | 'declined';
  createdAt: string;
  decidedAt: string | null;
  /** The shop's message when it declined. */
  message: string | null;
}

/** An order's shipping method (issue 40), as it was offered when placed. */
export interface OrderShippingMethod {
  id: string;
  label: string;
  /** Delivery estimate in business days. */
  days: { min: number; max: number };
}

export interface Order extends TenderPrices {
  _id: string;
  user: { _id: string; name: string; email: string };
  orderItems: OrderItem[];
  shippingAddress: ShippingAddress;
  paymentMethod: string;
  itemsPrice: number;
  /** What a discount code took off the items (0 without one): totalPrice = items − discount + shipping + tax. */
  discountPrice: number;
  /** The discount code redeemed, upper-case; null without one. */
  couponCode: string | null;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
  currency: string;
  isPaid: boolean;
  paidAt: string | null;
  paymentResult: PaymentResult | null;
  /** Handed to the carrier (status shipped or delivered). */
  isShipped: boolean;
  /** When it was shipped (PUT /api/orders/:id/ship, or /deliver on a paid order); null before, and on orders
   *  delivered before shipping was its own step. */
  shippedAt: string | null;
  isDelivered: boolean;
  deliveredAt: string | null;
  /** Issue 40: the shipping method chosen at checkout (its id, name and delivery estimate as offered then); null on
   *  orders placed before methods existed. */
  shippingMethod: OrderShippingMethod | null;
  /** Given when shipped or marked delivered (PUT /api/orders/:id/ship | deliver { carrier, trackingNumber }). */
  carrier: string | null;
  trackingNumber: string | null;
  /** Each time the owner took a delivery back ("not delivered"), oldest first. */
  undeliveries: OrderUndelivery[];
  status: OrderStatus;
  expiresAt: string | null;
  /** Cancelled (status 'cancelled'): by its owner before paying, or by the shop with a full refund. */
  isCancelled: boolean;
  cancelledAt: string | null;
  paymentStatus: PaymentStatus;
  refunds: OrderRefund[];
  /** Dollars refunded (completed refunds). */
  refundedTotal: number;
  cancellationRequest: CancellationRequest | null;
  returns: OrderReturn[];
  createdAt: string;
  /** Placed by a guest (no account; `user.email` is the guest's email): readable with its signed link. */
  isGuest: boolean;
  /** Issue 39: the payments other than the provider's (domain/tenders.ts), oldest first; the provider paid the rest. */
  tenders: OrderTender[];
  // Issue 39: and what each kind with a price field paid of the total (dollars; `giftCardPrice`): TenderPrices,
  // declared by domain/tenders.ts TENDER_PRICE_FIELDS.
}

/** A tender as the API answers it: its kind (`giftCard`, ...), the last 4 characters of its ref, dollars paid and
 *  dollars gone back to it. */
export interface OrderTender {
  kind: string;
  ref: string;
  amount: number;
  refunded: number;
}

/** A delivery the owner took back: when it had been marked, when it was taken back, and why (optional within
 *  domain/limits.ts UNDELIVER_WINDOW_HOURS of the mark, required after). */
export interface OrderUndelivery {
  deliveredAt: string;
  at: string;
  reason: string | null;
}

/** An admin's internal note on an order: only ever in admin answers (AdminOrder), never the customer's. */
export interface OrderNote {
  _id: string;
  text: string;
  createdAt: string;
  by: { _id: string; name: string };
}

/** The order as an admin reads it (GET /api/orders/:id by an admin): with its internal notes, oldest first. */
export type AdminOrder = Order & { notes: OrderNote[] };

/** How this shop takes payments: PayPal, the labelled test payment (no PayPal credentials, outside production), or
 *  none (production without PayPal credentials: test payments are refused there). */
export type PaymentMode = 'paypal' | 'simulated' | 'unavailable';

export interface PublicConfig {
  paymentMode: PaymentMode;
  paypalClientId: string;
  currency: string;
  backend: 'embedded' | 'firebase';
  /** Whether this server's development mailbox (/dev/mailbox: no SMTP, outside production) answers the asking client:
   *  the admin's sidebar links it only then. Always false on Firebase. */
  devMailbox: boolean;
}

export interface ApiErrorBody {
  message: string;
  fields?: Record<string, string>;
}
