// The embedded store's ids (adapters/embedded/mapping.ts newId): drawn from a pool of random bytes refilled as it
// runs out, so many ids in a row cross several refills; each must still be new and shaped as the spec's clients know.
import { describe, expect, it } from 'vitest';
import { newId } from '../src/adapters/embedded/mapping.js';

describe('newId', () => {
  it('gives 24 lowercase hex characters, never the same twice, across many refills of its pool', () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // No slice of the pool is handed out twice, even in part: no two ids share their first 12 characters.
    expect(new Set(ids.map((id) => id.slice(0, 12))).size).toBe(ids.length);
  });
});
