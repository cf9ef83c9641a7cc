// Back-in-stock alerts (issue 41): "Notify me" (POST /api/products/:id/stock-alerts), the mailed links' confirm and
// unsubscribe (POST /api/stock-alerts/confirm|unsubscribe, no sign-in: the signed token is the right), and the
// admin's waiting demand (GET /api/stock-alerts/demand). The mails on restock: restockMails.ts.
import type { RequestHandler } from 'express';
import { endpoints } from '../../api/endpoints.js';
import { badInput, notFound, unavailable } from '../../domain/errors.js';
import { sameEmail } from '../../domain/search.js';
import {
  stockAlertDemandQuerySchema,
  stockAlertSchema,
  stockAlertTokenSchema,
} from '../../domain/stockAlertSchemas.js';
import { checkSubscribable, STOCK_ALERT_MESSAGES } from '../../domain/stockAlerts.js';
import { optionalUser, requireAdmin } from '../../http/auth.js';
import { endpointRouter, handle } from '../../http/endpoint.js';
import { parse, parseId } from '../../http/validate.js';
import type { Caller, Ports } from '../../ports.js';
import { confirmMail } from './mails.js';

export interface StockAlertRouteOptions {
  /** http/rateLimits.ts stockAlertLimiters. */
  limiters: RequestHandler[];
}

/** Two routers: `products` mounted at /api/products (beside the catalogue's), `links` at /api/stock-alerts. */
export function stockAlertRoutes(ports: Ports, { limiters }: StockAlertRouteOptions) {
  const { store, auth, accounts, stockAlertLinks } = ports;
  const linksOrThrow = () => {
    if (!stockAlertLinks) throw unavailable('Back-in-stock alerts are not configured');
    return stockAlertLinks;
  };

  /** Whether the caller is the address's verified owner: then no confirmation is needed. */
  const verifiedOwner = async (caller: Caller | undefined, email: string): Promise<boolean> => {
    if (!caller) return false;
    const user = await store.users.get(caller.uid);
    if (!user || !sameEmail(user.email, email)) return false;
    if (accounts) return (await accounts.emailVerification(caller.uid)).verified;
    return caller.emailVerified === true && sameEmail(caller.email, user.email);
  };

  const products = endpointRouter('/api/products');
  handle(products, endpoints.stockAlertCreate, optionalUser(auth), ...limiters, async (req, res) => {
    const links = linksOrThrow();
    const id = parseId(req.params.id, 'Product');
    const body = parse(stockAlertSchema, req.body);
    const product = await store.products.get(id, { reviews: false });
    if (!product) throw notFound('Product not found');
    const variant = body.variant ?? null;
    checkSubscribable(product, variant);
    const confirmed = await verifiedOwner(req.caller, body.email);
    const { alert } = await store.stockAlerts.subscribe(
      { product: id, variant, email: body.email, confirmed },
      (pending) => confirmMail(pending, product, links),
    );
    const message = alert.status === 'pending' ? STOCK_ALERT_MESSAGES.confirmFirst : STOCK_ALERT_MESSAGES.subscribed;
    res.json({ message, status: alert.status });
  });

  const links = endpointRouter('/api/stock-alerts');
  handle(links, endpoints.stockAlertConfirm, async (req, res) => {
    const { token } = parse(stockAlertTokenSchema, req.body);
    const id = linksOrThrow().confirm.verify(token);
    if (!id) throw badInput(STOCK_ALERT_MESSAGES.invalidLink);
    const alert = await store.stockAlerts.confirm(id);
    if (!alert) throw notFound('This alert was removed');
    // Issue 40: the page's "Back to the product" links the readable address (no redirect); a product deleted since
    // has none, and the page then links the id.
    const product = await store.products.get(alert.product, { reviews: false });
    res.json({
      message: STOCK_ALERT_MESSAGES.confirmed,
      productId: alert.product,
      ...(product ? { productSlug: product.slug } : {}),
    });
  });

  handle(links, endpoints.stockAlertUnsubscribe, async (req, res) => {
    const { token } = parse(stockAlertTokenSchema, req.body);
    const id = linksOrThrow().unsubscribe.verify(token);
    if (!id) throw badInput(STOCK_ALERT_MESSAGES.invalidLink);
    // Idempotent: a second click (or a removed alert) answers the same.
    await store.stockAlerts.unsubscribe(id);
    res.json({ message: STOCK_ALERT_MESSAGES.unsubscribed });
  });

  handle(links, endpoints.stockAlertDemand, requireAdmin(auth), async (req, res) => {
    const { products: ids } = parse(stockAlertDemandQuerySchema, req.query);
    res.json(await store.stockAlerts.demand(ids));
  });

  return { products, links };
}
