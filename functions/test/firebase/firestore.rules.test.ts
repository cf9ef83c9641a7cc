// firestore.rules, rule by rule, for an anonymous visitor, a customer (alice), another customer (bob), an admin
// (`admin` custom claim and users/admin.isAdmin) and a demoted admin (a token that still carries the claim, a
// profile that no longer says admin). Needs the Firestore emulator: `npm run test:firebase`.
import { readFileSync } from 'node:fs';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getCountFromServer,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { PUBLIC_PRODUCT_LIST_LIMIT, PUBLIC_REVIEW_LIST_LIMIT } from '../../src/firestore/catalog.js';

const PROJECT_ID = 'demo-voltshop-rules-firestore';
let env: RulesTestEnvironment;

type Who = 'anonymous' | 'alice' | 'bob' | 'admin' | 'demoted';
const EVERYONE: Who[] = ['anonymous', 'alice', 'bob', 'admin', 'demoted'];

function context(who: Who): RulesTestContext {
  if (who === 'anonymous') return env.unauthenticatedContext();
  // The demoted admin's ID token was minted before the demotion: it still says admin.
  if (who === 'admin' || who === 'demoted') return env.authenticatedContext(who, { admin: true });
  return env.authenticatedContext(who);
}
const db = (who: Who) => context(who).firestore() as unknown as Firestore;

const product = {
  name: 'Volt Phone',
  nameKey: 'volt phone',
  priceCents: 49900,
  countInStock: 5,
  rating: 4,
  numReviews: 1,
  ratingSum: 4,
};
const cart = (items: unknown[]) => ({ items, writer: 'page-1', updatedAt: serverTimestamp() });

beforeAll(async () => {
  if (!process.env.FIRESTORE_EMULATOR_HOST && !process.env.FIREBASE_EMULATOR_HUB) {
    throw new Error('The Firestore emulator is not running: use `npm run test:firebase`');
  }
  env = await initializeTestEnvironment({
    projectId: PROJECT_ID,
    firestore: { rules: readFileSync(new URL('../../../firestore.rules', import.meta.url), 'utf8') },
  });
});

afterAll(async () => {
  await env?.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (ctx) => {
    const admin = ctx.firestore() as unknown as Firestore;
    await setDoc(doc(admin, 'products/p1'), product);
    await setDoc(doc(admin, 'products/p1/reviews/bob'), {
      user: 'bob',
      name: 'Bob',
      rating: 4,
      comment: 'Good',
      createdAt: '2026-03-01T00:00:00.000Z',
    });
    await setDoc(doc(admin, 'products/p1/stockHistory/h1'), {
      at: '2026-03-01T00:00:00.000Z',
      delta: -1,
      after: 5,
      cause: 'order',
      orderId: 'o-bob',
      by: 'bob',
    });
    await setDoc(doc(admin, 'users/alice'), {
      name: 'Alice',
      email: 'alice@example.com',
      emailKey: 'alice@example.com',
      isAdmin: false,
    });
    await setDoc(doc(admin, 'users/bob'), {
      name: 'Bob',
      email: 'bob@example.com',
      emailKey: 'bob@example.com',
      isAdmin: false,
    });
    await setDoc(doc(admin, 'users/admin'), {
      name: 'Admin',
      email: 'admin@example.com',
      emailKey: 'admin@example.com',
      isAdmin: true,
    });
    await setDoc(doc(admin, 'users/demoted'), {
      name: 'Dee',
      email: 'dee@example.com',
      emailKey: 'dee@example.com',
      isAdmin: false,
    });
    await setDoc(doc(admin, 'orders/o-alice'), { userId: 'alice', totalCents: 1000, status: 'awaiting_payment' });
    await setDoc(doc(admin, 'orders/o-bob'), { userId: 'bob', totalCents: 2000, status: 'paid' });
    await setDoc(doc(admin, 'orders/o-bob/refundActors/r1'), { by: { _id: 'admin', name: 'Admin' } });
    await setDoc(doc(admin, 'carts/alice'), { items: [{ product: 'p1', qty: 1 }], updatedAt: Timestamp.now() });
    await setDoc(doc(admin, 'wishlists/alice'), { items: [{ product: 'p1' }], updatedAt: '2026-03-01T00:00:00.000Z' });
    await setDoc(doc(admin, 'userEmails/alice@example.com'), { uid: 'alice' });
    await setDoc(doc(admin, 'captures/CAP-1'), { orderId: 'o-bob' });
    await setDoc(doc(admin, 'productDrafts/d1'), { name: 'Sample name', priceCents: 0, countInStock: 0 });
    await setDoc(doc(admin, 'facets/catalogue'), { categories: [{ value: 'Phones', count: 1 }], brands: [] });
    await setDoc(doc(admin, 'orderStatus/4f1a-guest-token-hash'), { order: 'o-guest', status: 'paid', revision: 'r1' });
    await setDoc(doc(admin, 'orderStats/2026-03-0'), { month: '2026-03', shard: 0, orders_01: 1, revenueCents_01: 0 });
    await setDoc(doc(admin, 'users/alice/reviewRefs/p1'), { product: 'p1', createdAt: '2026-03-01T00:00:00.000Z' });
    await setDoc(doc(admin, 'slugs/volt-phone'), { product: 'p1', current: true });
  });
});

describe('slugs/{slug} (issue 40): anyone gets one, nobody lists or writes them', () => {
  for (const who of EVERYONE) {
    it(`${who} resolves a slug but cannot list, claim, move or free one`, async () => {
      await assertSucceeds(getDoc(doc(db(who), 'slugs/volt-phone')));
      await assertFails(getDocs(query(collection(db(who), 'slugs'), limit(10))));
      await assertFails(setDoc(doc(db(who), 'slugs/taken-by-me'), { product: 'p1', current: true }));
      await assertFails(updateDoc(doc(db(who), 'slugs/volt-phone'), { product: 'p2' }));
      await assertFails(deleteDoc(doc(db(who), 'slugs/volt-phone')));
    });
  }
});

describe('products/{id}: public read, no client writes', () => {
  for (const who of EVERYONE) {
    it(`${who} reads a product and bounded lists of products (pages, search, top, counts)`, async () => {
      const products = collection(db(who), 'products');
      await assertSucceeds(getDoc(doc(db(who), 'products/p1')));
      await assertSucceeds(getDocs(query(products, orderBy('createdAt', 'desc'), limit(8))));
      await assertSucceeds(getDocs(query(products, where('searchKeys', 'array-contains', 'vol'), limit(100))));
      await assertSucceeds(getDocs(query(products, limit(PUBLIC_PRODUCT_LIST_LIMIT))));
      await assertSucceeds(getCountFromServer(query(products, limit(PUBLIC_PRODUCT_LIST_LIMIT))));
    });

    it(`${who} cannot list products without a limit or above the cap, nor count them unbounded`, async () => {
      const products = collection(db(who), 'products');
      await assertFails(getDocs(products));
      await assertFails(getDocs(query(products, orderBy('createdAt', 'desc'))));
      await assertFails(getDocs(query(products, where('searchKeys', 'array-contains', 'e'))));
      await assertFails(getDocs(query(products, limit(PUBLIC_PRODUCT_LIST_LIMIT + 1))));
      await assertFails(getCountFromServer(products));
      await assertFails(getCountFromServer(query(products, limit(PUBLIC_PRODUCT_LIST_LIMIT + 1))));
    });

    it(`${who} cannot create, edit (price, stock, rating) or delete products`, async () => {
      await assertFails(setDoc(doc(db(who), 'products/new'), product));
      await assertFails(updateDoc(doc(db(who), 'products/p1'), { priceCents: 1 }));
      await assertFails(updateDoc(doc(db(who), 'products/p1'), { countInStock: 999 }));
      await assertFails(updateDoc(doc(db(who), 'products/p1'), { rating: 5, numReviews: 99 }));
      await assertFails(deleteDoc(doc(db(who), 'products/p1')));
    });
  }
});

describe('products/{id}/reviews/{uid}: public read, written only by the API', () => {
  for (const who of EVERYONE) {
    it(`${who} reads a review and the newest reviews, bounded`, async () => {
      const reviews = collection(db(who), 'products/p1/reviews');
      await assertSucceeds(getDocs(query(reviews, orderBy('createdAt', 'desc'), limit(PUBLIC_REVIEW_LIST_LIMIT))));
      await assertSucceeds(getDoc(doc(db(who), 'products/p1/reviews/bob')));
    });

    it(`${who} cannot list reviews without a limit or above the cap`, async () => {
      const reviews = collection(db(who), 'products/p1/reviews');
      await assertFails(getDocs(reviews));
      await assertFails(getDocs(query(reviews, orderBy('createdAt', 'desc'))));
      await assertFails(getDocs(query(reviews, limit(PUBLIC_REVIEW_LIST_LIMIT + 1))));
    });

    it(`${who} cannot write a review (not even their own), nor change or delete one`, async () => {
      const own = who === 'anonymous' ? 'someone' : who;
      await assertFails(
        setDoc(doc(db(who), `products/p1/reviews/${own}`), {
          user: own,
          name: 'X',
          rating: 5,
          comment: 'c',
          createdAt: 'now',
        }),
      );
      await assertFails(updateDoc(doc(db(who), 'products/p1/reviews/bob'), { rating: 1 }));
      await assertFails(deleteDoc(doc(db(who), 'products/p1/reviews/bob')));
    });
  }
});

describe('products/{id}/stockHistory/{entry}: admins read, written only by the API', () => {
  it('an admin reads an entry and the newest entries', async () => {
    await assertSucceeds(getDoc(doc(db('admin'), 'products/p1/stockHistory/h1')));
    const history = collection(db('admin'), 'products/p1/stockHistory');
    await assertSucceeds(getDocs(query(history, orderBy('at', 'desc'), limit(20))));
  });

  for (const who of ['anonymous', 'alice', 'bob', 'demoted'] as Who[]) {
    it(`${who} cannot read the stock history (not even of their own order's change)`, async () => {
      await assertFails(getDoc(doc(db(who), 'products/p1/stockHistory/h1')));
      await assertFails(getDocs(query(collection(db(who), 'products/p1/stockHistory'), limit(20))));
    });
  }

  for (const who of EVERYONE) {
    it(`${who} cannot write, change or delete a stock history entry`, async () => {
      await assertFails(
        setDoc(doc(db(who), 'products/p1/stockHistory/forged'), {
          at: 'now',
          delta: 100,
          after: 105,
          cause: 'admin-edit',
          by: who,
        }),
      );
      await assertFails(updateDoc(doc(db(who), 'products/p1/stockHistory/h1'), { delta: 0 }));
      await assertFails(deleteDoc(doc(db(who), 'products/p1/stockHistory/h1')));
    });
  }
});

describe('users/{uid}: own profile (admins: all), no client writes', () => {
  it('a customer reads their own profile', async () => {
    await assertSucceeds(getDoc(doc(db('alice'), 'users/alice')));
    await assertSucceeds(getDoc(doc(db('bob'), 'users/bob')));
  });

  it("another customer and an anonymous visitor cannot read someone's profile or list profiles", async () => {
    await assertFails(getDoc(doc(db('bob'), 'users/alice')));
    await assertFails(getDoc(doc(db('anonymous'), 'users/alice')));
    await assertFails(getDocs(collection(db('alice'), 'users')));
    await assertFails(getDocs(collection(db('anonymous'), 'users')));
  });

  it('an admin reads every profile', async () => {
    await assertSucceeds(getDoc(doc(db('admin'), 'users/alice')));
    await assertSucceeds(getDocs(collection(db('admin'), 'users')));
  });

  it('a demoted admin (claim still in the token, profile says no) reads only their own profile', async () => {
    await assertSucceeds(getDoc(doc(db('demoted'), 'users/demoted')));
    await assertFails(getDoc(doc(db('demoted'), 'users/alice')));
    await assertFails(getDocs(collection(db('demoted'), 'users')));
  });

  it('a claim without any profile is no admin either', async () => {
    const ghost = env.authenticatedContext('ghost', { admin: true }).firestore() as unknown as Firestore;
    await assertFails(getDoc(doc(ghost, 'users/alice')));
    await assertFails(getDocs(collection(ghost, 'orders')));
  });

  for (const who of EVERYONE) {
    it(`${who} cannot write profiles (no self-promotion, no edits)`, async () => {
      await assertFails(updateDoc(doc(db(who), 'users/alice'), { isAdmin: true }));
      await assertFails(setDoc(doc(db(who), `users/${who}`), { name: 'X', email: 'x@example.com', isAdmin: true }));
      await assertFails(deleteDoc(doc(db(who), 'users/bob')));
    });
  }
});

describe('orderStatus/{hash}: a guest order’s live status, got by its id only (issue 37)', () => {
  for (const who of EVERYONE) {
    it(`${who} gets one status document by its id, but lists none and writes none`, async () => {
      await assertSucceeds(getDoc(doc(db(who), 'orderStatus/4f1a-guest-token-hash')));
      await assertFails(getDocs(collection(db(who), 'orderStatus')));
      await assertFails(getDocs(query(collection(db(who), 'orderStatus'), where('order', '==', 'o-guest'))));
      await assertFails(setDoc(doc(db(who), 'orderStatus/4f1a-guest-token-hash'), { status: 'delivered' }));
      await assertFails(deleteDoc(doc(db(who), 'orderStatus/4f1a-guest-token-hash')));
    });
  }
});

describe('orders/{id}: the owner and admins read, no client writes', () => {
  it('a customer reads their own order and queries their own orders', async () => {
    await assertSucceeds(getDoc(doc(db('alice'), 'orders/o-alice')));
    await assertSucceeds(getDocs(query(collection(db('alice'), 'orders'), where('userId', '==', 'alice'))));
  });

  it("another customer cannot read someone else's order nor list all orders", async () => {
    await assertFails(getDoc(doc(db('bob'), 'orders/o-alice')));
    await assertFails(getDocs(collection(db('bob'), 'orders')));
    await assertFails(getDocs(query(collection(db('bob'), 'orders'), where('userId', '==', 'alice'))));
  });

  it('an anonymous visitor reads no order', async () => {
    await assertFails(getDoc(doc(db('anonymous'), 'orders/o-alice')));
    await assertFails(getDocs(collection(db('anonymous'), 'orders')));
  });

  it('an admin reads every order', async () => {
    await assertSucceeds(getDoc(doc(db('admin'), 'orders/o-alice')));
    await assertSucceeds(getDocs(collection(db('admin'), 'orders')));
  });

  it('a demoted admin reads no one else’s order, at once (no waiting for the token to expire)', async () => {
    await assertFails(getDoc(doc(db('demoted'), 'orders/o-alice')));
    await assertFails(getDocs(collection(db('demoted'), 'orders')));
  });

  it('an admin demoted during the session loses access with the same token', async () => {
    await assertSucceeds(getDoc(doc(db('admin'), 'orders/o-bob')));
    await env.withSecurityRulesDisabled(async (ctx) => {
      await updateDoc(doc(ctx.firestore() as unknown as Firestore, 'users/admin'), { isAdmin: false });
    });
    await assertFails(getDoc(doc(db('admin'), 'orders/o-bob')));
  });

  // Issue 36: who refunded stays the server's; the order document names the shop (its owner reads it).
  for (const who of EVERYONE) {
    it(`${who} cannot read, list or write an order's refund actors (orders/{id}/refundActors)`, async () => {
      await assertFails(getDoc(doc(db(who), 'orders/o-bob/refundActors/r1')));
      await assertFails(getDocs(collection(db(who), 'orders/o-bob/refundActors')));
      await assertFails(setDoc(doc(db(who), 'orders/o-bob/refundActors/r2'), { by: { _id: who, name: who } }));
      await assertFails(deleteDoc(doc(db(who), 'orders/o-bob/refundActors/r1')));
    });
  }

  // An admin's notes on an order are internal: read and written through the API only, by nobody directly.
  for (const who of EVERYONE) {
    it(`${who} cannot read, list or write an order's notes (orders/{id}/orderNotes)`, async () => {
      await assertFails(getDoc(doc(db(who), 'orders/o-bob/orderNotes/n1')));
      await assertFails(getDocs(collection(db(who), 'orders/o-bob/orderNotes')));
      await assertFails(setDoc(doc(db(who), 'orders/o-bob/orderNotes/n2'), { text: 'mine', by: who }));
      await assertFails(deleteDoc(doc(db(who), 'orders/o-bob/orderNotes/n1')));
    });
  }

  for (const who of EVERYONE) {
    it(`${who} cannot place, pay, deliver or delete an order directly`, async () => {
      await assertFails(setDoc(doc(db(who), 'orders/new'), { userId: who, totalCents: 1, status: 'awaiting_payment' }));
      await assertFails(updateDoc(doc(db(who), 'orders/o-alice'), { status: 'paid', isPaid: true }));
      await assertFails(updateDoc(doc(db(who), 'orders/o-bob'), { status: 'delivered', isDelivered: true }));
      await assertFails(updateDoc(doc(db(who), 'orders/o-alice'), { totalCents: 1 }));
      await assertFails(deleteDoc(doc(db(who), 'orders/o-alice')));
    });
  }
});

describe('wishlists/{uid} (issue 41): the owner reads their own, only the API writes', () => {
  it("a customer gets their own list, never another's, never a listing, and writes none", async () => {
    await assertSucceeds(getDoc(doc(db('alice'), 'wishlists/alice')));
    await assertFails(getDoc(doc(db('bob'), 'wishlists/alice')));
    await assertFails(getDoc(doc(db('anonymous'), 'wishlists/alice')));
    await assertFails(getDocs(collection(db('alice'), 'wishlists')));
    await assertFails(
      setDoc(doc(db('alice'), 'wishlists/alice'), { items: [], updatedAt: '2026-03-02T00:00:00.000Z' }),
    );
    await assertFails(deleteDoc(doc(db('alice'), 'wishlists/alice')));
  });
});

describe('carts/{uid}: the owner only, with a validated shape', () => {
  it('a customer reads, writes and deletes their own cart', async () => {
    await assertSucceeds(getDoc(doc(db('alice'), 'carts/alice')));
    await assertSucceeds(
      setDoc(
        doc(db('alice'), 'carts/alice'),
        cart([
          { product: 'p1', qty: 2 },
          { product: 'p2', qty: 1000 },
        ]),
      ),
    );
    await assertSucceeds(setDoc(doc(db('bob'), 'carts/bob'), cart([])));
    await assertSucceeds(deleteDoc(doc(db('alice'), 'carts/alice')));
  });

  it('accepts 50 lines and refuses 51', async () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => ({ product: `p${i}`, qty: 1 }));
    await assertSucceeds(setDoc(doc(db('alice'), 'carts/alice'), cart(lines(50))));
    await assertFails(setDoc(doc(db('alice'), 'carts/alice'), cart(lines(51))));
  });

  it('refuses bad shapes: prices, bad quantities, bad ids, extra fields, client timestamps', async () => {
    const bad: unknown[] = [
      cart([{ product: 'p1', qty: 0 }]),
      cart([{ product: 'p1', qty: 1001 }]),
      cart([{ product: 'p1', qty: 1.5 }]),
      cart([{ product: 'p1', qty: '2' }]),
      cart([{ product: 'p1' }]),
      cart([{ qty: 1 }]),
      cart([{ product: 42, qty: 1 }]),
      cart([{ product: '', qty: 1 }]),
      cart([{ product: 'x'.repeat(65), qty: 1 }]),
      cart([{ product: 'p1', qty: 1, price: 0.01 }]),
      cart([{ product: 'p1', qty: 1 }, 'p2']),
      { items: [{ product: 'p1', qty: 1 }], writer: 'page-1', updatedAt: serverTimestamp(), total: 0 },
      { items: [{ product: 'p1', qty: 1 }], updatedAt: serverTimestamp() },
      { items: [{ product: 'p1', qty: 1 }], writer: 7, updatedAt: serverTimestamp() },
      { items: [{ product: 'p1', qty: 1 }], writer: '', updatedAt: serverTimestamp() },
      { items: [{ product: 'p1', qty: 1 }], writer: 'w'.repeat(65), updatedAt: serverTimestamp() },
      { items: { product: 'p1', qty: 1 }, writer: 'page-1', updatedAt: serverTimestamp() },
      { items: [{ product: 'p1', qty: 1 }], writer: 'page-1' },
      {
        items: [{ product: 'p1', qty: 1 }],
        writer: 'page-1',
        updatedAt: Timestamp.fromDate(new Date('2020-01-01T00:00:00Z')),
      },
      { items: [{ product: 'p1', qty: 1 }], writer: 'page-1', updatedAt: '2026-03-01' },
    ];
    for (const data of bad) await assertFails(setDoc(doc(db('alice'), 'carts/alice'), data as Record<string, unknown>));
  });

  it("another customer cannot read, write or delete someone's cart", async () => {
    await assertFails(getDoc(doc(db('bob'), 'carts/alice')));
    await assertFails(setDoc(doc(db('bob'), 'carts/alice'), cart([{ product: 'p1', qty: 1 }])));
    await assertFails(deleteDoc(doc(db('bob'), 'carts/alice')));
    await assertFails(getDocs(collection(db('bob'), 'carts')));
  });

  it('an anonymous visitor has no cart in Firestore', async () => {
    await assertFails(getDoc(doc(db('anonymous'), 'carts/alice')));
    await assertFails(setDoc(doc(db('anonymous'), 'carts/anonymous'), cart([])));
  });

  it("an admin cannot read or write a customer's cart either", async () => {
    await assertFails(getDoc(doc(db('admin'), 'carts/alice')));
    await assertFails(setDoc(doc(db('admin'), 'carts/alice'), cart([])));
    await assertFails(getDocs(collection(db('admin'), 'carts')));
    await assertSucceeds(setDoc(doc(db('admin'), 'carts/admin'), cart([{ product: 'p1', qty: 1 }])));
  });
});

describe('everything else is server only', () => {
  for (const who of EVERYONE) {
    it(`${who} cannot read or write userEmails, captures, product drafts, the filter counts or unknown collections`, async () => {
      // A draft is read and published through the API only (it is not in the shop until saved).
      await assertFails(getDoc(doc(db(who), 'productDrafts/d1')));
      await assertFails(getDocs(query(collection(db(who), 'productDrafts'), limit(10))));
      await assertFails(setDoc(doc(db(who), 'productDrafts/d2'), { name: 'Mine' }));
      await assertFails(getDoc(doc(db(who), 'userEmails/alice@example.com')));
      await assertFails(setDoc(doc(db(who), 'userEmails/mine@example.com'), { uid: who }));
      await assertFails(getDoc(doc(db(who), 'captures/CAP-1')));
      await assertFails(setDoc(doc(db(who), 'captures/CAP-2'), { orderId: 'o-alice' }));
      // The filter counts (facets/catalogue) are kept by the API's product writes and read by the function only
      // (the web asks GET /api/products/facets): no client reads them, none can change them.
      await assertFails(getDoc(doc(db(who), 'facets/catalogue')));
      await assertFails(setDoc(doc(db(who), 'facets/catalogue'), { categories: [], brands: [] }));
      await assertFails(updateDoc(doc(db(who), 'facets/catalogue'), { overflow: true }));
      await assertFails(deleteDoc(doc(db(who), 'facets/catalogue')));
      // Issue 37: the dashboard's counters and the reviews listed under their authors, the API's alone (even the
      // author's own list: the export answers it).
      await assertFails(getDoc(doc(db(who), 'orderStats/2026-03-0')));
      await assertFails(getDocs(query(collection(db(who), 'orderStats'), limit(10))));
      await assertFails(setDoc(doc(db(who), 'orderStats/2026-03-1'), { month: '2026-03', shard: 1 }));
      await assertFails(getDoc(doc(db(who), 'users/alice/reviewRefs/p1')));
      await assertFails(getDocs(collection(db(who), 'users/alice/reviewRefs')));
      await assertFails(setDoc(doc(db(who), 'users/alice/reviewRefs/p2'), { product: 'p2', createdAt: 'x' }));
      await assertFails(getDocs(collection(db(who), 'anything')));
      await assertFails(setDoc(doc(db(who), 'anything/x'), { a: 1 }));
    });

    // The API's own collections, each denied by the catch-all: money (gift cards, store credit, codes and their
    // use), mail, holds, settings, alerts, the customers' list, addresses, histories.
    it(`${who} cannot read, list or write the API's own collections`, async () => {
      for (const path of [
        'mailOutbox/welcome:alice',
        'holdLocks/client:k1',
        'giftCards/CARD1',
        'storeCredits/alice',
        'coupons/SAVE10',
        'coupons/SAVE10/useShards/s0',
        'settings/shop',
        'stockAlerts/a1',
        'stockAlertLevels/l1',
        'lowStockMarks/m1',
        'customers/c1',
        'skus/SKU-1',
        'taxonomies/category',
        'cartReminders/r1',
        'users/alice/addresses/a1',
        'products/p1/priceHistory/h1',
        'stockShards/s1',
      ]) {
        await assertFails(getDoc(doc(db(who), path)));
        await assertFails(getDocs(query(collection(db(who), path.slice(0, path.lastIndexOf('/'))), limit(10))));
        await assertFails(setDoc(doc(db(who), path), { balanceCents: 100_000, uid: who }));
        await assertFails(deleteDoc(doc(db(who), path)));
      }
    });
  }
});
