import type { Unsubscribe } from '@/lib/live/types';
import type { FirebaseModule } from './client';

/** Starts `start` once the SDK is loaded; the returned function stops it (also before it started). */
export function whenLoaded(
  load: () => Promise<FirebaseModule>,
  start: (fb: FirebaseModule) => Unsubscribe,
): Unsubscribe {
  let stop: Unsubscribe | null = null;
  let cancelled = false;
  load().then(
    (fb) => {
      if (!cancelled) stop = start(fb);
    },
    (error: unknown) => console.error('[firebase]', error),
  );
  return () => {
    cancelled = true;
    stop?.();
  };
}
