// The back-in-stock messages (issue 41): who, which template, under which key, with signed links. The key names
// the alert and when it was (last) asked for, so each wish is mailed at most once and a renewed one may be again.
import { paths } from '../../domain/routes.js';
import { alertVariantLabel, type StockAlert } from '../../domain/stockAlerts.js';
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
      productPath: paths.product.href(product._id),
      unsubscribePath: paths.stockAlertUnsubscribe.href(links.unsubscribe.sign(alert._id)),
    },
  };
}
