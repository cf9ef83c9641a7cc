// Issue 40: product slugs on the embedded database (migration 38's product_slugs: each slug once, with the product it
// names and whether it is the current one; the products row keeps its current slug). The rule is domain/slugs.ts.
import { claimSlug, needsNewSlug, slugOf } from '../../domain/slugs.js';
import type { Client, Transaction } from './sql.js';

/**
 * Inside a product save's transaction, after its row is written: a slug from `name` when the product has none or was
 * renamed (`stored`: the name and slug before the save; null for a new product). The old slug stays as an alias;
 * a slug the product held before (renamed back) is its current one again. Answers the product's slug.
 */
export async function assignSlug(
  tx: Transaction,
  productId: string,
  name: string,
  stored: { name: string; slug: string | null } | null,
): Promise<string> {
  if (!needsNewSlug(stored, name)) return stored!.slug!;
  const slug = await claimSlug(slugOf(name), async (candidates) => {
    const rs = await tx.execute({
      sql: `SELECT slug FROM product_slugs WHERE product_id <> ? AND slug IN (${candidates.map(() => '?').join(', ')})`,
      args: [productId, ...candidates],
    });
    return new Set(rs.rows.map((row) => String(row.slug)));
  });
  if (slug === stored?.slug) return slug;
  await tx.execute({ sql: 'UPDATE product_slugs SET current = 0 WHERE product_id = ?', args: [productId] });
  await tx.execute({
    sql: `INSERT INTO product_slugs (slug, product_id, current) VALUES (?, ?, 1)
          ON CONFLICT (slug) DO UPDATE SET current = 1`,
    args: [slug, productId],
  });
  await tx.execute({ sql: 'UPDATE products SET slug = ? WHERE id = ?', args: [slug, productId] });
  return slug;
}

/** The product a slug names (its current one or an old one), or null. */
export async function slugOwner(client: Client, slug: string): Promise<string | null> {
  const rs = await client.execute({ sql: 'SELECT product_id FROM product_slugs WHERE slug = ?', args: [slug] });
  return rs.rows[0] ? String(rs.rows[0].product_id) : null;
}
