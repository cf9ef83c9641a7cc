// The WishlistStore port on the embedded database (issue 41): one row per account (migration 36), the items as JSON.
import type { StoredWishlist, WishlistItem } from '../../domain/wishlist.js';
import type { EventPublisher, WishlistStore } from '../../ports.js';
import type { Database } from './db.js';

export class SqlWishlists implements WishlistStore {
  constructor(
    private readonly db: Database,
    private readonly events: EventPublisher,
  ) {}

  async get(userId: string): Promise<StoredWishlist> {
    const rs = await this.db.client.execute({
      sql: 'SELECT items, updated_at FROM wishlists WHERE user_id = ?',
      args: [userId],
    });
    const row = rs.rows[0];
    if (!row) return { items: [], updatedAt: null };
    return { items: JSON.parse(String(row.items)) as WishlistItem[], updatedAt: String(row.updated_at) };
  }

  async put(userId: string, items: WishlistItem[], now: Date): Promise<StoredWishlist> {
    const stored = items.map((i) => (i.variant ? { product: i.product, variant: i.variant } : { product: i.product }));
    const updatedAt = now.toISOString();
    await this.db.write((tx) =>
      tx.execute({
        sql: `INSERT INTO wishlists (user_id, items, updated_at) VALUES (?, ?, ?)
              ON CONFLICT (user_id) DO UPDATE SET items = excluded.items, updated_at = excluded.updated_at`,
        args: [userId, JSON.stringify(stored), updatedAt],
      }),
    );
    const wishlist = { items: stored, updatedAt };
    this.events.publish([{ type: 'WishlistSaved', userId, wishlist }]);
    return wishlist;
  }
}
