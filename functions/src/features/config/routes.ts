import { Router } from 'express';
import { SHOP_CURRENCY, type PublicConfig } from '../../domain/index.js';
import type { Ports } from '../../ports.js';

export function configRoutes({ payments, store }: Ports, options: { backend: PublicConfig['backend'] }) {
  const router = Router();

  // As the original clients expect: the PayPal client id as plain text ('' in simulated mode).
  router.get('/config/paypal', (_req, res) => {
    res.type('text/plain').send(payments.clientId);
  });

  router.get('/config', (_req, res) => {
    const config: PublicConfig = {
      paymentMode: payments.mode,
      paypalClientId: payments.clientId,
      currency: SHOP_CURRENCY,
      backend: options.backend,
    };
    res.json(config);
  });

  router.get('/health', async (_req, res) => {
    await store.ping();
    res.json({ ok: true });
  });

  return router;
}
