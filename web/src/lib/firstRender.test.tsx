import { waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIRST_PAINT_TEMPLATE_ID } from '@domain/firstPaint';
import { renderInSlices, Slice } from './firstRender';

// The production build's first render (Preact) staged in a detached copy of #root. Here on React, rendered with
// flushSync so that the first render is synchronous, as Preact's is.

const roots: Root[] = [];
let listeners: (() => void)[] = [];
let isReady = false;

function stage(tree: React.ReactNode, patienceMs?: number) {
  renderInSlices({
    root: document.getElementById('root')!,
    render: (container) => {
      const root = createRoot(container);
      roots.push(root);
      flushSync(() => root.render(tree));
    },
    ready: () => isReady,
    subscribe: (listener) => {
      listeners.push(listener);
      return () => (listeners = listeners.filter((l) => l !== listener));
    },
    patienceMs,
  });
}

const becomeReady = () => {
  isReady = true;
  listeners.forEach((l) => l());
};
const shownRoot = () => document.getElementById('root')!;
const nextTask = () => new Promise((r) => setTimeout(r, 0));

const act = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let actBefore: boolean | undefined;

beforeEach(() => {
  // The slices update from tasks of their own, as in the browser: not inside act().
  actBefore = act.IS_REACT_ACT_ENVIRONMENT;
  act.IS_REACT_ACT_ENVIRONMENT = false;
  isReady = false;
  listeners = [];
  document.body.innerHTML = `<div id="root"><div data-first-paint inert><header>Voltshop</header><main></main></div></div>`;
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  act.IS_REACT_ACT_ENVIRONMENT = actBefore;
  roots.splice(0).forEach((r) => r.unmount());
  document.body.innerHTML = '';
});

function Page() {
  return (
    <>
      <Slice>
        <header>app header</header>
      </Slice>
      <main>
        {[1, 2, 3].map((n) => (
          <Slice key={n}>
            <p>
              card {n}
              <Slice>
                <span>price {n}</span>
              </Slice>
            </p>
          </Slice>
        ))}
      </main>
    </>
  );
}

describe('renderInSlices', () => {
  it('keeps the first paint until every slice, nested ones too, is rendered and the router has its page, then swaps once', async () => {
    const original = shownRoot();
    stage(<Page />);
    // The render runs in a task of its own: the first paint is untouched meanwhile.
    expect(shownRoot()).toBe(original);
    expect(original.querySelector('[data-first-paint]')).not.toBeNull();

    // Every slice in, but the router not ready: still the first paint.
    await nextTask();
    await nextTask();
    await nextTask();
    await nextTask();
    expect(shownRoot()).toBe(original);

    becomeReady();
    await waitFor(() => expect(shownRoot()).not.toBe(original));
    const shown = shownRoot();
    expect(document.querySelectorAll('#root')).toHaveLength(1);
    expect(shown.querySelector('[data-first-paint]')).toBeNull();
    expect(shown.textContent).toBe('app headercard 1price 1card 2price 2card 3price 3');
  });

  it('renders each slice in a later task than its parent, so no one task renders the page', async () => {
    const seen: string[] = [];
    function Probe({ name }: { name: string }) {
      seen.push(name);
      return null;
    }
    isReady = true;
    stage(
      <>
        <Probe name="top" />
        <Slice>
          <Probe name="slice" />
          <Slice>
            <Probe name="nested" />
          </Slice>
        </Slice>
      </>,
    );
    await nextTask();
    expect(seen).toEqual(['top']);
    await waitFor(() => expect(seen).toEqual(['top', 'slice', 'nested']));
  });

  it('after the swap, a slice renders its children at once', async () => {
    isReady = true;
    let show: (v: boolean) => void = () => {};
    function Later() {
      const [on, setOn] = useState(false);
      useEffect(() => void (show = setOn), []);
      return on ? (
        <Slice>
          <b>now</b>
        </Slice>
      ) : null;
    }
    const original = shownRoot();
    stage(<Later />);
    await waitFor(() => expect(shownRoot()).not.toBe(original));
    flushSync(() => show(true));
    expect(shownRoot().textContent).toBe('now');
  });

  it("a page sent without its first paint gets index.html's frame while it waits (not the admin)", async () => {
    document.body.innerHTML = `<div id="root"></div><template id="${FIRST_PAINT_TEMPLATE_ID}"><div data-first-paint inert><header>frame</header></div></template>`;
    window.history.replaceState(null, '', '/cart');
    stage(<Page />);
    expect(shownRoot().textContent).toBe('frame');
    await nextTask();
    await nextTask();
    expect(shownRoot().textContent).toBe('frame');
    becomeReady();
    await waitFor(() => expect(shownRoot().textContent).toContain('app header'));
  });

  it("the admin, sent without a first paint, shows the app's first render when its slices are in, ready or not", async () => {
    document.body.innerHTML = `<div id="root"></div><template id="${FIRST_PAINT_TEMPLATE_ID}"><div data-first-paint inert><header>frame</header></div></template>`;
    window.history.replaceState(null, '', '/admin');
    stage(<Page />);
    expect(shownRoot().textContent).toBe('');
    await waitFor(() => expect(shownRoot().textContent).toContain('app header'));
  });

  it("a page whose code is slow: the app's fallback replaces the first paint after the patience", async () => {
    const original = shownRoot();
    stage(<Page />, 50);
    await nextTask();
    expect(shownRoot()).toBe(original);
    await waitFor(() => expect(shownRoot()).not.toBe(original));
    expect(shownRoot().textContent).toContain('app header');
  });
});
