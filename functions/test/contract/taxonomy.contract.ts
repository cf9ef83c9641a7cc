// The store contract of managed categories and brands (issue 29): the lists made from the catalogue's values, the
// admin's create, rename, merge and delete (domain/taxonomy.ts decides; the store relabels the products and keeps
// the old slugs), the facet counts following a relabel, and product saves picking from the lists. Same cases on
// every store adapter (embedded: contract/embedded.test.ts; Firestore: firebase/firestore.community.test.ts).
import { afterEach, beforeEach, describe, expect } from 'vitest';
import { brandEndpoints, categoryEndpoints } from '../../src/api/endpoints.js';
import { resolveSlug } from '../../src/domain/index.js';
import type { Store } from '../../src/ports.js';
import { MovableClock } from '../support/clock.js';
import { productInput } from '../support/products.js';
import { expectShape } from '../support/shapes.js';
import { contractCase, type ContractRun } from './cases.js';
import { expectDomainError, type StoreUnderTest } from './store.contract.js';

export function taxonomyContract(
  name: string,
  factory: (clock: MovableClock) => Promise<StoreUnderTest>,
  run: ContractRun = {},
) {
  const it = contractCase(run);
  describe(`Store contract, categories and brands: ${name}`, () => {
    let sut: StoreUnderTest;
    let store: Store;
    beforeEach(async () => {
      sut = await factory(new MovableClock());
      store = sut.store;
    });
    afterEach(async () => {
      await sut?.dispose();
    });

    const names = async (list: 'categories' | 'brands') =>
      (await store[list].list()).entries.map(({ name, slug, productCount }) => ({ name, slug, productCount }));

    it('taxonomy: products make the entries (variants stay apart), with unique slugs and counts', async () => {
      await store.products.create(productInput('A', { category: 'Accessories', brand: 'Voltra' }), 'owner');
      await store.products.create(productInput('B', { category: 'Accessories', brand: 'Voltra' }), 'owner');
      await store.products.create(productInput('C', { category: 'Audio & Video', brand: 'Nord' }), 'owner');
      expect(await names('categories')).toEqual([
        { name: 'Accessories', slug: 'accessories', productCount: 2 },
        { name: 'Audio & Video', slug: 'audio-and-video', productCount: 1 },
      ]);
      expect(await names('brands')).toEqual([
        { name: 'Nord', slug: 'nord', productCount: 1 },
        { name: 'Voltra', slug: 'voltra', productCount: 2 },
      ]);
      // A same-slug name gets the next free slug; a name taken in another case is a conflict.
      expect(await store.categories.create('Audio-and Video!')).toMatchObject({ slug: 'audio-and-video-2' });
      await expectDomainError(store.categories.create('ACCESSORIES'), 'conflict', /"Accessories" already exists/);
    });

    it('taxonomy: a rename relabels every product and the filter counts; old slugs follow to the newest', async () => {
      for (let i = 0; i < 3; i++)
        await store.products.create(productInput(`P${i}`, { category: 'Headphones' }), 'owner');
      const other = await store.products.create(productInput('Other', { category: 'Cameras' }), 'owner');
      const entry = (await store.categories.list()).entries.find((e) => e.name === 'Headphones')!;
      const renamed = await store.categories.rename(entry._id, 'Headsets');
      expect(renamed).toMatchObject({ _id: entry._id, name: 'Headsets', slug: 'headsets' });
      const page = await store.products.list({ category: 'Headsets', keyword: '', page: 1, pageSize: 10 });
      expect(page.products).toHaveLength(3);
      expect(
        (await store.products.list({ category: 'Headphones', keyword: '', page: 1, pageSize: 10 })).products,
      ).toEqual([]);
      expect((await store.products.get(other._id))!.category).toBe('Cameras');
      expect((await store.products.facets({ keyword: '' })).categories).toEqual(
        expect.arrayContaining([{ value: 'Headsets', count: 3 }]),
      );
      expect((await store.products.facets({ keyword: '' })).categories.map((c) => c.value)).not.toContain('Headphones');
      await store.categories.rename(entry._id, 'Audio Headsets');
      const { redirects } = await store.categories.list();
      expect(redirects).toEqual([
        { from: 'headphones', to: 'audio-headsets' },
        { from: 'headsets', to: 'audio-headsets' },
      ]);
      // A new entry taking an old slug owns it again.
      await store.categories.create('Headphones');
      expect((await store.categories.list()).redirects).toEqual([{ from: 'headsets', to: 'audio-headsets' }]);
      await expectDomainError(store.categories.rename('missing-id', 'X'), 'not_found');
      await expectDomainError(store.categories.rename(entry._id, 'cameras'), 'conflict');
    });

    it('taxonomy: a merge moves the products and counts, removes the source; delete is refused while used', async () => {
      await store.products.create(productInput('Good', { brand: 'Voltra' }), 'owner');
      const typo = await store.products.create(productInput('Typo', { brand: 'Votra' }), 'owner');
      const list = (await store.brands.list()).entries;
      const source = list.find((e) => e.name === 'Votra')!;
      const target = list.find((e) => e.name === 'Voltra')!;
      await expectDomainError(store.brands.remove(source._id), 'bad_input', /merge it into another brand first/);
      await expectDomainError(store.brands.merge(source._id, source._id), 'bad_input');
      const merged = await store.brands.merge(source._id, target._id);
      expect(merged).toMatchObject({ _id: target._id, name: 'Voltra' });
      expect((await store.products.get(typo._id))!.brand).toBe('Voltra');
      expect(await names('brands')).toEqual([{ name: 'Voltra', slug: 'voltra', productCount: 2 }]);
      expect((await store.brands.list()).redirects).toEqual([{ from: 'votra', to: 'voltra' }]);
      const spare = await store.brands.create('Spare');
      await store.brands.remove(spare._id);
      expect((await store.brands.list()).entries.map((e) => e.name)).toEqual(['Voltra']);
      await expectDomainError(store.brands.remove(spare._id), 'not_found');
    });

    it('taxonomy: every answer has its row’s exact keys (a write answers no productCount; the list does)', async () => {
      await store.products.create(productInput('Good', { brand: 'Voltra', category: 'Lamps' }), 'owner');
      await store.products.create(productInput('Typo', { brand: 'Votra', category: 'Lamps' }), 'owner');
      const list = (await store.brands.list()).entries;
      expectShape(brandEndpoints.list, list);
      const source = list.find((e) => e.name === 'Votra')!;
      const target = list.find((e) => e.name === 'Voltra')!;
      expectShape(brandEndpoints.merge, await store.brands.merge(source._id, target._id));
      expectShape(brandEndpoints.create, await store.brands.create('Nord'));
      const lamps = (await store.categories.list()).entries.find((e) => e.name === 'Lamps')!;
      expectShape(categoryEndpoints.rename, await store.categories.rename(lamps._id, 'Lamps'));
      expectShape(categoryEndpoints.rename, await store.categories.rename(lamps._id, 'Lights'));
      expectShape(categoryEndpoints.bySlug, resolveSlug(await store.categories.list(), 'lamps'));
      expectShape(categoryEndpoints.list, (await store.categories.list()).entries);
    });

    it('taxonomy: a rename or merge carries the discount codes’ category scopes along', async () => {
      await store.products.create(productInput('Buds', { category: 'Earbuds' }), 'owner');
      await store.products.create(productInput('Cans', { category: 'Headphones' }), 'owner');
      const terms = { percentOff: 10, amountOff: null, minSubtotal: null, startsAt: null, endsAt: null };
      const limits = { maxUses: null, maxUsesPerCustomer: null, active: true };
      await store.coupons.create({ code: 'AUDIO', ...terms, ...limits, scope: { categories: ['Earbuds', 'Cables'] } });
      await store.coupons.create({ code: 'ALL', ...terms, ...limits, scope: null });
      const list = (await store.categories.list()).entries;
      const earbuds = list.find((e) => e.name === 'Earbuds')!;
      await store.categories.rename(earbuds._id, 'In-ear');
      expect((await store.coupons.get('AUDIO'))!.scope).toEqual({ categories: ['In-ear', 'Cables'] });
      await store.categories.merge(earbuds._id, list.find((e) => e.name === 'Headphones')!._id);
      expect((await store.coupons.get('AUDIO'))!.scope).toEqual({ categories: ['Headphones', 'Cables'] });
      expect((await store.coupons.get('ALL'))!.scope).toBeNull();
    });

    it('taxonomy: an older code’s free-text scope in another case follows a rename too, once (issue 40)', async () => {
      await store.products.create(productInput('Mic', { category: 'Studio' }), 'owner');
      await store.products.create(productInput('Desk', { category: 'Furniture' }), 'owner');
      const terms = { percentOff: 10, amountOff: null, minSubtotal: null, startsAt: null, endsAt: null };
      const limits = { maxUses: null, maxUsesPerCustomer: null, active: true };
      // Saved before issue 40, as typed: not the list's spelling.
      await store.coupons.create({ code: 'OLDSTUDIO', ...terms, ...limits, scope: { categories: [' studio'] } });
      const list = (await store.categories.list()).entries;
      const studio = list.find((e) => e.name === 'Studio')!;
      await store.categories.rename(studio._id, 'Recording');
      expect((await store.coupons.get('OLDSTUDIO'))!.scope).toEqual({ categories: ['Recording'] });
      await store.coupons.update({
        code: 'OLDSTUDIO',
        ...terms,
        ...limits,
        scope: { categories: ['RECORDING', 'furniture'], products: [] },
      });
      await store.categories.merge(list.find((e) => e.name === 'Furniture')!._id, studio._id);
      expect((await store.coupons.get('OLDSTUDIO'))!.scope).toEqual({ categories: ['RECORDING'], products: [] });
    });

    it('taxonomy: the admin’s save (editedFrom) takes only a managed value; a spec save adds one unless near', async () => {
      const p = await store.products.create(productInput('Lamp', { category: 'Lighting' }), 'owner');
      const editedFrom = { updatedAt: p.updatedAt, countInStock: p.countInStock };
      await expectDomainError(
        store.products.update(p._id, productInput('Lamp', { category: 'Kitchen' }), editedFrom),
        'bad_input',
        /Unknown category "Kitchen": pick one of .*Lighting.*create it first/,
      );
      expect((await store.products.get(p._id))!.category).toBe('Lighting');
      const saved = await store.products.update(p._id, productInput('Lamp', { category: ' lighting' }), editedFrom);
      expect(saved!.category).toBe('Lighting');
      await expectDomainError(
        store.products.update(p._id, productInput('Lamp', { category: 'Lightning' })),
        'bad_input',
        /did you mean "Lighting"/,
      );
      const spec = await store.products.update(p._id, productInput('Lamp', { category: 'Kitchen' }));
      expect(spec!.category).toBe('Kitchen');
      expect((await names('categories')).map((c) => c.name)).toEqual(['Kitchen', 'Lighting']);
    });
  });
}
