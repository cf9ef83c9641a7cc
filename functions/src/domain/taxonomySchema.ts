// The admin's input for categories and brands (domain/taxonomy.ts), apart so the web's first bundle stays zod-free.
import { z } from 'zod';
import { idSchema, plainString } from './schemas.js';
import { TAXONOMY_KINDS } from './taxonomy.js';

/** A category's or brand's name: as a product's (productFieldSchemas: at most 100 characters). */
export const taxonomyNameSchema = z.strictObject({
  name: plainString('Name').trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
});

/** POST /api/categories/:id/merge { into }: the entry that stays. */
export const taxonomyMergeSchema = z.strictObject({
  into: idSchema,
});

export const taxonomyKindSchema = z.enum(TAXONOMY_KINDS);
