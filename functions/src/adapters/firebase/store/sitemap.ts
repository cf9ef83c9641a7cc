// The product sitemap on Firestore, in files that are each read on their own: file k of F lists the products whose
// document id falls in the k-th of F equal ranges of the id space. Product ids are Firestore's automatic ids (20
// characters drawn uniformly from A-Z, a-z, 0-9), so each range holds about total / F products; F is chosen so that
// a file is expected half full (perFile / 2), which leaves a margin no random catalogue reaches (at 50,000 URLs a
// file, 25,000 expected, ±160). A file reads count() (1 read per 1000 products) and its own products, projected to
// `updatedAt`, never more than perFile of them: at most ⌈total / 1000⌉ + perFile reads, whatever its number. (A
// page-number read would walk every earlier file: the last of a 100k catalogue read ~100k.)
// The ranges cover the whole id space, so every product is in exactly one file, whatever its id.
import { FieldPath, type Firestore, type Query } from 'firebase-admin/firestore';
import { SITEMAP_SHAPE } from '../../../firestore/queries.js';
import { provisionalSlug } from '../../../domain/slugs.js';
import type { SitemapFile } from '../../../ports.js';

/** The automatic ids' characters, in Firestore's (byte) order. */
const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BOUNDARY_LENGTH = 4; // 62^4 ≈ 14.8 million ranges at most

/** How many files: each expected half full. */
export const sitemapFileCount = (total: number, perFile: number) =>
  Math.max(1, Math.ceil(total / Math.max(1, Math.floor(perFile / 2))));

/** The id where range `k` (0-based) of `files` starts ('' for the first: from the beginning of the id space). */
export function idBoundary(k: number, files: number): string {
  if (k <= 0) return '';
  const base = ID_ALPHABET.length;
  let n = Math.floor((k * base ** BOUNDARY_LENGTH) / files);
  let id = '';
  for (let i = 0; i < BOUNDARY_LENGTH; i++) {
    id = ID_ALPHABET[n % base] + id;
    n = Math.floor(n / base);
  }
  return id;
}

/** File `file` (1-based) of the product sitemap, or the number of files alone. */
export async function sitemapFile(db: Firestore, perFile: number, file?: number): Promise<SitemapFile> {
  const col = db.collection(SITEMAP_SHAPE.collection); // the shape the index derivation sees
  const total = (await col.count().get()).data().count;
  const files = sitemapFileCount(total, perFile);
  if (file === undefined || file < 1 || file > files) return { files, products: [] };
  let q: Query = col;
  const from = idBoundary(file - 1, files);
  const to = file < files ? idBoundary(file, files) : '';
  if (from) q = q.where(FieldPath.documentId(), '>=', from);
  if (to) q = q.where(FieldPath.documentId(), '<', to);
  const snap = await q.orderBy(FieldPath.documentId()).select('updatedAt', 'slug', 'name').limit(perFile).get();
  if (snap.size === perFile && files > 1)
    console.warn(
      `[sitemap] file ${file} of ${files} is full (${perFile}): ids not random? later products are left out`,
    );
  return {
    files,
    products: snap.docs.map((d) => ({
      _id: d.id,
      // Issue 40: the product's address (a provisional one for a document the slug backfill has not reached).
      slug: String(d.get('slug') || provisionalSlug(String(d.get('name') ?? ''), d.id)),
      updatedAt: String(d.get('updatedAt') ?? ''),
    })),
  };
}
