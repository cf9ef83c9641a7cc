// A guest order's access link (issue 30): `/order/<id>?token=<id>.<signature>`, the signature an HMAC-SHA256 of the
// order id under the server's secret (embedded: the JWT secret; Firebase: the ORDER_LINK_SECRET secret). Nothing is
// stored to check it, so it works for as long as the secret stays: the order's view has no expiry by design (the
// confirmation email's link keeps working; the token grants reading and paying that one order, nothing else).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { GUEST_MESSAGES } from '../domain/guests.js';
import { unavailable } from '../domain/errors.js';
import type { OrderLinks } from '../ports.js';

/** Tells the signature apart from any other use of the same secret (the JWT secret signs sessions too). */
const PURPOSE = 'voltshop:guest-order:v1:';

/** Issue 41: the cart reminder's unsubscribe token (an account id) signs under its own purpose, so neither token
 *  passes for the other. */
export const UNSUBSCRIBE_PURPOSE = 'voltshop:cart-reminders-unsubscribe:v1:';

export class HmacOrderLinks implements OrderLinks {
  /** `secret`: read when a link is made or checked (the Cloud Function's secret is there at request time). */
  constructor(
    private readonly secret: () => string | Uint8Array,
    /** Issue 41: another use of the same signature (cart reminders, stock alerts), told apart by its purpose. */
    private readonly purpose: string = PURPOSE,
  ) {}

  private signature(orderId: string): Buffer {
    const secret = this.secret();
    if (!secret.length) throw unavailable(GUEST_MESSAGES.notConfigured);
    return createHmac('sha256', secret)
      .update(this.purpose + orderId)
      .digest();
  }

  sign(orderId: string): string {
    return `${orderId}.${this.signature(orderId).toString('base64url')}`;
  }

  verify(token: string): string | null {
    const dot = token.lastIndexOf('.');
    if (dot < 1) return null;
    const orderId = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1), 'base64url');
    const expected = this.signature(orderId);
    return given.length === expected.length && timingSafeEqual(given, expected) ? orderId : null;
  }
}

/** Issue 41: the back-in-stock alerts' links (confirm, unsubscribe), signed with the same secret as guest orders'
 *  under purposes of their own, so no token of one opens another. */
export function stockAlertLinks(secret: () => string | Uint8Array) {
  return {
    confirm: new HmacOrderLinks(secret, 'voltshop:stock-alert-confirm:v1:'),
    unsubscribe: new HmacOrderLinks(secret, 'voltshop:stock-alert-unsubscribe:v1:'),
  };
}
