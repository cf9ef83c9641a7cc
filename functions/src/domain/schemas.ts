// Validation schemas shared by the API (request checks) and the web (form checks), so both say the same.
import { z } from 'zod';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Ids are opaque: 24 hex characters here, Firebase uids there. Anything else can never exist. */
export const idSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid id');

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(6, 'Password must be at least 6 characters')
  .max(128, 'Password must be at most 128 characters');

export const loginSchema = z.strictObject({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
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

/** The profile form: empty password means "keep the current one". `id` is sent by the original client and ignored. */
export const profileUpdateSchema = z.strictObject({
  id: z.string().max(64).optional(),
  _id: z.string().max(64).optional(),
  name: text('Name', 80).optional(),
  email: emailSchema.optional(),
  password: z.union([z.literal(''), passwordSchema]).optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

export const adminUserUpdateSchema = z.strictObject({
  _id: z.string().max(64).optional(),
  name: text('Name', 80),
  email: emailSchema,
  isAdmin: z.boolean({ error: 'isAdmin must be true or false' }),
});
export type AdminUserUpdateInput = z.infer<typeof adminUserUpdateSchema>;

const wholeCents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

export const priceSchema = z
  .number({ error: 'Price must be a number' })
  .finite('Price must be a number')
  .min(0, 'Price cannot be negative')
  .max(1_000_000, 'Price must be at most 1,000,000')
  .refine(wholeCents, 'Price must have at most 2 decimals');

export const stockSchema = z
  .number({ error: 'Count in stock must be a number' })
  .int('Count in stock must be a whole number')
  .min(0, 'Count in stock cannot be negative')
  .max(1_000_000, 'Count in stock must be at most 1,000,000');

/** A product image: a path served by the shop (/images/..., /uploads/...) or an https URL. */
export const imageRefSchema = z
  .string({ error: 'Image is required' })
  .trim()
  .min(1, 'Image is required')
  .max(500, 'Image must be at most 500 characters')
  .regex(/^(\/(?!\/)[\w\-./%]*|https:\/\/[^\s"'<>]+)$/, 'Image must be a path starting with / or an https URL');

export const productUpdateSchema = z.strictObject({
  _id: z.string().max(64).optional(),
  name: text('Name', 200),
  price: priceSchema,
  image: imageRefSchema,
  brand: text('Brand', 100),
  category: text('Category', 100),
  description: text('Description', 5000),
  countInStock: stockSchema,
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
  return productUpdateSchema.extend({ image: z.union([imageRefSchema, emulatorImage], { error: 'Image must be a path starting with /, an https URL or a Storage emulator URL' }) });
}

export const RATING_LABELS = ['Poor', 'Fair', 'Good', 'Very Good', 'Excellent'] as const;

export const reviewSchema = z.strictObject({
  rating: z
    .number({ error: 'Rating must be a number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be from 1 to 5')
    .max(5, 'Rating must be from 1 to 5'),
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
export const MAX_LINE_QTY = 1000;

/** A cart line as the client sends it: only `product` and `qty` are trusted, the rest is ignored. */
export const orderLineSchema = z.strictObject({
  product: idSchema,
  qty: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_LINE_QTY, `Quantity must be at most ${MAX_LINE_QTY}`),
  name: z.string().max(200).optional(),
  image: z.string().max(500).optional(),
  price: z.number().optional(),
  countInStock: z.number().optional(),
});

const ignoredMoney = z.number().optional(); // client totals are accepted for compatibility and never used

export const placeOrderSchema = z.strictObject({
  orderItems: z
    .array(orderLineSchema, { error: 'No order items' })
    .min(1, 'No order items')
    .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} different products per order`)
    .refine((lines) => new Set(lines.map((l) => l.product)).size === lines.length, 'Each product may appear once'),
  shippingAddress: shippingAddressSchema,
  paymentMethod: text('Payment method', 40).default('PayPal'),
  itemsPrice: ignoredMoney,
  shippingPrice: ignoredMoney,
  taxPrice: ignoredMoney,
  totalPrice: ignoredMoney,
});
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;

export const productQuerySchema = z.object({
  keyword: z.string().max(100, 'Keyword must be at most 100 characters').optional().default(''),
  pageNumber: z.coerce
    .number({ error: 'pageNumber must be a number' })
    .int('pageNumber must be a whole number')
    .min(1, 'pageNumber must be at least 1')
    .max(1_000_000)
    .optional()
    .default(1),
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
