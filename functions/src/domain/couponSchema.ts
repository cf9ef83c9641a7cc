// The admin's coupon body (POST/PUT /api/coupons) and the code field's rules, for the routes and the admin's form
// alike (domain/discounts.ts Coupon). Apart from discounts.ts so code that only prices loads no zod.
import { z } from 'zod';
import { MAX_ORDER_LINES, idSchema, lineRefSchema, plainString } from './schemas.js';

/** What a code may look like: letters, digits, '-' and '_', 3 to 32 of them (compared upper-case). */
export const couponCodeSchema = plainString('Code')
  .trim()
  .min(3, 'Code must be at least 3 characters')
  .max(32, 'Code must be at most 32 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Code may contain only letters, digits, "-" and "_"')
  .transform((code) => code.toUpperCase());

const cents = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must not be negative`)
    .max(max, `${label} must be at most ${max}`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} must be in whole cents`);

const count = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(1_000_000, `${label} must be at most 1000000`);

const instant = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time like 2026-12-01T00:00:00Z` });

const scopeList = (label: string) =>
  z.array(plainString(label).trim().min(1, `${label} must not be empty`).max(100), {
    error: `${label} must be a list`,
  });

export const couponSchema = z
  .strictObject({
    code: couponCodeSchema,
    percentOff: z
      .number({ error: 'Percent off must be a number' })
      .gt(0, 'Percent off must be more than 0')
      .max(100, 'Percent off must be at most 100')
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Percent off must have at most 2 decimals')
      .nullish(),
    amountOff: cents('Amount off', 100_000)
      .refine((v) => v > 0, 'Amount off must be more than 0')
      .nullish(),
    minSubtotal: cents('Minimum subtotal', 1_000_000).nullish(),
    startsAt: instant('Starts at').nullish(),
    endsAt: instant('Ends at').nullish(),
    maxUses: count('Total uses').nullish(),
    maxUsesPerCustomer: count('Uses per customer').nullish(),
    scope: z
      .strictObject({
        categories: scopeList('Category').max(50, 'At most 50 categories').optional(),
        products: z.array(idSchema, { error: 'Products must be a list' }).max(200, 'At most 200 products').optional(),
      })
      .nullish(),
    active: z.boolean({ error: 'Active must be true or false' }),
  })
  .superRefine((c, ctx) => {
    const percent = c.percentOff != null;
    const amount = c.amountOff != null;
    if (percent === amount)
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'Give either a percent off or an amount off' });
    if (c.startsAt && c.endsAt && Date.parse(c.endsAt) <= Date.parse(c.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'Ends at must be after starts at' });
  })
  .transform((c) => ({
    code: c.code,
    percentOff: c.percentOff ?? null,
    amountOff: c.amountOff ?? null,
    minSubtotal: c.minSubtotal ?? null,
    startsAt: c.startsAt ? new Date(c.startsAt).toISOString() : null,
    endsAt: c.endsAt ? new Date(c.endsAt).toISOString() : null,
    maxUses: c.maxUses ?? null,
    maxUsesPerCustomer: c.maxUsesPerCustomer ?? null,
    scope: c.scope ? { categories: c.scope.categories ?? [], products: c.scope.products ?? [] } : null,
    active: c.active,
  }));
export type CouponInput = z.output<typeof couponSchema>;

/** POST /api/coupons/check: the code and the cart's lines, as the shopper has them before placing (a line's
 *  `variant`, issue 29, prices it as that variant; without one, the product's default). */
export const couponCheckSchema = z.strictObject({
  code: couponCodeSchema,
  items: z
    .array(lineRefSchema, { error: 'Items must be a list' })
    .min(1, 'No items')
    .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} different products`),
});
