// The store contract of issue 41's compare (GET /api/products/compare): the products of a few ids read at once, in
// the order asked, a draft's or an unknown id left out. Same cases on every store adapter (embedded:
// contract/embedded.test.ts; Firestore: firebase/firestore.*.test.ts).
import { endpoints } from '../../src/api/endpoints.js';
import { expectShape } from '../support/shapes.js';
import { afterEach, beforeEach, describe, expect } from 'vitest';
import { compareSpecs, productComparison, SAMPLE_PRODUCT } from '../../src/domain/index.js';
import type { Store } from '../../src/ports.js';
import { MovableClock } from '../support/clock.js';
import { productInput } from '../support/products.js';
import { contractCase, type ContractRun } from './cases.js';
import type { StoreUnderTest } from './store.contract.js';

const laptop = (name: string, storage: string, weight: string) =>
  productInput(name, {
    category: 'Laptops',
    specs: [
      { name: 'Storage', value: storage },
      { name: 'Weight', value: weight },
      { name: 'Colour', value: 'Silver' },
    ],
  });

export function compareContract(
  name: string,
  factory: (clock: MovableClock) => Promise<StoreUnderTest>,
  run: ContractRun = {},
) {
  const it = contractCase(run);
  describe(`Store contract, compare: ${name}`, () => {
    let sut: StoreUnderTest;
    let store: Store;
    beforeEach(async () => {
      sut = await factory(new MovableClock());
      store = sut.store;
    });
    afterEach(async () => {
      await sut?.dispose();
    });

    it('reads three laptops at once in the order asked, with their specs, without a draft or an unknown id', async () => {
      const a = await store.products.create(laptop('Air 13', '512 GB SSD', '1.2 kg'), 'owner-1');
      const b = await store.products.create(laptop('Pro 14', '1 TB SSD', '1550 g'), 'owner-1');
      const c = await store.products.create(laptop('Max 16', '2 TB SSD', '2.1 kg'), 'owner-1');
      const draft = await store.products.createDraft(SAMPLE_PRODUCT, 'owner-1');
      const read = await store.products.many([c._id, draft._id, 'no-such-product', a._id, b._id, c._id]);
      expect(read.map((p) => p.name)).toEqual(['Max 16', 'Air 13', 'Pro 14']);
      expect(read[0]).toMatchObject({ _id: c._id, specs: c.specs, price: 10, countInStock: 100 });
      const storage = compareSpecs(read)[0]!;
      expect(storage.cells.map((cell) => cell.best)).toEqual([true, false, false]);
      expectShape(endpoints.productCompare, productComparison([c._id, 'no-such-product', a._id], read));
      expect(await store.products.many([])).toEqual([]);
    });
  });
}
