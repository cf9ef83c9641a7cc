// The back-in-stock alerts' field tables (issue 41, moved onto the generic stores by issue 39): the tables of
// migration 35 (the levels and marks keyed by `id` since migration 42) and the Firestore collections the
// hand-written stores kept (firestore/schema.ts, docs/firebase.md), each record keyed alike on both: by keyId of
// what makes it one (keys below). An alert written on the embedded store before issue 39 kept a random id: found by
// its product, variant and email key.
import { defineModel, definePartialModel, field } from '../../domain/model.js';
import { emailKey } from '../../domain/search.js';
import { alertVariantKey } from '../../domain/stockAlerts.js';
import { keyId } from '../../firestore/docIds.js';

/** One alert per product, variant ('' for the product itself) and email key. */
export const STOCK_ALERT_MODEL = defineModel({
  name: 'stock alert',
  table: 'stock_alerts',
  collection: 'stockAlerts',
  key: { field: '_id', column: 'id' },
  // An item's waiting alerts, oldest first (and the table's UNIQUE (product_id, variant_key, email_key)).
  indexes: [{ name: 'stock_alerts_queue', columns: ['product_id', 'variant_key', 'status', 'created_at'] }],
  fields: {
    product: field.text({ column: 'product_id' }),
    variantKey: field.text({ column: 'variant_key' }),
    email: field.text({ column: 'email' }),
    emailKey: field.text({ column: 'email_key' }),
    /** domain/stockAlerts.ts StockAlertStatus. */
    status: field.text({ column: 'status' }),
    createdAt: field.timestamp({ column: 'created_at' }),
    notifiedAt: field.timestamp({ column: 'notified_at', nullable: true }),
  },
});

/** The last stock level heard of a watched product or variant: a rise is a restock. */
export const STOCK_ALERT_LEVEL_MODEL = defineModel({
  name: 'stock alert level',
  table: 'stock_alert_levels',
  collection: 'stockAlertLevels',
  key: { field: 'id', column: 'id' },
  // Keyed by `id` through its unique index (the table's primary key is the product and the variant).
  indexes: [{ columns: ['id'], unique: true }],
  fields: {
    product: field.text({ column: 'product_id' }),
    variantKey: field.text({ column: 'variant_key' }),
    level: field.count({ column: 'level' }),
  },
});

/** Issue 40: an item at or below the low-stock threshold whose owner's mail went out (removed back above it). */
export const LOW_STOCK_MARK_MODEL = defineModel({
  name: 'low-stock mark',
  table: 'low_stock_marks',
  collection: 'lowStockMarks',
  key: { field: 'id', column: 'id' },
  // Keyed by `id` through its unique index (the table's primary key is the product and the variant).
  indexes: [{ columns: ['id'], unique: true }],
  fields: {
    product: field.text({ column: 'product_id' }),
    variantKey: field.text({ column: 'variant_key' }),
    markedAt: field.timestamp({ column: 'marked_at' }),
  },
});

/** The admins the low-stock mail goes to, oldest account first (partial: the accounts are the users store's). */
export const STOCK_ADMIN_MODEL = definePartialModel('account', {
  name: 'stock admin',
  fields: {
    email: field.text({ column: 'email' }),
    isAdmin: field.flag({ column: 'is_admin' }),
    createdAt: field.timestamp({ column: 'created_at', optional: true }),
  },
});

/** An alert's key: its product, variant and email key. */
export const alertKey = (product: string, variant: string | null, email: string) =>
  keyId(`${product}|${alertVariantKey(variant)}|${emailKey(email)}`);

/** A level's or a low-stock mark's key: its product and variant. */
export const itemKey = (product: string, variant: string | null) => keyId(`${product}|${alertVariantKey(variant)}`);
