// Whether the mini-cart (the header's glance at the cart) is open: one flag any page's header can set.
import type { MouseEvent } from 'react';
import { matchPath } from 'react-router-dom';
import { paths } from '@domain/routes';
import { createStore, useStore } from '@/lib/store';

export const miniCartStore = createStore(false);

export const useMiniCartOpen = () => useStore(miniCartStore);
export const closeMiniCart = () => miniCartStore.set(false);

/**
 * The header's Cart link: a plain click opens the mini-cart instead of leaving the page; a modified click (new tab)
 * and any click on the cart page itself keep the link's normal behaviour (its href stays /cart).
 */
export function openMiniCartFromLink(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  if (matchPath(paths.cart.path, window.location.pathname)) return;
  event.preventDefault();
  miniCartStore.set(true);
}
