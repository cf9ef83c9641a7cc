// Migration 38 (issue 40): the products written before it get slugs from their names, unique (the older product
// keeps the plain one, a later namesake takes -2), the same on every copy of the same data; lookups find them.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../src/adapters/embedded/db.js';
import { MIGRATIONS } from '../src/adapters/embedded/migrations.js';
import { createSqlStore } from '../src/adapters/embedded/store.js';
import { productInput } from './support/products.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function insertProduct(db: Database, id: string, name: string, createdAt: string) {
  await db.client.execute({
    sql: `INSERT INTO products (id, user_id, name, name_key, image, brand, category, description, price_cents,
            count_in_stock, created_at, updated_at)
          VALUES (?, 'u1', ?, lower(?), '/l.png', 'B', 'C', 'D', 1000, 1, ?, ?)`,
    args: [id, name, name, createdAt, createdAt],
  });
}

async function migratedSlugs(): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'voltshop-m38-'));
  dirs.push(dir);
  const old = await Database.open(
    dir,
    MIGRATIONS.filter((m) => m.version < 38),
  );
  // Inserted newest first: the older namesake still keeps the plain slug.
  await insertProduct(old, 'c'.repeat(24), 'Desk Lamp', '2026-01-03T00:00:00.000Z');
  await insertProduct(old, 'b'.repeat(24), 'desk lamp', '2026-01-02T00:00:00.000Z');
  await insertProduct(old, 'a'.repeat(24), 'Desk Lamp', '2026-01-01T00:00:00.000Z');
  await insertProduct(old, 'd'.repeat(24), '💡', '2026-01-04T00:00:00.000Z');
  old.close();
  const store = createSqlStore(await Database.open(dir));
  try {
    const page = await store.products.list({ keyword: '', page: 1, pageSize: 10 });
    expect(await store.products.slugOwner('desk-lamp-2')).toBe('b'.repeat(24));
    // A new namesake after the migration takes the next free one.
    expect((await store.products.create(productInput('Desk Lamp'), 'u1')).slug).toBe('desk-lamp-4');
    return Object.fromEntries(page.products.map((p) => [p._id[0]!, p.slug]));
  } finally {
    await store.close();
  }
}

describe('migration 38: product slugs', () => {
  it('gives every product a unique slug from its name, oldest first, deterministically', async () => {
    const first = await migratedSlugs();
    expect(first).toEqual({ a: 'desk-lamp', b: 'desk-lamp-2', c: 'desk-lamp-3', d: 'product' });
    expect(await migratedSlugs()).toEqual(first);
  });
});
