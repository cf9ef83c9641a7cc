// The page's live source, from the shop's client (lib/shop): SSE from the embedded server, or Firestore listeners
// in the Firebase build (loaded lazily, with the SDK). Hooks in hooks.ts are what screens use.
import { shop } from '@/lib/shop';
import type { LiveSource } from './types';

export type { LiveHandlers, LiveProduct, LiveSource, Unsubscribe } from './types';

let source: Promise<LiveSource | null> | null = null;
/** Whether loading the live code has failed before: changes made meanwhile were never heard. */
let failedBefore = false;

/** The live source, or null where nothing is live (the Firebase emulators without Firestore; no EventSource). */
export function liveSource(): Promise<LiveSource | null> {
  source ??= shop.live({ missedSome: failedBefore }).catch((error: unknown) => {
    // Not loaded (the server restarting, the network gone): the next caller tries again.
    source = null;
    failedBefore = true;
    throw error;
  });
  return source;
}

const RETRY_MAX_MS = 8000;

/** Starts watching once the source is ready; the returned function stops it (also before it started). When the
 *  live code cannot be loaded, tries again, backing off, so live updates come back with the server. */
export function watch(start: (live: LiveSource) => () => void): () => void {
  let stop: (() => void) | null = null;
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = (wait: number): void =>
    void liveSource().then(
      (live) => {
        if (live && !cancelled) stop = start(live);
      },
      (error: unknown) => {
        console.warn('[live]', error);
        if (!cancelled) timer = setTimeout(() => attempt(Math.min(2 * wait, RETRY_MAX_MS)), wait);
      },
    );
  attempt(1000);
  return () => {
    cancelled = true;
    clearTimeout(timer);
    stop?.();
  };
}
