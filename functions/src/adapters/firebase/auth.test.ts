// The Firebase AuthPort's role rules, on a fake Admin SDK Auth: a role change revokes the sessions, and verify()
// refuses revoked tokens (checkRevoked), so a demoted admin loses access at once.
import type { Auth } from 'firebase-admin/auth';
import { describe, expect, it, vi } from 'vitest';
import { FirebaseAuthAdapter } from './auth.js';
import type { IdentityToolkit } from './identityToolkit.js';

const authError = (code: string) => Object.assign(new Error(code), { code });

/** A tiny Auth: tokens are "<uid>:<issuedAtSeconds>", claims are stamped at verify time from the token's era. */
function fakeAuth() {
  const users = new Map<
    string,
    { claims: Record<string, unknown>; validSince: number; claimsAtMint: Map<number, Record<string, unknown>> }
  >();
  let clock = 1000;
  const auth = {
    getUser: vi.fn(async (uid: string) => {
      const u = users.get(uid);
      if (!u) throw authError('auth/user-not-found');
      return { uid, customClaims: u.claims, disabled: false };
    }),
    setCustomUserClaims: vi.fn(async (uid: string, claims: Record<string, unknown>) => {
      users.get(uid)!.claims = claims;
    }),
    revokeRefreshTokens: vi.fn(async (uid: string) => {
      const u = users.get(uid);
      if (!u) throw authError('auth/user-not-found');
      u.validSince = ++clock;
    }),
    verifyIdToken: vi.fn(async (token: string, checkRevoked?: boolean) => {
      const [uid, at] = token.split(':');
      const u = users.get(uid!);
      if (!u) throw authError('auth/argument-error');
      if (checkRevoked && Number(at) < u.validSince) throw authError('auth/id-token-revoked');
      return { uid, ...u.claimsAtMint.get(Number(at)) };
    }),
  };
  return {
    auth: auth as unknown as Auth,
    fake: auth,
    addUser(uid: string, claims: Record<string, unknown> = {}) {
      users.set(uid, { claims, validSince: 0, claimsAtMint: new Map() });
    },
    /** Signs in: a token carrying the claims the user has now. */
    mint(uid: string) {
      const at = ++clock;
      users.get(uid)!.claimsAtMint.set(at, { ...users.get(uid)!.claims });
      return `${uid}:${at}`;
    },
  };
}

const rest = {} as IdentityToolkit;

describe('Firebase admin claims take effect at once', () => {
  it('demoting revokes the sessions: the token that still says admin is refused (unauthenticated: 401), a new sign-in is a customer', async () => {
    const f = fakeAuth();
    f.addUser('dee', { admin: true });
    const adapter = new FirebaseAuthAdapter(f.auth, rest);
    const before = f.mint('dee');
    expect(await adapter.verify(before)).toEqual({ uid: 'dee', isAdmin: true });

    await adapter.setAdmin('dee', false);
    expect(f.fake.revokeRefreshTokens).toHaveBeenCalledWith('dee');
    await expect(adapter.verify(before)).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect(await adapter.verify(f.mint('dee'))).toEqual({ uid: 'dee', isAdmin: false });
  });

  it('promoting also revokes, so the next sign-in carries the claim; other claims are kept', async () => {
    const f = fakeAuth();
    f.addUser('erin', { tier: 'gold' });
    const adapter = new FirebaseAuthAdapter(f.auth, rest);
    const old = f.mint('erin');
    await adapter.setAdmin('erin', true);
    expect(f.fake.setCustomUserClaims).toHaveBeenCalledWith('erin', { tier: 'gold', admin: true });
    // The claim is set before the revocation: a token minted in between already carries it.
    expect(f.fake.setCustomUserClaims.mock.invocationCallOrder[0]).toBeLessThan(
      f.fake.revokeRefreshTokens.mock.invocationCallOrder[0]!,
    );
    await expect(adapter.verify(old)).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect(await adapter.verify(f.mint('erin'))).toEqual({ uid: 'erin', isAdmin: true });
  });

  it('revoking the sessions of an account Auth no longer has is a no-op (deleting its leftover profile still works)', async () => {
    const f = fakeAuth();
    const adapter = new FirebaseAuthAdapter(f.auth, rest);
    await expect(adapter.revokeSessions('gone')).resolves.toBeUndefined();
    f.fake.revokeRefreshTokens.mockRejectedValueOnce(authError('auth/internal-error'));
    await expect(adapter.revokeSessions('gone')).rejects.toThrow('auth/internal-error');
  });

  it('always verifies with checkRevoked, and maps disabled / deleted accounts to unauthenticated (401) but an Auth outage to an error', async () => {
    const f = fakeAuth();
    f.addUser('alice');
    const adapter = new FirebaseAuthAdapter(f.auth, rest);
    await adapter.verify(f.mint('alice'));
    expect(f.fake.verifyIdToken).toHaveBeenLastCalledWith(expect.any(String), true);

    for (const code of ['auth/user-disabled', 'auth/user-not-found', 'auth/id-token-expired']) {
      f.fake.verifyIdToken.mockRejectedValueOnce(authError(code));
      await expect(adapter.verify('x:1')).rejects.toMatchObject({ kind: 'unauthenticated' });
    }
    f.fake.verifyIdToken.mockRejectedValueOnce(authError('auth/internal-error'));
    await expect(adapter.verify('x:1')).rejects.toThrow('auth/internal-error');
  });
});

describe('a token claiming admin', () => {
  it('is confirmed with the user record: a token from the same second as a demotion gets no admin rights', async () => {
    const f = fakeAuth();
    f.addUser('sam', { admin: true });
    const adapter = new FirebaseAuthAdapter(f.auth, rest);
    const token = f.mint('sam');
    // The claim is cleared, but the revocation stamp (whole seconds) does not cover this token.
    await f.auth.setCustomUserClaims('sam', {});
    expect(await adapter.verify(token)).toEqual({ uid: 'sam', isAdmin: false });
  });
});
