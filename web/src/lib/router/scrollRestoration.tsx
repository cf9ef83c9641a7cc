// The shop's <ScrollRestoration>: react-router's, and the position it restores kept once the page is tall enough.
// React holds a transition's old page until the new one's suspended parts are in; Preact (the production build,
// docs/architecture.md) commits the page first, so react-router's restore on Back, Forward or a reload met a page
// one screen high and stopped at its top (the home page's 1,248 px came back as 0). The same on the first render,
// which happens in a detached copy of the page (lib/firstRender.tsx).
import { useContext, useLayoutEffect } from 'react';
import {
  ScrollRestoration as RouterScrollRestoration,
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  useLocation,
  type ScrollRestorationProps,
} from 'react-router';

/** How long a restore waits for the page to grow (then the page is as tall as it gets). */
const RESTORE_PATIENCE_MS = 3000;

/**
 * Scrolls to `target` as soon as the page is tall enough for it, unless the reader scrolls first. Returns a cancel
 * function. `page` is what it reads and does (the window by default; the tests give their own). For the patience
 * window the browser's scroll anchoring is off: Preact commits a page's parts as they come, so the page can still
 * change above the position once it is there (a list replacing its placeholder), and anchoring would move the reader
 * with the part it anchored on (78 px down the home page's list at 390 px, on a busy machine).
 */
export function restoreWhenTall(
  target: number,
  page: {
    maxScroll: () => number;
    scrollTo: (y: number) => void;
    nextFrame: (run: () => void) => () => void;
    onReaderScroll: (listener: () => void) => () => void;
    now: () => number;
    /** Turns the browser's scroll anchoring off; answers what turns it back on. */
    holdScrollAnchoring: () => () => void;
  } = windowPage,
): () => void {
  const releaseAnchoring = page.holdScrollAnchoring();
  const until = page.now() + RESTORE_PATIENCE_MS;
  // Tall enough already: react-router's own scroll got there.
  let restored = page.maxScroll() >= target;
  let cancelFrame = () => {};
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    cancelFrame();
    stopListening();
    releaseAnchoring();
  };
  const stopListening = page.onReaderScroll(stop);
  const check = () => {
    if (!restored && page.maxScroll() >= target) {
      restored = true;
      page.scrollTo(target);
    }
    if (page.now() > until) stop();
    else cancelFrame = page.nextFrame(check);
  };
  cancelFrame = page.nextFrame(check);
  return stop;
}

const READER_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

const windowPage = {
  maxScroll: () => document.documentElement.scrollHeight - window.innerHeight,
  scrollTo: (y: number) => window.scrollTo(0, y),
  nextFrame: (run: () => void) => {
    const id = requestAnimationFrame(run);
    return () => cancelAnimationFrame(id);
  },
  onReaderScroll: (listener: () => void) => {
    READER_EVENTS.forEach((type) => window.addEventListener(type, listener, { passive: true }));
    return () => READER_EVENTS.forEach((type) => window.removeEventListener(type, listener));
  },
  now: () => performance.now(),
  holdScrollAnchoring: () => {
    const roots = [document.documentElement, document.body];
    const before = roots.map((el) => el.style.overflowAnchor);
    roots.forEach((el) => (el.style.overflowAnchor = 'none'));
    return () => roots.forEach((el, i) => (el.style.overflowAnchor = before[i]!));
  },
};

export function ScrollRestoration(props: ScrollRestorationProps) {
  const rendered = useContext(DataRouterStateContext)?.restoreScrollPosition;
  const router = useContext(DataRouterContext)?.router;
  const { key } = useLocation();
  // After react-router's own restore: its layout effect runs first (a child's do). The router's own state, not only
  // the rendered one: on a reload, react-router finds the saved position in that same effect, and on Preact the
  // update reaches no one yet (the RouterProvider subscribes in a layout effect of its own, after its children's).
  useLayoutEffect(() => {
    const target = router?.state.restoreScrollPosition ?? rendered;
    if (typeof target === 'number' && target > 0) return restoreWhenTall(target);
  }, [key, rendered, router]);
  return <RouterScrollRestoration {...props} />;
}
