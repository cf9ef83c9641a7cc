// The CartStore port on the embedded database: one row per account (migration 5).
import type { CartLine, StoredCart } from '../../domain/cart.js';
import type { CartStore, EventPublisher } from '../../ports.js';
import type { Database } from './db.js';

export class SqlCarts implements CartStore {
  constructor(
    private readonly db: Database,
    private readonly events: EventPublisher,
  ) {}

  async get(userId: string): Promise<StoredCart> {
    const rs = await this.db.client.execute({
      sql: 'SELECT items, updated_at FROM carts WHERE user_id = ?',
      args: [userId],
    });
    const row = rs.rows[0];
    if (!row) return { items: [], updatedAt: null };
    return { items: JSON.parse(String(row.items)) as CartLine[], updatedAt: String(row.updated_at) };
  }

  async put(userId: string, items: CartLine[], now: Date): Promise<StoredCart> {
    const lines = items.map((l) => ({ product: l.product, qty: l.qty, ...(l.variant ? { variant: l.variant } : {}) }));
    const updatedAt = now.toISOString();
    await this.db.write((tx) =>
      tx.execute({
        sql: `INSERT INTO carts (user_id, items, updated_at) VALUES (?, ?, ?)
              ON CONFLICT (user_id) DO UPDATE SET items = excluded.items, updated_at = excluded.updated_at`,
        args: [userId, JSON.stringify(lines), updatedAt],
      }),
    );
    const cart = { items: lines, updatedAt };
    this.events.publish([{ type: 'CartSaved', userId, cart }]);
    return cart;
  }
}
