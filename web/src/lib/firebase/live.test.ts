// The Firebase build's live source (issue 37): an order page follows its order document and shows each change
// from it, in the API's shape, without asking the API again.
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '@domain';
import { FirestoreLiveSource } from './live';

const order = { _id: 'o1', status: 'paid', isPaid: true } as Order;

describe('FirestoreLiveSource.watchOrder', () => {
  it('hands each new state of the order document to the page (no resync through the API)', () => {
    let push: (o: Order | null) => void = () => undefined;
    const stop = vi.fn();
    const fb = {
      watchOrder: vi.fn((_id: string, cb: (o: Order | null) => void) => {
        push = cb;
        return stop;
      }),
    };
    const live = new FirestoreLiveSource(fb as never);
    const handlers = { onChange: vi.fn(), onResync: vi.fn() };
    const unsubscribe = live.watchOrder('o1', handlers);
    expect(fb.watchOrder).toHaveBeenCalledWith('o1', expect.any(Function));
    push(order);
    expect(handlers.onChange).toHaveBeenCalledWith(order);
    // A document the page cannot map (gone, or incomplete): the API's answer is asked for once.
    push(null);
    expect(handlers.onResync).toHaveBeenCalledTimes(1);
    unsubscribe();
    expect(stop).toHaveBeenCalled();
  });
});

describe('FirestoreLiveSource.watchGuestOrder', () => {
  it("follows the guest order's public status document by its token and asks for the order again on each change", () => {
    let changed: () => void = () => undefined;
    const stop = vi.fn();
    const fb = {
      watchOrderStatus: vi.fn((_token: string, cb: () => void) => {
        changed = cb;
        return stop;
      }),
    };
    const live = new FirestoreLiveSource(fb as never);
    const handlers = { onChange: vi.fn(), onResync: vi.fn() };
    const unsubscribe = live.watchGuestOrder('o1', 'o1.signed', handlers);
    expect(fb.watchOrderStatus).toHaveBeenCalledWith('o1.signed', expect.any(Function));
    changed();
    expect(handlers.onResync).toHaveBeenCalledTimes(1);
    expect(handlers.onChange).not.toHaveBeenCalled();
    unsubscribe();
    expect(stop).toHaveBeenCalled();
  });
});

describe('FirestoreLiveSource.watchWishlist', () => {
  it("follows the account's wishlist document and hands each saved list to the hearts (issue 41)", () => {
    let push: (w: { items: { product: string }[]; updatedAt: string | null }) => void = () => undefined;
    const stop = vi.fn();
    const fb = {
      watchWishlist: vi.fn((_uid: string, cb: typeof push) => {
        push = cb;
        return stop;
      }),
    };
    const live = new FirestoreLiveSource(fb as never);
    const handlers = { onChange: vi.fn(), onResync: vi.fn() };
    const unsubscribe = live.watchWishlist('alice', handlers);
    expect(fb.watchWishlist).toHaveBeenCalledWith('alice', expect.any(Function));
    push({ items: [{ product: 'p1' }], updatedAt: '2026-03-01T00:00:00.000Z' });
    expect(handlers.onChange).toHaveBeenCalledWith({
      items: [{ product: 'p1' }],
      updatedAt: '2026-03-01T00:00:00.000Z',
    });
    unsubscribe();
    expect(stop).toHaveBeenCalled();
  });
});
