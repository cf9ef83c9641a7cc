// The TaxonomyStore port on the embedded database (migration 26): categories and brands as managed lists, with
// their old slugs. Every write loads the kind's list in its transaction, asks domain/taxonomy.ts, and writes what
// it answers; a rename or merge relabels the products in the same transaction (the facet counts follow by their
// triggers), so the catalogue never shows a half-renamed category.
import type { Client, Transaction } from './sql.js';
import {
  bareEntry,
  byEntryName,
  decideCreate,
  decideMerge,
  decideRemove,
  decideRename,
  relabelCouponScope,
  resolveManagedName,
  type Coupon,
  type ManagedNameMode,
  type ProductRelabel,
  type SlugMove,
  type TaxonomyEntry,
  type TaxonomyKind,
  type TaxonomyListEntry,
  type TaxonomyList,
} from '../../domain/index.js';
import { taxonomyChanged } from '../../domain/events.js';
import type { Clock, EventPublisher, TaxonomyStore } from '../../ports.js';
import type { Database } from './db.js';
import { newId, str } from './mapping.js';

/** The kind's entries by name (`productCount` from the facet counts the products' triggers keep). */
async function loadEntries(db: Client | Transaction, kind: TaxonomyKind): Promise<TaxonomyListEntry[]> {
  const rs = await db.execute({
    sql: `SELECT e.id, e.name, e.slug, coalesce(f.n, 0) AS n FROM taxonomy_entries e
          LEFT JOIN product_facet_counts f ON f.facet = e.kind AND f.value = e.name
          WHERE e.kind = ?`,
    args: [kind],
  });
  return rs.rows
    .map((r) => ({ _id: str(r.id), name: str(r.name), slug: str(r.slug), productCount: Number(r.n) }))
    .sort(byEntryName);
}

async function insertEntry(tx: Transaction, kind: TaxonomyKind, entry: TaxonomyEntry, at: string) {
  await tx.batch([
    {
      sql: 'INSERT INTO taxonomy_entries (id, kind, name, slug, created_at) VALUES (?, ?, ?, ?, ?)',
      args: [entry._id, kind, entry.name, entry.slug, at],
    },
    // The slug is an entry's again: an old redirect from it would hide the new entry.
    { sql: 'DELETE FROM taxonomy_redirects WHERE kind = ? AND from_slug = ?', args: [kind, entry.slug] },
  ]);
}

/** domain/taxonomy.ts SlugMove: redirects to `from` follow it to `to`, `from` redirects to `to`, none from `to`. */
const slugMoveStatements = (kind: TaxonomyKind, move: SlugMove) => [
  { sql: 'UPDATE taxonomy_redirects SET to_slug = ? WHERE kind = ? AND to_slug = ?', args: [move.to, kind, move.from] },
  { sql: 'DELETE FROM taxonomy_redirects WHERE kind = ? AND from_slug IN (?, ?)', args: [kind, move.to, move.from] },
  {
    sql: 'INSERT INTO taxonomy_redirects (kind, from_slug, to_slug) VALUES (?, ?, ?)',
    args: [kind, move.from, move.to],
  },
];

/** Every product (and draft) carrying `relabel.from` now carries `relabel.to`, and so does every discount code's
 *  scope naming the category (domain relabelCouponScope); answers how many products. */
async function relabelProducts(tx: Transaction, kind: TaxonomyKind, relabel: ProductRelabel): Promise<number> {
  // `kind` is the column's name ('category' | 'brand', typed): never text from a request.
  const rs = await tx.execute({
    sql: `UPDATE products SET ${kind} = ? WHERE ${kind} = ?`,
    args: [relabel.to, relabel.from],
  });
  await tx.execute({
    sql: `UPDATE product_drafts SET ${kind} = ? WHERE ${kind} = ?`,
    args: [relabel.to, relabel.from],
  });
  if (kind === 'category') {
    const coupons = await tx.execute(`SELECT code, data FROM coupons WHERE data LIKE '%"categories"%'`);
    for (const row of coupons.rows) {
      const scoped = relabelCouponScope(JSON.parse(str(row.data)) as Omit<Coupon, 'uses'>, relabel);
      if (scoped)
        await tx.execute({
          sql: 'UPDATE coupons SET data = ? WHERE code = ?',
          args: [JSON.stringify(scoped), row.code],
        });
    }
  }
  return rs.rowsAffected;
}

/** Inside a product save's transaction: the managed name the product gets for `value` (domain
 *  resolveManagedName), creating the entry where the mode allows it. */
export async function managedNameIn(
  tx: Transaction,
  kind: TaxonomyKind,
  value: string,
  mode: ManagedNameMode,
  at: string,
): Promise<string> {
  const entries = await loadEntries(tx, kind);
  const resolved = resolveManagedName(kind, entries, value, mode);
  if (resolved.create) await insertEntry(tx, kind, decideCreate(kind, entries, resolved.name, newId(), true).entry, at);
  return resolved.name;
}

export class SqlTaxonomy implements TaxonomyStore {
  constructor(
    readonly kind: TaxonomyKind,
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly events: EventPublisher,
  ) {}

  async list(): Promise<TaxonomyList> {
    const [entries, redirects] = await Promise.all([
      loadEntries(this.db.client, this.kind),
      this.db.client.execute({
        sql: 'SELECT from_slug, to_slug FROM taxonomy_redirects WHERE kind = ? ORDER BY from_slug',
        args: [this.kind],
      }),
    ]);
    return { entries, redirects: redirects.rows.map((r) => ({ from: str(r.from_slug), to: str(r.to_slug) })) };
  }

  async create(name: string): Promise<TaxonomyEntry> {
    const at = this.clock.now().toISOString();
    const entry = await this.db.write(async (tx) => {
      const { entry } = decideCreate(this.kind, await loadEntries(tx, this.kind), name, newId());
      await insertEntry(tx, this.kind, entry, at);
      return entry;
    });
    this.events.publish([taxonomyChanged(this.kind, 'created', 0)]);
    return bareEntry(entry);
  }

  async rename(id: string, name: string): Promise<TaxonomyEntry> {
    const { entry, relabelled } = await this.db.write(async (tx) => {
      const entries = await loadEntries(tx, this.kind);
      const { entry, relabel, move } = decideRename(this.kind, entries, id, name);
      if (!relabel) return { entry, relabelled: 0 };
      await tx.execute({
        sql: 'UPDATE taxonomy_entries SET name = ?, slug = ? WHERE id = ?',
        args: [entry.name, entry.slug, id],
      });
      if (move) await tx.batch(slugMoveStatements(this.kind, move));
      return { entry, relabelled: await relabelProducts(tx, this.kind, relabel) };
    });
    this.events.publish([taxonomyChanged(this.kind, 'renamed', relabelled)]);
    return bareEntry(entry);
  }

  async merge(id: string, into: string): Promise<TaxonomyEntry> {
    const { target, relabelled } = await this.db.write(async (tx) => {
      const entries = await loadEntries(tx, this.kind);
      const { target, relabel, move } = decideMerge(this.kind, entries, id, into);
      await tx.execute({ sql: 'DELETE FROM taxonomy_entries WHERE id = ?', args: [id] });
      await tx.batch(slugMoveStatements(this.kind, move));
      const relabelled = await relabelProducts(tx, this.kind, relabel);
      return { target, relabelled };
    });
    this.events.publish([taxonomyChanged(this.kind, 'merged', relabelled)]);
    return bareEntry(target);
  }

  async remove(id: string): Promise<void> {
    await this.db.write(async (tx) => {
      const entries = await loadEntries(tx, this.kind);
      const entry = entries.find((e) => e._id === id);
      decideRemove(this.kind, entries, id, entry?.productCount ?? 0);
      await tx.execute({ sql: 'DELETE FROM taxonomy_entries WHERE id = ?', args: [id] });
      // Its old slugs led to it: they lead nowhere now.
      await tx.execute({
        sql: 'DELETE FROM taxonomy_redirects WHERE kind = ? AND to_slug = ?',
        args: [this.kind, entry?.slug ?? ''],
      });
    });
    this.events.publish([taxonomyChanged(this.kind, 'removed', 0)]);
  }
}
