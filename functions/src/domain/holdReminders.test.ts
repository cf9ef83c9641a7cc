import { describe, expect, it } from 'vitest';
import { HOLD_REMINDER_MINUTES, holdReminderDue, holdReminderWindow } from './holdReminders.js';

const placed = '2026-03-01T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(placed) + minutes * 60_000);
const order = (over: Partial<{ status: string; expiresAt: string | null; createdAt: string }> = {}) =>
  ({ status: 'awaiting_payment', expiresAt: at(30).toISOString(), createdAt: placed, ...over }) as Parameters<
    typeof holdReminderDue
  >[0];

describe('holdReminderDue (which unpaid orders get their reminder now)', () => {
  it(`is due from ${HOLD_REMINDER_MINUTES} minutes before the hold ends until it ends`, () => {
    expect(holdReminderDue(order(), at(19), false)).toBe(false);
    expect(holdReminderDue(order(), at(19.99), false)).toBe(false);
    expect(holdReminderDue(order(), at(20), false)).toBe(true);
    expect(holdReminderDue(order(), at(29.99), false)).toBe(true);
    expect(holdReminderDue(order(), at(30), false)).toBe(false); // ended: the expiry's turn
    expect(holdReminderDue(order(), at(45), false)).toBe(false);
  });

  it('never twice, never for a paid, delivered, cancelled or expired order, nor one without a hold', () => {
    expect(holdReminderDue(order(), at(25), true)).toBe(false);
    for (const status of ['paid', 'delivered', 'cancelled', 'expired'])
      expect(holdReminderDue(order({ status }), at(25), false), status).toBe(false);
    expect(holdReminderDue(order({ expiresAt: null }), at(25), false)).toBe(false);
  });

  it('gives none to an order whose whole hold is shorter than the lead (its "placed" mail says pay by when)', () => {
    const short = order({ expiresAt: at(HOLD_REMINDER_MINUTES).toISOString() });
    expect(holdReminderDue(short, at(1), false)).toBe(false);
    const justLonger = order({ expiresAt: at(HOLD_REMINDER_MINUTES + 1).toISOString() });
    expect(holdReminderDue(justLonger, at(1), false)).toBe(true);
  });

  it('the window the stores query is exactly the decision’s: (now, now + lead]', () => {
    expect(holdReminderWindow(at(20))).toEqual({ after: at(20).toISOString(), until: at(30).toISOString() });
  });
});
