import { useSyncExternalStore } from 'react';

/**
 * Whether `query` (a CSS media query) matches now, following changes. Where there is no matchMedia (unit tests'
 * jsdom), `fallback`. For markup a breakpoint hides anyway: not rendering it at all saves the first render's work.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
  );
}
