// The store contract of issue 40's product slugs (domain/slugs.ts): a slug on create, unique on a name clash, a new
// one on a rename with the old one still leading to the product, renaming back, drafts, removal. Same cases on every
// store adapter (embedded: contract/embedded.test.ts; Firestore: firebase/firestore.*.test.ts).
import { afterEach, beforeEach, describe, expect } from 'vitest';
import { SAMPLE_PRODUCT } from '../../src/domain/index.js';
import type { Store } from '../../src/ports.js';
import { MovableClock } from '../support/clock.js';
import { productInput } from '../support/products.js';
import { contractCase, type ContractRun } from './cases.js';
import type { StoreUnderTest } from './store.contract.js';

export function slugsContract(
  name: string,
  factory: (clock: MovableClock) => Promise<StoreUnderTest>,
  run: ContractRun = {},
) {
  const it = contractCase(run);
  describe(`Store contract, slugs: ${name}`, () => {
    let sut: StoreUnderTest;
    let store: Store;
    beforeEach(async () => {
      sut = await factory(new MovableClock());
      store = sut.store;
    });
    afterEach(async () => {
      await sut?.dispose();
    });

    /** The product a key names as the API's lookup finds it: by id, else by slug. */
    const lookup = async (key: string) => {
      const owner = await store.products.slugOwner(key);
      return owner ? store.products.get(owner) : null;
    };

    it('gives a product its slug when created, from its name, and reads it back everywhere', async () => {
      const created = await store.products.create(productInput('Écouteurs Sans-fil Pro'), 'owner-1');
      expect(created.slug).toBe('ecouteurs-sans-fil-pro');
      expect((await store.products.get(created._id))!.slug).toBe('ecouteurs-sans-fil-pro');
      expect((await store.products.many([created._id]))[0]!.slug).toBe('ecouteurs-sans-fil-pro');
      const listed = await store.products.list({ keyword: '', page: 1, pageSize: 10 });
      expect(listed.products.map((p) => p.slug)).toEqual(['ecouteurs-sans-fil-pro']);
      expect(await store.products.slugOwner('ecouteurs-sans-fil-pro')).toBe(created._id);
      expect(await store.products.slugOwner('no-such-slug')).toBeNull();
    });

    it('never gives two products one slug: a namesake takes -2, the next -3', async () => {
      const a = await store.products.create(productInput('USB-C Cable'), 'owner-1');
      const b = await store.products.create(productInput('USB-C cable'), 'owner-1');
      const c = await store.products.create(productInput('usb c cable!'), 'owner-1');
      expect([a.slug, b.slug, c.slug]).toEqual(['usb-c-cable', 'usb-c-cable-2', 'usb-c-cable-3']);
      expect(await store.products.slugOwner('usb-c-cable-2')).toBe(b._id);
      // A name that is only symbols still gets a slug, and a second one its own.
      const d = await store.products.create(productInput('🎧🎧'), 'owner-1');
      const e = await store.products.create(productInput('***'), 'owner-1');
      expect([d.slug, e.slug]).toEqual(['product', 'product-2']);
    });

    it('a rename gives a new slug; the old one still leads to the product; renaming back takes it again', async () => {
      const p = await store.products.create(productInput('Volt Buds'), 'owner-1');
      const renamed = await store.products.update(p._id, productInput('Volt Buds Pro'));
      expect(renamed!.slug).toBe('volt-buds-pro');
      expect((await lookup('volt-buds'))!._id).toBe(p._id);
      expect((await lookup('volt-buds'))!.slug).toBe('volt-buds-pro');
      expect((await lookup('volt-buds-pro'))!._id).toBe(p._id);
      // The old slug is still the product's: a new namesake does not take it.
      const other = await store.products.create(productInput('Volt Buds'), 'owner-1');
      expect(other.slug).toBe('volt-buds-2');
      const back = await store.products.update(p._id, productInput('Volt Buds'));
      expect(back!.slug).toBe('volt-buds');
      expect(await store.products.slugOwner('volt-buds-pro')).toBe(p._id);
    });

    it('a save that keeps the name keeps the slug, and a change of case alone keeps it too', async () => {
      const p = await store.products.create(productInput('Desk Lamp'), 'owner-1');
      const saved = await store.products.update(p._id, productInput('Desk Lamp', { price: 99 }));
      expect(saved!.slug).toBe('desk-lamp');
      const cased = await store.products.update(p._id, productInput('DESK LAMP'));
      expect(cased!.slug).toBe('desk-lamp');
    });

    it('a draft gets its slug when its first save publishes it; a removed product frees its slugs', async () => {
      const draft = await store.products.createDraft(SAMPLE_PRODUCT, 'owner-1');
      expect(draft.slug).toContain(draft._id); // provisional: its name's and its id
      const published = await store.products.update(draft._id, productInput('Travel Adapter'));
      expect(published!.slug).toBe('travel-adapter');
      await store.products.update(draft._id, productInput('Travel Adapter Plus'));
      expect(await store.products.remove(draft._id)).toBe(true);
      expect(await store.products.slugOwner('travel-adapter')).toBeNull();
      expect(await store.products.slugOwner('travel-adapter-plus')).toBeNull();
      const again = await store.products.create(productInput('Travel Adapter'), 'owner-1');
      expect(again.slug).toBe('travel-adapter');
    });
  });
}
