import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { webcrypto } from 'node:crypto';
import { afterEach } from 'vitest';

// findBy*/waitFor wait up to 3 s (1 s by default): on a busy 2-core machine (CI, or tests beside the e2e suite) a
// debounced search or a lazy chunk can take longer than 1 s to show; a passing test is not slowed by this.
configure({ asyncUtilTimeout: 3000 });

// In a VM context (the vmThreads pool), jsdom's window has no Web Crypto; the browser and Node both do.
if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom has no matchMedia; react-bootstrap's Offcanvas asks it for its responsive breakpoint. No query matches.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(() => {
  cleanup();
  if (typeof window !== 'undefined') window.localStorage.clear(); // node-environment files (lint-boundaries) have no DOM
});
