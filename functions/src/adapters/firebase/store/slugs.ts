// Issue 40: product slugs on Firestore. slugs/{slug} ({ product, current }) makes each slug unique shop-wide: a save
// reads the candidates it may take and creates its own in the same transaction (a racing save of a namesake then
// conflicts and retries, reading it taken). The product document keeps its current `slug`. The rule: domain/slugs.ts.
// A document written before (no `slug`) answers a provisional slug (its name's and its id, productFromStored), which
// slugOwner resolves; backfillSlugs (npm run backfill:firebase) gives each such product its own.
import { FieldPath, type DocumentSnapshot, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { claimSlug, idOfProvisionalSlug, needsNewSlug, slugOf } from '../../../domain/slugs.js';
import { COLLECTIONS, isDocId, MAX_ATTEMPTS, type ProductDoc } from './mapping.js';
import type { SlugDoc } from '../../../firestore/schema.js';

const slugs = (db: Firestore) => db.collection(COLLECTIONS.slugs);

/** What a save does with the product's slug: the slug it will have, and its writes (after every read). */
export interface SlugPlan {
  slug: string;
  write(): void;
}

/**
 * Inside a product save's transaction, before any write: the slug from `name` when the product has none or was
 * renamed (`stored`: the name and slug before the save; null for a new product). The old slug stays as an alias; a
 * slug the product held before (renamed back) is its current one again.
 */
export async function planSlugIn(
  tx: Transaction,
  db: Firestore,
  productId: string,
  name: string,
  stored: { name: string; slug?: string | null } | null,
): Promise<SlugPlan> {
  const before = stored?.slug || null;
  if (!needsNewSlug(stored && { name: stored.name, slug: before }, name))
    return { slug: before!, write: () => undefined };
  const slug = await claimSlug(slugOf(name), async (candidates) => {
    const snaps = await tx.getAll(...candidates.map((c) => slugs(db).doc(c)));
    return new Set(snaps.filter((s) => s.exists && (s.data() as SlugDoc).product !== productId).map((s) => s.id));
  });
  return {
    slug,
    write: () => {
      if (slug === before) return;
      tx.set(slugs(db).doc(slug), { product: productId, current: true } satisfies SlugDoc);
      if (before) tx.set(slugs(db).doc(before), { product: productId, current: false } satisfies SlugDoc);
    },
  };
}

/** Inside a product's removal transaction, before any write: a function deleting its slugs (then free again). */
export async function dropSlugsIn(tx: Transaction, db: Firestore, productId: string): Promise<() => void> {
  const snap = await tx.get(slugs(db).where('product', '==', productId));
  return () => snap.docs.forEach((d) => tx.delete(d.ref));
}

/** The product a slug names: its slugs/{slug} document's, or for a provisional slug the product it ends with, when
 *  that product has no slug stored yet. */
export async function slugOwner(db: Firestore, slug: string): Promise<string | null> {
  if (!isDocId(slug)) return null;
  const snap = await slugs(db).doc(slug).get();
  if (snap.exists) return (snap.data() as SlugDoc).product;
  const id = idOfProvisionalSlug(slug);
  if (!id || !isDocId(id)) return null;
  const product = await db.collection(COLLECTIONS.products).doc(id).get();
  return product.exists && !(product.data() as Partial<ProductDoc>).slug ? id : null;
}

/** The one-off backfill (npm run backfill:firebase): every product without a slug gets one from its name, oldest
 *  first, each in its own transaction (reads before writes). Safe to run again. Answers how many it gave. */
export async function backfillSlugs(db: Firestore, pageSize = 300): Promise<number> {
  const col = db.collection(COLLECTIONS.products);
  let given = 0;
  let after: DocumentSnapshot | undefined;
  for (;;) {
    const q = col.orderBy('createdAt').orderBy(FieldPath.documentId()).select('slug').limit(pageSize);
    const page = await (after ? q.startAfter(after) : q).get();
    if (page.empty) return given;
    for (const d of page.docs) {
      if (d.get('slug')) continue;
      const gave = await db.runTransaction(
        async (tx) => {
          const snap = await tx.get(d.ref);
          const doc = snap.data() as ProductDoc | undefined;
          if (!doc || doc.slug) return false; // removed or given one meanwhile
          const plan = await planSlugIn(tx, db, d.id, doc.name, null);
          plan.write();
          tx.update(d.ref, { slug: plan.slug });
          return true;
        },
        { maxAttempts: MAX_ATTEMPTS },
      );
      if (gave) given++;
    }
    after = page.docs.at(-1);
  }
}
