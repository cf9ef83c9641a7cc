// The admin's customers on the embedded database (issue 40, domain/customers.ts): computed by SQL over users and
// orders on each request (one aggregate pass over the orders, by the orders_by_user index's column), so the
// figures are always those of the orders as they are. Accounts are the users rows (with or without orders);
// guests are the orders kept under a `guest:` customer id.
import {
  GUEST_NAME,
  pageCount,
  pageWindow,
  toDollars,
  type Customer,
  type CustomerListQuery,
  type CustomerPage,
} from '../../domain/index.js';
import type { CustomerStore } from '../../ports.js';
import type { Database } from './db.js';
import { customerMatch } from './mapping.js';
import type { Row } from './sql.js';

// Completed refunds of an order (domain/refunds.ts refundedCents): an order's share is domain customerSpentCents.
const REFUNDED = `coalesce((SELECT sum(json_extract(r.value, '$.amountCents')) FROM json_each(o.refunds_json) r
  WHERE json_extract(r.value, '$.status') = 'completed'), 0)`;

/** Every customer as a row: key, account_id (null for a guest), name, email, guest, orders, spent_cents, last_at. */
const CUSTOMERS = `
  WITH agg AS (
    SELECT o.user_id AS id, count(*) AS orders, max(o.created_at) AS last_at,
      sum(CASE WHEN o.paid_at IS NOT NULL THEN max(0, o.total_cents - ${REFUNDED}) ELSE 0 END) AS spent_cents
    FROM orders o GROUP BY o.user_id
  ),
  customers AS (
    SELECT u.id AS key, u.id AS account_id, u.name AS name, u.email AS email, 0 AS guest,
      coalesce(a.orders, 0) AS orders, coalesce(a.spent_cents, 0) AS spent_cents, a.last_at AS last_at
    FROM users u LEFT JOIN agg a ON a.id = u.id
    UNION ALL
    SELECT a.id, NULL,
      (SELECT coalesce(nullif(trim(json_extract(o.shipping_json, '$.recipientName')), ''), ?)
         FROM orders o WHERE o.user_id = a.id ORDER BY o.created_at DESC, o.id DESC LIMIT 1),
      (SELECT o.user_email FROM orders o WHERE o.user_id = a.id ORDER BY o.created_at DESC, o.id DESC LIMIT 1),
      1, a.orders, a.spent_cents, a.last_at
    FROM agg a WHERE a.id LIKE 'guest:%'
  )`;

function toCustomer(r: Row): Customer {
  const guest = Number(r.guest) === 1;
  return {
    ...(guest ? {} : { _id: String(r.account_id) }),
    name: String(r.name),
    email: String(r.email),
    guest,
    orders: Number(r.orders),
    totalSpent: toDollars(Number(r.spent_cents)),
    lastOrderAt: r.last_at === null || r.last_at === undefined ? null : String(r.last_at),
  };
}

export class SqlCustomers implements CustomerStore {
  constructor(private readonly db: Database) {}

  async list(query: CustomerListQuery): Promise<CustomerPage> {
    const match = query.search ? customerMatch('email', 'name', query.search) : null;
    const where = match ? `WHERE ${match.sql}` : '';
    const args = [GUEST_NAME, ...(match?.args ?? [])];
    const c = this.db.client;
    const counted = await c.execute({ sql: `${CUSTOMERS} SELECT count(*) AS n FROM customers ${where}`, args });
    const total = Number(counted.rows[0]?.n ?? 0);
    const pages = pageCount(total, query.pageSize);
    const start = (query.page - 1) * query.pageSize;
    if (start >= total) return { customers: [], page: query.page, pages, total };
    // domain CUSTOMER_SORT: the latest order first, those without one last, then name and key.
    const rs = await c.execute({
      sql: `${CUSTOMERS} SELECT * FROM customers ${where}
            ORDER BY last_at IS NULL, last_at DESC, name, key LIMIT ? OFFSET ?`,
      args: [...args, pageWindow(total, query.page, query.pageSize).count, start],
    });
    return { customers: rs.rows.map(toCustomer), page: query.page, pages, total };
  }

  async get(id: string): Promise<Customer | null> {
    const rs = await this.db.client.execute({
      sql: `${CUSTOMERS} SELECT * FROM customers WHERE key = ?`,
      args: [GUEST_NAME, id],
    });
    return rs.rows[0] ? toCustomer(rs.rows[0]) : null;
  }
}
