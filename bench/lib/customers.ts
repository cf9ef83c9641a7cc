// Bench customers, written straight into the shop's database (one scrypt hash, as registration makes them, shared
// by all): creating hundreds over HTTP would time scrypt, not what a benchmark measures.
import { EmbeddedAuth, hashPassword } from '../../functions/src/adapters/embedded/auth.js';
import { Database } from '../../functions/src/adapters/embedded/db.js';
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

/** A signed-in customer per email, in the shop's database at `dataDir` (the server may be running): their bearer
 *  tokens, in order, signed with the server's `jwtSecret` by the shop's own code, so signing in is not measured. */
export async function signedInCustomers(
  dataDir: string,
  jwtSecret: string,
  emails: string[],
  password: string,
): Promise<string[]> {
  const db = await Database.open(dataDir);
  try {
    const signer = new EmbeddedAuth(db, new TextEncoder().encode(jwtSecret));
    return await Promise.all((await insertCustomers(db, emails, password)).map((id) => signer.issueToken(id)));
  } finally {
    db.close();
  }
}
