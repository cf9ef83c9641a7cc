// Migration 42 (issue 39): the reminders sent before it get their one-column key, the Firestore document's id, so
// the module's generic store still finds them: a cart reminded before the migration is not reminded again, and the
// dashboard still counts it.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../src/adapters/embedded/db.js';
import { MIGRATIONS } from '../src/adapters/embedded/migrations.js';
import { createSqlStore } from '../src/adapters/embedded/store.js';
import { cartReminderId } from '../src/domain/cartReminders.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const version = '2026-03-01T10:00:00.123Z';
const sentAt = '2026-03-02T10:00:00.000Z';

describe('migration 42: cart reminders keyed by one column', () => {
  it('keys the reminders sent before it as the module reads them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'voltshop-m42-'));
    dirs.push(dir);
    const old = await Database.open(
      dir,
      MIGRATIONS.filter((m) => m.version < 42),
    );
    await old.client.execute({
      sql: `INSERT INTO users (id, name, email, email_key, password_hash, is_admin, created_at)
            VALUES ('alice', 'Alice', 'alice@example.com', 'alice@example.com', 'x', 0, ?)`,
      args: [version],
    });
    await old.client.execute({
      sql: `INSERT INTO carts (user_id, items, updated_at) VALUES ('alice', '[{"product":"p1","qty":1}]', ?)`,
      args: [version],
    });
    await old.client.execute({
      sql: 'INSERT INTO cart_reminders (user_id, cart_version, sent_at) VALUES (?, ?, ?)',
      args: ['alice', version, sentAt],
    });
    old.close();

    const db = await Database.open(dir);
    const store = createSqlStore(db);
    try {
      const rows = (await db.client.execute('SELECT id FROM cart_reminders')).rows;
      expect(rows.map((r) => r.id)).toEqual([cartReminderId('alice', version)]);
      expect(cartReminderId('alice', version)).toBe(`alice_${Date.parse(version)}`);
      // Reminded before: not again for the same version.
      const [candidate] = await store.cartReminders.candidates({
        after: '2026-02-28T00:00:00.000Z',
        until: sentAt,
        limit: 10,
      });
      expect(candidate).toMatchObject({ userId: 'alice', version, remindedVersion: version });
      const mail = {
        key: `cart-reminder:alice:${version}`,
        to: 'alice@example.com',
        template: 'cart-reminder',
        data: {},
      };
      expect(await store.cartReminders.record('alice', version, mail, new Date(sentAt))).toBe(false);
      expect(await store.cartReminders.sentSince(new Date('2026-03-01T00:00:00.000Z'))).toEqual([
        { sentAt, nextOrderAt: null },
      ]);
    } finally {
      await store.close();
    }
  });
});
