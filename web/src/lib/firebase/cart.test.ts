// carts/{uid} on the Firestore SDK (mocked): every write carries this page's writer id, and the server's echo of it
// (no pending writes any more: serverTimestamp() resolved) is reported as this device's, not as another's change.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({
  setDoc: vi.fn(async (..._args: unknown[]) => undefined),
  onSnapshot: vi.fn(
    (..._args: unknown[]) =>
      () =>
        undefined,
  ),
}));
vi.mock('firebase/firestore', () => ({
  doc: (_db: unknown, ...path: string[]) => ({ path: path.join('/') }),
  serverTimestamp: () => 'SERVER_TIMESTAMP',
  setDoc: sdk.setDoc,
  onSnapshot: sdk.onSnapshot,
}));
vi.mock('./app', () => ({ firebase: () => ({ db: {} }) }));

const { CART_WRITER_ID, saveCart, watchCart } = await import('./cart');

type SnapshotListener = (snap: { data(): unknown; metadata: { hasPendingWrites: boolean } }) => void;
const snap = (data: unknown, hasPendingWrites: boolean) => ({ data: () => data, metadata: { hasPendingWrites } });

beforeEach(() => vi.clearAllMocks());

describe('the Firestore cart', () => {
  it('writes only product ids and quantities, with this page’s writer id and the server time', async () => {
    await saveCart('u1', [{ product: 'a', qty: 2, name: 'A', price: 9 } as never]);
    expect(sdk.setDoc).toHaveBeenCalledWith(
      { path: 'carts/u1' },
      { items: [{ product: 'a', qty: 2 }], writer: CART_WRITER_ID, updatedAt: 'SERVER_TIMESTAMP' },
    );
    expect(CART_WRITER_ID).toMatch(/^[\w-]{8,64}$/);
  });

  it("reports this page's pending write and the server's echo of it as this device's; other writers' as changes", () => {
    const seen: [unknown, boolean][] = [];
    watchCart('u1', (items, fromThisDevice) => seen.push([items, fromThisDevice]));
    const listener = (sdk.onSnapshot.mock.calls[0] as unknown[])[1] as SnapshotListener;
    const items = [{ product: 'a', qty: 1 }];
    listener(snap({ items, writer: CART_WRITER_ID, updatedAt: null }, true)); // the local, pending write
    listener(snap({ items, writer: CART_WRITER_ID, updatedAt: 'T1' }, false)); // its acknowledgement
    listener(snap({ items: [{ product: 'b', qty: 2 }], writer: 'another-tab', updatedAt: 'T2' }, false));
    listener(snap(undefined, false)); // no cart stored yet
    expect(seen).toEqual([
      [items, true],
      [items, true],
      [[{ product: 'b', qty: 2 }], false],
      [null, false],
    ]);
  });

  it('hands a stopped listener (e.g. refused by the rules) to the caller', () => {
    const onError = vi.fn();
    watchCart('u1', () => undefined, onError);
    const errorListener = (sdk.onSnapshot.mock.calls[0] as unknown[])[2] as (e: Error) => void;
    errorListener(new Error('permission-denied'));
    expect(onError).toHaveBeenCalledWith(new Error('permission-denied'));
  });
});
