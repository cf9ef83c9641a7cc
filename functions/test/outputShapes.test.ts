// The answers' schemas (api/outputs.ts) against their types and the endpoint table: shapeOf refuses a schema that
// differs from its type in any key (these lines would compile otherwise: @ts-expect-error fails on a line with no
// error), and a strict schema refuses an extra key at run time.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints } from '../src/api/endpoints.js';
import { shapeOf, taxonomyEntryOutput, type SameShape } from '../src/api/outputs.js';

interface Sample {
  a: string;
  b?: number;
  nested: { c: string | null; d?: boolean }[];
}
const good = { a: z.string(), b: z.number().optional() };
const nestedGood = z.array(z.strictObject({ c: z.string().nullable(), d: z.boolean().optional() }));

describe('answer shapes', () => {
  it('shapeOf accepts the same shape and refuses a missing, extra or retyped key at any depth', () => {
    const same: SameShape<Sample, { a: string; b?: number; nested: { c: string | null; d?: boolean }[] }> = true;
    expect(same).toBe(true);
    expect(shapeOf<Sample>()(z.strictObject({ ...good, nested: nestedGood }))).toBeDefined();
    // @ts-expect-error an optional key the type does not have
    shapeOf<Sample>()(z.strictObject({ ...good, nested: nestedGood, extra: z.string().optional() }));
    // @ts-expect-error an optional key of the type left out
    shapeOf<Sample>()(z.strictObject({ a: z.string(), nested: nestedGood }));
    // @ts-expect-error a required key where the type has an optional one
    shapeOf<Sample>()(z.strictObject({ a: z.string(), b: z.number(), nested: nestedGood }));
    // @ts-expect-error an extra optional key two levels down
    shapeOf<Sample>()(
      z.strictObject({
        ...good,
        nested: z.array(
          z.strictObject({ c: z.string().nullable(), d: z.boolean().optional(), e: z.number().optional() }),
        ),
      }),
    );
    // @ts-expect-error null allowed where the type has none
    shapeOf<Sample>()(z.strictObject({ ...good, a: z.string().nullable(), nested: nestedGood }));
  });

  it('a strict schema refuses an extra key at run time (the taxonomy write answers no productCount)', () => {
    expect(taxonomyEntryOutput.safeParse({ _id: '1', name: 'A', slug: 'a' }).success).toBe(true);
    expect(taxonomyEntryOutput.safeParse({ _id: '1', name: 'A', slug: 'a', productCount: 2 }).success).toBe(false);
  });

  it('the main rows carry a schema', () => {
    const main = [
      'productGet',
      'productList',
      'productTop',
      'productCompare',
      'orderGet',
      'myOrders',
      'orderList',
      'orderNoteAdd',
      'profileGet',
      'categoryList',
      'categoryMerge',
      'brandMerge',
      'couponList',
      'couponCheck',
      'settingsGet',
      'customerList',
      'customerGet',
      'productStockHistory',
      'wishlistGet',
      'stockAlertDemand',
    ] as const;
    expect(main.filter((name) => !endpoints[name].output.schema)).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it("shows an answer's schema with its exact keys", async () => {
    const { openApiDocument } = await import('../src/api/openapi.js');
    const doc = openApiDocument() as { paths: Record<string, Record<string, any>> };
    const answer = doc.paths['/api/categories/{id}/merge']!.post.responses['200'].content['application/json'].schema;
    expect(answer).toMatchObject({ type: 'object', additionalProperties: false, required: ['_id', 'name', 'slug'] });
    expect(Object.keys(answer.properties)).toEqual(['_id', 'name', 'slug']);
  });
});
