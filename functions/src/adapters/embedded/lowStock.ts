// Issue 40: the dashboard's low stock on SQLite, per variant (domain/lowStock.ts). The candidates are the products
// whose lowest item (their own stock without variants, their lowest variant's with) is at or below the threshold,
// lowest first, at most `limit` of them: the rows the domain makes of them are then the shop's lowest items.
import { lowStockRows, type LowStockRow } from '../../domain/index.js';
import type { Database } from './db.js';
import { PRODUCT_COLUMNS, toProduct } from './mapping.js';
import { attachVariants } from './variants.js';

export async function lowStockIn(db: Database, threshold: number, limit: number): Promise<LowStockRow[]> {
  const rs = await db.client.execute({
    // A product's own stock (the default variant's, for one with variants) and each variant's, at or below the
    // threshold; per product the lowest (a product with variants has its default among them).
    sql: `SELECT ${PRODUCT_COLUMNS} FROM products JOIN (
            SELECT pid, MIN(stock) AS lowest FROM (
              SELECT id AS pid, count_in_stock AS stock FROM products WHERE count_in_stock <= ?
              UNION ALL
              SELECT product_id, count_in_stock FROM product_variants WHERE count_in_stock <= ?
            ) GROUP BY pid
          ) AS low ON low.pid = products.id
          ORDER BY low.lowest ASC, products.name ASC LIMIT ?`,
    args: [threshold, threshold, limit],
  });
  return lowStockRows(await attachVariants(db.client, rs.rows.map(toProduct)), threshold, limit);
}
