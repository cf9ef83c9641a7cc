// The page's live source: SSE from the embedded server, or Firestore listeners in the Firebase build (loaded
// lazily, with the SDK). Hooks in hooks.ts are what screens use.
import { firestoreAvailable, isFirebase, loadFirebase } from '@/lib/backend';
import type { LiveSource } from './types';

export type { LiveHandlers, LiveProduct, LiveSource, Unsubscribe } from './types';

let source: Promise<LiveSource | null> | null = null;

/** The live source, or null where nothing is live (the Firebase emulators without Firestore; no EventSource). */
export function liveSource(): Promise<LiveSource | null> {
  source ??= isFirebase
    ? firestoreAvailable
      ? Promise.all([loadFirebase(), import('./firestore')]).then(([fb, m]) => new m.FirestoreLiveSource(fb))
      : Promise.resolve(null)
    : typeof EventSource === 'undefined'
      ? Promise.resolve(null)
      : // Its own chunk: live updates start after the first paint, so they need not weigh on it.
        import('./sse').then((m) => new m.SseLiveSource());
  return source;
}

/** Starts watching once the source is ready; the returned function stops it (also before it started). */
export function watch(start: (live: LiveSource) => () => void): () => void {
  let stop: (() => void) | null = null;
  let cancelled = false;
  void liveSource().then(
    (live) => {
      if (live && !cancelled) stop = start(live);
    },
    (error: unknown) => console.error('[live] live updates are off:', error),
  );
  return () => {
    cancelled = true;
    stop?.();
  };
}
