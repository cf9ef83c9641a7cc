// The first admin: made by a person with project credentials (scripts/firebase/bootstrap-admin.mjs, Admin SDK),
// never by an open endpoint. Later admins are granted by an admin through PUT /api/users/:id.
import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { Store } from '../../ports.js';

export interface BootstrapInput {
  email: string;
  /** Creates the account with this password when no account has the email yet. */
  password?: string;
  name?: string;
}

/** Grants the `admin` claim to the account with this email (creating it if a password is given) and writes its
 *  profile with isAdmin true. Idempotent. Answers the uid and whether the account was created. */
export async function bootstrapAdmin(
  auth: Auth,
  store: Store,
  input: BootstrapInput,
): Promise<{ uid: string; created: boolean }> {
  const email = input.email.trim();
  let user: UserRecord;
  let created = false;
  try {
    user = await auth.getUserByEmail(email);
  } catch (error) {
    if ((error as { code?: string })?.code !== 'auth/user-not-found') throw error;
    if (!input.password) throw new Error(`No account has the email ${email}: give a password to create it`);
    user = await auth.createUser({ email, password: input.password, displayName: input.name ?? 'Admin User' });
    created = true;
  }
  await auth.setCustomUserClaims(user.uid, { ...(user.customClaims ?? {}), admin: true });
  const profile = await store.users.get(user.uid);
  if (profile) await store.users.update(user.uid, { isAdmin: true });
  else
    await store.users.create({
      _id: user.uid,
      name: input.name ?? user.displayName ?? 'Admin User',
      email: user.email ?? email,
      isAdmin: true,
    });
  return { uid: user.uid, created };
}
