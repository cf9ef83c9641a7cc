// Admin product edits that lose nothing (issue 13, "no lost updates"). A save carries the product as the form
// loaded it (`editedFrom`: its updatedAt, the version, and its countInStock). Both stores apply the one rule below
// inside their write transaction:
// - a save whose updatedAt is not the stored one is refused (409): someone else saved meanwhile;
// - the stock is what the admin CHANGED (form value minus loaded value) applied to the stock now, so units sold
//   while the form was open stay sold (5 -> 7 in the form while 3 sold is 2 + 2 = 4, not 7).
// Sales do not change updatedAt (they are not edits), so a sale alone never makes a save stale.
// A save without editedFrom (the original ProShop clients) writes the values as sent, as the spec always did.
import { z } from 'zod';
import { conflict } from './errors.js';
import { MAX_STOCK } from './limits.js';

export const PRODUCT_CHANGED_MESSAGE =
  'This product changed since you opened it. Reload it to see the latest version, then make your changes again.';

export const editedFromSchema = z.strictObject(
  {
    updatedAt: z.iso.datetime({ error: 'editedFrom.updatedAt must be the product’s updatedAt' }),
    countInStock: z
      .number({ error: 'editedFrom.countInStock must be a number' })
      .int('editedFrom.countInStock must be a whole number')
      .min(0, 'editedFrom.countInStock must be at least 0')
      .max(MAX_STOCK, 'editedFrom.countInStock must be at most 1000000'),
    /** Issue 29: each variant's stock as the form loaded it (variant id -> countInStock), for the same rule. */
    variants: z
      .record(
        z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'editedFrom.variants must be keyed by variant ids'),
        z
          .number({ error: 'editedFrom.variants must map variant ids to their stock' })
          .int('editedFrom.variants must map variant ids to whole numbers')
          .min(0, 'editedFrom.variants stock must be at least 0')
          .max(MAX_STOCK, 'editedFrom.variants stock must be at most 1000000'),
      )
      .optional(),
  },
  { error: 'editedFrom must be { updatedAt, countInStock, variants? } of the product as loaded' },
);
export type EditedFrom = z.infer<typeof editedFromSchema>;

/**
 * What an edit writes for stock and updatedAt, given the stored product. Throws conflict PRODUCT_CHANGED_MESSAGE for
 * a stale form. updatedAt always moves forward (at least 1 ms past the stored one), so it is a version even when
 * two saves fall in the same millisecond.
 */
export function applyProductEdit(
  stored: { updatedAt: string; countInStock: number },
  requestedStock: number,
  editedFrom: EditedFrom | undefined,
  now: Date,
): { countInStock: number; updatedAt: string } {
  const previous = Date.parse(stored.updatedAt);
  const updatedAt = new Date(Math.max(now.getTime(), previous + 1)).toISOString();
  if (!editedFrom) return { countInStock: requestedStock, updatedAt };
  if (Date.parse(editedFrom.updatedAt) !== previous) throw conflict(PRODUCT_CHANGED_MESSAGE);
  const change = requestedStock - editedFrom.countInStock;
  // Removing more units than are left (they sold meanwhile) leaves none, never a negative stock; adding more than
  // the limit allows (two saves of +1,000,000 each) stops at MAX_STOCK, so the form can always save it again.
  return { countInStock: Math.min(MAX_STOCK, Math.max(0, stored.countInStock + change)), updatedAt };
}
