// The store contract of the abandoned-cart reminders (issue 41): the sweep (modules/cartReminders/sweep.ts) over
// each store's CartReminderStore, with the clock moved (no real waiting). Same cases on every store adapter
// (embedded: contract/embedded.test.ts; Firestore: firebase/firestore.contract.test.ts and the community run).
import { afterEach, beforeEach, describe, expect } from 'vitest';
import {
  cartReminderFigures,
  DEFAULT_HOLD_LIMITS,
  defaultSettings,
  holdUntil,
  type CartLine,
} from '../../src/domain/index.js';
import { sweepCartReminders } from '../../src/modules/cartReminders/sweep.js';
import type { PlaceOrderCommand, Store } from '../../src/ports.js';
import { MovableClock } from '../support/clock.js';
import { productInput } from '../support/products.js';
import { contractCase, type ContractRun } from './cases.js';
import type { MailStoreUnderTest } from './orderMail.contract.js';

export interface CartReminderStoreUnderTest extends MailStoreUnderTest {
  /** Writes the account's cart as its owner's client would at `at` (embedded: PUT /api/cart's store; Firestore:
   *  the web's document with the server's timestamp). */
  putCart(userId: string, items: CartLine[], at: Date): Promise<void>;
}

const HOUR = 3_600_000;
const start = new Date('2026-03-01T10:00:00.000Z');
const hours = (n: number) => new Date(start.getTime() + n * HOUR);
const alice = { _id: 'alice-uid', name: 'Alice', email: 'alice@example.com' };
const bob = { _id: 'bob-uid', name: 'Bob', email: 'bob@example.com' };
const links = { sign: (id: string) => `${id}.signed` };
const address = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };

export function cartRemindersContract(
  name: string,
  factory: (clock: MovableClock) => Promise<CartReminderStoreUnderTest>,
  run: ContractRun = {},
) {
  const it = contractCase(run);
  describe(`Store contract, cart reminders: ${name}`, () => {
    let sut: CartReminderStoreUnderTest;
    let store: Store;
    let productId: string;
    beforeEach(async () => {
      sut = await factory(new MovableClock(start));
      store = sut.store;
      await store.users.create({ ...alice, isAdmin: false });
      await store.users.create({ ...bob, isAdmin: false });
      productId = (await store.products.create(productInput('Noise-Cancelling Headphones'), 'owner-1'))._id;
    });
    afterEach(async () => {
      await sut?.dispose();
    });

    const sweep = (at: Date) => sweepCartReminders({ store, links }, at);
    const reminders = async () => (await sut.outbox()).filter((m) => m.template === 'cart-reminder');
    const order = (user: typeof alice, at: Date): PlaceOrderCommand => ({
      user,
      lines: [{ product: productId, qty: 1 }],
      shippingAddress: address,
      paymentMethod: 'PayPal',
      now: at,
      expiresAt: holdUntil(at, 30),
      holdLimits: DEFAULT_HOLD_LIMITS,
    });

    it('sent once after the idle time', async () => {
      await sut.putCart(alice._id, [{ product: productId, qty: 2 }], start);
      expect(await sweep(hours(23.5))).toBe(0);
      expect(await reminders()).toEqual([]);
      expect(await sweep(hours(24))).toBe(1);
      expect(await sweep(hours(25))).toBe(0);
      expect(await sweep(hours(72))).toBe(0);
      const mails = await reminders();
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        to: alice.email,
        data: {
          name: 'Alice',
          lines: [{ name: 'Noise-Cancelling Headphones', qty: 2 }],
          cartPath: '/cart',
          unsubscribePath: `/unsubscribe/cart-reminders/${alice._id}.signed`,
        },
      });
      // An empty cart is never reminded.
      await sut.putCart(bob._id, [], start);
      expect(await sweep(hours(30))).toBe(0);
    });

    it('not after an order', async () => {
      await sut.putCart(alice._id, [{ product: productId, qty: 1 }], start);
      await store.orders.place(order(alice, hours(1)));
      // Bob ordered before his cart's last change: that order does not count.
      await store.orders.place(order(bob, hours(-5)));
      await sut.putCart(bob._id, [{ product: productId, qty: 1 }], start);
      expect(await sweep(hours(30))).toBe(1);
      expect((await reminders()).map((m) => m.to)).toEqual([bob.email]);
    });

    it('not to an unsubscribed customer', async () => {
      expect(await store.cartReminders.subscribed(alice._id)).toBe(true);
      expect(await store.cartReminders.setSubscribed(alice._id, false)).toBe(true);
      expect(await store.cartReminders.subscribed(alice._id)).toBe(false);
      expect(await store.cartReminders.setSubscribed('nobody', false)).toBe(false);
      await sut.putCart(alice._id, [{ product: productId, qty: 1 }], start);
      expect(await sweep(hours(30))).toBe(0);
      // The store refuses it too, whatever a caller decided.
      const version = start.toISOString();
      const mail = {
        key: `cart-reminder:${alice._id}:${version}`,
        to: alice.email,
        template: 'cart-reminder',
        data: {},
      };
      expect(await store.cartReminders.record(alice._id, version, mail, hours(30))).toBe(false);
      expect(await reminders()).toEqual([]);
      // Subscribed again: the idle cart gets its reminder.
      await store.cartReminders.setSubscribed(alice._id, true);
      expect(await sweep(hours(31))).toBe(1);
    });

    it('re-armed after the cart changes', async () => {
      await sut.putCart(alice._id, [{ product: productId, qty: 1 }], start);
      expect(await sweep(hours(24))).toBe(1);
      await sut.putCart(alice._id, [{ product: productId, qty: 3 }], hours(26));
      expect(await sweep(hours(49))).toBe(0); // the changed cart waits its own idle time
      expect(await sweep(hours(50))).toBe(1);
      const mails = await reminders();
      expect(mails).toHaveLength(2);
      expect(new Set(mails.map((m) => m.key)).size).toBe(2);
      // A reminder for a version the cart no longer has is refused (a change raced the sweep).
      const stale = { key: 'cart-reminder:stale', to: alice.email, template: 'cart-reminder', data: {} };
      expect(await store.cartReminders.record(alice._id, start.toISOString(), stale, hours(51))).toBe(false);
      expect(await reminders()).toHaveLength(2);
    });

    it('the owner’s idle time: shorter, and 0 turns reminders off', async () => {
      const defaults = defaultSettings();
      const owner = { _id: 'owner-1', name: 'Owner' };
      await store.settings.save({ ...defaults, cartReminderHours: 0 }, owner, start, defaults);
      await sut.putCart(alice._id, [{ product: productId, qty: 1 }], start);
      expect(await sweep(hours(48))).toBe(0);
      await store.settings.save({ ...defaults, cartReminderHours: 2 }, owner, hours(48), defaults);
      await sut.putCart(bob._id, [{ product: productId, qty: 1 }], hours(48));
      expect(await sweep(hours(49))).toBe(1); // Alice's, idle longer than the new 2 hours; Bob's not yet
      expect(await sweep(hours(50))).toBe(1); // Bob's, 2 hours after its change
      expect((await reminders()).map((m) => m.to)).toEqual([alice.email, bob.email]);
    });

    it('the dashboard’s figures: reminders sent, and those followed by an order within 7 days', async () => {
      await sut.putCart(alice._id, [{ product: productId, qty: 1 }], start);
      await sut.putCart(bob._id, [{ product: productId, qty: 1 }], start);
      expect(await sweep(hours(24))).toBe(2);
      await store.orders.place(order(alice, hours(24 + 48)));
      const sent = await store.cartReminders.sentSince(hours(0));
      expect(sent).toHaveLength(2);
      expect(cartReminderFigures(sent)).toEqual({ sent: 2, recovered: 1 });
      expect(await store.cartReminders.sentSince(hours(25))).toEqual([]);
    });
  });
}
