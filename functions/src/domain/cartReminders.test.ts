import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CART_REMINDER_LOOKBACK_DAYS,
  CART_REMINDER_RECOVERY_DAYS,
  cartReminderCutoff,
  cartReminderDue,
  cartReminderFigures,
  cartReminderKey,
  cartReminderWindow,
  type CartReminderCandidate,
} from './cartReminders.js';

const changed = '2026-03-01T10:00:00.000Z';
const hours = (h: number) => new Date(Date.parse(changed) + h * 3_600_000);
const cart = (over: Partial<CartReminderCandidate> = {}): CartReminderCandidate => ({
  userId: 'u1',
  email: 'alice@example.com',
  name: 'Alice',
  items: [{ product: 'p1', qty: 1 }],
  version: changed,
  remindedVersion: null,
  optedOut: false,
  lastOrderAt: null,
  ...over,
});

describe('cartReminderDue (which idle carts get their one reminder)', () => {
  it('is due once the cart was idle the owner’s hours, not before', () => {
    expect(cartReminderDue(cart(), hours(23.99), 24)).toBe(false);
    expect(cartReminderDue(cart(), hours(24), 24)).toBe(true);
    expect(cartReminderDue(cart(), hours(100), 24)).toBe(true);
    // Beyond the lookback (7 days past the idle time) a cart is left alone.
    expect(cartReminderDue(cart(), hours(24 + CART_REMINDER_LOOKBACK_DAYS * 24 - 0.01), 24)).toBe(true);
    expect(cartReminderDue(cart(), hours(24 + CART_REMINDER_LOOKBACK_DAYS * 24), 24)).toBe(false);
    expect(cartReminderDue(cart(), hours(2), 2)).toBe(true);
  });

  it('never when reminders are off (0), for an empty cart, or to a customer who unsubscribed', () => {
    expect(cartReminderDue(cart(), hours(1000), 0)).toBe(false);
    expect(cartReminderDue(cart(), hours(1000), -5)).toBe(false);
    expect(cartReminderDue(cart(), hours(1000), Number.NaN)).toBe(false);
    expect(cartReminderDue(cart({ items: [] }), hours(48), 24)).toBe(false);
    expect(cartReminderDue(cart({ optedOut: true }), hours(48), 24)).toBe(false);
  });

  it('not after an order placed since the cart last changed; an order before the change does not count', () => {
    expect(cartReminderDue(cart({ lastOrderAt: hours(1).toISOString() }), hours(48), 24)).toBe(false);
    expect(cartReminderDue(cart({ lastOrderAt: changed }), hours(48), 24)).toBe(false);
    expect(cartReminderDue(cart({ lastOrderAt: hours(-1).toISOString() }), hours(48), 24)).toBe(true);
  });

  it('once per cart version: reminded for this version, never again; a later change re-arms it', () => {
    expect(cartReminderDue(cart({ remindedVersion: changed }), hours(48), 24)).toBe(false);
    const later = hours(30).toISOString();
    expect(cartReminderDue(cart({ version: later, remindedVersion: changed }), hours(48), 24)).toBe(false);
    expect(cartReminderDue(cart({ version: later, remindedVersion: changed }), hours(54), 24)).toBe(true);
  });

  it('property: never due for an opted-out, empty, reminded or ordered-since cart, nor before the idle time', () => {
    const iso = fc
      .integer({ min: Date.parse('2026-01-01'), max: Date.parse('2027-01-01') })
      .map((t) => new Date(t).toISOString());
    fc.assert(
      fc.property(
        iso,
        fc.option(iso, { nil: null }),
        fc.option(iso, { nil: null }),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: -10, max: 1000 }),
        fc.integer({ min: 0, max: 2000 * 3_600_000 }),
        (version, remindedRaw, lastOrderAt, optedOut, empty, idleHours, elapsed) => {
          const remindedVersion = remindedRaw && remindedRaw.length % 2 ? version : remindedRaw;
          const c = cart({ version, remindedVersion, lastOrderAt, optedOut, items: empty ? [] : cart().items });
          const now = new Date(Date.parse(version) + elapsed);
          const due = cartReminderDue(c, now, idleHours);
          const expected =
            idleHours > 0 &&
            !optedOut &&
            !empty &&
            remindedVersion !== version &&
            elapsed >= idleHours * 3_600_000 &&
            elapsed < (idleHours + CART_REMINDER_LOOKBACK_DAYS * 24) * 3_600_000 &&
            !(lastOrderAt && Date.parse(lastOrderAt) >= Date.parse(version));
          expect(due).toBe(expected);
          // Whatever is due lies in the window a store loads by: (after, until].
          if (due) {
            const window = cartReminderWindow(now, idleHours);
            expect(Date.parse(version)).toBeLessThanOrEqual(Date.parse(window.until));
            expect(Date.parse(version)).toBeGreaterThan(Date.parse(window.after));
            expect(window.until).toBe(cartReminderCutoff(now, idleHours).toISOString());
          }
        },
      ),
    );
  });

  it('keys the outbox message by account and cart version', () => {
    expect(cartReminderKey('u1', changed)).toBe(`cart-reminder:u1:${changed}`);
    expect(cartReminderKey('u1', changed)).not.toBe(cartReminderKey('u1', hours(1).toISOString()));
  });
});

describe('cartReminderFigures (the dashboard: sent, recovered)', () => {
  it(`counts an order by the customer within ${CART_REMINDER_RECOVERY_DAYS} days of the reminder as recovered`, () => {
    const sentAt = changed;
    const after = (days: number) => hours(days * 24).toISOString();
    expect(
      cartReminderFigures([
        { sentAt, nextOrderAt: null },
        { sentAt, nextOrderAt: after(1) },
        { sentAt, nextOrderAt: after(CART_REMINDER_RECOVERY_DAYS) },
        { sentAt, nextOrderAt: after(CART_REMINDER_RECOVERY_DAYS + 0.01) },
        { sentAt, nextOrderAt: after(-1) }, // before the reminder: not its doing
      ]),
    ).toEqual({ sent: 5, recovered: 2 });
    expect(cartReminderFigures([])).toEqual({ sent: 0, recovered: 0 });
  });
});
