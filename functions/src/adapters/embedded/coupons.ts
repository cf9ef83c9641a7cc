// The CouponStore port on the embedded database (migration 19): a row per code with its terms as JSON and its
// uses; a row per customer and code with that customer's uses. Orders redeem and release in their own
// transactions (unitOfWork.ts: the statements below).
import type { InStatement, Row, Transaction } from './sql.js';
import { conflict, COUPON_MESSAGES, couponCustomerKeys, couponKey, notFound, type Coupon } from '../../domain/index.js';
import type { Clock, CouponStore } from '../../ports.js';
import type { Database } from './db.js';
import { isUniqueViolation } from './mapping.js';

const toCoupon = (r: Row): Coupon => ({
  ...(JSON.parse(String(r.data)) as Omit<Coupon, 'uses'>),
  uses: Number(r.uses),
});

/** The code's terms and uses, and this customer's uses (the most among its keys, couponCustomerKeys), as a placing
 *  transaction reads them. */
export async function loadCoupon(tx: Transaction, code: string, customerKeys: readonly string[]) {
  const rs = await tx.execute({
    sql: `SELECT c.data, c.uses, (SELECT max(uses) FROM coupon_customer_uses u WHERE u.code = c.code
              AND u.user_id IN (SELECT value FROM json_each(?))) AS customer_uses
          FROM coupons c WHERE c.code = ?`,
    args: [JSON.stringify(customerKeys), code],
  });
  const row = rs.rows[0];
  return { code, coupon: row ? toCoupon(row) : null, customerUses: Number(row?.customer_uses ?? 0) };
}

/** One redemption's writes: the code's count (the table's CHECK refuses one past maxUses) and each of the
 *  customer's keys'. */
export function redeemStatements(code: string, customerKeys: readonly string[]): InStatement[] {
  return [
    { sql: 'UPDATE coupons SET uses = uses + 1 WHERE code = ?', args: [code] },
    ...customerKeys.map((key) => ({
      sql: `INSERT INTO coupon_customer_uses (code, user_id, uses) VALUES (?, ?, 1)
            ON CONFLICT (code, user_id) DO UPDATE SET uses = uses + 1`,
      args: [code, key],
    })),
  ];
}

/** Gives an order's redemption back (its expiry or unpaid cancel; a code deleted since has nothing to give back),
 *  never below no use. */
export function releaseStatements(code: string, customerKeys: readonly string[]): InStatement[] {
  return [
    { sql: 'UPDATE coupons SET uses = max(uses - 1, 0) WHERE code = ?', args: [code] },
    {
      sql: `UPDATE coupon_customer_uses SET uses = max(uses - 1, 0)
            WHERE code = ? AND user_id IN (SELECT value FROM json_each(?))`,
      args: [code, JSON.stringify(customerKeys)],
    },
  ];
}

export class SqlCoupons implements CouponStore {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<Coupon[]> {
    const rs = await this.db.client.execute('SELECT data, uses FROM coupons ORDER BY code');
    return rs.rows.map(toCoupon);
  }

  async get(code: string): Promise<Coupon | null> {
    const rs = await this.db.client.execute({
      sql: 'SELECT data, uses FROM coupons WHERE code = ?',
      args: [couponKey(code)],
    });
    return rs.rows[0] ? toCoupon(rs.rows[0]) : null;
  }

  async create(terms: Omit<Coupon, 'uses'>): Promise<Coupon> {
    const coupon = { ...terms, code: couponKey(terms.code) };
    const at = this.clock.now().toISOString();
    try {
      await this.db.write((tx) =>
        tx.execute({
          sql: 'INSERT INTO coupons (code, data, max_uses, uses, created_at, updated_at) VALUES (?, ?, ?, 0, ?, ?)',
          args: [coupon.code, JSON.stringify(coupon), coupon.maxUses ?? null, at, at],
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(COUPON_MESSAGES.exists(coupon.code));
      throw error;
    }
    return { ...coupon, uses: 0 };
  }

  async update(terms: Omit<Coupon, 'uses'>): Promise<Coupon> {
    const coupon = { ...terms, code: couponKey(terms.code) };
    const at = this.clock.now().toISOString();
    return this.db.write(async (tx) => {
      // A limit below the uses so far is allowed (the code is used up), so the CHECK's limit is the larger one.
      const rs = await tx.execute({
        sql: `UPDATE coupons SET data = ?, max_uses = CASE WHEN ? IS NULL THEN NULL ELSE max(?, uses) END,
                updated_at = ? WHERE code = ? RETURNING uses`,
        args: [JSON.stringify(coupon), coupon.maxUses ?? null, coupon.maxUses ?? null, at, coupon.code],
      });
      if (!rs.rows[0]) throw notFound(COUPON_MESSAGES.notFound);
      return { ...coupon, uses: Number(rs.rows[0].uses) };
    });
  }

  async remove(code: string): Promise<void> {
    await this.db.write(async (tx) => {
      const rs = await tx.execute({ sql: 'DELETE FROM coupons WHERE code = ?', args: [couponKey(code)] });
      if (!rs.rowsAffected) throw notFound(COUPON_MESSAGES.notFound);
      await tx.execute({ sql: 'DELETE FROM coupon_customer_uses WHERE code = ?', args: [couponKey(code)] });
    });
  }

  async customerUses(code: string, customer: { _id: string; email: string }): Promise<number> {
    const rs = await this.db.client.execute({
      sql: `SELECT max(uses) AS uses FROM coupon_customer_uses
            WHERE code = ? AND user_id IN (SELECT value FROM json_each(?))`,
      args: [couponKey(code), JSON.stringify(couponCustomerKeys(customer))],
    });
    return Number(rs.rows[0]?.uses ?? 0);
  }
}
