// Validation schemas shared by the API (request checks) and the web (form checks), so both say the same.
import { z } from 'zod';
import {
  MAX_CARRIER_LENGTH,
  MAX_LINE_QTY,
  MAX_ORDER_NOTE_LENGTH,
  MAX_STOCK,
  MAX_TRACKING_LENGTH,
  MAX_UNDELIVER_REASON_LENGTH,
} from './limits.js';
import { emailKey } from './search.js';
import type { EditableProductField, EditableProductValues } from './productFields.js';
import { MAX_OPTION_VALUES, MAX_OPTIONS, MAX_VARIANTS } from './variants.js';
import { CATALOG_SORT_VALUES, DEFAULT_CATALOG_SORT, MAX_FACET_VALUE_LENGTH, MAX_FILTER_PRICE } from './catalogQuery.js';

/** C0 controls but tab and newline, DEL and the C1 controls: a NUL truncated stored text, the others hide or garble it. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

/**
 * Every text field of every API schema starts here: a string without control characters other than tab and
 * newline (400 naming the field). `error` is the message for a missing or non-string value.
 */
export const plainString = (label: string, error = `${label} is required`) =>
  z
    .string({ error })
    .refine((value) => !CONTROL_CHARACTERS.test(value), `${label} must not contain control characters`);

const text = (label: string, max: number) =>
  plainString(label).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

/** A plain decimal as text ("1199.00", "12", "-3"): what the original clients send from number inputs and totals. */
const DECIMAL_TEXT = /^-?\d{1,16}(\.\d{1,16})?$/;

/**
 * `schema`, also given as a plain decimal string (ProShop v1/v2 send what the admin typed in a number input, and
 * their totals, as strings). Anything else that is not a number is left to `schema` to refuse.
 */
const numberOrDecimalText = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (typeof value === 'string' && DECIMAL_TEXT.test(value) ? Number(value) : value), schema);

/** Ids are opaque: 24 hex characters here, Firebase uids there. Anything else can never exist. */
export const idSchema = plainString('Id', 'Invalid id').regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid id');

export const emailSchema = plainString('Email')
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

export const passwordSchema = plainString('Password')
  .min(6, 'Password must be at least 6 characters')
  .max(128, 'Password must be at most 128 characters');

export const loginSchema = z.strictObject({
  email: emailSchema,
  password: plainString('Password').min(1, 'Password is required').max(128),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.strictObject({
  name: text('Name', 80),
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/**
 * POST /api/users/profile: the profile of an account made outside the API (the Firebase web app signs up with the
 * SDK). The email is the verified token's; only the name comes from the body.
 */
export const profileCreateSchema = z.strictObject({
  name: text('Name', 80).optional(),
});

/**
 * The profile form: empty password means "keep the current one". `id` is sent by the original client and ignored.
 * Changing the email or the password needs `currentPassword` (checked by the route, which knows the current email).
 */
export const profileUpdateSchema = z.strictObject({
  id: plainString('id').max(64).optional(),
  _id: plainString('_id').max(64).optional(),
  name: text('Name', 80).optional(),
  email: emailSchema.optional(),
  password: z.union([z.literal(''), passwordSchema]).optional(),
  currentPassword: plainString('Current password', 'Current password must be text')
    .max(128, 'Current password must be at most 128 characters')
    .optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to change your email or password';

/** The new email, or undefined when it is the current one (emails compare case-insensitively). */
export function changedEmail(currentEmail: string, email: string | undefined): string | undefined {
  return email && emailKey(email) !== emailKey(currentEmail) ? email : undefined;
}

/** Whether a profile update changes the sign-in (email or password): that needs the current password. */
export function changesCredentials(currentEmail: string, input: { email?: string; password?: string }): boolean {
  return Boolean(changedEmail(currentEmail, input.email) || input.password);
}

export const adminUserUpdateSchema = z.strictObject({
  _id: plainString('_id').max(64).optional(),
  userId: plainString('userId').max(64).optional(), // ProShop v2 repeats the id as userId
  name: text('Name', 80),
  email: emailSchema,
  isAdmin: z.boolean({ error: 'isAdmin must be true or false' }),
});
export type AdminUserUpdateInput = z.infer<typeof adminUserUpdateSchema>;

const wholeCents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

const priceNumber = z
  .number({ error: 'Price must be a number' })
  .finite('Price must be a number')
  .min(0, 'Price cannot be negative')
  .max(1_000_000, 'Price must be at most 1,000,000')
  .refine(wholeCents, 'Price must have at most 2 decimals');
export const priceSchema = numberOrDecimalText(priceNumber);

export const stockSchema = numberOrDecimalText(
  z
    .number({ error: 'Count in stock must be a number' })
    .int('Count in stock must be a whole number')
    .min(0, 'Count in stock cannot be negative')
    .max(MAX_STOCK, 'Count in stock must be at most 1,000,000'),
);

/** A product image: a path served by the shop (/images/..., /uploads/...) or an https URL. */
export const imageRefSchema = plainString('Image')
  .trim()
  .min(1, 'Image is required')
  .max(500, 'Image must be at most 500 characters')
  .regex(/^(\/(?!\/)[\w\-./%]*|https:\/\/[^\s"'<>]+)$/, 'Image must be a path starting with / or an https URL');

/** How each editable product field (domain/productFields.ts) is validated; the compiler asks for one per field. */
export const productFieldSchemas = {
  name: text('Name', 200),
  price: priceSchema,
  image: imageRefSchema,
  brand: text('Brand', 100),
  category: text('Category', 100),
  description: text('Description', 5000),
  countInStock: stockSchema,
} satisfies { [K in EditableProductField]-?: z.ZodType };

/** The editable fields of a product, as the admin's form starts (the keys of productFieldSchemas). */
export function editableValues(product: EditableProductValues): EditableProductValues {
  const names = Object.keys(productFieldSchemas) as EditableProductField[];
  return Object.fromEntries(names.map((name) => [name, product[name]])) as EditableProductValues;
}

/** A product's options (issue 29; domain/variants.ts checks names and values are unique, at most MAX_OPTIONS). */
export const productOptionsSchema = z
  .array(
    z.strictObject({
      name: text('Option name', 40),
      values: z
        .array(text('Option value', 60), { error: 'An option’s values must be a list of texts' })
        .min(1, 'An option needs at least one value')
        .max(MAX_OPTION_VALUES, `An option has at most ${MAX_OPTION_VALUES} values`),
    }),
    { error: 'options must be a list of { name, values }' },
  )
  .max(MAX_OPTIONS, `A product has at most ${MAX_OPTIONS} options`);

/** A product's variants as the admin saves them (domain/variants.ts planVariantSave checks them against the options). */
export const productVariantsSchema = z
  .array(
    z.strictObject({
      _id: idSchema.optional(),
      sku: plainString('SKU')
        .trim()
        .min(1, 'SKU is required')
        .max(64, 'SKU must be at most 64 characters')
        .regex(/^[A-Za-z0-9._/-]+$/, 'SKU may contain only letters, digits, ".", "_", "/" and "-"'),
      options: z.record(text('Option name', 40), text('Option value', 60), {
        error: 'A variant’s options must map each option name to a value',
      }),
      price: priceSchema,
      compareAtPrice: priceSchema.nullable().optional(),
      countInStock: stockSchema,
      image: imageRefSchema.nullable().optional(),
    }),
    { error: 'variants must be a list of { sku, options, price, countInStock }' },
  )
  .max(MAX_VARIANTS, `A product has at most ${MAX_VARIANTS} variants`);

export const productUpdateSchema = z.strictObject({
  _id: plainString('_id').max(64).optional(),
  productId: plainString('productId').max(64).optional(), // ProShop v2 repeats the id as productId
  ...productFieldSchemas,
  // Issue 29; absent (the original clients): the variants stay, price and countInStock are the default variant's.
  options: productOptionsSchema.optional(),
  variants: productVariantsSchema.optional(),
});
export type ProductUpdateInput = z.infer<typeof productUpdateSchema>;

/**
 * productUpdateSchema for a shop running on the emulators (`npm run emulators` only): images may also be Storage
 * emulator URLs, `<origin>/v0/b/<bucket>/o/<object>` on one of the given http origins. Elsewhere (no origins) it is
 * productUpdateSchema itself: a deployed shop never accepts plain-http images.
 */
export function productUpdateSchemaWith(emulatorStorageOrigins: readonly string[]) {
  if (emulatorStorageOrigins.length === 0) return productUpdateSchema;
  const emulatorImage = z
    .string()
    .trim()
    .max(500, 'Image must be at most 500 characters')
    .refine((v) => emulatorStorageOrigins.some((origin) => v.startsWith(`${origin}/v0/b/`)) && !/[\s"'<>]/.test(v), {
      message: 'Image must be a path starting with /, an https URL or a Storage emulator URL',
    });
  return productUpdateSchema.extend({
    image: z.union([imageRefSchema, emulatorImage], {
      error: 'Image must be a path starting with /, an https URL or a Storage emulator URL',
    }),
  });
}

export const RATING_LABELS = ['Poor', 'Fair', 'Good', 'Very Good', 'Excellent'] as const;

export const reviewSchema = z.strictObject({
  productId: plainString('productId').max(64).optional(), // ProShop v2 repeats the id as productId
  // The original clients send the <select>'s value, a string.
  rating: numberOrDecimalText(
    z
      .number({ error: 'Rating must be a number from 1 to 5' })
      .int('Rating must be a whole number from 1 to 5')
      .min(1, 'Rating must be from 1 to 5')
      .max(5, 'Rating must be from 1 to 5'),
  ),
  comment: text('Comment', 2000),
});
export type ReviewInput = z.infer<typeof reviewSchema>;

export const shippingAddressSchema = z.strictObject({
  address: text('Address', 200),
  city: text('City', 100),
  postalCode: text('Postal code', 20),
  country: text('Country', 100),
});

export const MAX_ORDER_LINES = 50;

const ignoredNumber = numberOrDecimalText(z.number()).optional(); // client prices, totals and stock: accepted for compatibility, never used
const ignoredText = (label: string, max: number) => plainString(label).max(max).optional();

/**
 * A cart line as the client sends it: only the product id and `qty` are trusted, the rest is ignored. The id is
 * `product` (the spec, ProShop v1) or `_id` (ProShop v2 sends the product answer itself, plus qty).
 */
export const orderLineSchema = z
  .strictObject({
    product: idSchema.optional(),
    _id: idSchema.optional(),
    qty: z
      .number({ error: 'Quantity must be a number' })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1')
      .max(MAX_LINE_QTY, `Quantity must be at most ${MAX_LINE_QTY}`),
    name: ignoredText('name', 200),
    image: ignoredText('image', 500),
    brand: ignoredText('brand', 100),
    category: ignoredText('category', 100),
    description: ignoredText('description', 5000),
    createdAt: ignoredText('createdAt', 40),
    updatedAt: ignoredText('updatedAt', 40),
    price: ignoredNumber,
    countInStock: ignoredNumber,
    /** The variant ordered (issue 29); absent: the product's default variant (or a product without variants). */
    variant: idSchema.optional(),
    // A client that sends the product answer back as the line (ProShop v2) sends these too: accepted, ignored.
    options: z.array(z.unknown()).max(MAX_OPTIONS).optional(),
    variants: z.array(z.unknown()).max(MAX_VARIANTS).optional(),
    compareAtPrice: ignoredNumber,
  })
  .superRefine((line, ctx) => {
    if (line.product === undefined && line._id === undefined)
      ctx.addIssue({ code: 'custom', path: ['product'], message: 'Each order item needs its product id' });
    else if (line.product !== undefined && line._id !== undefined && line.product !== line._id) {
      ctx.addIssue({ code: 'custom', path: ['product'], message: 'product and _id name different products' });
    }
  })
  .transform((line) => ({
    product: (line.product ?? line._id) as string,
    qty: line.qty,
    ...(line.variant === undefined ? {} : { variant: line.variant }),
  }));

export const placeOrderSchema = z.strictObject({
  orderItems: z
    .array(orderLineSchema, { error: 'No order items' })
    .min(1, 'No order items')
    .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} different products per order`)
    .refine(
      (lines) => new Set(lines.map((l) => `${l.product}/${l.variant ?? ''}`)).size === lines.length,
      'Each product (or variant) may appear once',
    ),
  shippingAddress: shippingAddressSchema,
  paymentMethod: text('Payment method', 40).default('PayPal'),
  /** A discount code (issue 30), compared upper-case; empty means none. Its form is checked here, the rest by
   *  domain/discounts.ts decideDiscount in the placing transaction. */
  couponCode: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    plainString('Discount code')
      .trim()
      .max(32, 'Discount code must be at most 32 characters')
      .regex(/^[A-Za-z0-9_-]+$/, 'Discount code may contain only letters, digits, "-" and "_"')
      .transform((code) => code.toUpperCase())
      .optional(),
  ),
  itemsPrice: ignoredNumber,
  shippingPrice: ignoredNumber,
  taxPrice: ignoredNumber,
  totalPrice: ignoredNumber,
});
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;
/**
 * What the shop's own client sends to place an order (web: checkout): product ids and quantities, shipping and
 * payment method, all the server uses. The other fields placeOrderSchema accepts (line names, images and prices,
 * the totals) are the original ProShop clients', read and ignored (functions/test/compat/proshop-clients.test.ts).
 */
export interface PlaceOrderBody {
  orderItems: { product: string; qty: number; variant?: string }[];
  shippingAddress: PlaceOrderInput['shippingAddress'];
  paymentMethod: string;
  /** A discount code (issue 30); absent for none. */
  couponCode?: string;
}

/** A filter left empty in a URL (`?brand=`) does not filter. */
const emptyIsUnset = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

const facetValue = (label: string) =>
  emptyIsUnset(
    plainString(label)
      .max(MAX_FACET_VALUE_LENGTH, `${label} must be at most ${MAX_FACET_VALUE_LENGTH} characters`)
      .optional(),
  );

const filterPrice = (label: string) =>
  emptyIsUnset(
    z
      .string({ error: `${label} must be a number` })
      .regex(/^\d{1,7}(\.\d{1,2})?$/, `${label} must be a price like 25 or 19.99 (no sign)`)
      .transform(Number)
      .pipe(z.number().max(MAX_FILTER_PRICE, `${label} must be at most ${MAX_FILTER_PRICE}`))
      .optional(),
  );

export const productQuerySchema = z
  .object({
    keyword: plainString('Keyword').max(100, 'Keyword must be at most 100 characters').optional().default(''),
    pageNumber: z.coerce
      .number({ error: 'pageNumber must be a number' })
      .int('pageNumber must be a whole number')
      .min(1, 'pageNumber must be at least 1')
      .max(1_000_000)
      .optional()
      .default(1),
    category: facetValue('Category'),
    brand: facetValue('Brand'),
    minPrice: filterPrice('minPrice'),
    maxPrice: filterPrice('maxPrice'),
    sort: emptyIsUnset(
      z
        .enum(CATALOG_SORT_VALUES, { error: `sort must be one of ${CATALOG_SORT_VALUES.join(', ')}` })
        .optional()
        .default(DEFAULT_CATALOG_SORT),
    ),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'minPrice must not be more than maxPrice',
    path: ['minPrice'],
  });

/** Turns zod issues into `{ field: message }` for 400 answers and forms. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** GET /api/products/:id/stock-history: `before` is the previous page's `nextBefore` (opaque), absent for the newest. */
export const stockHistoryQuerySchema = z.strictObject({
  before: plainString('before')
    .regex(/^[A-Za-z0-9_-]{1,400}$/, 'before must be the nextBefore of a stock history page')
    .optional(),
});
/** A line of an order named by its product, with a quantity (refunds and returns). */
const lineRefSchema = z.strictObject({
  product: idSchema,
  /** The line's variant (issue 29); needed only when the order has several variants of the product. */
  variant: idSchema.optional(),
  qty: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_LINE_QTY, `Quantity must be at most ${MAX_LINE_QTY}`),
});

/** POST /api/orders/:id/refunds (admin): no amount and no lines = the whole remaining amount. */
export const refundSchema = z.strictObject({
  amount: numberOrDecimalText(
    z
      .number({ error: 'Amount must be a number' })
      .finite('Amount must be a number')
      .gt(0, 'Amount must be more than 0')
      .max(1_000_000, 'Amount must be at most 1,000,000')
      .refine(wholeCents, 'Amount must have at most 2 decimals'),
  ).optional(),
  restock: z.boolean({ error: 'restock must be true or false' }).optional(),
  reason: plainString('Reason').trim().max(500, 'Reason must be at most 500 characters').optional(),
  items: z
    .array(lineRefSchema, { error: 'items must be a list of { product, qty }' })
    .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} lines`)
    .optional(),
});
export type RefundInput = z.infer<typeof refundSchema>;

/** POST /api/orders/:id/cancellation-request (the order's owner). */
export const cancellationRequestSchema = z.strictObject({ reason: text('Reason', 500) });

/** PUT /api/orders/:id/cancellation-request (admin): approve (= cancel and refund in full) or decline with a message. */
export const cancellationDecisionSchema = z.strictObject({
  approve: z.boolean({ error: 'approve must be true or false' }),
  message: plainString('Message').trim().max(500, 'Message must be at most 500 characters').optional(),
});

/** PUT /api/orders/:id/cancel by an admin on a paid order: an optional reason for the refund. */
export const adminCancelSchema = z.strictObject({
  reason: plainString('Reason').trim().max(500, 'Reason must be at most 500 characters').optional(),
});

/** POST /api/orders/:id/returns (the order's owner): some or all lines, with a reason. */
export const returnRequestSchema = z.strictObject({
  items: z
    .array(lineRefSchema, { error: 'items must be a list of { product, qty }' })
    .min(1, 'Choose at least one item to return')
    .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} lines`),
  reason: text('Reason', 500),
});

/** PUT /api/orders/:id/returns/:returnId (admin): approve (= refund those lines, restocked unless restock: false)
 *  or decline with a message. */
export const returnDecisionSchema = z.strictObject({
  approve: z.boolean({ error: 'approve must be true or false' }),
  message: plainString('Message').trim().max(500, 'Message must be at most 500 characters').optional(),
  restock: z.boolean({ error: 'restock must be true or false' }).optional(),
});
/** An optional text field: blank (or only spaces) means not given. */
const optionalText = (label: string, max: number) =>
  plainString(label)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => value || undefined);

/** PUT /api/orders/:id/deliver: both optional, so the original clients' empty body marks delivered as before. */
export const deliverOrderSchema = z.strictObject({
  carrier: optionalText('Carrier', MAX_CARRIER_LENGTH),
  trackingNumber: optionalText('Tracking number', MAX_TRACKING_LENGTH),
});
export type DeliverOrderInput = z.input<typeof deliverOrderSchema>;

/** PUT /api/orders/:id/undeliver: the reason is required only after domain/limits.ts UNDELIVER_WINDOW_HOURS (the
 *  decision says so: it knows when the order was delivered). */
export const undeliverOrderSchema = z.strictObject({
  reason: optionalText('Reason', MAX_UNDELIVER_REASON_LENGTH),
});
export type UndeliverOrderInput = z.input<typeof undeliverOrderSchema>;

/** POST /api/orders/:id/notes: an admin's internal note. */
export const orderNoteSchema = z.strictObject({
  text: text('Note', MAX_ORDER_NOTE_LENGTH),
});
export type OrderNoteInput = z.infer<typeof orderNoteSchema>;
