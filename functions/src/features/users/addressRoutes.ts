// The account's address book (issue 30): GET/POST /api/users/profile/addresses, PUT/DELETE …/addresses/:id. The
// owner's only (the caller's own book: another account's address id is simply not found); the decisions (at most
// MAX_SAVED_ADDRESSES, no duplicates) are domain/addresses.ts's, written by the store in one transaction.
import type { RequestHandler, Router } from 'express';
import { shippingAddressSchema } from '../../domain/index.js';
import { callerOf } from '../../http/auth.js';
import { parse, parseId } from '../../http/validate.js';
import type { Store } from '../../ports.js';

export function mountAddressRoutes(router: Router, store: Store, signedIn: RequestHandler) {
  router.get('/profile/addresses', signedIn, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await store.addresses.list(callerOf(req).uid));
  });

  router.post('/profile/addresses', signedIn, async (req, res) => {
    const address = parse(shippingAddressSchema, req.body);
    res.status(201).json(await store.addresses.add(callerOf(req).uid, address));
  });

  router.put('/profile/addresses/:id', signedIn, async (req, res) => {
    const id = parseId(req.params.id, 'Address');
    const address = parse(shippingAddressSchema, req.body);
    res.json(await store.addresses.update(callerOf(req).uid, id, address));
  });

  router.delete('/profile/addresses/:id', signedIn, async (req, res) => {
    const id = parseId(req.params.id, 'Address');
    await store.addresses.remove(callerOf(req).uid, id);
    res.json({ message: 'Address removed' });
  });
}
