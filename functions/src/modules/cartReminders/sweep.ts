// The abandoned-cart reminder sweep (issue 41), run beside the expiry sweep: the embedded server's timer
// (server.ts) and the Firebase `expireOrders` schedule (index.ts). It reads the carts in the window the owner's
// idle time gives (domain/cartReminders.ts cartReminderWindow) a page at a time, asks the rule of each, and has
// the store remember the reminder with its message in one transaction (at most once per cart version: the
// store's check and the outbox key `cart-reminder:<uid>:<version>`).
import {
  CART_REMINDER_BATCH,
  cartReminderDue,
  cartReminderKey,
  cartReminderWindow,
  cartRemindersOn,
  DEFAULT_CART_REMINDER_HOURS,
  type CartReminderCandidate,
} from '../../domain/cartReminders.js';
import { paths } from '../../domain/routes.js';
import type { OrderLinks, QueuedMail, Store } from '../../ports.js';

/** The reminder message's data (mail/templates/index.ts MailData['cart-reminder']). */
export interface CartReminderMailData {
  name: string;
  lines: { name: string; qty: number }[];
  cartPath: string;
  unsubscribePath: string;
}

export interface CartReminderSweep {
  store: Pick<Store, 'cartReminders' | 'settings' | 'products'>;
  /** Signs the unsubscribe link (Ports.unsubscribeLinks); without it no reminder goes out. */
  links?: Pick<OrderLinks, 'sign'>;
}

/** The message for one cart: its lines by product name (a product since removed is left out). */
async function reminderMail(
  { store, links }: Required<CartReminderSweep>,
  cart: CartReminderCandidate,
): Promise<QueuedMail> {
  const products = await store.products.many([...new Set(cart.items.map((l) => l.product))]);
  const names = new Map(products.map((p) => [p._id, p.name]));
  const lines = cart.items.flatMap((l) => {
    const name = names.get(l.product);
    return name ? [{ name, qty: l.qty }] : [];
  });
  const data: CartReminderMailData = {
    name: cart.name,
    lines,
    cartPath: paths.cart.href(),
    unsubscribePath: paths.cartRemindersUnsubscribe.href(links.sign(cart.userId)),
  };
  return {
    key: cartReminderKey(cart.userId, cart.version),
    to: cart.email,
    template: 'cart-reminder',
    data: { ...data },
  };
}

/** Records the reminders due at `now`; answers how many. */
export async function sweepCartReminders({ store, links }: CartReminderSweep, now: Date): Promise<number> {
  if (!links) return 0;
  const idleHours = (await store.settings.get())?.cartReminderHours ?? DEFAULT_CART_REMINDER_HOURS;
  if (!cartRemindersOn(idleHours)) return 0;
  const window = cartReminderWindow(now, idleHours);
  let cursor: { version: string; userId: string } | undefined;
  let recorded = 0;
  for (;;) {
    const page = await store.cartReminders.candidates({ ...window, limit: CART_REMINDER_BATCH, cursor });
    for (const cart of page) {
      if (!cartReminderDue(cart, now, idleHours)) continue;
      const mail = await reminderMail({ store, links }, cart);
      if (await store.cartReminders.record(cart.userId, cart.version, mail, now)) recorded++;
    }
    const last = page.at(-1);
    if (page.length < CART_REMINDER_BATCH || !last) return recorded;
    cursor = { version: last.version, userId: last.userId };
  }
}
