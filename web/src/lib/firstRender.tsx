import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { FIRST_PAINT_TEMPLATE_ID } from '@domain/firstPaint';
import { isAdminPath } from '@domain/routes';

/**
 * The first render in slices, off the page (issue 42; docs/benchmarks.md section 4). The production build runs on
 * Preact (scripts/aliases.ts), which renders a tree in one task: the home page's first render was one task of
 * 300–500 ms on a phone (4× CPU slowdown), all of it blocking time. Here the first tree is rendered into a detached
 * copy of `#root`, each `<Slice>` of it in a task of its own, while the page keeps showing what the server sent (its
 * static first paint); when every slice is in and the router has its first page, the copy takes `#root`'s place in
 * one step. After that a `<Slice>` renders its children at once, as any component. React (the dev server, the
 * component tests) never stages: `main.tsx` renders as a transition there, which React slices by itself.
 */

interface Staging {
  /** Slices not rendered yet. */
  pending: number;
  /** Called when `pending` may have reached 0. */
  settle(): void;
}

let staging: Staging | null = null;

/** How long the first paint waits for the router's first page before the app's fallback replaces it. */
const FIRST_PAINT_PATIENCE_MS = 3000;

/** Runs `run` in a task of its own, after the browser has had its turn (a MessageChannel message: unlike a timer,
 *  never clamped to 4 ms). Returns a cancel function. */
function nextTask(run: () => void): () => void {
  let cancelled = false;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    if (!cancelled) run();
  };
  channel.port2.postMessage(null);
  return () => void (cancelled = true);
}

/**
 * A part of the page rendered in a task of its own during the first render (and at once afterwards). Put around
 * parts of about equal weight (the header, the page, each product card): the task of a slice is its own render, not
 * its nested slices'.
 */
export function Slice({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(() => staging === null);
  const held = useRef<Staging | null>(null);
  const releaseHeld = () => {
    const s = held.current;
    held.current = null;
    if (s) release(s);
  };
  useLayoutEffect(() => {
    if (shown) return releaseHeld();
    // Held while staging lasts (it may have ended between this slice's render and now: then shown, held by nothing).
    if (staging) {
      held.current = staging;
      staging.pending++;
    }
    return nextTask(() => setShown(true));
  }, [shown]);
  // Unmounted before it showed (the router replaced the page): no longer waited for.
  useLayoutEffect(() => releaseHeld, []);
  return shown ? children : null;
}

function release(s: Staging) {
  s.pending--;
  if (s.pending === 0) s.settle();
}

/**
 * Renders `tree` into a detached copy of `root` in slices and puts the copy in `root`'s place once every slice is in
 * and `ready()` (the router has its first page: until then the first paint is the better picture), or at once when
 * `root` is empty (the admin: the app's fallback is better than nothing). `subscribe` calls its listener when
 * `ready()` may have changed.
 */
export function renderInSlices(options: {
  root: HTMLElement;
  render: (container: HTMLElement) => void;
  ready: () => boolean;
  subscribe: (listener: () => void) => () => void;
  /** How long the first paint waits for `ready()` (default FIRST_PAINT_PATIENCE_MS). */
  patienceMs?: number;
}) {
  const { root, ready } = options;
  const copy = root.cloneNode(false) as HTMLElement;
  // A page the server sent without its first paint (the cart, Firebase Hosting's static pages): the same frame from
  // index.html's template (header, empty main), so the page waits for its code with the shop painted, as the others.
  // Not the admin's: it has a layout of its own.
  const frame = document.getElementById(FIRST_PAINT_TEMPLATE_ID);
  if (!root.firstElementChild && frame instanceof HTMLTemplateElement && !isAdminPath(location.pathname))
    root.append(frame.content.cloneNode(true));
  const painted = root.childElementCount > 0;
  let unsubscribe = () => {};
  let waitedEnough = false;
  const swapIfDone = () => {
    if (!staging || staging.pending > 0 || (painted && !ready() && !waitedEnough)) return;
    staging = null;
    unsubscribe();
    clearTimeout(patience);
    root.replaceWith(copy);
  };
  // A page whose code is slow to come (a poor network): after a while, the app's own fallback (a live header, a
  // spinner) rather than the inert first paint.
  const patience = setTimeout(() => {
    waitedEnough = true;
    swapIfDone();
  }, options.patienceMs ?? FIRST_PAINT_PATIENCE_MS);
  // Settled within a commit: nested slices of the same commit have registered by then; check in the next task.
  staging = { pending: 0, settle: () => nextTask(swapIfDone) };
  // After the router's own listener: its page renders (a microtask) before this looks.
  unsubscribe = options.subscribe(() => nextTask(swapIfDone));
  // The first render in a task of its own too, after the script's evaluation.
  nextTask(() => {
    options.render(copy);
    swapIfDone();
  });
}
