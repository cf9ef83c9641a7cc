import { afterEach, describe, expect, it, vi } from 'vitest';
import { disableZodJit } from './zodSetup';

describe('disableZodJit', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes zod (loaded afterwards) build and run schemas without probing for eval', async () => {
    disableZodJit();
    const probe = vi.spyOn(globalThis, 'Function');
    const { config, z } = await import('zod');
    const { reviewSchema } = await import('@domain');
    expect(config().jitless).toBe(true);
    const schema = z.object({ name: z.string(), qty: z.number().int() });
    expect(schema.parse({ name: 'x', qty: 2 })).toEqual({ name: 'x', qty: 2 });
    expect(reviewSchema.safeParse({ rating: 5, comment: 'Great' }).success).toBe(true);
    expect(probe).not.toHaveBeenCalled();
  });
});
