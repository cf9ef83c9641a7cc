// Migration 42 (issue 39): the rows written before it get their one-column key, the Firestore document's id, so
// the modules' generic stores still find them: a cart reminded before the migration is not reminded again, and the
// dashboard still counts it; a watched level still tells a restock, a low-stock mark still holds its mail back; an
// alert kept with a random id is the same alert when asked again.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../src/adapters/embedded/db.js';
import { MIGRATIONS } from '../src/adapters/embedded/migrations.js';
import { createSqlStore } from '../src/adapters/embedded/store.js';
import { cartReminderId } from '../src/domain/cartReminders.js';
import { keyId } from '../src/firestore/docIds.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const version = '2026-03-01T10:00:00.123Z';
const sentAt = '2026-03-02T10:00:00.000Z';

async function oldDatabase() {
  const dir = mkdtempSync(join(tmpdir(), 'voltshop-m42-'));
  dirs.push(dir);
  const old = await Database.open(
    dir,
    MIGRATIONS.filter((m) => m.version < 42),
  );
  return { dir, old };
}

describe('migration 42: records keyed by one column for the generic store', () => {
  it('keys the stock alerts’ levels and marks as the module reads them; an older alert keeps its id', async () => {
    const { dir, old } = await oldDatabase();
    const at = '2026-03-01T10:00:00.000Z';
    await old.client.execute({
      sql: `INSERT INTO stock_alerts (id, product_id, variant_key, email, email_key, status, created_at)
            VALUES (?, 'p1', 'blue', 'Guest@Example.com', 'guest@example.com', 'waiting', ?)`,
      args: ['a'.repeat(24), at],
    });
    await old.client.execute(
      "INSERT INTO stock_alert_levels (product_id, variant_key, level) VALUES ('p1', 'blue', 0)",
    );
    await old.client.execute({
      sql: "INSERT INTO low_stock_marks (product_id, variant_key, marked_at) VALUES ('p1', 'blue', ?)",
      args: [at],
    });
    old.close();

    const db = await Database.open(dir);
    const store = createSqlStore(db);
    try {
      expect((await db.client.execute('SELECT id FROM stock_alert_levels')).rows.map((r) => r.id)).toEqual([
        keyId('p1|blue'),
      ]);
      expect((await db.client.execute('SELECT id FROM low_stock_marks')).rows.map((r) => r.id)).toEqual([
        keyId('p1|blue'),
      ]);
      // The older alert is found by its product, variant and email: the same alert, not a second one.
      const again = await store.stockAlerts.subscribe(
        { product: 'p1', variant: 'blue', email: 'guest@example.com', confirmed: true },
        () => null,
      );
      expect(again).toMatchObject({ created: false, alert: { _id: 'a'.repeat(24), status: 'waiting' } });
      // The level kept (0) tells the restock: the waiting alert is mailed once.
      const mail = (alert: { _id: string }) => ({
        key: `restock:${alert._id}`,
        to: 'x',
        template: 'back-in-stock',
        data: {},
      });
      expect(await store.stockAlerts.restocked({ product: 'p1', variant: 'blue', countInStock: 4 }, mail)).toBe(1);
      expect(await store.stockAlerts.restocked({ product: 'p1', variant: 'blue', countInStock: 8 }, mail)).toBe(0);
      // Still marked low: no second mail while it stays low; back above the threshold the mark goes.
      const low = [{ product: 'p1', variant: 'blue', countInStock: 1 }];
      expect(await store.stockAlerts.lowStock(low, 5, () => [])).toBe(0);
      expect(await store.stockAlerts.lowStock([{ ...low[0]!, countInStock: 9 }], 5, () => [])).toBe(0);
      expect((await db.client.execute('SELECT COUNT(*) AS n FROM low_stock_marks')).rows[0]!.n).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('keys the reminders sent before it as the module reads them', async () => {
    const { dir, old } = await oldDatabase();
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
