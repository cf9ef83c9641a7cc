// Guest checkout in this tab (issue 30): the email a shopper continued with instead of signing in, and each guest
// order's access token (the signed link's `token`), kept in sessionStorage so a reload of the checkout or of the
// order page works. Only the lazy checkout and order pages use it.
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

/** The order's URL query carrying its token (`?token=…`), or '' when this tab holds none: how the order calls prove
 *  a guest's access (the API takes `?token=` or X-Order-Token). */
export function orderTokenQuery(orderId: string): string {
  const token = orderToken(orderId);
  return token ? `?token=${encodeURIComponent(token)}` : '';
}
