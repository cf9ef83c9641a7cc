// Validation schemas shared by the API (request checks) and the web (form checks), so both say the same.
import { z } from 'zod';
import {
  MAX_CARRIER_LENGTH,
  MAX_LINE_QTY,
  MAX_ORDER_NOTE_LENGTH,
  MAX_STOCK,
  MAX_TRACKING_LENGTH,
  MAX_UNDELIVER_REASON_LENGTH,
  MAX_WISHLIST_ITEMS,
} from './limits.js';
import { countryCode, countryName, isValidPostalCode } from './countries.js';
import { regionCode, regionLabel, regionsOf } from './regions.js';
import { emailKey } from './search.js';
import type { EditableProductField, EditableProductValues } from './productFields.js';
import {
  MAX_IMAGE_ALT_LENGTH,
  MAX_IMAGES,
  MAX_SPEC_NAME_LENGTH,
  MAX_SPEC_VALUE_LENGTH,
  MAX_SPECS,
} from './productMedia.js';
import { MAX_OPTION_VALUES, MAX_OPTIONS, MAX_VARIANTS } from './variants.js';
import { MAX_COMPARED, MIN_COMPARED } from './specCompare.js';
import { ACCESSORY_MESSAGES, MAX_ACCESSORIES } from './accessories.js';
import { dedupeWishlist, WISHLIST_FULL_MESSAGE } from './wishlist.js';
import { CATALOG_SORT_VALUES, MAX_FACET_VALUE_LENGTH, MAX_FILTER_PRICE } from './catalogQuery.js';

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
/** How many of a line (an order's, a cart's, a refund's): a whole number from 1 to MAX_LINE_QTY. */
export const lineQtySchema = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(MAX_LINE_QTY, `Quantity must be at most ${MAX_LINE_QTY}`);

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

/** A guest order's signed access token (adapters/orderLinks.ts: `<orderId>.<signature>`): its form only; whether
 *  it proves an order is the OrderLinks port's to say. */
export const orderTokenSchema = plainString('Order token').trim().min(1, 'Order token is required').max(200);

export const registerSchema = z.strictObject({
  name: text('Name', 80),
  email: emailSchema,
  password: passwordSchema,
  /** "Create an account" after a guest order: the order's token; the order becomes the account's when its email is
   *  the account's (domain/guests.ts assertMayClaim). */
  orderToken: orderTokenSchema.optional(),
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

/** The specification rows (issue 29): trimmed, at most MAX_SPECS, each name once per product (compared ignoring case). */
export const specsSchema = z
  .array(
    z.strictObject(
      {
        name: text('Specification name', MAX_SPEC_NAME_LENGTH),
        value: text('Specification value', MAX_SPEC_VALUE_LENGTH),
      },
      { error: 'Each specification must be { name, value }' },
    ),
    { error: 'Specifications must be a list of { name, value }' },
  )
  .max(MAX_SPECS, `At most ${MAX_SPECS} specifications`)
  .superRefine((specs, ctx) => {
    const seen = new Set<string>();
    for (const [index, spec] of specs.entries()) {
      const key = spec.name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: `Specification "${spec.name}" appears more than once`,
        });
      seen.add(key);
    }
  });

/** The gallery (issue 29), in order, each picture once; `url` as the main image's (`urlSchema`). */
const galleryWith = (urlSchema: z.ZodType<string, string>) =>
  z
    .array(
      z.strictObject(
        {
          url: urlSchema,
          alt: plainString('Alt text', 'Alt text must be text')
            .trim()
            .max(MAX_IMAGE_ALT_LENGTH, `Alt text must be at most ${MAX_IMAGE_ALT_LENGTH} characters`),
        },
        { error: 'Each image must be { url, alt }' },
      ),
      { error: 'Images must be a list of { url, alt }' },
    )
    .max(MAX_IMAGES, `At most ${MAX_IMAGES} images`)
    .refine((images) => new Set(images.map((image) => image.url)).size === images.length, 'Each image only once');

export const imagesSchema = galleryWith(imageRefSchema);

/** Issue 40: a product's accessories, product ids, each once (a repeat is dropped), at most MAX_ACCESSORIES (the
 *  route checks they exist and are not the product: domain/accessories.ts checkAccessories). */
export const accessoriesSchema = z
  .array(idSchema, { error: 'Accessories must be a list of product ids' })
  .transform((ids) => [...new Set(ids)])
  .pipe(z.array(z.string()).max(MAX_ACCESSORIES, ACCESSORY_MESSAGES.tooMany));

/** How each editable product field (domain/productFields.ts) is validated; the compiler asks for one per field. */
export const productFieldSchemas = {
  name: text('Name', 200),
  price: priceSchema,
  image: imageRefSchema,
  brand: text('Brand', 100),
  category: text('Category', 100),
  description: text('Description', 5000),
  countInStock: stockSchema,
  // Lists the original clients never send: left out, the stored ones are kept.
  specs: specsSchema.optional(),
  images: imagesSchema.optional(),
  accessories: accessoriesSchema.optional(),
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
  const image = z.union([imageRefSchema, emulatorImage], {
    error: 'Image must be a path starting with /, an https URL or a Storage emulator URL',
  });
  return productUpdateSchema.extend({ image, images: galleryWith(image).optional() });
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

/** An optional text: absent, or empty as the original clients' blank inputs send it, is none. */
const blankIsNone = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/**
 * A phone number, E.164-ish: an optional leading +, then 7 to 15 digits, which may be grouped by spaces, dashes,
 * dots or parentheses ("+49 30 1234567", "(555) 010-4477"). A plain pattern, not libphonenumber-js: its metadata
 * (~80 KB) would weigh more than the whole checkout page for a check that only needs to catch typos.
 */
export const phoneSchema = plainString('Phone')
  .trim()
  .min(1, 'Phone is required')
  .max(30, 'Phone must be at most 30 characters')
  .refine(
    (v) => /^\+?[\d\s().-]+$/.test(v) && (v.match(/\d/g) ?? []).length >= 7,
    'Phone must be a number like +1 555 010 4477 (digits, spaces, dashes)',
  )
  .refine((v) => (v.match(/\d/g) ?? []).length <= 15, 'Phone must have at most 15 digits');

/** An address; `contact` says whether the recipient's name and phone are required or optional; `stateRequired`
 *  whether a country with states or provinces (domain/regions.ts) must name one (the web's form) or may leave it out
 *  (the API: the original clients send none, and their orders are taxed at the country's rate). A state given is
 *  checked against the country's list and stored as its code; a country without a list stores none. */
const addressSchema = <C extends z.ZodType, P extends z.ZodType>(recipientName: C, phone: P, stateRequired: boolean) =>
  z
    .strictObject({
      recipientName,
      phone,
      address: text('Address', 200),
      city: text('City', 100).refine((v) => /\p{L}/u.test(v), 'City must contain a letter'),
      /** Issue 40: a state or province, by code or name. */
      state: blankIsNone(plainString('State').trim().max(60, 'State must be at most 60 characters')),
      postalCode: text('Postal code', 20),
      country: text('Country', 100)
        .refine((v) => countryCode(v) !== undefined, 'Choose a country from the list')
        .transform((v) => countryCode(v) as string),
    })
    .superRefine((a, ctx) => {
      if (!isValidPostalCode(a.postalCode, a.country))
        ctx.addIssue({
          code: 'custom',
          path: ['postalCode'],
          message: `Postal code is not valid for ${countryName(a.country)}`,
        });
      if (!regionsOf(a.country)) return;
      const label = regionLabel(a.country);
      if (a.state === undefined) {
        if (stateRequired) ctx.addIssue({ code: 'custom', path: ['state'], message: `${label} is required` });
      } else if (regionCode(a.country, a.state) === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['state'],
          message: `${label} must be one of ${countryName(a.country)}'s (choose from the list)`,
        });
    })
    .transform((a) => {
      const { state, ...rest } = a;
      const code = state === undefined ? undefined : regionCode(a.country, state);
      return code === undefined ? rest : { ...rest, state: code };
    });

/**
 * A shipping address (issue 30). The original clients send only address, city, postalCode and country (country as
 * free text: "USA", "United States"): recipient name and phone are optional here, and required by the web's form
 * (shippingFormSchema). The country must be in the list (domain/countries.ts; a code, a name or a common alias)
 * and is stored as its ISO code, shown by its name; the postal code must be one of that country's; the city must
 * have a letter.
 */
export const shippingAddressSchema = addressSchema(
  blankIsNone(text('Recipient name', 100)),
  blankIsNone(phoneSchema),
  false,
);

/** The web's address form (shipping, the address book): the recipient and a phone to reach them required. */
export const shippingFormSchema = addressSchema(text('Recipient name', 100), phoneSchema, true);
export type ShippingFormInput = z.infer<typeof shippingFormSchema>;

export const MAX_ORDER_LINES = 50;

const ignoredNumber = numberOrDecimalText(z.number()).optional(); // client prices, totals and stock: accepted for compatibility, never used
const ignoredText = (label: string, max: number) => plainString(label).max(max).optional();
/** A list of the product answer (issue 29's specs, images) a client sends back with its cart line: ignored, bounded. */
const ignoredList = (max: number) => z.array(z.unknown()).max(max).optional();

/**
 * A cart line as the client sends it: only the product id and `qty` are trusted, the rest is ignored. The id is
 * `product` (the spec, ProShop v1) or `_id` (ProShop v2 sends the product answer itself, plus qty).
 */
export const orderLineSchema = z
  .strictObject({
    product: idSchema.optional(),
    _id: idSchema.optional(),
    qty: lineQtySchema,
    name: ignoredText('name', 200),
    image: ignoredText('image', 500),
    brand: ignoredText('brand', 100),
    category: ignoredText('category', 100),
    description: ignoredText('description', 5000),
    createdAt: ignoredText('createdAt', 40),
    updatedAt: ignoredText('updatedAt', 40),
    price: ignoredNumber,
    countInStock: ignoredNumber,
    specs: ignoredList(MAX_SPECS),
    images: ignoredList(MAX_IMAGES),
    accessories: ignoredList(MAX_ACCESSORIES),
    /** The variant ordered (issue 29); absent: the product's default variant (or a product without variants). */
    variant: idSchema.optional(),
    // A client that sends the product answer back as the line (ProShop v2) sends these too: accepted, ignored.
    options: z.array(z.unknown()).max(MAX_OPTIONS).optional(),
    variants: z.array(z.unknown()).max(MAX_VARIANTS).optional(),
    compareAtPrice: ignoredNumber,
    // Issue 40: the product answer carries its slug too.
    slug: ignoredText('slug', 200),
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

export const EXPECTED_TOTAL_MESSAGE =
  'expectedTotal must be an amount in dollars like 61.73 (at most 2 decimals, not negative)';
/** Above any order (50 lines of 1,000 units at $1,000,000, plus tax and shipping), and small enough that its
 *  cents are exact in a double. */
const MAX_EXPECTED_TOTAL = 10_000_000_000_000;

/** An order's lines (POST /api/orders and /guest): also read alone, before the rest of the body, where the order
 *  may be refused for stock known to be gone (features/orders/routes.ts refuseKnownSoldOut). */
export const orderItemsSchema = z
  .array(orderLineSchema, { error: 'No order items' })
  .min(1, 'No order items')
  .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} different products per order`)
  .refine(
    (lines) => new Set(lines.map((l) => `${l.product}/${l.variant ?? ''}`)).size === lines.length,
    'Each product (or variant) may appear once',
  );

export const placeOrderSchema = z.strictObject({
  orderItems: orderItemsSchema,
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
  // Issue 39: the ways to pay beside the provider add their fields (giftCardCode, useStoreCredit) where the endpoint
  // table is built (api/endpoints.ts placeOrderBodySchema, from each module's tender hook): strict there too.
  /** The total the shopper was shown (issue 38): the order is placed only at that total, else 409 with the new
   *  figures (domain/orderDecisions.ts priceChanged). Absent: placed at whatever it costs (the original clients). */
  expectedTotal: z
    .number({ error: EXPECTED_TOTAL_MESSAGE })
    .finite(EXPECTED_TOTAL_MESSAGE)
    .min(0, EXPECTED_TOTAL_MESSAGE)
    .max(MAX_EXPECTED_TOTAL, EXPECTED_TOTAL_MESSAGE)
    .refine(wholeCents, EXPECTED_TOTAL_MESSAGE)
    .optional(),
  /** Issue 40: the shipping method's id (GET /api/settings/public's methods; 'standard' is the shipping's own
   *  prices). Absent or empty: the cheapest for the order (the original clients). One not offered to the address's
   *  country: 400. */
  shippingMethod: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    plainString('Shipping method').trim().max(30, 'Shipping method must be at most 30 characters').optional(),
  ),
  itemsPrice: ignoredNumber,
  shippingPrice: ignoredNumber,
  taxPrice: ignoredNumber,
  totalPrice: ignoredNumber,
});
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;

/** POST /api/orders/guest: the order's body and the guest's email (where the confirmation and its link go). */
export const guestOrderSchema = placeOrderSchema.extend({ email: emailSchema });
export type GuestOrderInput = z.infer<typeof guestOrderSchema>;

/** POST /api/orders/claim: a signed-in account takes a guest order of its email, proven by the order's token. */
export const claimOrderSchema = z.strictObject({ orderToken: orderTokenSchema });
/**
 * What the shop's own client sends to place an order (web: checkout): product ids and quantities, shipping and
 * payment method, all the server uses. The other fields placeOrderSchema accepts (line names, images and prices,
 * the totals) are the original ProShop clients', read and ignored (functions/test/compat/proshop-clients.test.ts).
 * The tenders' fields are added by api/endpoints.ts PlaceOrderBody (issue 39: each module declares its own).
 */
export interface PlaceOrderBaseBody {
  orderItems: { product: string; qty: number; variant?: string }[];
  shippingAddress: PlaceOrderInput['shippingAddress'];
  paymentMethod: string;
  /** A discount code (issue 30); absent for none. */
  couponCode?: string;
  /** The total the page showed, in dollars (issue 38): 409 with the new figures when the order would cost more or
   *  less (orderDecisions.ts PriceChangedDetails). */
  expectedTotal?: number;
  /** Issue 40: the shipping method chosen; absent: the cheapest. */
  shippingMethod?: string;
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

/** GET /api/products/suggest?q=: what is typed so far in the header's search box (the keyword's limits). */
export const suggestQuerySchema = z.object({
  q: plainString('q').max(100, 'q must be at most 100 characters').optional().default(''),
});

/** GET /api/products/compare?ids=a,b,c (issue 41): 2 to 4 distinct product ids, comma-separated (an id given twice
 *  counts once). */
export const compareQuerySchema = z.object({
  ids: plainString('ids', 'ids must list the products to compare')
    .max(MAX_COMPARED * 65, `ids must list at most ${MAX_COMPARED} products`)
    .transform((ids) => [...new Set(ids.split(',').map((id) => id.trim()))])
    .pipe(
      z
        .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'ids must be product ids separated by commas'))
        .min(MIN_COMPARED, `ids must list at least ${MIN_COMPARED} different products`)
        .max(MAX_COMPARED, `ids must list at most ${MAX_COMPARED} products`),
    ),
});

export const productQuerySchema = z
  .object({
    keyword: plainString('Keyword').max(100, 'Keyword must be at most 100 characters').optional().default(''),
    pageNumber: z.coerce
      .number({ error: 'pageNumber must be a number' })
      .int('pageNumber must be a whole number')
      .min(1, 'pageNumber must be at least 1')
      .max(1_000_000, 'pageNumber must be at most 1000000')
      .optional()
      .default(1),
    category: facetValue('Category'),
    brand: facetValue('Brand'),
    minPrice: filterPrice('minPrice'),
    maxPrice: filterPrice('maxPrice'),
    // None: newest first, or with a keyword the best matches first (ports.ts ProductQuery).
    sort: emptyIsUnset(
      z.enum(CATALOG_SORT_VALUES, { error: `sort must be one of ${CATALOG_SORT_VALUES.join(', ')}` }).optional(),
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
/** A line of an order or a cart named by its product, with a quantity (refunds, returns, coupon checks, the cart). */
export const lineRefSchema = z.strictObject({
  product: idSchema,
  /** The line's variant (issue 29); needed only when the order has several variants of the product. */
  variant: idSchema.optional(),
  qty: lineQtySchema,
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
  /** Issue 39: where the money goes (domain/tenders.ts splitRefund): 'provider', a tender of the order
   *  ('giftCard') or a credit ('storeCredit'); absent: the provider first, then the tenders. */
  to: z
    .string({ error: 'to must be text' })
    .regex(/^[A-Za-z]{1,30}$/, "to must be 'provider' or one of the order's ways to pay")
    .optional(),
  /** Issue 38: refund this approved (not yet arrived) or received return: its lines, as charged. */
  returnId: z
    .string({ error: 'returnId must be text' })
    .regex(/^[A-Za-z0-9]{1,40}$/, "returnId must be the id of one of the order's returns")
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

/** PUT /api/orders/:id/returns/:returnId (admin), issue 38: `action` approve (the customer may send it; nothing is
 *  refunded), decline (with a message), or receive (the parcel arrived: `restock` the lines put back on sale, none by
 *  default; its lines are then refunded). The older web's `{ approve: boolean }` still reads as approve / decline. */
export const returnDecisionSchema = z.strictObject({
  action: z.enum(['approve', 'decline', 'receive'], { error: 'action must be approve, decline or receive' }),
  restock: z
    .array(lineRefSchema, { error: 'restock must be a list of { product, variant?, qty }' })
    .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} lines`)
    .optional(),
  message: plainString('Message').trim().max(500, 'Message must be at most 500 characters').optional(),
});
export const legacyReturnDecisionSchema = z
  .strictObject({
    approve: z.boolean({ error: 'approve must be true or false' }),
    message: plainString('Message').trim().max(500, 'Message must be at most 500 characters').optional(),
    // Was "restock the refunded lines"; an approval no longer refunds or restocks, so it is read and ignored.
    restock: z.boolean({ error: 'restock must be true or false' }).optional(),
  })
  .transform(({ approve, message }) => ({
    action: approve ? ('approve' as const) : ('decline' as const),
    ...(message === undefined ? {} : { message }),
  }));
export type ReturnDecisionInput = z.output<typeof returnDecisionSchema>;

/** PUT /api/orders/:id/ship (admin): both required. */
export const shipOrderSchema = z.strictObject({
  carrier: text('Carrier', MAX_CARRIER_LENGTH),
  trackingNumber: text('Tracking number', MAX_TRACKING_LENGTH),
});
export type ShipOrderInput = z.input<typeof shipOrderSchema>;

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

/** Issue 41: PUT /api/cart-reminders/preference, the account page's toggle. */
export const cartReminderPreferenceSchema = z.strictObject({
  subscribed: z.boolean({ error: 'Subscribed must be true or false' }),
});

/** Issue 41: POST /api/cart-reminders/unsubscribe, the reminder email's signed token (its form only: whether it
 *  names an account is the unsubscribe links' to say). */
export const cartReminderUnsubscribeSchema = z.strictObject({
  token: z.string({ error: 'Token is required' }).min(1, 'Token is required').max(300, 'Token is too long'),
});
/** PUT /api/wishlist (issue 41, domain/wishlist.ts): the whole list, product ids and optional variants. An item
 *  named twice counts once (a double click or a merge is one wish); more than MAX_WISHLIST_ITEMS distinct: 400. */
export const wishlistSchema = z.strictObject({
  items: z
    .array(z.strictObject({ product: idSchema, variant: idSchema.optional() }), {
      error: 'items must be a list of wishlist items',
    })
    // Bounds the body before deduplicating: twice the limit is plenty for a list with repeats.
    .max(2 * MAX_WISHLIST_ITEMS, WISHLIST_FULL_MESSAGE)
    .transform(dedupeWishlist)
    .refine((items) => items.length <= MAX_WISHLIST_ITEMS, WISHLIST_FULL_MESSAGE),
});
export type WishlistInput = z.input<typeof wishlistSchema>;
