// The inputs of the back-in-stock alerts' routes (issue 41; api/endpoints.ts rows stockAlert*).
import { z } from 'zod';
import { emailSchema } from './schemas.js';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** POST /api/products/:id/stock-alerts: who to tell, and which variant (required when the product has variants). */
export const stockAlertSchema = z.strictObject({
  email: emailSchema,
  variant: z.string().regex(ID, 'Invalid variant').optional(),
});

/** The signed token of a confirmation or unsubscribe link (`<alertId>.<signature>`). */
export const stockAlertTokenSchema = z.strictObject({
  token: z.string().min(1, 'token is required').max(200, 'token is too long'),
});

/** The products whose waiting demand the admin asks for (comma-separated ids, at most 100). */
export const stockAlertDemandQuerySchema = z.object({
  products: z
    .string('products must list product ids')
    .max(100 * 65, 'products must list at most 100 products')
    .transform((ids) => [...new Set(ids.split(',').map((id) => id.trim()))].filter(Boolean))
    .pipe(z.array(z.string().regex(ID, 'products must be ids separated by commas')).max(100)),
});
