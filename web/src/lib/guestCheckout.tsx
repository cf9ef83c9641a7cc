// Guest checkout in this tab (issue 30): the email a shopper continued with instead of signing in, and each guest
// order's access token (the signed link's `token`), kept in sessionStorage so a reload of the checkout or of the
// order page works; and the gate those pages pass (GuestGate). Only the lazy checkout, sign-in and order pages use it.
import type { ReactNode } from 'react';
import { Navigate, useLocation, useMatch } from 'react-router-dom';
import { paths } from '@domain/routes';
import { useUserInfo } from '@/lib/session';
const EMAIL_KEY = 'voltshop.guestEmail';
const tokenKey = (orderId: string) => `voltshop.orderToken.${orderId}`;

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null; // storage blocked: guest checkout then lasts as long as the page
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // storage blocked: nothing kept
  }
}

/** The email of the guest checking out in this tab, or null. */
export const guestEmail = () => read(EMAIL_KEY);
export const setGuestEmail = (email: string | null) => write(EMAIL_KEY, email);

/** The access token of a guest order opened or placed in this tab, or null. */
export const orderToken = (orderId: string) => read(tokenKey(orderId));
export const rememberOrderToken = (orderId: string, token: string) => write(tokenKey(orderId), token);

/**
 * The checkout steps and the order page, for a signed-in shopper or a guest (issue 30). A guest who chose "Continue
 * as guest" at the sign-in step goes through Shipping, Payment and Place Order; an order page opens with the order's
 * token (the emailed link's `?token=`, then kept for this tab so a reload works). Anyone else signs in first, as
 * RequireAuth sends them. Each of these pages wraps itself in it (their lazy chunks), so the home page's bundle
 * holds none of it.
 */
export function GuestGate({ children }: { children: ReactNode }) {
  const user = useUserInfo();
  const location = useLocation();
  // The order page, and its invoice (a guest keeps one for their books too).
  const order = useMatch(paths.order.path);
  const invoice = useMatch(paths.invoice.path);
  if (user) return <>{children}</>;
  const orderId = (order ?? invoice)?.params.id;
  if (orderId) {
    const fromLink = new URLSearchParams(location.search).get('token');
    // Kept before the page's first query reads it (idempotent: the same token each render).
    if (fromLink) rememberOrderToken(orderId, fromLink);
    if (fromLink || orderToken(orderId)) return <>{children}</>;
  } else if (guestEmail()) {
    return <>{children}</>;
  }
  return <Navigate to={paths.login.href(location.pathname + location.search)} replace />;
}
