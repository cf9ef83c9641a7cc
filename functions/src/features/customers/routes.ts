// The admin's customers (issue 40, domain/customers.ts): GET /api/customers (a page, searched) and
// GET /api/customers/:key (an account id or a guest's email: the customer and their orders).
import { endpoints } from '../../api/endpoints.js';
import {
  CUSTOMER_ORDERS_LIMIT,
  CUSTOMER_PAGE_SIZE,
  customerIdOfKey,
  customerListQuerySchema,
  notFound,
  type CustomerDetail,
} from '../../domain/index.js';
import { requireAdmin } from '../../http/auth.js';
import { endpointRouter, handle } from '../../http/endpoint.js';
import { parse } from '../../http/validate.js';
import type { Ports } from '../../ports.js';

export function customerRoutes({ store, auth }: Ports) {
  const router = endpointRouter('/api/customers');
  router.use(requireAdmin(auth));

  handle(router, endpoints.customerList, async (req, res) => {
    const query = parse(customerListQuerySchema, req.query);
    res.json(await store.customers.list({ search: query.keyword, page: query.page, pageSize: CUSTOMER_PAGE_SIZE }));
  });

  handle(router, endpoints.customerGet, async (req, res) => {
    const key = String(req.params.key ?? '');
    if (!key || key.length > 320) throw notFound('Customer not found');
    const id = customerIdOfKey(key);
    const customer = await store.customers.get(id);
    if (!customer) throw notFound('Customer not found');
    const { orders } = await store.orders.list({
      userId: id,
      search: '',
      sort: 'newest',
      page: 1,
      pageSize: CUSTOMER_ORDERS_LIMIT,
    });
    const detail: CustomerDetail = { customer, orders };
    res.json(detail);
  });

  return router;
}
