// The sitemap's id ranges (sitemap.ts): they cover the id space in order, and Firestore's automatic ids spread
// evenly over them, so a file expected half full never comes near its limit.
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { idBoundary, sitemapFileCount } from './sitemap.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** An id as the Admin SDK's autoId() makes it: 20 characters drawn uniformly from the alphabet. */
const autoId = () => Array.from({ length: 20 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** The file (1-based) an id falls in: the last range whose start is at or before it (byte order, as Firestore). */
const fileOf = (id: string, starts: string[]) => {
  let file = 1;
  for (const [k, start] of starts.entries()) if (k > 0 && start <= id) file = k + 1; // ASCII: byte order
  return file;
};

describe('sitemap files by ranges of document ids', () => {
  it('starts the first range at the beginning and the others at increasing ids', () => {
    for (const files of [1, 2, 3, 7, 62, 1000]) {
      expect(idBoundary(0, files)).toBe('');
      const starts = Array.from({ length: files - 1 }, (_, k) => idBoundary(k + 1, files));
      for (const start of starts) expect(start).toMatch(/^[0-9A-Za-z]{4}$/);
      expect([...starts].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))).toEqual(starts);
      expect(new Set(starts).size).toBe(starts.length);
    }
  });

  it('makes files expected half full', () => {
    expect(sitemapFileCount(0, 49_999)).toBe(1);
    expect(sitemapFileCount(24_999, 49_999)).toBe(1);
    expect(sitemapFileCount(25_000, 49_999)).toBe(2);
    expect(sitemapFileCount(100_000, 49_999)).toBe(5);
  });

  it('spreads automatic ids evenly: 20,000 ids in files of at most 400 stay far below the limit', () => {
    const total = 20_000;
    const perFile = 400;
    const files = sitemapFileCount(total, perFile); // 100 files, 200 expected in each
    const starts = Array.from({ length: files }, (_, k) => idBoundary(k, files));
    const sizes = new Array<number>(files).fill(0);
    for (let i = 0; i < total; i++) sizes[fileOf(autoId(), starts) - 1]++;
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(total);
    expect(Math.max(...sizes)).toBeLessThan(perFile * 0.75); // 200 ± 14: 300 is 7 standard deviations away
    expect(Math.min(...sizes)).toBeGreaterThan(perFile * 0.25);
  });
});
