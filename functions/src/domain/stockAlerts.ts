// Back-in-stock alerts (issue 41): "Notify me" on a sold-out product or variant. Pure rules; the stores keep the
// subscriptions (StockAlertStore, modules/stockAlerts/store.ts) and the restock subscriber (features/stockAlerts/restockMails.ts) asks
// these rules how many to mail.
import { badInput, conflict } from './errors.js';
import type { Product } from './types.js';
import { variantLabel } from './variants.js';

/** A subscription: `pending` until its address is confirmed (a guest's, or an unverified account's), `waiting` for
 *  the next restock, `notified` once its mail was recorded (subscribing again makes it wait again). */
export type StockAlertStatus = 'pending' | 'waiting' | 'notified';

export interface StockAlert {
  _id: string;
  product: string;
  /** The variant's id; null for a product without variants. */
  variant: string | null;
  email: string;
  status: StockAlertStatus;
  /** When it was (last) asked for: the queue's order, oldest first. */
  createdAt: string;
  notifiedAt?: string | null;
}

export interface NewStockAlert {
  product: string;
  variant: string | null;
  email: string;
  /** Subscribed at once (a signed-in account whose address is verified); else it waits for the confirmation link. */
  confirmed: boolean;
}

/** Waiting demand: confirmed subscribers not mailed yet, per product and variant (the admin's figures). */
export interface StockAlertDemand {
  product: string;
  variant: string | null;
  waiting: number;
}

export const STOCK_ALERT_MESSAGES = {
  chooseVariant: 'Choose a variant to be notified about',
  unknownVariant: 'No such variant of this product',
  inStock: 'This item is in stock: add it to your cart',
  subscribed: 'We will email you when it is back in stock',
  confirmFirst: 'Check your inbox: confirm your address to be notified',
  confirmed: 'Confirmed: we will email you when it is back in stock',
  unsubscribed: 'You will not get this alert',
  invalidLink: 'This link is not valid',
} as const;

/**
 * How many waiting subscribers one restock mails: three per unit that came back, and at least ten. Mailing everyone
 * at once for two units would disappoint most of them (sold out again before they click); three per unit leaves room
 * for those who do not buy, and ten keeps a short queue moving when a single unit returns. The rest wait (oldest
 * first) for the next restock: a later rise of the stock mails the next ones.
 */
export const RESTOCK_MAILS_PER_UNIT = 3;
export const RESTOCK_MAILS_MIN = 10;

export function restockBatchSize(unitsBack: number): number {
  if (!(unitsBack > 0)) return 0;
  return Math.max(unitsBack * RESTOCK_MAILS_PER_UNIT, RESTOCK_MAILS_MIN);
}

/** The units a stock move brought back (0 when it fell or stayed). */
export function unitsBack(before: number, after: number): number {
  return Math.max(0, after - before);
}

/** The variant key the stores keep a product's own level under ('' for a product without variants). */
export const alertVariantKey = (variant: string | null | undefined) => variant ?? '';

/**
 * Checks a subscription may be made: the variant is the product's (required when it has variants), and it is sold
 * out (400 for a wrong or missing variant, 409 when it is in stock). Answers the variant's label ('' without one).
 */
export function checkSubscribable(product: Product, variant: string | null | undefined): { label: string } {
  const variants = product.variants ?? [];
  if (variants.length === 0) {
    if (variant) throw badInput(STOCK_ALERT_MESSAGES.unknownVariant);
    if (product.countInStock > 0) throw conflict(STOCK_ALERT_MESSAGES.inStock);
    return { label: '' };
  }
  if (!variant) throw badInput(STOCK_ALERT_MESSAGES.chooseVariant);
  const found = variants.find((v) => v._id === variant);
  if (!found) throw badInput(STOCK_ALERT_MESSAGES.unknownVariant);
  if (found.countInStock > 0) throw conflict(STOCK_ALERT_MESSAGES.inStock);
  return { label: variantLabel(product.options ?? [], found) };
}

/** The label of a product's variant for a mail ('' for the product itself or a variant gone since). */
export function alertVariantLabel(product: Product, variant: string | null): string {
  if (!variant) return '';
  const found = product.variants?.find((v) => v._id === variant);
  return found ? variantLabel(product.options ?? [], found) : '';
}

/** The stock levels a product shows (one per variant, or its own), as the alert subscriber reads them. */
export function productLevels(product: Product): { product: string; variant: string | null; countInStock: number }[] {
  const variants = product.variants ?? [];
  if (variants.length === 0) return [{ product: product._id, variant: null, countInStock: product.countInStock }];
  return variants.map((v) => ({ product: product._id, variant: v._id, countInStock: v.countInStock }));
}

/** Whether a re-subscription renews an alert: a notified one waits again (a new wish), the others stay as they are,
 *  except that a pending one is confirmed at once when the caller is verified. */
export function renewedStatus(existing: StockAlertStatus, confirmed: boolean): StockAlertStatus | null {
  if (existing === 'notified') return confirmed ? 'waiting' : 'pending';
  if (existing === 'pending' && confirmed) return 'waiting';
  return null;
}

// Issue 40: the owner's low-stock alert, one mail per item and crossing. An item is "marked" from the stock move that
// takes it to or below the threshold until one takes it back above: only the move that marks it mails.

export interface StockLevelOf {
  product: string;
  variant: string | null;
  countInStock: number;
}

/** Which items a product's levels newly take to or below `threshold` (mark and mail), and which rise back above it
 *  (clear: their next fall mails again). `marked`: the variant keys (alertVariantKey) marked now. */
export function lowStockCrossings(
  levels: readonly StockLevelOf[],
  marked: ReadonlySet<string>,
  threshold: number,
): { mark: StockLevelOf[]; clear: string[] } {
  const mark: StockLevelOf[] = [];
  const clear: string[] = [];
  for (const level of levels) {
    const key = alertVariantKey(level.variant);
    const low = level.countInStock <= threshold;
    if (low && !marked.has(key)) mark.push(level);
    else if (!low && marked.has(key)) clear.push(key);
  }
  return { mark, clear };
}
