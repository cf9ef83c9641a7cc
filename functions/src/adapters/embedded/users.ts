// The UserStore port on the embedded database (profiles; the credentials are the embedded auth's, auth.ts).
import { ACCOUNT_OWNED_MODELS } from '../../modules/index.js';
import { forgetOwned } from './modelStore.js';
import type { InValue } from './sql.js';
import {
  anonymisedFields,
  conflict,
  emailKey,
  notFound,
  pageCount,
  pageWindow,
  type UserListQuery,
  type UserPage,
} from '../../domain/index.js';
import type { Clock, QueuedMail, StoredUser, UserStore } from '../../ports.js';
import type { Database } from './db.js';
import { recordMail } from './mailOutbox.js';
import { customerMatch, isUniqueViolation, toUser } from './mapping.js';

export class SqlUsers implements UserStore {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async get(id: string) {
    const rs = await this.db.client.execute({ sql: 'SELECT * FROM users WHERE id = ?', args: [id] });
    return rs.rows[0] ? toUser(rs.rows[0]) : null;
  }

  async findByEmail(email: string) {
    const rs = await this.db.client.execute({
      sql: 'SELECT * FROM users WHERE email_key = ?',
      args: [emailKey(email)],
    });
    return rs.rows[0] ? toUser(rs.rows[0]) : null;
  }

  async list(query: UserListQuery): Promise<UserPage<StoredUser>> {
    const match = query.search ? customerMatch('email', 'name', query.search) : null;
    const where = match ? `WHERE ${match.sql}` : '';
    const args = match?.args ?? [];
    const c = this.db.client;
    const counted = await c.execute({ sql: `SELECT count(*) AS n FROM users ${where}`, args });
    const total = Number(counted.rows[0]?.n ?? 0);
    const window = pageWindow(total, query.page, query.pageSize);
    const pages = pageCount(total, query.pageSize);
    if (window.count === 0) return { users: [], page: query.page, pages, total };
    const dir = window.fromEnd ? 'DESC' : 'ASC'; // oldest first; the back half read from the end (pageWindow)
    const rs = await c.execute({
      sql: `SELECT * FROM users ${where} ORDER BY created_at ${dir}, id ${dir} LIMIT ? OFFSET ?`,
      args: [...args, window.count, window.offset],
    });
    const rows = window.fromEnd ? [...rs.rows].reverse() : rs.rows;
    return { users: rows.map(toUser), page: query.page, pages, total };
  }

  /** With the embedded auth the row (with the credentials) exists already and this fills the profile; with another
   *  auth (Firebase Auth + this store, or the store alone) it inserts a profile whose password never verifies ('!').
   *  `mails` go to the outbox in the same transaction when it inserts the row (not when it fills one). */
  async create(user: { _id: string; name: string; email: string; isAdmin: boolean }, mails: QueuedMail[] = []) {
    try {
      await this.db.write(async (tx) => {
        const existed = (await tx.execute({ sql: 'SELECT 1 FROM users WHERE id = ?', args: [user._id] })).rows.length;
        await tx.execute({
          sql: `INSERT INTO users (id, name, email, email_key, password_hash, is_admin, created_at) VALUES (?, ?, ?, ?, '!', ?, ?)
                ON CONFLICT (id) DO UPDATE SET name = excluded.name, email = excluded.email, email_key = excluded.email_key,
                  is_admin = excluded.is_admin`,
          args: [
            user._id,
            user.name,
            user.email,
            emailKey(user.email),
            user.isAdmin ? 1 : 0,
            this.clock.now().toISOString(),
          ],
        });
        if (!existed) for (const mail of mails) await recordMail(tx, mail, this.clock.now());
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('Email already in use');
      throw error;
    }
    const created = await this.get(user._id);
    if (!created) throw notFound('User not found');
    return created;
  }

  async update(id: string, patch: { name?: string; email?: string; isAdmin?: boolean }) {
    const sets: string[] = [];
    const args: InValue[] = [];
    if (patch.name !== undefined) {
      sets.push('name = ?');
      args.push(patch.name);
    }
    if (patch.email !== undefined) {
      sets.push('email = ?', 'email_key = ?');
      args.push(patch.email, emailKey(patch.email));
    }
    if (patch.isAdmin !== undefined) {
      sets.push('is_admin = ?');
      args.push(patch.isAdmin ? 1 : 0);
    }
    if (sets.length) {
      try {
        await this.db.write((tx) =>
          tx.execute({ sql: `UPDATE users SET ${sets.join(', ')} WHERE id = ?`, args: [...args, id] }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('Email already in use');
        throw error;
      }
    }
    return this.get(id);
  }

  async forget(id: string): Promise<void> {
    // What is anonymised is the domain's (accountDeletion.ts anonymisedFields); this writes it.
    const { order, review } = anonymisedFields(id);
    await this.db.write(async (tx) => {
      await tx.execute({
        sql: 'UPDATE orders SET user_name = ?, user_email = ?, shipping_json = ? WHERE user_id = ?',
        args: [order.user.name, order.user.email, JSON.stringify(order.shippingAddress), id],
      });
      await tx.execute({ sql: 'UPDATE reviews SET name = ? WHERE user_id = ?', args: [review.name, id] });
      await tx.execute({ sql: 'DELETE FROM carts WHERE user_id = ?', args: [id] });
      await tx.execute({ sql: 'DELETE FROM account_tokens WHERE user_id = ?', args: [id] });
      for (const model of ACCOUNT_OWNED_MODELS) await forgetOwned(tx, model, id);
      await tx.execute({ sql: 'DELETE FROM users WHERE id = ?', args: [id] });
    });
  }

  async remove(id: string) {
    const rs = await this.db.write(async (tx) => {
      for (const model of ACCOUNT_OWNED_MODELS) await forgetOwned(tx, model, id);
      return tx.execute({ sql: 'DELETE FROM users WHERE id = ?', args: [id] });
    });
    return rs.rowsAffected > 0;
  }
}
