// The back-in-stock messages (issue 41): who, which template, under which key, with signed links. The key names
// the alert and when it was (last) asked for, so each wish is mailed at most once and a renewed one may be again.
import { paths } from '../../domain/routes.js';
import { alertVariantLabel, type StockAlert, type StockLevelOf } from '../../domain/stockAlerts.js';
import type { Product } from '../../domain/types.js';
import type { Ports, QueuedMail } from '../../ports.js';

export type StockAlertLinks = NonNullable<Ports['stockAlertLinks']>;

const item = (alert: StockAlert, product: Product) => ({
  productName: product.name,
  variantLabel: alertVariantLabel(product, alert.variant),
});

export function confirmMail(alert: StockAlert, product: Product, links: StockAlertLinks): QueuedMail {
  return {
    key: `stock-alert-confirm:${alert._id}:${alert.createdAt}`,
    to: alert.email,
    template: 'stock-alert-confirm',
    data: {
      ...item(alert, product),
      confirmPath: paths.stockAlertConfirm.href(links.confirm.sign(alert._id)),
      unsubscribePath: paths.stockAlertUnsubscribe.href(links.unsubscribe.sign(alert._id)),
    },
  };
}

export function backInStockMail(alert: StockAlert, product: Product, links: StockAlertLinks): QueuedMail {
  return {
    key: `back-in-stock:${alert._id}:${alert.createdAt}`,
    to: alert.email,
    template: 'back-in-stock',
    data: {
      ...item(alert, product),
      // Issue 40: the product's address (a mail sent before a rename still leads there: old slugs redirect).
      productPath: paths.product.href(product.slug),
      unsubscribePath: paths.stockAlertUnsubscribe.href(links.unsubscribe.sign(alert._id)),
    },
  };
}

/** Issue 40: the owner's low-stock alert for one item, to each admin (one message per address and crossing). */
export function lowStockMails(
  level: StockLevelOf,
  product: Product,
  threshold: number,
  admins: readonly string[],
  markedAt: string,
): QueuedMail[] {
  const variant = level.variant ? product.variants?.find((v) => v._id === level.variant) : undefined;
  return admins.map((to) => ({
    key: `low-stock:${product._id}:${level.variant ?? ''}:${markedAt}:${to}`,
    to,
    template: 'low-stock',
    data: {
      productName: product.name,
      variantLabel: alertVariantLabel(product, level.variant),
      sku: variant?.sku ?? '',
      countInStock: level.countInStock,
      threshold,
      productPath: paths.admin.productEdit.href(product._id),
    },
  }));
}
