// The account's address book (issue 30): GET/POST /api/users/profile/addresses, PUT/DELETE …/addresses/:id. The
// owner's only (the caller's own book: another account's address id is simply not found); the decisions (at most
// MAX_SAVED_ADDRESSES, no duplicates) are domain/addresses.ts's, written by the store in one transaction.
import type { RequestHandler, Router } from 'express';
import { shippingAddressSchema } from '../../domain/index.js';
import { callerOf } from '../../http/auth.js';
import { parse, parseId } from '../../http/validate.js';
import type { Store } from '../../ports.js';
import { endpoints } from '../../api/endpoints.js';
import { handle } from '../../http/endpoint.js';

export function mountAddressRoutes(router: Router, store: Store, signedIn: RequestHandler) {
  handle(router, endpoints.addressList, signedIn, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await store.addresses.list(callerOf(req).uid));
  });

  handle(router, endpoints.addressAdd, signedIn, async (req, res) => {
    const address = parse(shippingAddressSchema, req.body);
    res.status(201).json(await store.addresses.add(callerOf(req).uid, address));
  });

  handle(router, endpoints.addressUpdate, signedIn, async (req, res) => {
    const id = parseId(req.params.id, 'Address');
    const address = parse(shippingAddressSchema, req.body);
    res.json(await store.addresses.update(callerOf(req).uid, id, address));
  });

  handle(router, endpoints.addressRemove, signedIn, async (req, res) => {
    const id = parseId(req.params.id, 'Address');
    await store.addresses.remove(callerOf(req).uid, id);
    res.json({ message: 'Address removed' });
  });
}
