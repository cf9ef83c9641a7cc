// The whole catalogue's facet counts (the home page's filter bar) are read from a table kept by triggers
// (migration 10) instead of grouping every product: they must equal a GROUP BY over the products after any mix of
// creates, edits that move a product to another category or brand, removals, and drafts (which never count until
// their first save publishes them).
import fc from 'fast-check';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../src/adapters/embedded/db.js';
import { createSqlStore } from '../../src/adapters/embedded/store.js';
import { MAX_FACET_VALUES, type CatalogFacets, type ProductUpdateInput } from '../../src/domain/index.js';
import type { Store } from '../../src/ports.js';

let dir: string;
let db: Database;
let store: Store;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'voltshop-facets-'));
  db = await Database.open(dir);
  store = createSqlStore(db);
});
afterAll(async () => {
  db?.close();
  await rm(dir, { recursive: true, force: true });
});

/** What the counts must be: every product grouped, as the filtered views still do it. */
async function grouped(): Promise<CatalogFacets> {
  const of = async (column: 'category' | 'brand') =>
    (
      await db.client.execute(
        `SELECT ${column} AS value, count(*) AS n FROM products GROUP BY ${column} ORDER BY n DESC, value ASC LIMIT ${MAX_FACET_VALUES}`,
      )
    ).rows.map((r) => ({ value: String(r.value), count: Number(r.n) }));
  return { categories: await of('category'), brands: await of('brand') };
}

const input = (category: string, brand: string): ProductUpdateInput => ({
  name: `${brand} ${category}`,
  price: 10,
  image: '/images/sample.svg',
  brand,
  category,
  countInStock: 1,
  description: 'A product.',
});

// Few values, so products often share one and counts go up and down to zero; case and accents stay distinct.
const category = fc.constantFrom('Audio', 'audio', 'Cameras', 'Éclairage');
const brand = fc.constantFrom('Voltra', 'Kestrel', 'kestrel');
const step = fc.oneof(
  fc.record({ op: fc.constant('create' as const), category, brand }),
  fc.record({ op: fc.constant('move' as const), pick: fc.nat(), category, brand }),
  fc.record({ op: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('draft' as const), category, brand, publish: fc.boolean() }),
);

describe('whole-catalogue facet counts (kept by triggers)', () => {
  it('equal a GROUP BY over the products after any creates, moves, removals and drafts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        for (const s of steps) {
          const ids = (await db.client.execute('SELECT id FROM products')).rows.map((r) => String(r.id));
          if (s.op === 'create') await store.products.create(input(s.category, s.brand), 'owner');
          else if (s.op === 'move' && ids.length)
            await store.products.update(ids[s.pick % ids.length], input(s.category, s.brand));
          else if (s.op === 'remove' && ids.length) await store.products.remove(ids[s.pick % ids.length]);
          else if (s.op === 'draft') {
            const draft = await store.products.createDraft(input(s.category, s.brand), 'owner');
            if (s.publish) await store.products.update(draft._id, input(s.category, s.brand));
          }
          expect(await store.products.facets({ keyword: '' })).toEqual(await grouped());
        }
      }),
      { numRuns: 40 },
    );
  });

  it('filtered views still count only what they match', async () => {
    await store.products.create(input('Filtered', 'OnlyHere'), 'owner');
    const facets = await store.products.facets({ keyword: '', category: 'Filtered' });
    expect(facets.brands).toEqual([{ value: 'OnlyHere', count: 1 }]);
  });
});
