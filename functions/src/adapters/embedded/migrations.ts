// Versioned schema migrations, applied in order at start (db.ts). Never edit a released one: add the next.
export interface Migration {
  version: number;
  name: string;
  statements: string[];
}

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
];
