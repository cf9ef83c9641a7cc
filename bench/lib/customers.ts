// Bench customers, written straight into the shop's database (one scrypt hash, as registration makes them, shared
// by all): creating hundreds over HTTP would time scrypt, not what a benchmark measures.
import { hashPassword } from '../../functions/src/adapters/embedded/auth.js';
import type { Database } from '../../functions/src/adapters/embedded/db.js';
import { newId } from '../../functions/src/adapters/embedded/store.js';

/** Inserts a customer per email (all with `password`); their ids, in order. */
export async function insertCustomers(db: Database, emails: string[], password: string): Promise<string[]> {
  const hash = await hashPassword(password);
  const ids = emails.map(() => newId());
  await db.write(async (tx) => {
    for (const [i, email] of emails.entries()) {
      await tx.execute({
        sql: 'INSERT INTO users (id, name, email, email_key, password_hash, is_admin, created_at) VALUES (?, ?, ?, ?, ?, 0, ?)',
        args: [ids[i], `Bench Customer ${i}`, email, email, hash, new Date().toISOString()],
      });
    }
  });
  return ids;
}
