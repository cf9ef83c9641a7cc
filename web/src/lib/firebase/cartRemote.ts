// The Firebase build's CartRemote (lib/shop/types.ts) over carts/{uid}, for the one cart sync
// (features/cart/cartSync.ts); loaded on demand by client.tsx.
import type { CartLine } from '@domain/cart';
import type { Unsubscribe } from '@/lib/live/types';
import type { CartRemote } from '@/lib/shop/types';
import type { FirebaseModule } from './client';
import { whenLoaded } from './whenLoaded';

/**
 * The account's cart at carts/{uid}. This page's own writes and their acknowledgements are never another device's
 * change (./cart.ts marks them). The first snapshot is the stored cart (`load`); `watch` hears the ones after it.
 */
export function firestoreCartRemote(load: () => Promise<FirebaseModule>, uid: string): CartRemote {
  return {
    load: () =>
      load().then(
        (fb) =>
          new Promise<CartLine[]>((resolve, reject) => {
            let done = false;
            let stop: Unsubscribe | null = null;
            const finish = () => {
              done = true;
              stop?.();
            };
            stop = fb.watchCart(
              uid,
              (lines, fromThisDevice) => {
                if (done || fromThisDevice) return;
                finish();
                resolve(lines ?? []);
              },
              (error) => {
                finish();
                reject(error);
              },
            );
            if (done) stop();
          }),
      ),
    save: (lines) => load().then((fb) => fb.saveCart(uid, lines)),
    watch: ({ onChange, onError }) =>
      whenLoaded(load, (fb) => {
        let first = true;
        return fb.watchCart(
          uid,
          (lines, fromThisDevice) => {
            if (fromThisDevice) return; // this page's write, or the server's echo of it: the cart here is as new
            if (first) return void (first = false); // the stored cart, which `load` answers
            onChange(lines ?? []);
          },
          onError,
        );
      }),
  };
}
