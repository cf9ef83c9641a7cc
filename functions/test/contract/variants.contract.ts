// The store contract of options and variants (issue 29): each variant's stock is its own (orders take it, cancels,
// expiries and refunds give it back), an order line names its variant (only the product: the default variant), the
// product answers its default variant's price and stock, and the admin's save is checked. Same cases on every store
// adapter (embedded: contract/embedded.test.ts; Firestore: firebase/firestore.contract.test.ts).
import { endpoints } from '../../src/api/endpoints.js';
import { expectShape } from '../support/shapes.js';
import { afterEach, beforeEach, describe, expect } from 'vitest';
import {
  DEFAULT_HOLD_LIMITS,
  DEFAULT_HOLD_MINUTES,
  holdUntil,
  type PaymentResult,
  type Product,
  type ProductUpdateInput,
} from '../../src/domain/index.js';
import type { PlaceOrderCommand, Store } from '../../src/ports.js';
import { MovableClock } from '../support/clock.js';
import { productInput } from '../support/products.js';
import { contractCase, type ContractRun } from './cases.js';
import { expectDomainError, type StoreUnderTest } from './store.contract.js';

const address = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };
const alice = { _id: 'alice-uid', name: 'Alice', email: 'alice@example.com' };
const now = new Date('2026-03-01T10:00:00.000Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

/** A phone in two colours and two storage sizes, three combinations offered (no Blue 512). */
export const phoneVariants = (over: Partial<ProductUpdateInput> = {}): ProductUpdateInput =>
  productInput('Volt Phone', {
    options: [
      { name: 'Colour', values: ['Black', 'Blue'] },
      { name: 'Storage', values: ['256 GB', '512 GB'] },
    ],
    variants: [
      { sku: 'VP-BLK-256', options: { Colour: 'Black', Storage: '256 GB' }, price: 799, countInStock: 5 },
      {
        sku: 'VP-BLK-512',
        options: { Colour: 'Black', Storage: '512 GB' },
        price: 899,
        compareAtPrice: 999,
        countInStock: 1,
      },
      { sku: 'VP-BLU-256', options: { Colour: 'Blue', Storage: '256 GB' }, price: 799, countInStock: 0 },
    ],
    ...over,
  });

export function variantsContract(
  name: string,
  factory: (clock: MovableClock) => Promise<StoreUnderTest>,
  run: ContractRun = {},
) {
  const it = contractCase(run);
  describe(`Store contract, variants: ${name}`, () => {
    let sut: StoreUnderTest;
    let store: Store;
    beforeEach(async () => {
      sut = await factory(new MovableClock());
      store = sut.store;
    });
    afterEach(async () => {
      await sut?.dispose();
    });

    const order = (lines: PlaceOrderCommand['lines'], at: Date = now): PlaceOrderCommand => ({
      user: alice,
      lines,
      shippingAddress: address,
      paymentMethod: 'PayPal',
      now: at,
      expiresAt: holdUntil(at, DEFAULT_HOLD_MINUTES),
      holdLimits: DEFAULT_HOLD_LIMITS,
    });

    const phone = () => store.products.create(phoneVariants(), 'owner-1');
    const read = async (id: string) => (await store.products.get(id))!;
    const variantStock = async (id: string) =>
      Object.fromEntries((await read(id)).variants!.map((v) => [v.sku, v.countInStock]));
    const variantId = (p: Product, sku: string) => p.variants!.find((v) => v.sku === sku)!._id;

    it('answers options and variants; price, stock and compare-at are the default (first) variant’s', async () => {
      const p = await phone();
      const got = await read(p._id);
      expect(got.options).toEqual([
        { name: 'Colour', values: ['Black', 'Blue'] },
        { name: 'Storage', values: ['256 GB', '512 GB'] },
      ]);
      expect(got.variants!.map((v) => [v.sku, v.options, v.price, v.countInStock, v.compareAtPrice])).toEqual([
        ['VP-BLK-256', { Colour: 'Black', Storage: '256 GB' }, 799, 5, undefined],
        ['VP-BLK-512', { Colour: 'Black', Storage: '512 GB' }, 899, 1, 999],
        ['VP-BLU-256', { Colour: 'Blue', Storage: '256 GB' }, 799, 0, undefined],
      ]);
      expect([got.price, got.countInStock, got.compareAtPrice]).toEqual([799, 5, undefined]);
      // The catalogue's page carries them too; a product without options answers none.
      const plain = await store.products.create(productInput('Plain Cable'), 'owner-1');
      const page = await store.products.list({ keyword: '', page: 1, pageSize: 10 });
      expect(page.products.find((x) => x._id === p._id)!.variants).toHaveLength(3);
      expect(page.products.find((x) => x._id === plain._id)).toMatchObject({ options: [], variants: [] });
    });

    it('issue 40: low stock lists the low variants (label, SKU), not the product’s default variant’s figure', async () => {
      // One variant at 0 while the default has 50: listed once, with that variant.
      const tablet = await store.products.create(
        productInput('Volt Tablet', {
          options: [{ name: 'Storage', values: ['256 GB', '512 GB'] }],
          variants: [
            { sku: 'VT-256', options: { Storage: '256 GB' }, price: 499, countInStock: 50 },
            { sku: 'VT-512', options: { Storage: '512 GB' }, price: 599, countInStock: 0 },
          ],
        }),
        'owner-1',
      );
      expect(tablet.countInStock).toBe(50);
      const plain = await store.products.create(productInput('Cable', { countInStock: 3 }), 'owner-1');
      await store.products.create(productInput('Plenty', { countInStock: 80 }), 'owner-1');
      const item = (
        p: { _id: string; slug: string },
        variantLabel: string | null,
        sku: string | null,
        countInStock: number,
      ) => ({
        product: p._id,
        // Issue 40: the product's current slug, so the dashboard links its readable address.
        slug: p.slug,
        variant: variantLabel ? expect.any(String) : null,
        variantLabel,
        sku,
        countInStock,
      });
      expect(tablet.slug).toBe('volt-tablet');
      expect(await store.products.lowStock(5, 20)).toEqual([
        expect.objectContaining(item(tablet, '512 GB', 'VT-512', 0)),
        expect.objectContaining({ ...item(plain, null, null, 3), name: 'Cable', brand: 'B', category: 'C' }),
      ]);
      expect((await store.products.lowStock(5, 1)).map((r) => r.sku)).toEqual(['VT-512']);
      // The phone's Black 512 at 1 and Blue 256 at 0 (its default, Black 256, has 5): each its own row.
      const phone = await store.products.create(phoneVariants(), 'owner-1');
      const phoneRows = (await store.products.lowStock(5, 20)).filter((r) => r.product === phone._id);
      expect(phoneRows.map((r) => [r.variantLabel, r.countInStock])).toEqual([
        ['Blue / 256 GB', 0],
        ['Black / 512 GB', 1],
        ['Black / 256 GB', 5],
      ]);
      // An order taking a non-default variant down to the threshold lists it (the stores' stock writes keep up).
      const watch = await store.products.create(
        productInput('Volt Watch', {
          options: [{ name: 'Size', values: ['40 mm', '44 mm'] }],
          variants: [
            { sku: 'VW-40', options: { Size: '40 mm' }, price: 299, countInStock: 20 },
            { sku: 'VW-44', options: { Size: '44 mm' }, price: 329, countInStock: 6 },
          ],
        }),
        'owner-1',
      );
      const watchRows = async () =>
        (await store.products.lowStock(5, 20)).filter((r) => r.product === watch._id).map((r) => r.sku);
      expect(await watchRows()).toEqual([]);
      await store.orders.place(order([{ product: watch._id, variant: watch.variants![1]!._id, qty: 1 }]));
      expect(await watchRows()).toEqual(['VW-44']);
    });

    it('an order takes the stock of its variant only, and its line names the variant, label and SKU', async () => {
      const p = await phone();
      const big = variantId(p, 'VP-BLK-512');
      const placed = await store.orders.place(order([{ product: p._id, variant: big, qty: 1 }]));
      expect(placed.orderItems[0]).toMatchObject({
        product: p._id,
        variant: big,
        variantLabel: 'Black / 512 GB',
        sku: 'VP-BLK-512',
        price: 899,
        qty: 1,
      });
      expect(placed.itemsPrice).toBe(899);
      expect(await variantStock(p._id)).toEqual({ 'VP-BLK-256': 5, 'VP-BLK-512': 0, 'VP-BLU-256': 0 });
      // The default's stock is the product's: unchanged.
      expect((await read(p._id)).countInStock).toBe(5);
      // The order reads back with its variant.
      expect((await store.orders.get(placed._id))!.orderItems[0]).toMatchObject({ variant: big, sku: 'VP-BLK-512' });
      expectShape(endpoints.orderGet, await store.orders.get(placed._id));
      expectShape(endpoints.productGet, await store.products.get(p._id));
    });

    it('a line naming only the product takes its default variant (the original clients)', async () => {
      const p = await phone();
      const placed = await store.orders.place(order([{ product: p._id, qty: 2 }]));
      expect(placed.orderItems[0]).toMatchObject({
        variant: variantId(p, 'VP-BLK-256'),
        variantLabel: 'Black / 256 GB',
      });
      expect(await variantStock(p._id)).toEqual({ 'VP-BLK-256': 3, 'VP-BLK-512': 1, 'VP-BLU-256': 0 });
      expect((await read(p._id)).countInStock).toBe(3);
    });

    it('refuses an out-of-stock variant while another variant of the same product sells', async () => {
      const p = await phone();
      await expectDomainError(
        store.orders.place(order([{ product: p._id, variant: variantId(p, 'VP-BLU-256'), qty: 1 }])),
        'conflict',
        /Blue \/ 256 GB/,
      );
      const big = variantId(p, 'VP-BLK-512');
      await store.orders.place(order([{ product: p._id, variant: big, qty: 1 }]));
      await expectDomainError(store.orders.place(order([{ product: p._id, variant: big, qty: 1 }])), 'conflict');
      // Nothing of the refused orders was written.
      expect(await variantStock(p._id)).toEqual({ 'VP-BLK-256': 5, 'VP-BLK-512': 0, 'VP-BLU-256': 0 });
    });

    it('refuses a variant that is unknown, of another product, or given for a product without variants (400)', async () => {
      const p = await phone();
      const other = await store.products.create(
        phoneVariants({
          name: 'Volt Phone Mini',
          variants: [
            { sku: 'VPM-BLK-256', options: { Colour: 'Black', Storage: '256 GB' }, price: 599, countInStock: 3 },
          ],
        }),
        'owner-1',
      );
      const plain = await store.products.create(productInput('Plain Cable'), 'owner-1');
      await expectDomainError(
        store.orders.place(order([{ product: p._id, variant: 'no-such-variant', qty: 1 }])),
        'bad_input',
        /not a variant of Volt Phone/,
      );
      await expectDomainError(
        store.orders.place(order([{ product: p._id, variant: variantId(other, 'VPM-BLK-256'), qty: 1 }])),
        'bad_input',
        /not a variant of Volt Phone/,
      );
      await expectDomainError(
        store.orders.place(order([{ product: plain._id, variant: variantId(p, 'VP-BLK-256'), qty: 1 }])),
        'bad_input',
        /has no variants/,
      );
      expect(await variantStock(other._id)).toEqual({ 'VPM-BLK-256': 3 });
    });

    it('holds per variant: cancel and expiry give each variant its units back', async () => {
      const p = await phone();
      const def = variantId(p, 'VP-BLK-256');
      const big = variantId(p, 'VP-BLK-512');
      const first = await store.orders.place(
        order([
          { product: p._id, variant: def, qty: 2 },
          { product: p._id, variant: big, qty: 1 },
        ]),
      );
      expect(await variantStock(p._id)).toEqual({ 'VP-BLK-256': 3, 'VP-BLK-512': 0, 'VP-BLU-256': 0 });
      await store.orders.cancel(first._id, later(1));
      expect(await variantStock(p._id)).toEqual({ 'VP-BLK-256': 5, 'VP-BLK-512': 1, 'VP-BLU-256': 0 });
      expect((await read(p._id)).countInStock).toBe(5);

      await store.orders.place(order([{ product: p._id, variant: big, qty: 1 }], later(2)));
      expect(await variantStock(p._id)).toEqual({ 'VP-BLK-256': 5, 'VP-BLK-512': 0, 'VP-BLU-256': 0 });
      expect(await store.orders.expireStale(later(2 + DEFAULT_HOLD_MINUTES + 1))).toBe(1);
      expect(await variantStock(p._id)).toEqual({ 'VP-BLK-256': 5, 'VP-BLK-512': 1, 'VP-BLU-256': 0 });
    });

    it('a refund with restock gives the refunded variant its units back', async () => {
      const p = await phone();
      const big = variantId(p, 'VP-BLK-512');
      const placed = await store.orders.place(
        order([
          { product: p._id, qty: 1 },
          { product: p._id, variant: big, qty: 1 },
        ]),
      );
      const payment: PaymentResult = {
        id: `CAPTURE-${placed._id}`,
        provider: 'simulated',
        status: 'COMPLETED',
        amount: placed.totalPrice.toFixed(2),
        currency: 'USD',
        updateTime: now.toISOString(),
      };
      await store.orders.markPaid(placed._id, payment, later(1));
      // Two lines of one product: the refund names the variant.
      await store.orders.reserveRefund(placed._id, {
        refundId: 'r-variant',
        items: [{ product: p._id, variant: big, qty: 1 }],
        restock: true,
        reason: 'Wrong size',
        by: { _id: 'owner-1', name: 'Owner' },
        now: later(2),
      });
      await store.orders.completeRefund(placed._id, 'r-variant', 'P-1', later(3));
      expect(await variantStock(p._id)).toEqual({ 'VP-BLK-256': 4, 'VP-BLK-512': 1, 'VP-BLU-256': 0 });
      // A product with several variant lines needs the variant named.
      await expectDomainError(
        store.orders.reserveRefund(placed._id, {
          refundId: 'r-ambiguous',
          items: [{ product: p._id, qty: 1 }],
          restock: true,
          reason: 'x',
          by: { _id: 'owner-1', name: 'Owner' },
          now: later(4),
        }),
        'bad_input',
      );
    });

    it('records each variant’s stock changes in the product’s stock history, with the variant', async () => {
      const p = await phone();
      const big = variantId(p, 'VP-BLK-512');
      const placed = await store.orders.place(order([{ product: p._id, variant: big, qty: 1 }]));
      const page = (await store.products.stockHistory(p._id, undefined, 20))!;
      expect(page.entries[0]).toMatchObject({ cause: 'order', delta: -1, after: 0, variant: big, orderId: placed._id });
      // The creation's entries: each variant's first stock.
      const created = page.entries.filter((e) => e.cause === 'admin-edit');
      expect(created.map((e) => [e.variant, e.after]).sort()).toEqual(
        [
          [variantId(p, 'VP-BLK-256'), 5],
          [big, 1],
        ].sort(),
      );
    });

    it('saves edited variants: ids kept, stock through the edit rule, rows removed and added', async () => {
      const p = await phone();
      const def = variantId(p, 'VP-BLK-256');
      const big = variantId(p, 'VP-BLK-512');
      const loaded = await read(p._id);
      // 2 sell while the admin's form is open.
      await store.orders.place(order([{ product: p._id, variant: def, qty: 2 }]));
      const saved = await store.products.update(
        p._id,
        phoneVariants({
          variants: [
            // The form moved 5 -> 7 (+2): 3 left now + 2 = 5.
            {
              _id: def,
              sku: 'VP-BLK-256',
              options: { Colour: 'Black', Storage: '256 GB' },
              price: 749,
              countInStock: 7,
            },
            { sku: 'VP-BLU-512', options: { Colour: 'Blue', Storage: '512 GB' }, price: 949, countInStock: 4 },
          ],
        }),
        {
          updatedAt: loaded.updatedAt,
          countInStock: loaded.countInStock,
          variants: Object.fromEntries(loaded.variants!.map((v) => [v._id, v.countInStock])),
        },
        'owner-1',
      );
      expect(saved!.variants!.map((v) => [v.sku, v.countInStock, v.price])).toEqual([
        ['VP-BLK-256', 5, 749],
        ['VP-BLU-512', 4, 949],
      ]);
      expect(saved!.variants![0]!._id).toBe(def);
      expect([saved!.price, saved!.countInStock]).toEqual([749, 5]);
      expect((await read(p._id)).variants!.some((v) => v._id === big)).toBe(false);
    });

    it('a save without options keeps the variants and sets the default variant’s price and stock (ProShop form)', async () => {
      const p = await phone();
      const saved = await store.products.update(p._id, productInput('Volt Phone', { price: 700, countInStock: 9 }));
      expect(saved!.variants!.map((v) => [v.sku, v.price, v.countInStock])).toEqual([
        ['VP-BLK-256', 700, 9],
        ['VP-BLK-512', 899, 1],
        ['VP-BLU-256', 799, 0],
      ]);
      expect([saved!.price, saved!.countInStock]).toEqual([700, 9]);
    });

    it('refuses a SKU another product uses, a combination twice, a value not in its option (400, nothing saved)', async () => {
      const p = await phone();
      const other = await store.products.create(productInput('Volt Case'), 'owner-1');
      await expectDomainError(
        store.products.update(
          other._id,
          phoneVariants({
            name: 'Volt Case',
            variants: [
              { sku: 'vp-blk-256', options: { Colour: 'Black', Storage: '256 GB' }, price: 9, countInStock: 1 },
            ],
          }),
        ),
        'bad_input',
        /SKU vp-blk-256 is already used by another product/i,
      );
      const twice = phoneVariants();
      twice.variants![1] = { ...twice.variants![1]!, options: { Colour: 'Black', Storage: '256 GB' } };
      await expectDomainError(store.products.update(p._id, twice), 'bad_input', /Black \/ 256 GB is listed twice/);
      const badValue = phoneVariants();
      badValue.variants![0] = { ...badValue.variants![0]!, options: { Colour: 'Red', Storage: '256 GB' } };
      await expectDomainError(store.products.update(p._id, badValue), 'bad_input', /"Red" is not a value of option/);
      // Nothing changed: the case is still a product without variants, the phone as created.
      expect((await read(other._id)).variants).toEqual([]);
      expect(await variantStock(p._id)).toEqual({ 'VP-BLK-256': 5, 'VP-BLK-512': 1, 'VP-BLU-256': 0 });
    });

    it('keeps a variant’s own image from the gallery; refuses one outside it (400, nothing saved)', async () => {
      const images = [
        { url: '/images/sample.svg', alt: 'Front' },
        { url: '/uploads/volt-phone-blue.webp', alt: 'Blue' },
      ];
      const withBlue = (image: string | null) => {
        const input = phoneVariants({ images });
        input.variants![2] = { ...input.variants![2]!, image };
        return input;
      };
      const p = await store.products.create(withBlue('/uploads/volt-phone-blue.webp'), 'owner-1');
      const imageOf = async (sku: string) => (await read(p._id)).variants!.find((v) => v.sku === sku)!.image;
      expect(await imageOf('VP-BLU-256')).toBe('/uploads/volt-phone-blue.webp');
      expect(await imageOf('VP-BLK-256')).toBeUndefined();
      // Another product's picture, or one the same save drops from the gallery: refused.
      await expectDomainError(
        store.products.update(p._id, withBlue('/uploads/another-product.webp')),
        'bad_input',
        /The image of variant VP-BLU-256 is not one of the product's gallery images/,
      );
      const dropped = withBlue('/uploads/volt-phone-blue.webp');
      dropped.images = [images[0]!];
      await expectDomainError(store.products.update(p._id, dropped), 'bad_input', /VP-BLU-256/);
      expect(await imageOf('VP-BLU-256')).toBe('/uploads/volt-phone-blue.webp');
      expect((await read(p._id)).images).toHaveLength(2);
      // A save that leaves the gallery out keeps it, and so the variant may still name its picture.
      const { images: _left, ...withoutGallery } = withBlue('/uploads/volt-phone-blue.webp');
      void _left;
      await store.products.update(p._id, withoutGallery);
      expect(await imageOf('VP-BLU-256')).toBe('/uploads/volt-phone-blue.webp');
      // Cleared: the variant shows the product's image again.
      await store.products.update(p._id, withBlue(null));
      expect(await imageOf('VP-BLU-256')).toBeUndefined();
    });

    it('publishes a variant’s new stock as StockChanged with the variant', async () => {
      const p = await phone();
      const big = variantId(p, 'VP-BLK-512');
      sut.events.length = 0;
      await store.orders.place(order([{ product: p._id, variant: big, qty: 1 }]));
      const stock = sut.events.filter((e) => e.type === 'StockChanged').flatMap((e) => e.stock);
      expect(stock).toEqual([{ product: p._id, variant: big, countInStock: 0 }]);
    });
  });
}
