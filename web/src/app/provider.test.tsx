import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const startCartSync = vi.fn(() => () => {});
vi.mock('@/features/cart/cartSync', () => ({ startCartSync }));

const customer = { _id: 'u1', name: 'Alice', email: 'alice@voltshop.test', isAdmin: false, token: 't' };

/** provider.tsx and the session afresh (wireAuth runs once per page load). */
async function load() {
  vi.resetModules();
  const session = await import('@/lib/session');
  const provider = await import('./provider');
  return { ...session, ...provider };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('wireAuth on the embedded backend: the account cart sync', () => {
  beforeEach(() => startCartSync.mockClear());
  afterEach(() => localStorage.clear());

  it('is not loaded for a visitor, and starts when the visitor signs in', async () => {
    const { wireAuth, setUserInfo } = await load();
    wireAuth();
    await settle();
    expect(startCartSync).not.toHaveBeenCalled();
    setUserInfo(customer);
    await vi.waitFor(() => expect(startCartSync).toHaveBeenCalledTimes(1));
    // Signing out and in again is the running sync's business (it follows the session): started once.
    const { signOut } = await import('@/lib/session');
    signOut();
    setUserInfo(customer);
    await settle();
    expect(startCartSync).toHaveBeenCalledTimes(1);
  });

  it('starts at once for a page opened signed in', async () => {
    const first = await load();
    first.setUserInfo(customer);
    const { wireAuth } = await load();
    wireAuth();
    await vi.waitFor(() => expect(startCartSync).toHaveBeenCalledTimes(1));
  });
});
