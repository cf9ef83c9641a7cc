// Issue 41: the hearts' logic against a fake server: a guest's list stays local, is merged into the account's at
// sign-in (a union, the account's first), another device's save (a live frame) shows here, the limit refuses a
// 101st heart without touching the list, and signing out forgets the account's list.
import { MAX_WISHLIST_ITEMS, WISHLIST_FULL_MESSAGE, type WishlistItem } from '@domain/wishlist';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveHandlers, LiveSource } from '@/lib/live';

const server = vi.hoisted(() => ({
  items: [] as { product: string; variant?: string }[],
  puts: [] as unknown[],
  live: null as null | LiveHandlers<{ items: { product: string }[]; updatedAt: string | null }>,
}));

vi.mock('@/lib/api', () => ({
  call: vi.fn(async (endpoint: { method: string }, input: { body?: { items: WishlistItem[] } }) => {
    if (endpoint.method === 'PUT') {
      server.puts.push(input.body!.items);
      if (input.body!.items.length > 100) throw new Error(WISHLIST_FULL_MESSAGE);
      server.items = input.body!.items;
    }
    return {
      updatedAt: '2026-11-29T00:00:00.000Z',
      items: server.items.map((i) => ({ ...i, available: true, summary: null })),
    };
  }),
}));

vi.mock('@/lib/live', () => ({
  watch: (start: (live: LiveSource) => () => void) =>
    start({
      watchWishlist: (_uid: string, handlers: NonNullable<typeof server.live>) => {
        server.live = handlers;
        return () => undefined;
      },
    } as unknown as LiveSource),
}));

const user = { _id: 'u1', name: 'Ann', email: 'ann@example.com', isAdmin: false, token: 't' };

async function load() {
  vi.resetModules();
  const session = await import('@/lib/session');
  const store = await import('./wishlistStore');
  const sync = await import('./wishlistSync');
  return { session, store, sync };
}

beforeEach(() => {
  server.items = [];
  server.puts = [];
  server.live = null;
  localStorage.clear();
});

describe('the wishlist on the web', () => {
  it("keeps a guest's hearts in localStorage only", async () => {
    const { store, sync } = await load();
    await sync.toggleWish({ product: 'a' });
    await sync.toggleWish({ product: 'b', variant: 'v' });
    await sync.toggleWish({ product: 'a' });
    expect(store.wishlistStore.get()).toEqual({ owner: null, items: [{ product: 'b', variant: 'v' }] });
    expect(JSON.parse(localStorage.getItem(store.WISHLIST_KEY)!)).toEqual(store.wishlistStore.get());
    expect(server.puts).toEqual([]);
  });

  it("merges a guest's hearts into the account's at sign-in: a union, the account's first", async () => {
    server.items = [{ product: 'a' }];
    const { session, store, sync } = await load();
    await sync.toggleWish({ product: 'b' });
    await sync.toggleWish({ product: 'a' });
    session.setUserInfo(user);
    await sync.ensureSynced();
    expect(server.puts).toEqual([[{ product: 'a' }, { product: 'b' }]]);
    expect(store.wishlistStore.get()).toEqual({ owner: 'u1', items: [{ product: 'a' }, { product: 'b' }] });
    // Once: a second call reads nothing more and writes nothing.
    await sync.ensureSynced();
    expect(server.puts).toHaveLength(1);
  });

  it("shows another device's save, heard live, and tells the page to read again", async () => {
    const { session, store, sync } = await load();
    session.setUserInfo(user);
    await sync.ensureSynced();
    const heard: unknown[] = [];
    sync.subscribeWishlist((answer) => heard.push(answer));
    server.live!.onChange({ items: [{ product: 'from-phone' }], updatedAt: '2026-11-29T01:00:00.000Z' });
    expect(store.wishlistStore.get()).toEqual({ owner: 'u1', items: [{ product: 'from-phone' }] });
    expect(heard).toEqual([null]);
  });

  it('refuses a 101st heart with the clear message, leaving the list and the server as they were', async () => {
    server.items = Array.from({ length: MAX_WISHLIST_ITEMS }, (_, i) => ({ product: `p${i}` }));
    const { session, store, sync } = await load();
    session.setUserInfo(user);
    await expect(sync.toggleWish({ product: 'one-more' })).rejects.toThrow(WISHLIST_FULL_MESSAGE);
    expect(store.wishlistStore.get().items).toHaveLength(MAX_WISHLIST_ITEMS);
    expect(server.puts).toEqual([]);
    // Taking one out is always possible.
    await sync.toggleWish({ product: 'p0' });
    expect(server.items).toHaveLength(MAX_WISHLIST_ITEMS - 1);
  });

  it("forgets the account's list on sign-out, so the next guest starts empty", async () => {
    server.items = [{ product: 'a' }];
    const { session, store, sync } = await load();
    session.setUserInfo(user);
    await sync.ensureSynced();
    session.signOut();
    sync.forgetAccount();
    expect(store.wishlistStore.get()).toEqual({ owner: null, items: [] });
    await sync.toggleWish({ product: 'z' });
    expect(server.puts).toEqual([]);
  });
});
