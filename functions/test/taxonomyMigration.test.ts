// Migration 26 (issue 29): the managed categories and brands are made from the catalogue's distinct values as
// written, so a typo or case variant ("accesories", "accessories") is an entry of its own for the admin to merge.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../src/adapters/embedded/db.js';
import { MIGRATIONS } from '../src/adapters/embedded/migrations.js';
import { createSqlStore } from '../src/adapters/embedded/store.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function insertProduct(db: Database, id: string, category: string, brand: string) {
  await db.client.execute({
    sql: `INSERT INTO products (id, user_id, name, name_key, image, brand, category, description, price_cents,
            count_in_stock, created_at, updated_at)
          VALUES (?, 'u1', 'Lamp', 'lamp', '/l.png', ?, ?, 'D', 1000, 1, '2026-01-01T00:00:00.000Z',
            '2026-01-01T00:00:00.000Z')`,
    args: [id, brand, category],
  });
}

describe('migration 26: managed categories and brands', () => {
  it('makes one entry per distinct value with unique slugs and their product counts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'voltshop-m26-'));
    dirs.push(dir);
    const old = await Database.open(
      dir,
      MIGRATIONS.filter((m) => m.version < 26),
    );
    await insertProduct(old, 'a'.repeat(24), 'Accessories', 'Voltra');
    await insertProduct(old, 'b'.repeat(24), 'Accessories', 'Voltra');
    await insertProduct(old, 'c'.repeat(24), 'accesories', 'Nord');
    await insertProduct(old, 'd'.repeat(24), 'accessories', 'Nord');
    old.close();

    const store = createSqlStore(await Database.open(dir));
    const categories = (await store.categories.list()).entries.map(({ name, slug, productCount }) => ({
      name,
      slug,
      productCount,
    }));
    expect(categories).toEqual([
      { name: 'accesories', slug: 'accesories', productCount: 1 },
      { name: 'Accessories', slug: 'accessories-2', productCount: 2 },
      { name: 'accessories', slug: 'accessories', productCount: 1 },
    ]);
    expect((await store.brands.list()).entries.map((e) => e.name)).toEqual(['Nord', 'Voltra']);
    await store.close();
  });
});
