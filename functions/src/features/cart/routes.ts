// The signed-in shopper's own cart, kept on the server (embedded backend): GET /api/cart and PUT /api/cart (the
// whole cart, validated by domain/cart.ts). There is no way to name another account's cart: it is the caller's.
import { cartSchema } from '../../domain/cartSchema.js';
import { callerOf, requireUser } from '../../http/auth.js';
import { parse } from '../../http/validate.js';
import type { CartStore, Ports } from '../../ports.js';
import { endpoints } from '../../api/endpoints.js';
import { endpointRouter, handle } from '../../http/endpoint.js';

export function cartRoutes({ auth, clock }: Ports, carts: CartStore) {
  const router = endpointRouter('/api/cart');
  const signedIn = requireUser(auth);

  handle(router, endpoints.cartGet, signedIn, async (req, res) => {
    res.json(await carts.get(callerOf(req).uid));
  });

  handle(router, endpoints.cartPut, signedIn, async (req, res) => {
    const { items } = parse(cartSchema, req.body);
    res.json(await carts.put(callerOf(req).uid, items, clock.now()));
  });

  return router;
}
