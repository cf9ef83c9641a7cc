import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  claimSlug,
  freeSlug,
  idOfProvisionalSlug,
  needsNewSlug,
  PRODUCT_SLUG_FALLBACK,
  PRODUCT_SLUG_MAX,
  provisionalSlug,
  slugCandidate,
  slugOf,
} from './slugs.js';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe('slugOf (issue 40)', () => {
  it('lower-cases, folds accents and joins words with "-"', () => {
    expect(slugOf('Sony WH-1000XM5 Headphones')).toBe('sony-wh-1000xm5-headphones');
    expect(slugOf('  Écouteurs   Sans-fil  ')).toBe('ecouteurs-sans-fil');
    expect(slugOf('Über Straße Ærø')).toBe('uber-strasse-aero');
    expect(slugOf('USB-C -- Cable (2 m)!')).toBe('usb-c-cable-2-m');
  });

  it('never answers an empty slug: emoji-only, symbols-only and blank names get the fallback word', () => {
    for (const name of ['🎧🎧', '***', '', '   ', '中文', '—', '-'.repeat(10)])
      expect(slugOf(name)).toBe(PRODUCT_SLUG_FALLBACK);
    expect(slugOf('🎧 Headphones 🎧')).toBe('headphones');
  });

  it('cuts very long names at a word, never past the limit, never ending on "-"', () => {
    const slug = slugOf(`${'word '.repeat(40)}end`);
    expect(slug.length).toBeLessThanOrEqual(PRODUCT_SLUG_MAX);
    expect(slug).toMatch(SLUG);
    expect(slugOf('x'.repeat(500))).toHaveLength(PRODUCT_SLUG_MAX);
  });

  it('always answers a URL-safe slug within the limit, whatever the name', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (name) => {
        const slug = slugOf(name);
        expect(slug).toMatch(SLUG);
        expect(slug.length).toBeLessThanOrEqual(PRODUCT_SLUG_MAX);
      }),
      { numRuns: 150 },
    );
  });
});

describe('unique slugs', () => {
  it('takes -2, -3, … when the base is taken', () => {
    expect(freeSlug('cable', new Set())).toBe('cable');
    expect(freeSlug('cable', new Set(['cable']))).toBe('cable-2');
    expect(freeSlug('cable', new Set(['cable', 'cable-2', 'cable-3']))).toBe('cable-4');
    // A product NAMED "cable 2" holds cable-2: the next one skips it.
    expect(freeSlug('cable', new Set(['cable', 'cable-2']))).toBe('cable-3');
  });

  it('keeps a suffixed slug within the limit by cutting the base', () => {
    const base = slugOf('y'.repeat(200));
    const second = slugCandidate(base, 2);
    expect(second).toHaveLength(PRODUCT_SLUG_MAX);
    expect(second.endsWith('-2')).toBe(true);
    expect(slugCandidate(base, 123)).toHaveLength(PRODUCT_SLUG_MAX);
    expect(freeSlug(base, new Set([base, second]))).toBe(slugCandidate(base, 3));
  });

  it('gives every one of many clashing names its own slug', () => {
    const taken = new Set<string>();
    for (let i = 0; i < 50; i++) taken.add(freeSlug(slugOf('Same Name'), taken));
    expect(taken.size).toBe(50);
    expect([...taken].every((slug) => slug.length <= PRODUCT_SLUG_MAX && SLUG.test(slug))).toBe(true);
  });

  it('claimSlug asks the store in batches and stops at the first free one', async () => {
    const taken = new Set(Array.from({ length: 14 }, (_, i) => slugCandidate('mouse', i + 1)));
    const asked: string[][] = [];
    const slug = await claimSlug('mouse', async (candidates) => {
      asked.push(candidates);
      return new Set(candidates.filter((c) => taken.has(c)));
    });
    expect(slug).toBe('mouse-15');
    expect(asked).toHaveLength(2);
    expect(asked[0]![0]).toBe('mouse');
  });

  it('a save takes a new slug only without one or when the name changed', () => {
    expect(needsNewSlug(null, 'A')).toBe(true);
    expect(needsNewSlug({ name: 'A', slug: null }, 'A')).toBe(true);
    expect(needsNewSlug({ name: 'A', slug: '' }, 'A')).toBe(true);
    expect(needsNewSlug({ name: 'A', slug: 'a' }, 'A')).toBe(false);
    expect(needsNewSlug({ name: 'A', slug: 'a' }, 'B')).toBe(true);
  });
});

describe('provisional slugs (a product stored before slugs)', () => {
  it('end with the id, which they give back', () => {
    const slug = provisionalSlug('Noise Cancelling Headphones', 'AbC123xyz0AbC123xyz0');
    expect(slug).toBe('noise-cancelling-headphones-AbC123xyz0AbC123xyz0');
    expect(idOfProvisionalSlug(slug)).toBe('AbC123xyz0AbC123xyz0');
    expect(idOfProvisionalSlug(provisionalSlug('🎧', 'id1'))).toBe('id1');
    expect(provisionalSlug('z'.repeat(300), 'abc').length).toBeLessThanOrEqual(PRODUCT_SLUG_MAX);
    expect(idOfProvisionalSlug('plain')).toBeNull();
    expect(idOfProvisionalSlug('trailing-')).toBeNull();
  });
});
