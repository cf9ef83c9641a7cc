// The embedded database's two connections (adapters/embedded/db.ts): what each is set to, as the benchmarks measured
// it (docs/benchmarks.md, sale), and that a committed write is what the reads see.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database, WAL_CHECKPOINT_PAGES } from '../src/adapters/embedded/db.js';

describe('the embedded database connections', () => {
  let dir: string;
  let db: Database;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'voltshop-db-'));
    db = await Database.open(dir);
  });
  afterEach(async () => {
    db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes in WAL mode with synchronous NORMAL and checkpoints every WAL_CHECKPOINT_PAGES pages', async () => {
    const pragma = async (name: string) =>
      db.write(async (tx) => Object.values((await tx.execute(`PRAGMA ${name}`)).rows[0]!)[0]);
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(1); // NORMAL
    expect(await pragma('wal_autocheckpoint')).toBe(WAL_CHECKPOINT_PAGES);
    expect(Object.values((await db.client.execute('PRAGMA journal_mode')).rows[0]!)[0]).toBe('wal');
  });

  it('a committed write is seen by the next read, a rolled back one never', async () => {
    await db.write((tx) => tx.execute("INSERT INTO settings (id, data, updated_at) VALUES (1, '{\"a\":1}', 'now')"));
    await expect(
      db.write(async (tx) => {
        await tx.execute('UPDATE settings SET data = \'{"a":2}\' WHERE id = 1');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await db.client.execute('SELECT data FROM settings WHERE id = 1')).rows[0]!.data).toBe('{"a":1}');
  });
});
