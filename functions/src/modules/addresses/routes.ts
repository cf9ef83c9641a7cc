// The account's address book (issue 30): GET/POST /api/users/profile/addresses, PUT/DELETE …/addresses/:id. The
// owner's only (the caller's own book: another account's address id is simply not found); the decisions (at most
// MAX_SAVED_ADDRESSES, no duplicates) are domain/addresses.ts's, written by the store in one transaction.
import { shippingAddressSchema } from '../../domain/index.js';
import { callerOf, requireUser } from '../../http/auth.js';
import { parse, parseId } from '../../http/validate.js';
import type { Ports } from '../../ports.js';
import { endpoints } from '../../api/endpoints.js';
import { endpointRouter, handle } from '../../http/endpoint.js';

export function addressRoutes({ store, auth }: Ports) {
  const router = endpointRouter('/api/users/profile/addresses');
  const signedIn = requireUser(auth);

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

  return router;
}
