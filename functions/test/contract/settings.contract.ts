// The store contract of the owner's settings (issue 30): saved, read back, each save in the history with what it
// changed, SettingsSaved published; orders priced with the settings for their shipping country. Same cases on
// every store adapter (embedded: contract/embedded.test.ts; Firestore: firebase/firestore.community.test.ts).
import { endpoints } from '../../src/api/endpoints.js';
import { expectShape } from '../support/shapes.js';
import { afterEach, beforeEach, describe, expect } from 'vitest';
import { DEFAULT_HOLD_LIMITS, DEFAULT_SETTINGS, holdUntil, type ShopSettings } from '../../src/domain/index.js';
import type { PlaceOrderCommand, Store } from '../../src/ports.js';
import { MovableClock } from '../support/clock.js';
import { productInput } from '../support/products.js';
import { contractCase, type ContractRun } from './cases.js';
import type { StoreUnderTest } from './store.contract.js';

const owner = { _id: 'owner-uid', name: 'Olive Owner' };
const alice = { _id: 'alice-uid', name: 'Alice', email: 'alice@example.com' };
const now = new Date('2026-03-01T10:00:00.000Z');

const germany: ShopSettings = {
  ...DEFAULT_SETTINGS,
  tax: { defaultPercent: 15, pricesIncludeTax: false, countries: [{ country: 'DE', percent: 19 }], states: [] },
  shipping: {
    defaultPrice: 100,
    freeOver: 100,
    countries: [{ country: 'DE', price: 4.9 }],
    standardDays: DEFAULT_SETTINGS.shipping.standardDays,
    methods: DEFAULT_SETTINGS.shipping.methods,
  },
};

export function settingsContract(
  name: string,
  factory: (clock: MovableClock) => Promise<StoreUnderTest>,
  run: ContractRun = {},
) {
  const it = contractCase(run);
  describe(`Store contract, settings: ${name}`, () => {
    let sut: StoreUnderTest;
    let store: Store;
    beforeEach(async () => {
      sut = await factory(new MovableClock());
      store = sut.store;
    });
    afterEach(async () => {
      await sut?.dispose();
    });

    it('settings: none until saved; a save is read back, recorded with who and what, and published', async () => {
      expect(await store.settings.get()).toBeNull();
      expect(await store.settings.history(10)).toEqual([]);

      const first = await store.settings.save(germany, owner, now, DEFAULT_SETTINGS);
      expect(first).toEqual({
        at: now.toISOString(),
        by: owner,
        changes: [
          { field: 'tax.countries.DE', from: null, to: 19 },
          { field: 'shipping.countries.DE', from: null, to: 4.9 },
        ],
      });
      expect(await store.settings.get()).toEqual(germany);

      const later = new Date(now.getTime() + 60_000);
      const longer = { ...germany, holdMinutes: 45, limits: { ...germany.limits, maxOpenOrders: 2 } };
      await store.settings.save(longer, { _id: 'admin-2', name: 'Adam' }, later, DEFAULT_SETTINGS);
      expect(await store.settings.get()).toEqual(longer);

      const history = await store.settings.history(10);
      expect(history.map((h) => h.by.name)).toEqual(['Adam', 'Olive Owner']); // newest first
      // The second save differs from the first save, not from the defaults.
      expect(history[0]!.changes).toEqual([
        { field: 'limits.maxOpenOrders', from: 3, to: 2 },
        { field: 'holdMinutes', from: 30, to: 45 },
      ]);
      expect(await store.settings.history(1)).toHaveLength(1);
      expectShape(endpoints.settingsHistory, history);
      expectShape(endpoints.settingsGet, await store.settings.get());
      expect(sut.events.filter((e) => e.type === 'SettingsSaved')).toEqual([
        { type: 'SettingsSaved', settings: germany },
        { type: 'SettingsSaved', settings: longer },
      ]);
    });

    it('settings (issue 40): the store details and policy texts are kept as typed, markup and all', async () => {
      const texts = {
        ...DEFAULT_SETTINGS,
        store: {
          name: 'Volt Café',
          address: '1 Rue Haute\n75001 Paris',
          email: 'aide@volt.example',
          phone: '+33 1 23',
        },
        policies: { ...DEFAULT_SETTINGS.policies, terms: '## Terms\n\n<b>not bold</b> – “quoted”\n\n- one' },
      };
      const change = await store.settings.save(texts, owner, now, DEFAULT_SETTINGS);
      expect(await store.settings.get()).toEqual(texts);
      expect(change.changes.map((c) => c.field)).toEqual([
        'store.name',
        'store.address',
        'store.email',
        'store.phone',
        'policies.terms',
      ]);
    });

    it('settings: an order is priced with the settings for its shipping country, and keeps its price', async () => {
      const p = await store.products.create(productInput('Kettle', { price: 50 }), 'owner-1');
      const command = (country: string, settings?: ShopSettings): PlaceOrderCommand => ({
        user: alice,
        lines: [{ product: p._id, qty: 1 }],
        shippingAddress: { address: '1 Hauptstr.', city: 'Berlin', postalCode: '10115', country },
        paymentMethod: 'PayPal',
        now,
        expiresAt: holdUntil(now, 30),
        holdLimits: DEFAULT_HOLD_LIMITS,
        settings,
      });
      const de = await store.orders.place(command('de', germany));
      expect(de).toMatchObject({ itemsPrice: 50, shippingPrice: 4.9, taxPrice: 9.5, totalPrice: 64.4 });
      const us = await store.orders.place(command('USA', germany));
      expect(us).toMatchObject({ itemsPrice: 50, shippingPrice: 100, taxPrice: 7.5, totalPrice: 157.5 });
      // Without settings, the spec's pricing.
      const spec = await store.orders.place(command('de'));
      expect(spec).toMatchObject({ shippingPrice: 100, taxPrice: 7.5, totalPrice: 157.5 });
      // A later change of the settings leaves placed orders as priced.
      await store.settings.save(DEFAULT_SETTINGS, owner, now, DEFAULT_SETTINGS);
      expect(await store.orders.get(de._id)).toMatchObject({ shippingPrice: 4.9, taxPrice: 9.5, totalPrice: 64.4 });
    });

    it('settings (issue 40): an order to a state with a method chosen keeps both, priced by the state and method', async () => {
      const p = await store.products.create(productInput('Lamp', { price: 40 }), 'owner-1');
      const texas: ShopSettings = {
        ...DEFAULT_SETTINGS,
        tax: { ...DEFAULT_SETTINGS.tax, states: [{ country: 'US', state: 'TX', percent: 8.25 }] },
      };
      await store.settings.save(texas, owner, now, DEFAULT_SETTINGS);
      expect(await store.settings.get()).toEqual(texas);
      const placed = await store.orders.place({
        user: alice,
        lines: [{ product: p._id, qty: 1 }],
        shippingAddress: { address: '1 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' },
        paymentMethod: 'PayPal',
        now,
        expiresAt: holdUntil(now, 30),
        holdLimits: DEFAULT_HOLD_LIMITS,
        settings: texas,
        shippingMethod: 'express',
      });
      // Express $150 (the default), 8.25% of $40 = $3.30.
      expect(placed).toMatchObject({ shippingPrice: 150, taxPrice: 3.3, totalPrice: 193.3 });
      const read = await store.orders.get(placed._id);
      expect(read?.shippingMethod).toEqual({ id: 'express', label: 'Express', days: { min: 1, max: 3 } });
      expect(read?.shippingAddress.state).toBe('TX');
      expect(read?.orderItems[0]?.tax).toBe(3.3);
      // An order placed choosing none: the cheapest, recorded too.
      const cheapest = await store.orders.place({
        user: alice,
        lines: [{ product: p._id, qty: 1 }],
        shippingAddress: { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' },
        paymentMethod: 'PayPal',
        now,
        expiresAt: holdUntil(now, 30),
        holdLimits: DEFAULT_HOLD_LIMITS,
        settings: texas,
      });
      expect((await store.orders.get(cheapest._id))?.shippingMethod?.id).toBe('standard');
      expect(cheapest).toMatchObject({ shippingPrice: 100, taxPrice: 6 });
    });
  });
}
