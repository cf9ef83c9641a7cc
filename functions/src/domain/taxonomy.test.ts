import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import {
  applySlugMove,
  decideCreate,
  decideMerge,
  decideRemove,
  decideRename,
  entriesFromValues,
  MAX_TAXONOMY_ENTRIES,
  relabelCouponScope,
  resolveManagedName,
  resolveSlug,
  slugOf,
  type TaxonomyEntry,
} from './taxonomy.js';
import { taxonomyMergeSchema, taxonomyNameSchema } from './taxonomySchema.js';

let n = 0;
const id = () => `id${n++}`;
const list: TaxonomyEntry[] = [
  { _id: 'a', name: 'Accessories', slug: 'accessories' },
  { _id: 'b', name: 'Audio & Video', slug: 'audio-and-video' },
  { _id: 'c', name: 'Cameras', slug: 'cameras' },
];

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('not refused');
};

describe('slugs', () => {
  it('are lower-case ASCII words, "&" spelt out, accents folded, never empty', () => {
    expect(slugOf('category', 'Audio & Video')).toBe('audio-and-video');
    expect(slugOf('brand', '  Müller Électronique ')).toBe('muller-electronique');
    expect(slugOf('category', '***')).toBe('category');
    expect(slugOf('brand', 'x'.repeat(150))).toHaveLength(80);
  });

  it('the catalogue’s values make one entry each, variants apart, slugs unique', () => {
    const entries = entriesFromValues('category', ['Accessories', 'accessories', 'Accesories', 'Accessories', ' '], id);
    expect(entries.map(({ name, slug }) => ({ name, slug }))).toEqual([
      { name: 'Accesories', slug: 'accesories' },
      { name: 'accessories', slug: 'accessories' },
      { name: 'Accessories', slug: 'accessories-2' },
    ]);
  });
});

describe('create, rename, merge, remove', () => {
  it('create: trims the name, refuses one taken in any case, takes the next free slug', () => {
    expect(decideCreate('category', list, '  Drones   and Kites ', 'n1').entry).toEqual({
      _id: 'n1',
      name: 'Drones and Kites',
      slug: 'drones-and-kites',
    });
    expect(refusal(() => decideCreate('category', list, ' cameras', 'n2'))).toEqual({
      kind: 'conflict',
      message: 'A category named "Cameras" already exists',
    });
    expect(decideCreate('category', list, 'Audio-and-Video', 'n3').entry.slug).toBe('audio-and-video-2');
    const full = Array.from({ length: MAX_TAXONOMY_ENTRIES }, (_, i) => ({ _id: `${i}`, name: `${i}`, slug: `${i}` }));
    expect(refusal(() => decideCreate('brand', full, 'One more', 'x')).kind).toBe('bad_input');
  });

  it('rename: relabels the products, moves the slug; the same name changes nothing; a case change keeps the slug', () => {
    expect(decideRename('category', list, 'c', 'Cameras & Drones')).toEqual({
      entry: { _id: 'c', name: 'Cameras & Drones', slug: 'cameras-and-drones' },
      relabel: { from: 'Cameras', to: 'Cameras & Drones' },
      move: { from: 'cameras', to: 'cameras-and-drones' },
    });
    expect(decideRename('category', list, 'c', 'Cameras')).toEqual({ entry: list[2], relabel: null, move: null });
    expect(decideRename('category', list, 'c', 'CAMERAS')).toMatchObject({
      relabel: { from: 'Cameras', to: 'CAMERAS' },
      move: null,
    });
    expect(refusal(() => decideRename('category', list, 'c', 'accessories')).kind).toBe('conflict');
    expect(refusal(() => decideRename('category', list, 'zz', 'New')).kind).toBe('not_found');
  });

  it('merge: the source goes into another, never into itself or an unknown one', () => {
    expect(decideMerge('category', list, 'b', 'a')).toMatchObject({
      relabel: { from: 'Audio & Video', to: 'Accessories' },
      move: { from: 'audio-and-video', to: 'accessories' },
    });
    expect(refusal(() => decideMerge('category', list, 'a', 'a'))).toEqual({
      kind: 'bad_input',
      message: 'Pick another category to merge into',
    });
    expect(refusal(() => decideMerge('category', list, 'a', 'zz')).kind).toBe('not_found');
  });

  it('remove: refused while products carry it, naming the way out', () => {
    expect(decideRemove('brand', list, 'a', 0)).toBe(list[0]);
    expect(refusal(() => decideRemove('brand', list, 'a', 3))).toEqual({
      kind: 'bad_input',
      message: '"Accessories" is used by 3 products: merge it into another brand first',
    });
  });

  it('old slugs follow every later move and never shadow an entry', () => {
    let redirects = applySlugMove([], { from: 'phones', to: 'mobiles' });
    redirects = applySlugMove(redirects, { from: 'mobiles', to: 'smartphones' });
    expect(redirects).toEqual([
      { from: 'phones', to: 'smartphones' },
      { from: 'mobiles', to: 'smartphones' },
    ]);
    // Renamed back: the slug is an entry's again, so no redirect from it.
    expect(applySlugMove(redirects, { from: 'smartphones', to: 'phones' })).toEqual([
      { from: 'mobiles', to: 'phones' },
      { from: 'smartphones', to: 'phones' },
    ]);
    const lists = { entries: list, redirects: [{ from: 'gear', to: 'accessories' }] };
    expect(resolveSlug(lists, 'gear')).toEqual({ entry: list[0], redirect: true });
    expect(resolveSlug(lists, 'cameras')).toEqual({ entry: list[2], redirect: false });
    expect(resolveSlug(lists, 'Audio & Video')).toEqual({ entry: list[1], redirect: true });
    expect(resolveSlug(lists, 'nothing')).toBeNull();
  });
});

describe('a product’s category or brand', () => {
  it('a managed name is kept; the admin’s form reads a case or spacing variant as the list spells it', () => {
    for (const mode of ['strict', 'spec', 'create'] as const)
      expect(resolveManagedName('category', list, 'Cameras', mode)).toEqual({ name: 'Cameras', create: false });
    expect(resolveManagedName('category', list, ' audio  &  video ', 'strict')).toEqual({
      name: 'Audio & Video',
      create: false,
    });
  });

  it('a spec client’s case variant is kept as written (the spec’s catalogue tells them apart): its own entry', () => {
    expect(resolveManagedName('category', list, 'cameras', 'spec')).toEqual({ name: 'cameras', create: true });
    const { entry } = decideCreate('category', list, 'cameras', 'v1', true);
    expect(entry).toEqual({ _id: 'v1', name: 'cameras', slug: 'cameras-2' });
  });

  it('the admin’s form: an unknown value is refused, naming the list', () => {
    const refused = refusal(() => resolveManagedName('category', list, 'Drones', 'strict'));
    expect(refused).toEqual({
      kind: 'bad_input',
      message: 'Unknown category "Drones": pick one of Accessories, Audio & Video, Cameras, or create it first',
    });
    expect(refusal(() => resolveManagedName('brand', [], 'Voltra', 'strict')).message).toBe(
      'Unknown brand "Voltra": create it first',
    );
  });

  it('a spec client: a new value is created, a near miss of a managed one is refused with "did you mean"', () => {
    expect(resolveManagedName('category', list, 'Drones', 'spec')).toEqual({ name: 'Drones', create: true });
    expect(refusal(() => resolveManagedName('category', list, 'accesories', 'spec')).message).toBe(
      'Unknown category "accesories": did you mean "Accessories"? If it is a new category, create it first',
    );
    expect(refusal(() => resolveManagedName('category', list, 'Camera', 'spec')).message).toMatch(/"Cameras"/);
    // Short names are never anyone's typo ("C" next to "Cameras", "TV" next to "TVs" alike).
    expect(resolveManagedName('category', [...list, { _id: 't', name: 'TVs', slug: 'tvs' }], 'TV', 'spec')).toEqual({
      name: 'TV',
      create: true,
    });
    expect(resolveManagedName('category', list, 'accesories', 'create')).toEqual({ name: 'accesories', create: true });
  });
});

describe('discount codes scoped to a category', () => {
  it('follow its rename or merge; others are left alone', () => {
    const relabel = { from: 'Earbuds', to: 'Headphones' };
    expect(relabelCouponScope({ scope: { categories: ['Earbuds', 'Cables'], products: ['p1'] } }, relabel)).toEqual({
      scope: { categories: ['Headphones', 'Cables'], products: ['p1'] },
    });
    // Merged into one it already names: once.
    expect(relabelCouponScope({ scope: { categories: ['Earbuds', 'Headphones'] } }, relabel)).toEqual({
      scope: { categories: ['Headphones'] },
    });
    expect(relabelCouponScope({ scope: { categories: ['Cables'] } }, relabel)).toBeNull();
    expect(relabelCouponScope({ scope: null }, relabel)).toBeNull();
  });

  it('follow it when an older code spelt the name in another case or spacing (issue 40), kept once', () => {
    const relabel = { from: 'Earbuds', to: 'Headphones' };
    expect(relabelCouponScope({ scope: { categories: [' earbuds', 'Cables'] } }, relabel)).toEqual({
      scope: { categories: ['Headphones', 'Cables'] },
    });
    expect(relabelCouponScope({ scope: { categories: ['EARBUDS', 'headphones'] } }, relabel)).toEqual({
      scope: { categories: ['Headphones'] },
    });
    expect(relabelCouponScope({ scope: { categories: ['Earbud'] } }, relabel)).toBeNull();
  });
});

describe('input', () => {
  it('a name is 1 to 100 characters of text; a merge names its target', () => {
    expect(taxonomyNameSchema.parse({ name: '  Audio ' })).toEqual({ name: 'Audio' });
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(101) }, { name: 'a\u0000b' }, { name: 'A', slug: 'a' }])
      expect(taxonomyNameSchema.safeParse(body).success).toBe(false);
    expect(taxonomyMergeSchema.safeParse({ into: 'abc' }).success).toBe(true);
    expect(taxonomyMergeSchema.safeParse({ into: '../x' }).success).toBe(false);
  });
});
