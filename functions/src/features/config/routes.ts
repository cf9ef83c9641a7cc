import { SHOP_CURRENCY, type PublicConfig } from '../../domain/index.js';
import type { Ports } from '../../ports.js';
import { openApiDocument } from '../../api/openapi.js';
import { endpoints } from '../../api/endpoints.js';
import { endpointRouter, handle } from '../../http/endpoint.js';
import { mailboxAnswers } from '../../mail/devRoutes.js';

export function configRoutes(
  { payments, store }: Ports,
  options: {
    backend: PublicConfig['backend'];
    /** The development mailbox, where this server has one (app.ts), and whether it answers every client. */
    devMailbox?: { open: boolean };
  },
) {
  const router = endpointRouter('/api');

  // As the original clients expect: the PayPal client id as plain text ('' in simulated mode).
  handle(router, endpoints.paypalClientId, (_req, res) => {
    res.type('text/plain').send(payments.clientId);
  });

  handle(router, endpoints.config, (req, res) => {
    const config: PublicConfig = {
      paymentMode: payments.mode,
      paypalClientId: payments.clientId,
      currency: SHOP_CURRENCY,
      backend: options.backend,
      devMailbox: options.devMailbox !== undefined && mailboxAnswers(options.devMailbox.open, req),
    };
    res.json(config);
  });

  handle(router, endpoints.health, async (_req, res) => {
    await store.ping();
    res.json({ ok: true });
  });

  // Generated once, on the first ask (cold starts of the function do not pay for it).
  let openApi: string | undefined;
  handle(router, endpoints.openApi, (_req, res) => {
    openApi ??= JSON.stringify(openApiDocument());
    res.type('application/json').send(openApi);
  });

  return router;
}
