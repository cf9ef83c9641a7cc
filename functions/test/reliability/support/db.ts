// Reads the test shop's database directly (a second connection; WAL lets it read while the server runs).
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Connection } from '../../../src/adapters/embedded/sql.js';

export function openDb(dataDir: string): Connection {
  return new Connection(join(dataDir, 'voltshop.db'));
}

const TABLES = ['users', 'products', 'reviews', 'orders', 'order_items', 'schema_migrations'];

/** A digest of every row of every table (plus row counts, for readable failures). */
export async function snapshot(db: Connection): Promise<{ digest: string; counts: Record<string, number> }> {
  const hash = createHash('sha256');
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const rs = await db.execute(`SELECT * FROM ${table} ORDER BY rowid`);
    counts[table] = rs.rows.length;
    hash.update(table);
    for (const row of rs.rows)
      hash.update(JSON.stringify(Object.values(row), (_k, v) => (typeof v === 'bigint' ? String(v) : v)));
  }
  return { digest: hash.digest('hex'), counts };
}
