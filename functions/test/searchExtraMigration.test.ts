// Migration 32 (issue 40): the products written before it are found by their spec rows, option values and variant
// SKUs once it has run, and by their name as before (the word indexes are rebuilt, contentless).
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

describe('migration 32: search over specs, options and SKUs', () => {
  it('indexes the products written before it, and a misspelt spec word is corrected from them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'voltshop-m32-'));
    dirs.push(dir);
    const old = await Database.open(
      dir,
      MIGRATIONS.filter((m) => m.version < 32),
    );
    const at = '2026-01-01T00:00:00.000Z';
    await old.client.execute({
      sql: `INSERT INTO products (id, user_id, name, name_key, image, brand, category, description, price_cents,
              count_in_stock, rating, num_reviews, created_at, updated_at, specs_json, options_json)
            VALUES ('p1', NULL, 'Sonic Headphones', 'sonic headphones', '/h.png', 'Orbis', 'Audio', 'Quiet.', 9900, 0,
              0, 0, ?, ?, ?, ?)`,
      args: [
        at,
        at,
        JSON.stringify([{ name: 'Noise cancelling', value: 'Adaptive' }]),
        JSON.stringify([{ name: 'Colour', values: ['Midnight'] }]),
      ],
    });
    await old.client.execute(`INSERT INTO product_variants (id, product_id, position, sku, options_json, price_cents,
        count_in_stock) VALUES ('v1', 'p1', 0, 'SH-MID-01', '{"Colour":"Midnight"}', 9900, 3)`);
    old.close();

    const store = createSqlStore(await Database.open(dir));
    try {
      const names = async (keyword: string) =>
        (await store.products.list({ keyword, page: 1, pageSize: 10 })).products.map((p) => p.name);
      for (const keyword of ['noise cancelling', 'adaptive', 'midnight', 'sh-mid-01', 'sonic', 'headphones'])
        expect(await names(keyword), keyword).toEqual(['Sonic Headphones']);
      expect(await names('sh-mid-02')).toEqual([]);
      expect((await store.products.list({ keyword: 'adaptve', page: 1, pageSize: 10 })).didYouMean).toBe('adaptive');
    } finally {
      await store.close();
    }
  });
});
