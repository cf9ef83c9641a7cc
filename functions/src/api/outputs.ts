// The answers' shapes as zod schemas (issue 39): strict objects, so an extra or a missing key fails a parse. The
// endpoint table puts them on its rows (`schema('Order', orderOutput)`): the OpenAPI document shows them, and the
// store contract and the HTTP walk (test/support/shapes.ts expectShape) parse answers with them. Each schema is tied
// to its domain type by `shapeOf<T>()`, which fails to compile when the two differ in a key (at any depth, optional
// or not) or a type, so neither drifts from the other. Server only: the web imports the table type-only.
import { z } from 'zod';
import type { AnswerSchema } from './endpoint.js';
import {
  LOWEST_PRICE_SETTINGS,
  ORDER_STATUSES,
  STOCK_CAUSES,
  type AdminOrder,
  type CatalogFacets,
  type Coupon,
  type CouponCheck,
  type CustomerDetail,
  type CustomerPage,
  type LowStockRow,
  type OpenOrders,
  type Order,
  type OrderPage,
  type PriceHistoryPage,
  type Product,
  type ProductComparison,
  type ProductDetail,
  type ProductPage,
  type ProductSuggestions,
  type PublicConfig,
  type SavedAddress,
  type SettingsChange,
  type ShopSettings,
  type StockHistoryPage,
  type TaxonomyEntry,
  type TaxonomyListEntry,
  type UserInfo,
  type UserPage,
  type UserSummary,
  type Wishlist,
  TENDER_PRICE_FIELDS,
  type TenderPriceField,
} from '../domain/index.js';
import type { StockAlertDemand } from '../domain/stockAlerts.js';

/** Every key required, at every depth: what tells an optional extra key from none. */
type AllKeys<T> = T extends readonly (infer E)[]
  ? AllKeys<E>[]
  : T extends object
    ? { [K in keyof T]-?: AllKeys<T[K]> }
    : T;
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The same shape: each assignable to the other, as written and with every key required. */
export type SameShape<A, B> = Mutual<A, B> extends true ? Mutual<AllKeys<A>, AllKeys<B>> : false;

/** `shapeOf<Order>()(z.strictObject({...}))`: the schema as given, tied to `T` (the endpoint table's rows name `T`
 *  through it), or a compile error where its answer is not `T`. */
export function shapeOf<T>() {
  return <S extends z.ZodType>(
    schema: S,
    ..._differs: SameShape<T, z.output<S>> extends true ? [] : ['the schema and the type differ']
  ): AnswerSchema<T, S> => schema as AnswerSchema<T, S>;
}

const id = z.string();
const iso = z.string();
const money = z.number();
const count = z.number().int();
const actor = z.strictObject({ _id: id, name: z.string() });

// Catalogue

export const reviewOutput = z.strictObject({
  _id: id,
  user: id,
  name: z.string(),
  rating: z.number(),
  comment: z.string(),
  createdAt: iso,
  verified: z.boolean(),
});

const variantOutput = z.strictObject({
  _id: id,
  sku: z.string(),
  options: z.record(z.string(), z.string()),
  price: money,
  compareAtPrice: money.optional(),
  lowestPrice30Days: money.optional(),
  countInStock: count,
  image: z.string().optional(),
});

const productShape = {
  _id: id,
  name: z.string(),
  image: z.string(),
  brand: z.string(),
  category: z.string(),
  description: z.string(),
  price: money,
  countInStock: count,
  specs: z.array(z.strictObject({ name: z.string(), value: z.string() })),
  images: z.array(z.strictObject({ url: z.string(), alt: z.string() })),
  rating: z.number(),
  numReviews: count,
  createdAt: iso,
  updatedAt: iso,
  isDraft: z.literal(true).optional(),
  options: z.array(z.strictObject({ name: z.string(), values: z.array(z.string()) })).optional(),
  variants: z.array(variantOutput).optional(),
  compareAtPrice: money.optional(),
  lowestPrice30Days: money.optional(),
  slug: z.string(),
  accessories: z.array(id),
};

export const productOutput = shapeOf<Product>()(z.strictObject(productShape));
export const productDetailOutput = shapeOf<ProductDetail>()(
  z.strictObject({ ...productShape, reviews: z.array(reviewOutput) }),
);
export const productsOutput = z.array(productOutput);
export const productPageOutput = shapeOf<ProductPage>()(
  z.strictObject({
    products: productsOutput,
    page: count,
    pages: count,
    total: count.optional(),
    didYouMean: z.string().optional(),
  }),
);
const facetCounts = z.array(z.strictObject({ value: z.string(), count }));
export const catalogFacetsOutput = shapeOf<CatalogFacets>()(
  z.strictObject({ categories: facetCounts, brands: facetCounts }),
);
export const productSuggestionsOutput = shapeOf<ProductSuggestions>()(
  z.strictObject({
    products: z.array(z.strictObject({ _id: id, name: z.string(), image: z.string(), slug: z.string() })),
    categories: z.array(z.string()),
    brands: z.array(z.string()),
    didYouMean: z.string().optional(),
  }),
);
export const productComparisonOutput = shapeOf<ProductComparison>()(
  z.strictObject({
    products: productsOutput,
    rows: z.array(
      z.strictObject({
        name: z.string(),
        direction: z.enum(['higher', 'lower']).nullable(),
        cells: z.array(
          z.strictObject({
            value: z.string().nullable(),
            quantity: z.strictObject({ amount: z.number(), unit: z.string() }).nullable(),
            best: z.boolean(),
          }),
        ),
        differs: z.boolean(),
      }),
    ),
    missing: z.array(id),
    bestMarked: z.boolean(),
  }),
);
export const stockHistoryPageOutput = shapeOf<StockHistoryPage>()(
  z.strictObject({
    entries: z.array(
      z.strictObject({
        at: iso,
        delta: z.number().int(),
        after: count,
        cause: z.enum(STOCK_CAUSES),
        orderId: id.optional(),
        by: z.string().optional(),
        variant: id.optional(),
      }),
    ),
    nextBefore: z.string().nullable(),
  }),
);
export const priceHistoryPageOutput = shapeOf<PriceHistoryPage>()(
  z.strictObject({
    entries: z.array(
      z.strictObject({
        at: iso,
        by: z.string(),
        variant: id.optional(),
        fromCents: count.nullable(),
        toCents: count,
      }),
    ),
    nextBefore: z.string().nullable(),
  }),
);

// Categories and brands: the list counts products; a write answers the entry alone (the web reads the list again).

export const taxonomyEntryOutput = shapeOf<TaxonomyEntry>()(
  z.strictObject({ _id: id, name: z.string(), slug: z.string() }),
);
export const taxonomyListEntryOutput = shapeOf<TaxonomyListEntry>()(
  z.strictObject({ _id: id, name: z.string(), slug: z.string(), productCount: count }),
);
export const taxonomyListOutput = z.array(taxonomyListEntryOutput);
export const taxonomySlugOutput = shapeOf<{ entry: TaxonomyListEntry; redirect: boolean }>()(
  z.strictObject({ entry: taxonomyListEntryOutput, redirect: z.boolean() }),
);

// Users and addresses

const userShape = { _id: id, name: z.string(), email: z.string(), isAdmin: z.boolean() };
export const userSummaryOutput = shapeOf<UserSummary>()(z.strictObject(userShape));
export const userInfoOutput = shapeOf<UserInfo>()(z.strictObject({ ...userShape, token: z.string() }));
export const userPageOutput = shapeOf<UserPage>()(
  z.strictObject({ users: z.array(userSummaryOutput), page: count, pages: count, total: count }),
);
export const userListOutput = z.union([z.array(userSummaryOutput), userPageOutput]);
export const openOrdersOutput = shapeOf<OpenOrders>()(z.strictObject({ unpaid: count, undelivered: count }));

const addressShape = {
  recipientName: z.string().optional(),
  phone: z.string().optional(),
  address: z.string(),
  city: z.string(),
  state: z.string().optional(),
  postalCode: z.string(),
  country: z.string(),
};
export const savedAddressOutput = shapeOf<SavedAddress>()(
  z.strictObject({ ...addressShape, _id: id, createdAt: iso, updatedAt: iso, lastUsedAt: iso.nullable() }),
);

// Orders

const lineRef = z.strictObject({ product: id, qty: count, variant: id.optional() });
const orderShape = {
  _id: id,
  user: z.strictObject({ _id: id, name: z.string(), email: z.string() }),
  orderItems: z.array(
    z.strictObject({
      product: id,
      name: z.string(),
      image: z.string(),
      price: money,
      qty: count,
      variant: id.optional(),
      variantLabel: z.string().optional(),
      sku: z.string().optional(),
      discount: money.optional(),
      tax: money.optional(),
    }),
  ),
  shippingAddress: z.strictObject(addressShape),
  paymentMethod: z.string(),
  itemsPrice: money,
  discountPrice: money,
  couponCode: z.string().nullable(),
  shippingPrice: money,
  taxPrice: money,
  totalPrice: money,
  currency: z.string(),
  isPaid: z.boolean(),
  paidAt: iso.nullable(),
  paymentResult: z
    .strictObject({
      id: z.string(),
      provider: z.enum(['paypal', 'simulated']),
      status: z.string(),
      amount: z.string(),
      currency: z.string(),
      email: z.string().optional(),
      updateTime: z.string(),
    })
    .nullable(),
  isShipped: z.boolean(),
  shippedAt: iso.nullable(),
  isDelivered: z.boolean(),
  deliveredAt: iso.nullable(),
  shippingMethod: z
    .strictObject({ id: z.string(), label: z.string(), days: z.strictObject({ min: count, max: count }) })
    .nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  undeliveries: z.array(z.strictObject({ deliveredAt: iso, at: iso, reason: z.string().nullable() })),
  status: z.enum(ORDER_STATUSES),
  expiresAt: iso.nullable(),
  isCancelled: z.boolean(),
  cancelledAt: iso.nullable(),
  paymentStatus: z.enum(['unpaid', 'paid', 'partially_refunded', 'refunded']),
  refunds: z.array(
    z.strictObject({
      id: z.string(),
      amount: money,
      reason: z.string(),
      restock: z.boolean(),
      items: z.array(lineRef),
      status: z.enum(['pending', 'completed', 'failed']),
      cancelsOrder: z.boolean(),
      createdAt: iso,
      completedAt: iso.nullable(),
      by: actor,
      parts: z.array(z.strictObject({ kind: z.string(), amount: money, credit: z.boolean().optional() })).optional(),
    }),
  ),
  refundedTotal: money,
  cancellationRequest: z
    .strictObject({
      reason: z.string(),
      status: z.enum(['pending', 'approved', 'declined']),
      createdAt: iso,
      decidedAt: iso.nullable(),
      message: z.string().nullable(),
    })
    .nullable(),
  returns: z.array(
    z.strictObject({
      id: z.string(),
      items: z.array(lineRef),
      reason: z.string(),
      status: z.enum(['requested', 'approved', 'received', 'refunded', 'declined']),
      createdAt: iso,
      decidedAt: iso.nullable(),
      message: z.string().nullable(),
      refundId: z.string().nullable(),
      receivedAt: iso.nullable().optional(),
      restocked: z.array(lineRef).optional(),
    }),
  ),
  createdAt: iso,
  isGuest: z.boolean(),
  tenders: z.array(z.strictObject({ kind: z.string(), ref: z.string(), amount: money, refunded: money })),
  // Issue 39: what each kind with a price field paid (`giftCardPrice`, domain/tenders.ts TENDER_PRICE_FIELDS).
  ...(Object.fromEntries(Object.values(TENDER_PRICE_FIELDS).map((field) => [field, money])) as Record<
    TenderPriceField,
    typeof money
  >),
};
export const orderOutput = shapeOf<Order>()(z.strictObject(orderShape));
export const adminOrderOutput = shapeOf<AdminOrder>()(
  z.strictObject({
    ...orderShape,
    notes: z.array(z.strictObject({ _id: id, text: z.string(), createdAt: iso, by: actor })),
  }),
);
export const guestOrderOutput = shapeOf<Order & { accessToken: string }>()(
  z.strictObject({ ...orderShape, accessToken: z.string() }),
);
/** An admin's order or a customer's, as the caller may read it. */
export const anyOrderOutput = z.union([orderOutput, adminOrderOutput]);
export const orderPageOutput = shapeOf<OrderPage>()(
  z.strictObject({ orders: z.array(anyOrderOutput), page: count, pages: count, total: count }),
);
export const myOrdersOutput = z.union([z.array(orderOutput), orderPageOutput]);
/** The admin's list: the orders without their notes (only GET /api/orders/:id adds them). */
export const orderListOutput = myOrdersOutput;

// Customers (issue 40)

const customerOutput = z.strictObject({
  _id: id.optional(),
  name: z.string(),
  email: z.string(),
  guest: z.boolean(),
  orders: count,
  totalSpent: money,
  lastOrderAt: iso.nullable(),
});
export const customerPageOutput = shapeOf<CustomerPage>()(
  z.strictObject({ customers: z.array(customerOutput), page: count, pages: count, total: count }),
);
export const customerDetailOutput = shapeOf<CustomerDetail>()(
  z.strictObject({ customer: customerOutput, orders: z.array(orderOutput) }),
);

// Discount codes

export const couponOutput = shapeOf<Coupon>()(
  z.strictObject({
    code: z.string(),
    percentOff: z.number().nullish(),
    amountOff: money.nullish(),
    minSubtotal: money.nullish(),
    startsAt: iso.nullish(),
    endsAt: iso.nullish(),
    maxUses: count.nullish(),
    maxUsesPerCustomer: count.nullish(),
    scope: z.strictObject({ categories: z.array(z.string()).optional(), products: z.array(id).optional() }).nullish(),
    active: z.boolean(),
    uses: count,
  }),
);
export const couponCheckOutput = shapeOf<CouponCheck>()(
  z.strictObject({ code: z.string(), ok: z.boolean(), discountPrice: money, message: z.string().nullable() }),
);

// Settings

const countryPrice = z.strictObject({ country: z.string(), price: money });
const days = z.strictObject({ min: count, max: count });
export const shopSettingsOutput = shapeOf<ShopSettings>()(
  z.strictObject({
    tax: z.strictObject({
      defaultPercent: z.number(),
      pricesIncludeTax: z.boolean(),
      countries: z.array(z.strictObject({ country: z.string(), percent: z.number() })),
      states: z.array(z.strictObject({ country: z.string(), state: z.string(), percent: z.number() })),
    }),
    shipping: z.strictObject({
      defaultPrice: money,
      freeOver: money.nullable(),
      countries: z.array(countryPrice),
      standardDays: days,
      methods: z.array(
        z.strictObject({
          id: z.string(),
          label: z.string(),
          days,
          price: money,
          countries: z.array(countryPrice),
          freeOver: z.boolean(),
        }),
      ),
    }),
    limits: z.strictObject({ maxUnitsPerProduct: count, maxHeldTotal: money, maxOpenOrders: count }),
    holdMinutes: z.number(),
    timeZone: z.string(),
    store: z.strictObject({ name: z.string(), address: z.string(), email: z.string(), phone: z.string() }),
    policies: z.strictObject({ returns: z.string(), shipping: z.string(), privacy: z.string(), terms: z.string() }),
    cartReminderHours: z.number(),
    showLowestPrice30Days: z.enum(LOWEST_PRICE_SETTINGS),
    lowStockThreshold: count,
  }),
);
export const settingsChangeOutput = shapeOf<SettingsChange>()(
  z.strictObject({
    at: iso,
    by: actor,
    changes: z.array(z.strictObject({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  }),
);

// Wishlist and back-in-stock alerts (issue 41)

export const wishlistOutput = shapeOf<Wishlist>()(
  z.strictObject({
    items: z.array(
      z.strictObject({
        product: id,
        variant: id.optional(),
        available: z.boolean(),
        summary: z
          .strictObject({
            slug: z.string(),
            name: z.string(),
            image: z.string(),
            price: money,
            compareAtPrice: money.optional(),
            countInStock: count,
            variantLabel: z.string().optional(),
          })
          .nullable(),
      }),
    ),
    updatedAt: iso.nullable(),
  }),
);
export const stockAlertDemandOutput = shapeOf<StockAlertDemand>()(
  z.strictObject({ product: id, variant: id.nullable(), waiting: count }),
);
export const stockAlertAnswerOutput = z.strictObject({
  message: z.string(),
  status: z.enum(['pending', 'waiting', 'notified']),
});
/** Confirm: the product's id, and its readable address while it exists (issue 40: the page links it). */
export const stockAlertLinkAnswerOutput = z.strictObject({
  message: z.string(),
  productId: id,
  productSlug: z.string().optional(),
});

// Small answers

export const messageOutput = z.strictObject({ message: z.string() });
export const publicConfigOutput = shapeOf<PublicConfig>()(
  z.strictObject({
    paymentMode: z.enum(['paypal', 'simulated', 'unavailable']),
    paypalClientId: z.string(),
    currency: z.string(),
    backend: z.enum(['embedded', 'firebase']),
    devMailbox: z.boolean(),
  }),
);
export const healthOutput = z.strictObject({ ok: z.literal(true) });
export const requestsSummaryOutput = z.strictObject({ cancellations: count, returns: count });
export const cartReminderPreferenceOutput = z.strictObject({ subscribed: z.boolean() });
export const emailVerificationOutput = z.strictObject({
  email: z.string(),
  verified: z.boolean(),
  verifiedAt: iso.nullable(),
});
export const paypalOrderOutput = z.strictObject({ id: z.string() });
export const mailResendOutput = z.strictObject({ queued: count });
export const adminStatsOutput = z.strictObject({
  daily: z.array(z.strictObject({ day: z.string(), orders: count, revenue: money })),
  lowStock: z.array(
    shapeOf<LowStockRow>()(
      z.strictObject({
        product: id,
        slug: z.string(),
        name: z.string(),
        brand: z.string(),
        category: z.string(),
        variant: id.nullable(),
        variantLabel: z.string().nullable(),
        sku: z.string().nullable(),
        countInStock: count,
      }),
    ),
  ),
  lowStockThreshold: count,
  cartReminders: z.strictObject({ sent: count, recovered: count, recoveryDays: z.number() }),
  /** Since when the oldest unsent mail has waited, once past domain MAIL_OVERDUE_MS; null: mail is going out. */
  mailOverdueSince: iso.nullable(),
  mailFailing: z
    .strictObject({ count, more: z.boolean(), givenUp: count, resendable: count, lastError: z.string() })
    .nullable(),
});
