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
];
