// The store contract of back-in-stock alerts (issue 41): subscriptions, confirmation, the restock mails through the
// outbox (once each, oldest first, at most domain restockBatchSize per restock) and unsubscribing. The same cases
// on both stores (embedded: contract/embedded.test.ts; Firestore: firebase/firestore.community.test.ts).
import { endpoints } from '../../src/api/endpoints.js';
import { expectShape } from '../support/shapes.js';
import { afterEach, describe, expect } from 'vitest';
import { DEFAULT_HOLD_LIMITS, holdUntil, type ProductUpdateInput } from '../../src/domain/index.js';
import type { Product } from '../../src/domain/types.js';
import { restockBatchSize } from '../../src/domain/stockAlerts.js';
import { stockAlertLinks } from '../../src/adapters/orderLinks.js';
import { confirmMail } from '../../src/features/stockAlerts/mails.js';
import { mailLowStock, mailRestocks, restockedProducts } from '../../src/features/stockAlerts/restockMails.js';
import type { PlaceOrderCommand, Store } from '../../src/ports.js';
import { MovableClock } from '../support/clock.js';
import { productInput } from '../support/products.js';
import { contractCase, type ContractRun } from './cases.js';
import type { MailStoreFactory, MailStoreUnderTest } from './orderMail.contract.js';

const links = stockAlertLinks(() => 'contract-secret');
const address = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };

/** A phone whose Blue 256 GB is sold out. */
const phone = (blue = 0): ProductUpdateInput =>
  productInput('Alert Phone', {
    options: [
      { name: 'Colour', values: ['Black', 'Blue'] },
      { name: 'Storage', values: ['256 GB'] },
    ],
    variants: [
      { sku: 'AP-BLK', options: { Colour: 'Black', Storage: '256 GB' }, price: 799, countInStock: 5 },
      { sku: 'AP-BLU', options: { Colour: 'Blue', Storage: '256 GB' }, price: 799, countInStock: blue },
    ],
  });

export function stockAlertsContract(name: string, factory: MailStoreFactory, run: ContractRun = {}) {
  const it = contractCase(run);
  describe(`Store contract, back-in-stock alerts: ${name}`, () => {
    let sut: MailStoreUnderTest | undefined;
    let store: Store;
    let clock: MovableClock;
    afterEach(async () => {
      await sut?.dispose();
      sut = undefined;
    });
    const open = async () => {
      clock = new MovableClock(new Date('2026-03-01T10:00:00.000Z'));
      sut = await factory(clock, {});
      store = sut.store;
      return sut;
    };
    const blueOf = (p: Product) => p.variants!.find((v) => v.sku === 'AP-BLU')!._id;
    /** The admin's save of the phone with the blue one at `blue` units; the restock subscriber hears its events. */
    const restock = async (p: Product, blue: number) => {
      const events = sut!.events.length;
      const input = phone(blue);
      input.variants = input.variants!.map((v) => ({ ...v, _id: p.variants!.find((x) => x.sku === v.sku)!._id }));
      await store.products.update(p._id, input);
      return mailRestocks(store, links, restockedProducts(sut!.events.slice(events)));
    };
    const subscribe = (p: Product, email: string, confirmed: boolean) =>
      store.stockAlerts.subscribe({ product: p._id, variant: blueOf(p), email, confirmed }, (a) =>
        confirmMail(a, p, links),
      );
    const backInStock = async () => (await sut!.outbox()).filter((m) => m.template === 'back-in-stock');
    const order = (p: Product, qty: number): PlaceOrderCommand => ({
      user: { _id: 'buyer', name: 'Buyer', email: 'buyer@example.com' },
      lines: [{ product: p._id, variant: blueOf(p), qty }],
      shippingAddress: address,
      paymentMethod: 'PayPal',
      now: clock.now(),
      expiresAt: holdUntil(clock.now(), 30),
      holdLimits: { ...DEFAULT_HOLD_LIMITS, maxOpenOrders: 100, maxUnitsPerProduct: 1000 },
    });

    it('a guest subscribing to a sold-out variant receives exactly one mail when the admin restocks it', async () => {
      const { outbox } = await open();
      const p = await store.products.create(phone(), 'owner');
      const { alert, created } = await subscribe(p, 'Guest@Example.com', false);
      expect([alert.status, created]).toEqual(['pending', true]);
      const confirm = (await outbox()).filter((m) => m.template === 'stock-alert-confirm');
      expect(confirm).toHaveLength(1);
      expect(confirm[0]).toMatchObject({ to: 'Guest@Example.com', data: { productName: 'Alert Phone' } });
      // Asking again is the same alert, and no second confirmation.
      const again = await subscribe(p, 'guest@example.com', false);
      expect([again.alert._id, again.created]).toEqual([alert._id, false]);
      expect((await outbox()).filter((m) => m.template === 'stock-alert-confirm')).toHaveLength(1);
      // The confirmation link's token names this alert.
      const token = String(confirm[0]!.data.confirmPath).split('/').pop()!;
      expect((await store.stockAlerts.confirm(links.confirm.verify(token)!))!.status).toBe('waiting');

      expect(await restock(p, 3)).toBe(1);
      const mails = await backInStock();
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        to: 'Guest@Example.com',
        data: { productName: 'Alert Phone', variantLabel: 'Blue / 256 GB', productPath: `/product/${p.slug}` },
      });
      expect((await store.stockAlerts.get(alert._id))!.status).toBe('notified');
      // Hearing the same restock again, a sale, and another restock mail nobody twice.
      expect(await mailRestocks(store, links, [p._id])).toBe(0);
      await store.orders.place(order((await store.products.get(p._id))!, 1));
      expect(await restock(p, 8)).toBe(0);
      expect(await backInStock()).toHaveLength(1);
    });

    it('an unconfirmed guest is never mailed; a verified account is subscribed at once', async () => {
      await open();
      const p = await store.products.create(phone(), 'owner');
      await subscribe(p, 'unconfirmed@example.com', false);
      const { alert } = await subscribe(p, 'verified@example.com', true);
      expect(alert.status).toBe('waiting');
      expect(await restock(p, 2)).toBe(1);
      expect((await backInStock()).map((m) => m.to)).toEqual(['verified@example.com']);
    });

    it('a restock mails at most max(3 per unit back, 10), oldest first; the rest wait for the next restock', async () => {
      await open();
      const p = await store.products.create(phone(), 'owner');
      for (let i = 0; i < 25; i++) {
        await subscribe(p, `s${String(i).padStart(2, '0')}@example.com`, true);
        clock.advance(1000);
      }
      const emails = (n: number, from = 0) =>
        Array.from({ length: n }, (_, i) => `s${String(from + i).padStart(2, '0')}@example.com`);
      // 2 units back: 10 mails (not 6), the ten oldest.
      expect(restockBatchSize(2)).toBe(10);
      expect(await restock(p, 2)).toBe(10);
      expect((await backInStock()).map((m) => m.to).sort()).toEqual(emails(10));
      // A sale (a fall) mails nobody.
      await store.orders.place(order((await store.products.get(p._id))!, 1));
      expect(await mailRestocks(store, links, [p._id])).toBe(0);
      // 1 -> 5: 4 units back, 12 mails: the next twelve.
      expect(await restock(p, 5)).toBe(12);
      expect((await backInStock()).map((m) => m.to).sort()).toEqual(emails(22));
      expect(await store.stockAlerts.demand([p._id])).toEqual([{ product: p._id, variant: blueOf(p), waiting: 3 }]);
      expectShape(endpoints.stockAlertDemand, await store.stockAlerts.demand([p._id]));
    });

    it('an order taking a variant to the low-stock threshold mails each admin once per crossing (issue 40)', async () => {
      const { outbox } = await open();
      await store.users.create({ _id: 'owner-1', name: 'Owner', email: 'owner@example.com', isAdmin: true });
      const p = await store.products.create(phone(0), 'owner');
      const black = p.variants!.find((v) => v.sku === 'AP-BLK')!._id;
      const low = async () => (await outbox()).filter((m) => m.template === 'low-stock');
      const buy = async (qty: number) => {
        const events = sut!.events.length;
        await store.orders.place({ ...order(p, qty), lines: [{ product: p._id, variant: black, qty }] });
        return mailLowStock(store, restockedProducts(sut!.events.slice(events)), clock);
      };
      // The blue one was created sold out: a new product's stock mails nobody until it moves. 5 -> 4.
      expect(await buy(1)).toBe(2);
      expect((await low()).map((m) => [m.to, m.data.variantLabel, m.data.countInStock])).toEqual([
        ['owner@example.com', 'Black / 256 GB', 4],
        ['owner@example.com', 'Blue / 256 GB', 0],
      ]);
      // Lower still: no second mail.
      expect(await buy(1)).toBe(0);
      expect(await mailLowStock(store, [p._id], clock)).toBe(0);
      // Back above the threshold (the admin's save, heard by the subscriber), then down again: one more.
      clock.advance(1000);
      const input = phone(20);
      input.variants = input.variants!.map((v) => ({
        ...v,
        _id: p.variants!.find((x) => x.sku === v.sku)!._id,
        countInStock: v.sku === 'AP-BLK' ? 9 : 20,
      }));
      await store.products.update(p._id, input);
      expect(await mailLowStock(store, [p._id], clock)).toBe(0);
      expect(await buy(4)).toBe(1);
      expect((await low()).filter((m) => m.data.variantLabel === 'Black / 256 GB')).toHaveLength(2);
    });

    it('unsubscribing removes the alert: no mail on restock; the link works twice; a new wish starts over', async () => {
      const { outbox } = await open();
      const p = await store.products.create(phone(), 'owner');
      const { alert } = await subscribe(p, 'leaver@example.com', true);
      expect(await store.stockAlerts.demand([p._id])).toEqual([{ product: p._id, variant: blueOf(p), waiting: 1 }]);
      expect(await store.stockAlerts.unsubscribe(alert._id)).toBe(true);
      expect(await store.stockAlerts.unsubscribe(alert._id)).toBe(false);
      expect(await store.stockAlerts.get(alert._id)).toBeNull();
      expect(await store.stockAlerts.demand([p._id])).toEqual([]);
      expect(await restock(p, 4)).toBe(0);
      expect((await outbox()).filter((m) => m.template === 'back-in-stock')).toEqual([]);
      const again = await subscribe(p, 'leaver@example.com', true);
      // A new alert (Firestore's id is made of the keys, so it may be the same id: the old links name the same wish).
      expect([again.created, again.alert.status]).toEqual([true, 'waiting']);
    });
  });
}
