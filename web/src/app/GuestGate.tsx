import { Navigate, Outlet, useLocation, useMatch } from 'react-router-dom';
import { paths } from '@domain/routes';
import { guestEmail, orderToken, rememberOrderToken } from '@/lib/guestCheckout';
import { useUserInfo } from '@/lib/session';

/**
 * The checkout steps and the order page, for a signed-in shopper or a guest (issue 30). A guest who chose "Continue
 * as guest" at the sign-in step goes through Shipping, Payment and Place Order; an order page opens with the order's
 * token (the emailed link's `?token=`, then kept for this tab so a reload works). Anyone else signs in first, as
 * RequireAuth sends them (lazy: none of this is in the home page's bundle).
 */
export function GuestGate() {
  const user = useUserInfo();
  const location = useLocation();
  const order = useMatch(paths.order.path);
  if (user) return <Outlet />;
  const orderId = order?.params.id;
  if (orderId) {
    const fromLink = new URLSearchParams(location.search).get('token');
    // Kept before the page's first query reads it (idempotent: the same token each render).
    if (fromLink) rememberOrderToken(orderId, fromLink);
    if (fromLink || orderToken(orderId)) return <Outlet />;
  } else if (guestEmail()) {
    return <Outlet />;
  }
  return <Navigate to={paths.login.href(location.pathname + location.search)} replace />;
}
