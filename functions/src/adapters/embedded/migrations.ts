// Versioned schema migrations, applied in order at start (db.ts). Never edit a released one: add the next.
import type { Transaction } from './sql.js';
import { entriesFromValues, TAXONOMY_KINDS } from '../../domain/taxonomy.js';
import { ledgerLines } from '../../domain/ledger.js';
import { newId, toOrderRecord } from './mapping.js';
import { verifiedPurchase } from '../../domain/reviewDecisions.js';
import { purchasesOf } from './purchases.js';
import { indexNameGrams } from './search.js';
import { freeSlug, slugOf } from '../../domain/slugs.js';
import { cartReminderId } from '../../domain/cartReminders.js';
import { keyId } from '../../firestore/docIds.js';

export interface Migration {
  version: number;
  name: string;
  /** SQL, or a step in code for what SQL cannot say (e.g. a backfill); all in one transaction. */
  statements: (string | ((tx: Transaction) => Promise<void>))[];
}

/**
 * A migration's step on a table a capability model made (no migration created it: db.ts ensureModelTables):
 * `statements` (an ALTER TABLE for a changed model) run only where the table exists. A database without it yet gets
 * it after the numbered migrations, from the model as it is now, the change included.
 */
export function ifTableExists(table: string, ...statements: string[]): (tx: Transaction) => Promise<void> {
  return async (tx) => {
    const found = await tx.execute({
      sql: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
      args: [table],
    });
    if (found.rows.length > 0) for (const statement of statements) await tx.execute(statement);
  };
}

/** Migration 32: the `extra` text a product is searched by besides its name, brand, category and description: its
 *  spec rows' names and values, its options' names and values ("Colour Midnight") and its variants' SKUs, space-separated (a word never spans two of them). In a
 *  statement over `products`. */
const SEARCH_EXTRA = `coalesce((SELECT group_concat(piece, ' ') FROM (
    SELECT json_extract(spec.value, '$.name') || ' ' || json_extract(spec.value, '$.value') AS piece
      FROM json_each(products.specs_json) AS spec
    UNION ALL SELECT json_extract(option.value, '$.name') || ' ' ||
        (SELECT group_concat(choice.value, ' ') FROM json_each(option.value, '$.values') AS choice)
      FROM json_each(products.options_json) AS option
    UNION ALL SELECT sku FROM product_variants WHERE product_variants.product_id = products.id)), '')`;

/** Migration 32's triggers: the product at `rowid` (an SQL expression) indexed again as it now is (or dropped). */
const reindexProduct = (rowid: string) =>
  ['products_search', 'products_search_words']
    .map(
      (table) => `DELETE FROM ${table} WHERE rowid = ${rowid};
      INSERT INTO ${table} (rowid, name_key, brand, category, description, extra)
        SELECT rowid, name_key, brand, category, description, ${SEARCH_EXTRA} FROM products WHERE rowid = ${rowid};`,
    )
    .join('\n');

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'initial schema',
    statements: [
      `CREATE TABLE users (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        email_key TEXT NOT NULL UNIQUE,            -- lower-cased: emails are unique case-insensitively
        password_hash TEXT NOT NULL,
        is_admin INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL
      )`,
      `CREATE TABLE products (
        id TEXT PRIMARY KEY,
        user_id TEXT,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,                    -- lower-cased name for case-insensitive search
        image TEXT NOT NULL,
        brand TEXT NOT NULL,
        category TEXT NOT NULL,
        description TEXT NOT NULL,
        price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
        count_in_stock INTEGER NOT NULL CHECK (count_in_stock >= 0),
        rating REAL NOT NULL DEFAULT 0,
        num_reviews INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      )`,
      'CREATE INDEX products_latest ON products (created_at DESC, id DESC)',
      'CREATE INDEX products_top ON products (rating DESC, num_reviews DESC, created_at DESC)',
      'CREATE INDEX products_stock ON products (count_in_stock)',
      `CREATE TABLE reviews (
        id TEXT PRIMARY KEY,
        product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
        user_id TEXT NOT NULL,
        name TEXT NOT NULL,
        rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
        comment TEXT NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (product_id, user_id)               -- one review per user per product
      )`,
      `CREATE TABLE orders (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        user_name TEXT NOT NULL,
        user_email TEXT NOT NULL,
        shipping_json TEXT NOT NULL,
        payment_method TEXT NOT NULL,
        items_cents INTEGER NOT NULL,
        shipping_cents INTEGER NOT NULL,
        tax_cents INTEGER NOT NULL,
        total_cents INTEGER NOT NULL,
        currency TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('awaiting_payment', 'paid', 'delivered', 'expired')),
        paid_at TEXT,
        payment_json TEXT,
        capture_id TEXT UNIQUE,                    -- a provider capture pays one order, once
        delivered_at TEXT,
        expires_at TEXT,
        created_at TEXT NOT NULL
      )`,
      'CREATE INDEX orders_by_user ON orders (user_id, created_at DESC)',
      'CREATE INDEX orders_by_expiry ON orders (status, expires_at)',
      'CREATE INDEX orders_by_date ON orders (created_at)',
      `CREATE TABLE order_items (
        order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        line INTEGER NOT NULL,
        product_id TEXT NOT NULL,                  -- no foreign key: an order keeps its lines when a product is deleted
        name TEXT NOT NULL,
        image TEXT NOT NULL,
        price_cents INTEGER NOT NULL,
        qty INTEGER NOT NULL CHECK (qty > 0),
        PRIMARY KEY (order_id, line)
      )`,
    ],
  },
  {
    version: 2,
    name: 'catalogue search at scale',
    // Measured in docs/benchmarks.md (scale): at 100k products a substring search scanned every row of the
    // table twice (count, then page), ~130 ms. Now:
    // - a trigram full-text index of the lower-cased names finds the rows containing a keyword of 3+ characters
    //   (exact: a phrase of consecutive trigrams is a substring), in time that grows with the matches only;
    // - an index of the names alone makes the scan for 1-2 character keywords (no trigrams) read ~5x less.
    // The full-text index is an external-content table over products' rowids, kept in step by triggers.
    // products has no INTEGER PRIMARY KEY, so a VACUUM may renumber rowids: after one, run
    // INSERT INTO products_name_trigrams (products_name_trigrams) VALUES ('rebuild'). (The shop never vacuums.)
    statements: [
      `CREATE VIRTUAL TABLE products_name_trigrams USING fts5 (
        name_key, content = 'products', content_rowid = 'rowid', tokenize = 'trigram case_sensitive 1'
      )`,
      `CREATE TRIGGER products_name_trigrams_insert AFTER INSERT ON products BEGIN
        INSERT INTO products_name_trigrams (rowid, name_key) VALUES (new.rowid, new.name_key);
      END`,
      `CREATE TRIGGER products_name_trigrams_delete AFTER DELETE ON products BEGIN
        INSERT INTO products_name_trigrams (products_name_trigrams, rowid, name_key) VALUES ('delete', old.rowid, old.name_key);
      END`,
      `CREATE TRIGGER products_name_trigrams_update AFTER UPDATE OF name_key ON products BEGIN
        INSERT INTO products_name_trigrams (products_name_trigrams, rowid, name_key) VALUES ('delete', old.rowid, old.name_key);
        INSERT INTO products_name_trigrams (rowid, name_key) VALUES (new.rowid, new.name_key);
      END`,
      `INSERT INTO products_name_trigrams (products_name_trigrams) VALUES ('rebuild')`,
      'CREATE INDEX products_names ON products (name_key)',
    ],
  },
  {
    version: 3,
    name: 'catalogue search of 1-2 characters by index',
    // Measured in docs/benchmarks.md (scale): a 1-2 character keyword has no trigram, so after migration 2 it
    // still scanned every name (p95 ~26 ms at 100k products, over the 25 ms target). Now a full-text index lists,
    // per product, the distinct 1- and 2-character pieces of its lower-cased name as tokens (search.ts), and
    // such a keyword is one token lookup: its cost grows with the matches, not the catalogue. The index stores
    // no copy of the text (contentless) and the pieces are made in code, so the store writes them with the name
    // (indexNameGrams); a trigger drops them with the product.
    statements: [
      // detail = 'none': only which rows hold a token is needed (no positions): the smallest index FTS5 keeps.
      `CREATE VIRTUAL TABLE products_name_grams USING fts5 (
        grams, content = '', contentless_delete = 1, tokenize = 'ascii', detail = 'none'
      )`,
      `CREATE TRIGGER products_name_grams_delete AFTER DELETE ON products BEGIN
        DELETE FROM products_name_grams WHERE rowid = old.rowid;
      END`,
      async (tx) => {
        const rows = (await tx.execute('SELECT id, name_key FROM products')).rows;
        for (let i = 0; i < rows.length; i += 500) {
          await indexNameGrams(
            tx,
            rows.slice(i, i + 500).map((r) => ({ id: String(r.id), nameKey: String(r.name_key) })),
          );
        }
      },
    ],
  },
  {
    version: 4,
    name: 'revocable sessions',
    // Every token carries the account's token version when it was minted (auth.ts); verify() refuses a token whose
    // version is not the current one. Bumping it (password or email change, admin demotion, "Sign out
    // everywhere") ends every session opened before. Tokens minted before this migration carry none: read as 0.
    // Read and written by the embedded auth adapter only.
    statements: ['ALTER TABLE users ADD COLUMN token_version INTEGER NOT NULL DEFAULT 0'],
  },
  {
    version: 5,
    name: 'catalogue filters and sorts by index',
    // Browsing by category, brand and price, sorted newest / price up / price down / top rated (the domain's
    // CATALOG_SORT_ORDER, ties by id): one index per sort, alone and after each equality filter the UI offers
    // (category, brand, both), so a filtered page is an index range walked in order. A price range uses the price
    // sorts' indexes. The rating index, with the id, replaces products_top (top() reads it too).
    // (Columns as search.ts sortColumns writes them.)
    statements: [
      'DROP INDEX products_top',
      'CREATE INDEX products_price_asc ON products (price_cents ASC, created_at DESC, id DESC)',
      'CREATE INDEX products_price_desc ON products (price_cents DESC, created_at DESC, id DESC)',
      'CREATE INDEX products_rating ON products (rating DESC, num_reviews DESC, created_at DESC, id DESC)',
      'CREATE INDEX products_category_newest ON products (category, created_at DESC, id DESC)',
      'CREATE INDEX products_category_price_asc ON products (category, price_cents ASC, created_at DESC, id DESC)',
      'CREATE INDEX products_category_price_desc ON products (category, price_cents DESC, created_at DESC, id DESC)',
      'CREATE INDEX products_category_rating ON products (category, rating DESC, num_reviews DESC, created_at DESC, id DESC)',
      'CREATE INDEX products_brand_newest ON products (brand, created_at DESC, id DESC)',
      'CREATE INDEX products_brand_price_asc ON products (brand, price_cents ASC, created_at DESC, id DESC)',
      'CREATE INDEX products_brand_price_desc ON products (brand, price_cents DESC, created_at DESC, id DESC)',
      'CREATE INDEX products_brand_rating ON products (brand, rating DESC, num_reviews DESC, created_at DESC, id DESC)',
      'CREATE INDEX products_category_brand_newest ON products (category, brand, created_at DESC, id DESC)',
      'CREATE INDEX products_category_brand_price_asc ON products (category, brand, price_cents ASC, created_at DESC, id DESC)',
      'CREATE INDEX products_category_brand_price_desc ON products (category, brand, price_cents DESC, created_at DESC, id DESC)',
      'CREATE INDEX products_category_brand_rating ON products (category, brand, rating DESC, num_reviews DESC, created_at DESC, id DESC)',
    ],
  },
  {
    version: 6,
    name: 'orders cancelled by their owner',
    // A cancelled order keeps status 'expired' (it holds nothing and cannot be paid; the status CHECK stays as it
    // is, no table rebuild); cancelled_at tells it apart (domain/orders.ts OrderRecord.cancelledAt).
    statements: ['ALTER TABLE orders ADD COLUMN cancelled_at TEXT'],
  },
  {
    version: 7,
    name: 'bounded admin lists',
    // The order and user lists are read a page at a time (domain/listQuery.ts), newest or oldest first with the id
    // breaking ties, filtered by customer and/or status: each page is one index range read from its nearer end.
    statements: [
      'DROP INDEX orders_by_user',
      'DROP INDEX orders_by_date',
      'CREATE INDEX orders_by_user ON orders (user_id, created_at, id)',
      'CREATE INDEX orders_by_date ON orders (created_at, id)',
      'CREATE INDEX orders_by_status ON orders (status, created_at, id)',
      'CREATE INDEX orders_by_user_status ON orders (user_id, status, created_at, id)',
      'CREATE INDEX users_by_date ON users (created_at, id)',
    ],
  },
  {
    version: 8,
    name: 'server carts',
    // A signed-in shopper's cart (GET/PUT /api/cart), one row per account: the lines as JSON ([{product, qty}],
    // validated by domain/cart.ts before every write), dropped with the account. Visitors' carts stay in the browser.
    statements: [
      `CREATE TABLE carts (
        user_id TEXT PRIMARY KEY,
        items TEXT NOT NULL,
        updated_at TEXT NOT NULL
      )`,
      // A trigger rather than a foreign key: the connections do not turn foreign keys on.
      `CREATE TRIGGER carts_drop_with_user AFTER DELETE ON users BEGIN
        DELETE FROM carts WHERE user_id = old.id;
      END`,
    ],
  },
  {
    version: 9,
    name: 'product drafts',
    // A created product is a draft until its first save (issue 14): a table of its own, so no catalogue, search,
    // facet, top, sitemap or order query can see one. Publishing moves the row into products (adapters/embedded/drafts.ts).
    statements: [
      `CREATE TABLE product_drafts (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        name TEXT NOT NULL,
        image TEXT NOT NULL,
        brand TEXT NOT NULL,
        category TEXT NOT NULL,
        description TEXT NOT NULL,
        price_cents INTEGER NOT NULL,
        count_in_stock INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      )`,
      'CREATE INDEX product_drafts_by_date ON product_drafts (created_at, id)',
    ],
  },
  {
    version: 10,
    name: 'catalogue facet counts kept by triggers',
    // Measured in docs/benchmarks.md (scale): the filter bar's counts for the whole catalogue (the home page's)
    // grouped 100k index entries twice, ~28 ms p95 at 100k products, over the 25 ms target. The counts of every
    // category and brand are now kept up to date by triggers on products (drafts live in their own table and never
    // count), so that view is a read of a few rows; filtered views still group the rows they match (search.ts).
    statements: [
      `CREATE TABLE product_facet_counts (
        facet TEXT NOT NULL CHECK (facet IN ('category', 'brand')),
        value TEXT NOT NULL,
        n INTEGER NOT NULL,
        PRIMARY KEY (facet, value)
      ) WITHOUT ROWID`,
      `CREATE TRIGGER product_facet_counts_insert AFTER INSERT ON products BEGIN
        INSERT INTO product_facet_counts (facet, value, n) VALUES ('category', new.category, 1)
          ON CONFLICT (facet, value) DO UPDATE SET n = n + 1;
        INSERT INTO product_facet_counts (facet, value, n) VALUES ('brand', new.brand, 1)
          ON CONFLICT (facet, value) DO UPDATE SET n = n + 1;
      END`,
      `CREATE TRIGGER product_facet_counts_delete AFTER DELETE ON products BEGIN
        UPDATE product_facet_counts SET n = n - 1 WHERE facet = 'category' AND value = old.category;
        UPDATE product_facet_counts SET n = n - 1 WHERE facet = 'brand' AND value = old.brand;
        DELETE FROM product_facet_counts WHERE n <= 0;
      END`,
      `CREATE TRIGGER product_facet_counts_update AFTER UPDATE OF category, brand ON products BEGIN
        UPDATE product_facet_counts SET n = n - 1 WHERE facet = 'category' AND value = old.category;
        UPDATE product_facet_counts SET n = n - 1 WHERE facet = 'brand' AND value = old.brand;
        INSERT INTO product_facet_counts (facet, value, n) VALUES ('category', new.category, 1)
          ON CONFLICT (facet, value) DO UPDATE SET n = n + 1;
        INSERT INTO product_facet_counts (facet, value, n) VALUES ('brand', new.brand, 1)
          ON CONFLICT (facet, value) DO UPDATE SET n = n + 1;
        DELETE FROM product_facet_counts WHERE n <= 0;
      END`,
      `INSERT INTO product_facet_counts (facet, value, n)
        SELECT 'category', category, count(*) FROM products GROUP BY category
        UNION ALL SELECT 'brand', brand, count(*) FROM products GROUP BY brand`,
    ],
  },
  {
    version: 11,
    name: 'development mailbox',
    // Outside production without SMTP settings, mail is "delivered" here and shown at /dev/mailbox (mail/devRoutes.ts).
    statements: [
      `CREATE TABLE dev_mailbox (
        id TEXT PRIMARY KEY,                       -- the outbox message's id: a redelivery keeps one copy
        to_address TEXT NOT NULL,
        subject TEXT NOT NULL,
        text TEXT NOT NULL,
        html TEXT NOT NULL,
        created_at TEXT NOT NULL
      )`,
      'CREATE INDEX dev_mailbox_newest ON dev_mailbox (created_at DESC, id DESC)',
    ],
  },
  {
    version: 12,
    name: 'mail outbox',
    // The transactional outbox (adapters/embedded/mailOutbox.ts, mail/outboxWorker.ts): a message is recorded in
    // the transaction of the change it reports, then sent by the worker, retried with backoff.
    statements: [
      `CREATE TABLE mail_outbox (
        id TEXT PRIMARY KEY,
        idempotency_key TEXT NOT NULL UNIQUE,      -- the same key records one message, however often it is asked
        to_address TEXT NOT NULL,
        template TEXT NOT NULL,
        data_json TEXT,                            -- the template's props; NULL once sent (may hold a one-time link)
        status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,             -- due time; while an attempt runs, the end of its lease
        last_error TEXT,
        created_at TEXT NOT NULL,
        sent_at TEXT
      )`,
      'CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at)',
    ],
  },
  {
    version: 13,
    name: 'account links (password reset, email verification)',
    // adapters/embedded/accountLinks.ts: only a hash of each link's token is kept; a link is used once.
    statements: [
      `CREATE TABLE account_tokens (
        token_hash TEXT PRIMARY KEY,               -- sha256 of the token in the link (hex)
        user_id TEXT NOT NULL,
        email_key TEXT NOT NULL,                   -- the address it was sent to: valid only while the account has it
        purpose TEXT NOT NULL CHECK (purpose IN ('password-reset', 'verify-email')),
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT
      )`,
      'CREATE INDEX account_tokens_by_user ON account_tokens (user_id, purpose)',
      // Verified is for one address: a changed email is unverified until its own link is followed.
      'ALTER TABLE users ADD COLUMN email_verified_at TEXT',
      'ALTER TABLE users ADD COLUMN email_verified_key TEXT',
    ],
  },
  {
    version: 14,
    name: 'stock history',
    // adapters/embedded/stock.ts: every stock change with its cause and actor, written with the change; a product's
    // entries sum to its stock, so the stock products already have is their first entry ('seed').
    statements: [
      `CREATE TABLE stock_history (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,     -- the order of the changes (and the page cursor)
        product_id TEXT NOT NULL,
        at TEXT NOT NULL,
        delta INTEGER NOT NULL,
        after INTEGER NOT NULL,
        cause TEXT NOT NULL,
        order_id TEXT,
        by_user TEXT NOT NULL                      -- a user id, or 'system'
      )`,
      'CREATE INDEX stock_history_by_product ON stock_history (product_id, seq DESC)',
      `INSERT INTO stock_history (product_id, at, delta, after, cause, by_user)
        SELECT id, updated_at, count_in_stock, count_in_stock, 'seed', 'system' FROM products WHERE count_in_stock <> 0`,
    ],
  },
  {
    version: 15,
    name: "orders: status 'cancelled', refunds, cancellation requests",
    // A cancel is stored as status 'cancelled' (before: 'expired' with cancelled_at), so the status CHECK changes:
    // SQLite changes a CHECK only by rebuilding the table. order_items references orders with ON DELETE CASCADE
    // and foreign keys are on, so dropping orders would delete every line: the lines move to a new table that
    // references the new orders table first, then both take the old names (a rename rewrites the reference).
    statements: [
      `CREATE TABLE orders_v15 (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        user_name TEXT NOT NULL,
        user_email TEXT NOT NULL,
        shipping_json TEXT NOT NULL,
        payment_method TEXT NOT NULL,
        items_cents INTEGER NOT NULL,
        shipping_cents INTEGER NOT NULL,
        tax_cents INTEGER NOT NULL,
        total_cents INTEGER NOT NULL,
        currency TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('awaiting_payment', 'paid', 'delivered', 'expired', 'cancelled')),
        paid_at TEXT,
        payment_json TEXT,
        capture_id TEXT UNIQUE,                    -- a provider capture pays one order, once
        delivered_at TEXT,
        expires_at TEXT,
        created_at TEXT NOT NULL,
        cancelled_at TEXT,
        refunds_json TEXT,                         -- domain/refunds.ts RefundRecord[], oldest first
        cancellation_json TEXT                     -- domain CancellationRequest
      )`,
      `INSERT INTO orders_v15 (id, user_id, user_name, user_email, shipping_json, payment_method, items_cents,
        shipping_cents, tax_cents, total_cents, currency, status, paid_at, payment_json, capture_id, delivered_at,
        expires_at, created_at, cancelled_at)
       SELECT id, user_id, user_name, user_email, shipping_json, payment_method, items_cents, shipping_cents,
        tax_cents, total_cents, currency,
        CASE WHEN status = 'expired' AND cancelled_at IS NOT NULL THEN 'cancelled' ELSE status END,
        paid_at, payment_json, capture_id, delivered_at, expires_at, created_at, cancelled_at
       FROM orders`,
      `CREATE TABLE order_items_v15 (
        order_id TEXT NOT NULL REFERENCES orders_v15 (id) ON DELETE CASCADE,
        line INTEGER NOT NULL,
        product_id TEXT NOT NULL,                  -- no foreign key: an order keeps its lines when a product is deleted
        name TEXT NOT NULL,
        image TEXT NOT NULL,
        price_cents INTEGER NOT NULL,
        qty INTEGER NOT NULL CHECK (qty > 0),
        PRIMARY KEY (order_id, line)
      )`,
      'INSERT INTO order_items_v15 SELECT order_id, line, product_id, name, image, price_cents, qty FROM order_items',
      'DROP TABLE order_items',
      'DROP TABLE orders',
      'ALTER TABLE orders_v15 RENAME TO orders',
      'ALTER TABLE order_items_v15 RENAME TO order_items',
      'CREATE INDEX orders_by_expiry ON orders (status, expires_at)',
      'CREATE INDEX orders_by_user ON orders (user_id, created_at, id)',
      'CREATE INDEX orders_by_date ON orders (created_at, id)',
      'CREATE INDEX orders_by_status ON orders (status, created_at, id)',
      'CREATE INDEX orders_by_user_status ON orders (user_id, status, created_at, id)',
    ],
  },
  {
    version: 16,
    name: 'order returns',
    // domain/returns.ts OrderReturn[], oldest first: asked by the customer, decided by the shop (an approval is a
    // refund of the returned lines, kept in refunds_json).
    statements: ['ALTER TABLE orders ADD COLUMN returns_json TEXT'],
  },
  {
    version: 17,
    name: 'order shipment details, taken-back deliveries and admin notes',
    // PUT /api/orders/:id/deliver { carrier?, trackingNumber? }, PUT /api/orders/:id/undeliver { reason } and
    // POST /api/orders/:id/notes (domain/orderDecisions.ts deliverOrder, undeliverOrder). Notes live in their own
    // table, never in the orders row a customer reads.
    statements: [
      'ALTER TABLE orders ADD COLUMN carrier TEXT',
      'ALTER TABLE orders ADD COLUMN tracking_number TEXT',
      "ALTER TABLE orders ADD COLUMN undeliveries_json TEXT NOT NULL DEFAULT '[]'",
      `CREATE TABLE order_notes (
        id TEXT PRIMARY KEY,
        order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        text TEXT NOT NULL,
        by_id TEXT NOT NULL,
        by_name TEXT NOT NULL,
        created_at TEXT NOT NULL
      )`,
      'CREATE INDEX order_notes_by_order ON order_notes (order_id, created_at, id)',
    ],
  },
  {
    version: 18,
    name: 'shop settings and their history',
    // adapters/embedded/settings.ts: one row of settings (domain/settings.ts ShopSettings as JSON; none until the
    // owner saves: the defaults apply), and every save with who made it and the fields it changed.
    statements: [
      `CREATE TABLE settings (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        data TEXT NOT NULL,
        updated_at TEXT NOT NULL
      )`,
      `CREATE TABLE settings_history (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        by_id TEXT NOT NULL,
        by_name TEXT NOT NULL,
        changes TEXT NOT NULL                      -- JSON: [{ field, from, to }]
      )`,
    ],
  },
  {
    version: 19,
    name: 'discount codes and their redemptions',
    // adapters/embedded/coupons.ts: a code's terms (domain/discounts.ts Coupon as JSON) and its redemptions, counted
    // on the code and per customer; an order's place adds one to both in its savepoint (unitOfWork.ts), its expiry
    // or unpaid cancel gives it back (orders.ts). The CHECKs refuse a count past the code's limit or below zero.
    statements: [
      `CREATE TABLE coupons (
        code TEXT PRIMARY KEY,
        data TEXT NOT NULL,
        max_uses INTEGER,
        uses INTEGER NOT NULL DEFAULT 0 CHECK (uses >= 0 AND (max_uses IS NULL OR uses <= max_uses)),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      )`,
      `CREATE TABLE coupon_customer_uses (
        code TEXT NOT NULL,
        user_id TEXT NOT NULL,
        uses INTEGER NOT NULL CHECK (uses >= 0),
        PRIMARY KEY (code, user_id)
      )`,
      'ALTER TABLE orders ADD COLUMN discount_cents INTEGER NOT NULL DEFAULT 0',
      'ALTER TABLE orders ADD COLUMN coupon_code TEXT',
    ],
  },
  {
    version: 20,
    name: 'guest orders',
    // Guest checkout (domain/guests.ts): a guest order's user_id is `guest:<email key>` (the hold limits and the
    // codes' per-customer uses count it like a customer's); guest_email marks it a guest's (null once an account
    // took it), guest_address_key is the shipping address's hold key (the per-address limits read open orders by it,
    // unitOfWork.ts), guest_token the signed access token the order's emails link with.
    statements: [
      'ALTER TABLE orders ADD COLUMN guest_email TEXT',
      'ALTER TABLE orders ADD COLUMN guest_address_key TEXT',
      'ALTER TABLE orders ADD COLUMN guest_token TEXT',
      'CREATE INDEX orders_by_guest_address ON orders (guest_address_key, status) WHERE guest_address_key IS NOT NULL',
    ],
  },
  {
    version: 21,
    name: 'saved addresses',
    // The account's address book (domain/addresses.ts ADDRESS_MODEL, through the generic modelStore.ts: the fields as
    // JSON), at most MAX_SAVED_ADDRESSES per account (the decision's limit, written in the account's write transaction).
    statements: [
      `CREATE TABLE user_addresses (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        data TEXT NOT NULL,
        created_at TEXT NOT NULL
      )`,
      'CREATE INDEX user_addresses_by_user ON user_addresses (user_id)',
    ],
  },
  {
    version: 22,
    name: 'search by words over name, brand, category and description',
    // Issue 29: a keyword's words, in any order, each found in the name, brand, category or description (search.ts).
    // - products_search replaces migration 2's name-only trigram index: a trigram index of the four columns (name as
    //   its folded name_key), case-insensitive, so each word of 3+ characters is one phrase and bm25 ranks the matches
    //   with the name weighted highest. External content over products' rowids, kept in step by triggers.
    // - products_search_words indexes the same columns as words (no positions: detail = 'none'), only for its
    //   vocabulary (products_search_vocab), where a misspelt word's one-edit neighbours are looked up.
    // Words of 1-2 characters still use migration 3's index of name pieces. After a VACUUM (the shop never runs
    // one), rebuild both: INSERT INTO products_search (products_search) VALUES ('rebuild'), and the same for words.
    statements: [
      'DROP TRIGGER products_name_trigrams_insert',
      'DROP TRIGGER products_name_trigrams_delete',
      'DROP TRIGGER products_name_trigrams_update',
      'DROP TABLE products_name_trigrams',
      `CREATE VIRTUAL TABLE products_search USING fts5 (
        name_key, brand, category, description, content = 'products', content_rowid = 'rowid', tokenize = 'trigram'
      )`,
      `CREATE VIRTUAL TABLE products_search_words USING fts5 (
        name_key, brand, category, description, content = 'products', content_rowid = 'rowid',
        tokenize = 'unicode61 remove_diacritics 0', detail = 'none'
      )`,
      `CREATE VIRTUAL TABLE products_search_vocab USING fts5vocab (products_search_words, 'row')`,
      ...['products_search', 'products_search_words'].flatMap((table) => [
        `CREATE TRIGGER ${table}_insert AFTER INSERT ON products BEGIN
          INSERT INTO ${table} (rowid, name_key, brand, category, description)
            VALUES (new.rowid, new.name_key, new.brand, new.category, new.description);
        END`,
        `CREATE TRIGGER ${table}_delete AFTER DELETE ON products BEGIN
          INSERT INTO ${table} (${table}, rowid, name_key, brand, category, description)
            VALUES ('delete', old.rowid, old.name_key, old.brand, old.category, old.description);
        END`,
        `CREATE TRIGGER ${table}_update AFTER UPDATE OF name_key, brand, category, description ON products BEGIN
          INSERT INTO ${table} (${table}, rowid, name_key, brand, category, description)
            VALUES ('delete', old.rowid, old.name_key, old.brand, old.category, old.description);
          INSERT INTO ${table} (rowid, name_key, brand, category, description)
            VALUES (new.rowid, new.name_key, new.brand, new.category, new.description);
        END`,
        `INSERT INTO ${table} (${table}) VALUES ('rebuild')`,
      ]),
    ],
  },
  {
    version: 23,
    name: 'product options and variants with their own stock',
    // Issue 29 (domain/variants.ts): a product's options (JSON on the product) and its variants, each with a SKU
    // unique shop-wide and its own price and stock (the CHECK refuses a stock below zero). For a product with
    // variants, products.price_cents and count_in_stock are its default (position 0) variant's, kept in step by the
    // one stock-writing path (stock.ts). Order lines and stock history entries name the variant; a line keeps the
    // variant's label and SKU as they were at purchase. No foreign key from the lines: an order keeps its lines when
    // a variant is removed.
    statements: [
      "ALTER TABLE products ADD COLUMN options_json TEXT NOT NULL DEFAULT '[]'",
      `CREATE TABLE product_variants (
        id TEXT PRIMARY KEY,
        product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        sku TEXT NOT NULL COLLATE NOCASE UNIQUE,
        options_json TEXT NOT NULL,                -- { optionName: value }
        price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
        compare_at_cents INTEGER CHECK (compare_at_cents IS NULL OR compare_at_cents >= 0),
        count_in_stock INTEGER NOT NULL CHECK (count_in_stock >= 0),
        image TEXT
      )`,
      'CREATE INDEX product_variants_by_product ON product_variants (product_id, position)',
      'ALTER TABLE order_items ADD COLUMN variant_id TEXT',
      'ALTER TABLE order_items ADD COLUMN variant_label TEXT',
      'ALTER TABLE order_items ADD COLUMN sku TEXT',
      'ALTER TABLE stock_history ADD COLUMN variant_id TEXT',
    ],
  },
  {
    version: 25,
    name: 'product specifications and galleries; verified-purchase reviews',
    // Issue 29. domain/productFields.ts: specs and images as JSON lists (domain/productMedia.ts), none until edited
    // (a product without a gallery answers its main image alone). reviews.verified: decided when the review is
    // written (domain/reviewDecisions.ts verifiedPurchase); the reviews written before are decided here by the same
    // rule over the orders as they are now.
    statements: [
      "ALTER TABLE products ADD COLUMN specs_json TEXT NOT NULL DEFAULT '[]'",
      "ALTER TABLE products ADD COLUMN images_json TEXT NOT NULL DEFAULT '[]'",
      "ALTER TABLE product_drafts ADD COLUMN specs_json TEXT NOT NULL DEFAULT '[]'",
      "ALTER TABLE product_drafts ADD COLUMN images_json TEXT NOT NULL DEFAULT '[]'",
      'ALTER TABLE reviews ADD COLUMN verified INTEGER NOT NULL DEFAULT 0',
      async (tx) => {
        const reviews = (await tx.execute('SELECT id, product_id, user_id FROM reviews')).rows;
        for (const review of reviews) {
          const orders = await purchasesOf(tx, String(review.user_id), String(review.product_id));
          if (verifiedPurchase(orders, String(review.product_id)))
            await tx.execute({ sql: 'UPDATE reviews SET verified = 1 WHERE id = ?', args: [review.id] });
        }
      },
    ],
  },
  {
    version: 26,
    name: 'managed categories and brands, with their old slugs',
    // adapters/embedded/taxonomy.ts (domain/taxonomy.ts): the lists the admin keeps, each entry with its URL slug,
    // made from the catalogue's distinct values as written (variants like "accesories" stay apart for the admin to
    // merge); an old slug of a renamed or merged entry and the slug it leads to. Products keep the names.
    statements: [
      `CREATE TABLE taxonomy_entries (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('category', 'brand')),
        name TEXT NOT NULL,
        slug TEXT NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (kind, slug)
      )`,
      `CREATE TABLE taxonomy_redirects (
        kind TEXT NOT NULL CHECK (kind IN ('category', 'brand')),
        from_slug TEXT NOT NULL,
        to_slug TEXT NOT NULL,
        PRIMARY KEY (kind, from_slug)
      )`,
      async (tx) => {
        const at = new Date().toISOString();
        for (const kind of TAXONOMY_KINDS) {
          const rs = await tx.execute(`SELECT DISTINCT ${kind} AS value FROM products`);
          const entries = entriesFromValues(
            kind,
            rs.rows.map((r) => String(r.value)),
            newId,
          );
          for (const e of entries)
            await tx.execute({
              sql: 'INSERT INTO taxonomy_entries (id, kind, name, slug, created_at) VALUES (?, ?, ?, ?, ?)',
              args: [e._id, kind, e.name, e.slug, at],
            });
        }
      },
    ],
  },
  {
    version: 27,
    name: 'a name-only search index for the order of many matches',
    // search.ts namesFirstHits (RANKED_MATCHES): a search matching more products than bm25 can score in time shows
    // those with a word of the keyword in the name first. Read through products_search's name column filter, that
    // costs every match's positions when few names hold the word ("long" in 100,000 descriptions, in no name:
    // ~10 ms); a trigram index of the names alone answers it in time that grows with the name matches only.
    // External content over products' rowids, kept in step by triggers (after a VACUUM: 'rebuild', as migration 22).
    statements: [
      `CREATE VIRTUAL TABLE products_name_search USING fts5 (
        name_key, content = 'products', content_rowid = 'rowid', tokenize = 'trigram'
      )`,
      `CREATE TRIGGER products_name_search_insert AFTER INSERT ON products BEGIN
        INSERT INTO products_name_search (rowid, name_key) VALUES (new.rowid, new.name_key);
      END`,
      `CREATE TRIGGER products_name_search_delete AFTER DELETE ON products BEGIN
        INSERT INTO products_name_search (products_name_search, rowid, name_key) VALUES ('delete', old.rowid, old.name_key);
      END`,
      `CREATE TRIGGER products_name_search_update AFTER UPDATE OF name_key ON products BEGIN
        INSERT INTO products_name_search (products_name_search, rowid, name_key) VALUES ('delete', old.rowid, old.name_key);
        INSERT INTO products_name_search (rowid, name_key) VALUES (new.rowid, new.name_key);
      END`,
      `INSERT INTO products_name_search (products_name_search) VALUES ('rebuild')`,
    ],
  },
  {
    version: 28,
    name: "each order line's share of the discount code",
    // Issue 36: a refund of lines pays what the units cost as charged (domain/unitCharges.ts); a code may apply to
    // some lines only, so placeOrder records each line's share. Older orders keep NULL: their discount is spread over
    // every line by value, as the domain does for them.
    statements: ['ALTER TABLE order_items ADD COLUMN discount_cents INTEGER'],
  },
  {
    version: 29,
    name: 'orders keep their client address hold key',
    // Issue 36: the unpaid orders placed from one client address, whatever account or guest, are held within the
    // address's limits (domain/orderDecisions.ts clientHold); unitOfWork.ts reads the open ones by this key.
    statements: [
      'ALTER TABLE orders ADD COLUMN client_key TEXT',
      'CREATE INDEX orders_by_client ON orders (client_key, status) WHERE client_key IS NOT NULL',
    ],
  },
  {
    version: 30,
    name: "ledger: each order line's share of the tax",
    // Issue 38: placeOrder records each line's tax share (domain/ledger.ts). The orders placed before get theirs
    // here by the same allocation (ledgerLines), so every order's ledger reads as recorded.
    statements: ['ALTER TABLE order_items ADD COLUMN tax_cents INTEGER', fillLineTaxes],
  },
  {
    version: 31,
    name: 'orders are shipped before delivered; requests waiting for the shop are flagged',
    // Issue 38: shipping is its own step (domain/lifecycle.ts). An order delivered before keeps shipped_at NULL.
    // The two flags mirror domain/lifecycle.ts waitingRequests, kept by orders.ts writePatch, so the admin's count and
    // ?requests=waiting read an index rather than every order's JSON. Older approved returns with a refund were
    // refunded at once: they are not waiting.
    // The status CHECK gains 'shipped': SQLite changes a CHECK only by rebuilding the table, the lines and notes
    // moving to tables that reference the new one first (as migration 15 did).
    statements: [
      `CREATE TABLE orders_v31 (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        user_name TEXT NOT NULL,
        user_email TEXT NOT NULL,
        shipping_json TEXT NOT NULL,
        payment_method TEXT NOT NULL,
        items_cents INTEGER NOT NULL,
        shipping_cents INTEGER NOT NULL,
        tax_cents INTEGER NOT NULL,
        total_cents INTEGER NOT NULL,
        currency TEXT NOT NULL,
        status TEXT NOT NULL
          CHECK (status IN ('awaiting_payment', 'paid', 'shipped', 'delivered', 'expired', 'cancelled')),
        paid_at TEXT,
        payment_json TEXT,
        capture_id TEXT UNIQUE,                    -- a provider capture pays one order, once
        delivered_at TEXT,
        expires_at TEXT,
        created_at TEXT NOT NULL,
        cancelled_at TEXT,
        refunds_json TEXT,                         -- domain/refunds.ts RefundRecord[], oldest first
        cancellation_json TEXT,                    -- domain CancellationRequest
        returns_json TEXT,
        carrier TEXT,
        tracking_number TEXT,
        undeliveries_json TEXT NOT NULL DEFAULT '[]',
        discount_cents INTEGER NOT NULL DEFAULT 0,
        coupon_code TEXT,
        guest_email TEXT,
        guest_address_key TEXT,
        guest_token TEXT,
        client_key TEXT,
        shipped_at TEXT,
        waiting_cancellation INTEGER NOT NULL DEFAULT 0, -- domain/lifecycle.ts waitingRequests, kept by writePatch
        waiting_returns INTEGER NOT NULL DEFAULT 0
      )`,
      `INSERT INTO orders_v31 (id, user_id, user_name, user_email, shipping_json, payment_method, items_cents, shipping_cents, tax_cents,
        total_cents, currency, status, paid_at, payment_json, capture_id, delivered_at, expires_at, created_at,
        cancelled_at, refunds_json, cancellation_json, returns_json, carrier, tracking_number, undeliveries_json,
        discount_cents, coupon_code, guest_email, guest_address_key, guest_token, client_key)
       SELECT id, user_id, user_name, user_email, shipping_json, payment_method, items_cents, shipping_cents, tax_cents,
        total_cents, currency, status, paid_at, payment_json, capture_id, delivered_at, expires_at, created_at,
        cancelled_at, refunds_json, cancellation_json, returns_json, carrier, tracking_number, undeliveries_json,
        discount_cents, coupon_code, guest_email, guest_address_key, guest_token, client_key FROM orders`,
      `CREATE TABLE order_items_v31 (
        order_id TEXT NOT NULL REFERENCES orders_v31 (id) ON DELETE CASCADE,
        line INTEGER NOT NULL,
        product_id TEXT NOT NULL,                  -- no foreign key: an order keeps its lines when a product is deleted
        name TEXT NOT NULL,
        image TEXT NOT NULL,
        price_cents INTEGER NOT NULL,
        qty INTEGER NOT NULL CHECK (qty > 0),
        variant_id TEXT,
        variant_label TEXT,
        sku TEXT,
        discount_cents INTEGER,
        tax_cents INTEGER,                         -- the line's tax share (migration 30, domain/ledger.ts)
        PRIMARY KEY (order_id, line)
      )`,
      `INSERT INTO order_items_v31 (order_id, line, product_id, name, image, price_cents, qty, variant_id,
        variant_label, sku, discount_cents, tax_cents)
       SELECT order_id, line, product_id, name, image, price_cents, qty, variant_id, variant_label, sku, discount_cents,
        tax_cents
       FROM order_items`,
      `CREATE TABLE order_notes_v31 (
        id TEXT PRIMARY KEY,
        order_id TEXT NOT NULL REFERENCES orders_v31 (id) ON DELETE CASCADE,
        text TEXT NOT NULL,
        by_id TEXT NOT NULL,
        by_name TEXT NOT NULL,
        created_at TEXT NOT NULL
      )`,
      'INSERT INTO order_notes_v31 (id, order_id, text, by_id, by_name, created_at) SELECT id, order_id, text, by_id, by_name, created_at FROM order_notes',
      'DROP TABLE order_notes',
      'DROP TABLE order_items',
      'DROP TABLE orders',
      'ALTER TABLE orders_v31 RENAME TO orders',
      'ALTER TABLE order_items_v31 RENAME TO order_items',
      'ALTER TABLE order_notes_v31 RENAME TO order_notes',
      'CREATE INDEX order_notes_by_order ON order_notes (order_id, created_at, id)',
      'CREATE INDEX orders_by_expiry ON orders (status, expires_at)',
      'CREATE INDEX orders_by_user ON orders (user_id, created_at, id)',
      'CREATE INDEX orders_by_date ON orders (created_at, id)',
      'CREATE INDEX orders_by_status ON orders (status, created_at, id)',
      'CREATE INDEX orders_by_user_status ON orders (user_id, status, created_at, id)',
      'CREATE INDEX orders_by_guest_address ON orders (guest_address_key, status) WHERE guest_address_key IS NOT NULL',
      'CREATE INDEX orders_by_client ON orders (client_key, status) WHERE client_key IS NOT NULL',
      `UPDATE orders SET waiting_cancellation = 1
         WHERE cancellation_json IS NOT NULL AND json_extract(cancellation_json, '$.status') = 'pending'`,
      `UPDATE orders SET waiting_returns = (
         SELECT count(*) FROM json_each(orders.returns_json) r
         WHERE json_extract(r.value, '$.status') IN ('requested', 'received')
            OR (json_extract(r.value, '$.status') = 'approved' AND json_extract(r.value, '$.refundId') IS NULL))
         WHERE returns_json IS NOT NULL`,
      'CREATE INDEX orders_waiting ON orders (created_at, id) WHERE waiting_cancellation = 1 OR waiting_returns > 0',
    ],
  },
  {
    version: 32,
    name: 'search also over spec names and values and SKUs',
    // Issue 40 (search.ts): a word is also found in the product's spec rows ("Noise cancelling"), its options'
    // values ("Midnight") and its variants' SKUs. The two word indexes of migration 22 gain a fifth column, `extra`, made by SEARCH_EXTRA from specs_json
    // and product_variants. Its old text cannot be given back once a variant has changed, so the indexes become
    // contentless with deletes by rowid (contentless_delete, as migration 3): each trigger drops the product's entry
    // and writes it again from the product's row as it now is, whichever change came first. bm25 needs no content.
    statements: [
      ...['products_search', 'products_search_words'].flatMap((table) =>
        ['insert', 'delete', 'update'].map((event) => `DROP TRIGGER ${table}_${event}`),
      ),
      'DROP TABLE products_search_vocab',
      'DROP TABLE products_search',
      'DROP TABLE products_search_words',
      `CREATE VIRTUAL TABLE products_search USING fts5 (
        name_key, brand, category, description, extra, content = '', contentless_delete = 1, tokenize = 'trigram'
      )`,
      `CREATE VIRTUAL TABLE products_search_words USING fts5 (
        name_key, brand, category, description, extra, content = '', contentless_delete = 1,
        tokenize = 'unicode61 remove_diacritics 0', detail = 'none'
      )`,
      `CREATE VIRTUAL TABLE products_search_vocab USING fts5vocab (products_search_words, 'row')`,
      `CREATE TRIGGER products_search_insert AFTER INSERT ON products BEGIN ${reindexProduct('new.rowid')} END`,
      `CREATE TRIGGER products_search_update AFTER UPDATE OF name_key, brand, category, description, specs_json, options_json
         ON products BEGIN ${reindexProduct('new.rowid')} END`,
      `CREATE TRIGGER products_search_delete AFTER DELETE ON products BEGIN
         DELETE FROM products_search WHERE rowid = old.rowid;
         DELETE FROM products_search_words WHERE rowid = old.rowid;
       END`,
      ...[
        ['insert', 'INSERT', 'new'],
        ['update', 'UPDATE OF sku', 'new'],
        ['delete', 'DELETE', 'old'],
      ].map(
        ([name, event, row]) =>
          `CREATE TRIGGER product_variants_search_${name} AFTER ${event} ON product_variants BEGIN
             ${reindexProduct(`(SELECT rowid FROM products WHERE id = ${row}.product_id)`)}
           END`,
      ),
      `INSERT INTO products_search (rowid, name_key, brand, category, description, extra)
         SELECT rowid, name_key, brand, category, description, ${SEARCH_EXTRA} FROM products`,
      `INSERT INTO products_search_words (rowid, name_key, brand, category, description, extra)
         SELECT rowid, name_key, brand, category, description, ${SEARCH_EXTRA} FROM products`,
    ],
  },
  {
    version: 33,
    name: 'orders record their shipping method',
    // Issue 40: the method chosen at checkout (id, name, delivery estimate: domain/types.ts OrderShippingMethod) as
    // JSON; NULL on orders placed before. The address's state lives in shipping_json with the rest of the address.
    statements: ['ALTER TABLE orders ADD COLUMN shipping_method_json TEXT'],
  },
  {
    version: 34,
    name: 'price history and the 30-day low',
    // Issue 41 (domain/priceHistory.ts, adapters/embedded/priceHistory.ts): every price change of a product or of
    // one of its variants (variant_id NULL: the product without variants), and the 30-day low kept beside each
    // variant's price (NULL: none), so a product read stays one row per variant.
    statements: [
      `CREATE TABLE price_history (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        product_id TEXT NOT NULL,
        variant_id TEXT,
        at TEXT NOT NULL,
        by_user TEXT NOT NULL,
        from_cents INTEGER CHECK (from_cents IS NULL OR from_cents >= 0),
        to_cents INTEGER NOT NULL CHECK (to_cents >= 0)
      )`,
      'CREATE INDEX price_history_product ON price_history (product_id, seq)',
      'ALTER TABLE product_variants ADD COLUMN lowest_cents INTEGER',
    ],
  },
  {
    version: 35,
    name: 'back-in-stock alerts and low-stock marks',
    // Issue 41 (adapters/embedded/stockAlerts.ts): one alert per product, variant ('' for the product itself) and
    // email key; the last level heard of each watched product or variant, so a restock (a rise) is told from a fall.
    statements: [
      `CREATE TABLE stock_alerts (
         id TEXT PRIMARY KEY,
         product_id TEXT NOT NULL,
         variant_key TEXT NOT NULL,
         email TEXT NOT NULL,
         email_key TEXT NOT NULL,
         status TEXT NOT NULL,
         created_at TEXT NOT NULL,
         notified_at TEXT,
         UNIQUE (product_id, variant_key, email_key)
       )`,
      'CREATE INDEX stock_alerts_queue ON stock_alerts (product_id, variant_key, status, created_at)',
      `CREATE TABLE stock_alert_levels (
         product_id TEXT NOT NULL,
         variant_key TEXT NOT NULL,
         level INTEGER NOT NULL,
         PRIMARY KEY (product_id, variant_key)
       )`,
      // Issue 40: the items at or below the low-stock threshold whose owner's mail went out (cleared above it).
      `CREATE TABLE low_stock_marks (
         product_id TEXT NOT NULL,
         variant_key TEXT NOT NULL,
         marked_at TEXT NOT NULL,
         PRIMARY KEY (product_id, variant_key)
       )`,
    ],
  },
  {
    version: 36,
    name: 'wishlists',
    // Issue 41: one row per account, its items ({product, variant?} in the order added) as JSON, like carts: the
    // list is read and replaced whole (at most 100 items), never queried by item.
    statements: [
      `CREATE TABLE wishlists (
         user_id TEXT PRIMARY KEY,
         items TEXT NOT NULL,
         updated_at TEXT NOT NULL
       )`,
    ],
  },
  {
    version: 37,
    name: 'abandoned-cart reminders',
    // Issue 41 (domain/cartReminders.ts): each reminder sent, by account and the cart version (its updated_at) it
    // was for, which makes it once per idle cart and is the dashboard's count; the account's opt-out; the carts by
    // their last change (the sweep's window).
    statements: [
      `CREATE TABLE cart_reminders (
        user_id TEXT NOT NULL,
        cart_version TEXT NOT NULL,
        sent_at TEXT NOT NULL,
        PRIMARY KEY (user_id, cart_version)
      )`,
      'CREATE INDEX cart_reminders_by_sent ON cart_reminders (sent_at)',
      'ALTER TABLE users ADD COLUMN cart_reminders_off INTEGER NOT NULL DEFAULT 0',
      'CREATE INDEX carts_by_updated ON carts (updated_at, user_id)',
      `CREATE TRIGGER cart_reminders_drop_with_user AFTER DELETE ON users BEGIN
        DELETE FROM cart_reminders WHERE user_id = old.id;
      END`,
    ],
  },
  {
    version: 38,
    name: 'product slugs',
    // Issue 40 (domain/slugs.ts, adapters/embedded/slugs.ts): each slug once, shop-wide, with the product it names;
    // `current` marks the product's address, the others are old ones (before a rename) that lead to it. The
    // product's row keeps its current slug too, so reads need no join. A product removed takes its slugs along.
    statements: [
      "ALTER TABLE products ADD COLUMN slug TEXT NOT NULL DEFAULT ''",
      `CREATE TABLE product_slugs (
        slug TEXT PRIMARY KEY,
        product_id TEXT NOT NULL,
        current INTEGER NOT NULL DEFAULT 0
      )`,
      'CREATE INDEX product_slugs_by_product ON product_slugs (product_id, current)',
      `CREATE TRIGGER product_slugs_drop_with_product AFTER DELETE ON products BEGIN
        DELETE FROM product_slugs WHERE product_id = old.id;
      END`,
      backfillSlugs,
    ],
  },
  {
    version: 39,
    name: 'product accessories',
    // Issue 40 (domain/productFields.ts accessories, domain/accessories.ts): the "Works with" products' ids as a JSON
    // list, none until edited.
    statements: [
      "ALTER TABLE products ADD COLUMN accessories_json TEXT NOT NULL DEFAULT '[]'",
      "ALTER TABLE product_drafts ADD COLUMN accessories_json TEXT NOT NULL DEFAULT '[]'",
    ],
  },
  {
    version: 40,
    name: 'order tenders',
    // Issue 39 (domain/tenders.ts): the order's payments other than the provider's (a gift card, store credit) as
    // one JSON list; older orders have none.
    statements: ["ALTER TABLE orders ADD COLUMN tenders_json TEXT NOT NULL DEFAULT '[]'"],
  },
  {
    version: 41,
    name: 'gift cards and store credit',
    // Issue 39 (modules/giftCards/giftCards.ts GIFT_CARD_MODEL, STORE_CREDIT_MODEL: createTableSql's text). The
    // CHECKs refuse a balance below zero whatever wrote it; the shop's cards listed by owner, newest first.
    statements: [
      `CREATE TABLE gift_cards (
        code TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        balance_cents INTEGER NOT NULL CHECK (balance_cents >= 0),
        initial_cents INTEGER NOT NULL,
        expires_at TEXT,
        created_at TEXT NOT NULL,
        data TEXT NOT NULL
      )`,
      'CREATE INDEX gift_cards_by_owner ON gift_cards (owner, created_at)',
      `CREATE TABLE store_credits (
        user_id TEXT PRIMARY KEY,
        balance_cents INTEGER NOT NULL CHECK (balance_cents >= 0),
        history TEXT NOT NULL
      )`,
    ],
  },
  {
    version: 42,
    name: 'records keyed by one column for the generic store',
    // Issue 39: the cart reminders, the stock alerts' levels and the low-stock marks are kept by the generic model
    // store (modules/cartReminders, modules/stockAlerts), which keys a record by one column: `id`, the same as the
    // Firestore document's (domain/cartReminders.ts cartReminderId; firestore/docIds.ts keyId of the product and
    // variant), filled for the rows before. The tables keep their columns and their two-column keys.
    statements: [
      'ALTER TABLE cart_reminders ADD COLUMN id TEXT',
      keyCartReminders,
      'CREATE UNIQUE INDEX cart_reminders_by_id ON cart_reminders (id)',
      'ALTER TABLE stock_alert_levels ADD COLUMN id TEXT',
      'ALTER TABLE low_stock_marks ADD COLUMN id TEXT',
      keyStockItems,
      'CREATE UNIQUE INDEX stock_alert_levels_by_id ON stock_alert_levels (id)',
      'CREATE UNIQUE INDEX low_stock_marks_by_id ON low_stock_marks (id)',
    ],
  },
  {
    version: 43,
    name: 'reset links end with the sessions',
    // A password reset link is void once the account's sessions were ended after it was sent (a password or email
    // change, signing out everywhere: users.token_version moved on), as a session is (adapters/embedded/accountLinks.ts).
    // Links sent before this migration have none and keep their hour.
    statements: ['ALTER TABLE account_tokens ADD COLUMN token_version INTEGER'],
  },
  {
    version: 44,
    name: 'the mail the mail server refused',
    // The dashboard's word on failing mail (mailOutbox.ts failing): the few messages whose last attempt failed, read
    // without scanning every message ever sent (a sent one has no last_error).
    statements: [
      `CREATE INDEX mail_outbox_failing ON mail_outbox (next_attempt_at) WHERE last_error IS NOT NULL AND status <> 'sent'`,
    ],
  },
  {
    version: 45,
    name: 'an order index fewer',
    // Issue 42: a placed order, and each change of its status, wrote an entry in each of eight order indexes (each a
    // page of the commit's WAL). orders_by_expiry (status, expires_at) answered what orders_by_status (status,
    // created_at, id) answers as well: the holds due to expire or to be reminded are found among the unpaid orders,
    // the holds of the last hours. test/orderIndexes.test.ts keeps each order query on an index. (orders_by_user and
    // orders_by_user_status both stay: a customer's list in date order, and a placement's read of the customer's
    // unpaid orders, which SQLite would otherwise read among every unpaid order of the shop.)
    statements: ['DROP INDEX orders_by_expiry'],
  },
];

/** Migration 42's backfill: each level and low-stock mark its id, keyId of `product|variant` (as Firestore's). */
async function keyStockItems(tx: Transaction): Promise<void> {
  for (const table of ['stock_alert_levels', 'low_stock_marks']) {
    const rows = (await tx.execute(`SELECT product_id, variant_key FROM ${table}`)).rows;
    for (const row of rows)
      await tx.execute({
        sql: `UPDATE ${table} SET id = ? WHERE product_id = ? AND variant_key = ?`,
        args: [keyId(`${String(row.product_id)}|${String(row.variant_key)}`), row.product_id, row.variant_key],
      });
  }
}

/** Migration 42's backfill: each reminder sent before its id. */
async function keyCartReminders(tx: Transaction): Promise<void> {
  const rows = (await tx.execute('SELECT user_id, cart_version FROM cart_reminders')).rows;
  for (const row of rows)
    await tx.execute({
      sql: 'UPDATE cart_reminders SET id = ? WHERE user_id = ? AND cart_version = ?',
      args: [cartReminderId(String(row.user_id), String(row.cart_version)), row.user_id, row.cart_version],
    });
}

/** Migration 38's backfill: every product a slug from its name, oldest first (so an older product keeps the plain
 *  one and a later namesake takes -2): the same slugs on every copy of the same data. */
async function backfillSlugs(tx: Transaction): Promise<void> {
  const rows = (await tx.execute('SELECT id, name FROM products ORDER BY created_at, id')).rows;
  const taken = new Set<string>();
  for (const row of rows) {
    const slug = freeSlug(slugOf(String(row.name)), taken);
    taken.add(slug);
    await tx.execute({
      sql: 'INSERT INTO product_slugs (slug, product_id, current) VALUES (?, ?, 1)',
      args: [slug, row.id],
    });
    await tx.execute({ sql: 'UPDATE products SET slug = ? WHERE id = ?', args: [slug, row.id] });
  }
}

/** Migration 30's backfill: the older orders' lines' tax shares, a page of orders at a time. */
async function fillLineTaxes(tx: Transaction): Promise<void> {
  let after = '';
  for (;;) {
    const orders = (
      await tx.execute({
        sql: `SELECT * FROM orders WHERE id > ? AND id IN (SELECT order_id FROM order_items WHERE tax_cents IS NULL)
              ORDER BY id LIMIT 500`,
        args: [after],
      })
    ).rows;
    if (orders.length === 0) return;
    for (const order of orders) {
      const items = (
        await tx.execute({ sql: 'SELECT * FROM order_items WHERE order_id = ? ORDER BY line', args: [order.id] })
      ).rows;
      const shares = ledgerLines(toOrderRecord(order, items));
      for (const [index, item] of items.entries())
        await tx.execute({
          sql: 'UPDATE order_items SET tax_cents = ? WHERE order_id = ? AND line = ?',
          args: [shares[index]!.taxCents, order.id, item.line],
        });
    }
    after = String(orders.at(-1)!.id);
  }
}
