// The SettingsStore port on the embedded database (migration 18): one row of settings, a row per change.
import { settingsChanges, type SettingsChange, type ShopSettings } from '../../domain/settings.js';
import type { EventPublisher, SettingsStore } from '../../ports.js';
import type { Database } from './db.js';

export class SqlSettings implements SettingsStore {
  constructor(
    private readonly db: Database,
    private readonly events: EventPublisher,
  ) {}

  async get(): Promise<ShopSettings | null> {
    const rs = await this.db.client.execute('SELECT data FROM settings WHERE id = 1');
    const row = rs.rows[0];
    return row ? (JSON.parse(String(row.data)) as ShopSettings) : null;
  }

  async save(settings: ShopSettings, by: SettingsChange['by'], now: Date, defaults: ShopSettings) {
    const at = now.toISOString();
    const change = await this.db.write(async (tx) => {
      // Read in the write transaction: two saves one after the other each record their own difference.
      const rs = await tx.execute('SELECT data FROM settings WHERE id = 1');
      const before = rs.rows[0] ? (JSON.parse(String(rs.rows[0].data)) as ShopSettings) : defaults;
      const change: SettingsChange = {
        at,
        by: { _id: by._id, name: by.name },
        changes: settingsChanges(before, settings),
      };
      await tx.execute({
        sql: `INSERT INTO settings (id, data, updated_at) VALUES (1, ?, ?)
              ON CONFLICT (id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
        args: [JSON.stringify(settings), at],
      });
      await tx.execute({
        sql: 'INSERT INTO settings_history (at, by_id, by_name, changes) VALUES (?, ?, ?, ?)',
        args: [at, by._id, by.name, JSON.stringify(change.changes)],
      });
      return change;
    });
    this.events.publish([{ type: 'SettingsSaved', settings }]);
    return change;
  }

  async history(limit: number): Promise<SettingsChange[]> {
    const rs = await this.db.client.execute({
      sql: 'SELECT at, by_id, by_name, changes FROM settings_history ORDER BY seq DESC LIMIT ?',
      args: [limit],
    });
    return rs.rows.map((row) => ({
      at: String(row.at),
      by: { _id: String(row.by_id), name: String(row.by_name) },
      changes: JSON.parse(String(row.changes)) as SettingsChange['changes'],
    }));
  }
}
