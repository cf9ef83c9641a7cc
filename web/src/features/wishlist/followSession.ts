// Issue 41: the hearts follow the session. Signed in (now or at load): the account's list replaces a stale mirror and
// a guest's is merged into it; signed out: the account's list is forgotten here. The logic is wishlistSync.ts,
// loaded only then (a guest who never clicks a heart never loads it).
import { sessionStore } from '@/lib/session';
import { wishlistStore } from './wishlistStore';
let sessionUid: string | null | undefined;
function followSession() {
  const uid = sessionStore.get()?._id ?? null;
  if (uid === sessionUid) return;
  sessionUid = uid;
  if (!uid && wishlistStore.get().owner === null) return; // a guest's own list: nothing to load or forget
  void import('./wishlistSync').then((m) => (uid ? m.ensureSynced() : m.forgetAccount())).catch(() => undefined);
}
followSession();
sessionStore.subscribe(followSession);
