// The email templates rendered (React Email), checked against snapshots kept beside this file
// (__snapshots__/mail/, the HTML indented for reading: open one in a browser to look at it). Update with `npx vitest run -u`.
import { pretty } from '@react-email/render';
import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../src/domain/orders.js';
import { orderMailData } from '../src/mail/orderMails.js';
import { mailRenderer, renderMail } from '../src/mail/render.js';
import { TEMPLATES, type MailData, type MailTemplate } from '../src/mail/templates/index.js';

const ORIGIN = 'https://shop.example.com';
const url = (path: string) => new URL(path, ORIGIN).href;

/** An order as the order messages are recorded with it (mail/orderMails.ts orderMailData). */
const ORDER = {
  order: {
    name: 'Ann <Admin>',
    number: '#C595D7',
    lines: [
      { name: 'Airpods Wireless Bluetooth Headphones', qty: 2, priceCents: 8999 },
      { name: 'Logitech G-Series Gaming Mouse', qty: 1, priceCents: 4999 },
    ],
    itemsCents: 22997,
    shippingCents: 0,
    taxCents: 3450,
    totalCents: 26447,
  },
  orderPath: '/order/65f0c0ffee0000000c595d7',
};

const SAMPLES: { [T in MailTemplate]: MailData[T] } = {
  'password-reset': { name: 'Ann <Admin>', resetPath: '/reset-password/abc123', expiresInMinutes: 60 },
  'password-changed': { name: 'Ann', how: 'reset' },
  welcome: { name: 'Ann', verifyPath: '/verify-email/def456', expiresInHours: 72 },
  'verify-email': { name: 'Ann', verifyPath: '/verify-email/ghi789', expiresInHours: 72 },
  'order-placed': { ...ORDER, expiresAt: '2026-11-25T20:12:00.000Z' },
  'email-changed': { name: 'Ann', newEmail: 'ann.new@example.com' },
  'order-reminder': { ...ORDER, expiresAt: '2026-11-25T20:12:00.000Z' },
  'order-paid': { ...ORDER, paidAt: '2026-11-25T19:50:00.000Z' },
  'order-shipped': { ...ORDER, shippedAt: '2026-11-26T10:05:00.000Z', carrier: 'UPS', trackingNumber: '1Z999' },
  'order-delivered': { ...ORDER, deliveredAt: '2026-11-27T10:05:00.000Z' },
  'order-return-approved': ORDER,
  'order-cancelled': { ...ORDER, reason: 'expired' },
  'owner-order-paid': { ...ORDER, customerEmail: 'ann@example.com' },
  'order-refunded': {
    ...ORDER,
    amountCents: 5749,
    refundedCents: 5749,
    reason: 'Mouse arrived broken',
    refundedAt: '2026-11-28T09:30:00.000Z',
    cancelled: false,
  },
};

describe('mail templates', () => {
  it('says how much was refunded, why, and the running total on a partial refund (order-refunded)', async () => {
    const mail = await renderMail('order-refunded', { ...SAMPLES['order-refunded'], refundedCents: 10000 }, url);
    expect(mail.subject).toBe('Refund for your Voltshop order #C595D7');
    expect(mail.text).toContain('We refunded $57.49');
    expect(mail.text).toContain('Mouse arrived broken');
    expect(mail.text).toContain('In all, $100.00 of $264.47 has been refunded');
    const cancelled = await renderMail('order-refunded', { ...SAMPLES['order-refunded'], cancelled: true }, url);
    expect(cancelled.subject).toBe('Your Voltshop order #C595D7 was cancelled and refunded');
  });

  for (const template of Object.keys(TEMPLATES) as MailTemplate[]) {
    it(`renders ${template} as HTML and plain text, links from the shop's origin`, async () => {
      const mail = await renderMail(template, SAMPLES[template] as never, url);
      await expect(await pretty(mail.html)).toMatchFileSnapshot(`__snapshots__/mail/${template}.html`);
      await expect(`Subject: ${mail.subject}\n\n${mail.text}\n`).toMatchFileSnapshot(
        `__snapshots__/mail/${template}.txt`,
      );
      expect(mail.html).toMatch(/^<!DOCTYPE html/); // a whole document
      expect(mail.html).toContain(`href="${ORIGIN}/"`);
      expect(mail.text).toContain(`${ORIGIN}/`);
      expect(mail.html).not.toMatch(/http:\/\/localhost/);
    });
  }

  it('escapes what the shopper typed (the name)', async () => {
    const mail = await renderMail('password-reset', SAMPLES['password-reset'], url);
    expect(mail.html).toContain('Ann &lt;Admin&gt;');
    expect(mail.html).not.toContain('<Admin>');
  });

  it('puts the reset link in both parts, absolute', async () => {
    const mail = await mailRenderer('http://127.0.0.1:4000')('password-reset', SAMPLES['password-reset']);
    expect(mail.html).toContain('href="http://127.0.0.1:4000/reset-password/abc123"');
    expect(mail.text).toContain('http://127.0.0.1:4000/reset-password/abc123');
  });

  it('shows the order: its number, lines, totals, and a link to its page (order messages)', async () => {
    for (const template of [
      'order-placed',
      'order-reminder',
      'order-paid',
      'order-delivered',
      'order-cancelled',
      'owner-order-paid',
      'order-refunded',
    ] as const) {
      const mail = await renderMail(template, SAMPLES[template], url);
      expect(mail.subject).toContain('#C595D7');
      for (const part of [mail.html, mail.text]) {
        expect(part).toContain('#C595D7');
        expect(part).toContain('Logitech G-Series Gaming Mouse');
        expect(part).toContain('$179.98'); // 2 × $89.99
        expect(part).toContain('$264.47');
        expect(part).toContain(`${ORIGIN}/order/65f0c0ffee0000000c595d7`);
      }
      expect(mail.html).not.toContain('<Admin>');
    }
  });

  it('shows a discount code as its own line of the totals, and none without one (issue 30)', async () => {
    const discounted = {
      ...SAMPLES['order-placed'],
      order: { ...ORDER.order, discountCents: 2000, couponCode: 'SPRING20', taxCents: 3150, totalCents: 24147 },
    };
    const mail = await renderMail('order-placed', discounted, url);
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Discount (SPRING20)');
      expect(part).toContain('−$20.00');
      expect(part).toContain('$241.47');
    }
    const plain = await renderMail('order-placed', SAMPLES['order-placed'], url);
    expect(plain.html).not.toContain('Discount');
  });

  it('shows where the order ships, with the recipient, the country by name and the phone (issue 30)', async () => {
    const shipped = {
      ...SAMPLES['order-placed'],
      order: {
        ...ORDER.order,
        shipTo: {
          lines: ['Ada Lovelace', '12 Crane St', 'London SW1A 1AA', 'United Kingdom'],
          phone: '+44 20 7946 0000',
        },
      },
    };
    const mail = await renderMail('order-placed', shipped, url);
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Ship to');
      expect(part).toContain('Ada Lovelace');
      expect(part).toContain('United Kingdom');
      expect(part).toContain('Phone: +44 20 7946 0000');
    }
    expect((await renderMail('order-placed', SAMPLES['order-placed'], url)).text).not.toContain('Ship to');
  });

  it('builds the ship-to lines from the order: recipient, street, city and code, country name, phone', () => {
    const record = {
      user: { name: 'Ada', email: 'ada@example.com' },
      orderItems: [],
      itemsCents: 0,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 0,
      shippingAddress: {
        recipientName: 'Ada Lovelace',
        phone: '+44 20 7946 0000',
        address: '12 Crane St',
        city: 'London',
        postalCode: 'SW1A 1AA',
        country: 'GB',
      },
    } as unknown as OrderRecord;
    expect(orderMailData('65f0c0ffee0000000c595d7', record).order.shipTo).toEqual({
      lines: ['Ada Lovelace', '12 Crane St', 'London SW1A 1AA', 'United Kingdom'],
      phone: '+44 20 7946 0000',
    });
    const proshop = {
      ...record,
      shippingAddress: { address: '1 Main St', city: 'X', postalCode: '12345', country: 'US' },
    };
    expect(orderMailData('65f0c0ffee0000000c595d7', proshop).order.shipTo).toBeUndefined();
  });

  it('gives the pay-by time and tells a cancelled order from an expired one', async () => {
    expect((await renderMail('order-placed', SAMPLES['order-placed'], url)).text).toContain(
      'Please pay by Wed, Nov 25, 2026, 20:12 UTC',
    );
    const reminder = await renderMail('order-reminder', SAMPLES['order-reminder'], url);
    expect(reminder.subject).toBe(
      'Reminder: please pay for your Voltshop order #C595D7 by Wed, Nov 25, 2026, 20:12 UTC',
    );
    expect(reminder.text).toContain('until Wed, Nov 25, 2026, 20:12 UTC');
    expect(reminder.html).toContain(`href="${ORIGIN}/order/65f0c0ffee0000000c595d7"`);
    const expired = await renderMail('order-cancelled', SAMPLES['order-cancelled'], url);
    expect(expired.subject).toMatch(/expired/);
    const cancelled = await renderMail('order-cancelled', { ...ORDER, reason: 'cancelled' }, url);
    expect(cancelled.subject).toMatch(/was cancelled/);
    expect(cancelled.text).toContain('You cancelled this order');
  });

  it('refuses an unknown template', async () => {
    await expect(mailRenderer(ORIGIN)('nope', {})).rejects.toThrow(/Unknown mail template/);
  });
});
