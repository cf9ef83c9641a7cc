// The email templates rendered (React Email), checked against snapshots kept beside this file
// (__snapshots__/mail/, the HTML indented for reading: open one in a browser to look at it). Update with `npx vitest run -u`.
import { pretty } from '@react-email/render';
import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../src/domain/orders.js';
import type { RefundRecord } from '../src/domain/refunds.js';
import {
  customerOrderMail,
  holdReminderMail,
  orderMailData,
  ownerOrderPaidMails,
  ownerRequestMails,
  refundMail,
} from '../src/mail/orderMails.js';
import { mailRenderer, renderMail } from '../src/mail/render.js';
import { SHOP_TEMPLATES, TEMPLATES, type MailData, type MailTemplate } from '../src/mail/templates/index.js';
import { MODULES } from '../src/modules/index.js';

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

/** The same order with a variant line (issue 38): its label and SKU in the lines. */
const WITH_VARIANT = {
  ...ORDER,
  order: {
    ...ORDER.order,
    lines: [{ ...ORDER.order.lines[0]!, variantLabel: 'White', sku: 'APW-WHITE' }, ORDER.order.lines[1]!],
  },
};

const SAMPLES: { [T in MailTemplate]: MailData[T] } = {
  'password-reset': { name: 'Ann <Admin>', resetPath: '/reset-password/abc123', expiresInMinutes: 60 },
  'password-changed': { name: 'Ann', how: 'reset' },
  welcome: { name: 'Ann', verifyPath: '/verify-email/def456', expiresInHours: 72 },
  'gift-card': { code: 'ABCD-EFGH-JKLM-NPQR', amount: '$50.00', expiresAt: '2027-01-31T23:00:00.000Z' },
  'stock-alert-confirm': {
    productName: 'Volt Phone X',
    variantLabel: '256 GB / Midnight',
    confirmPath: '/stock-alerts/confirm/a1.sig',
    unsubscribePath: '/stock-alerts/unsubscribe/a1.sig2',
  },
  'low-stock': {
    productName: 'Volt Phone X',
    variantLabel: '256 GB / Midnight',
    sku: 'VPX-256-MID',
    countInStock: 4,
    threshold: 5,
    productPath: '/admin/product/p1/edit',
  },
  'back-in-stock': {
    productName: 'Volt Phone X',
    variantLabel: '256 GB / Midnight',
    productPath: '/product/p1',
    unsubscribePath: '/stock-alerts/unsubscribe/a1.sig2',
  },
  'verify-email': { name: 'Ann', verifyPath: '/verify-email/ghi789', expiresInHours: 72 },
  'order-placed': { ...ORDER, expiresAt: '2026-11-25T20:12:00.000Z' },
  'email-changed': { name: 'Ann', newEmail: 'ann.new@example.com' },
  'order-reminder': { ...ORDER, expiresAt: '2026-11-25T20:12:00.000Z' },
  'cart-reminder': {
    name: 'Ann <Admin>',
    lines: [
      { name: 'Logitech G-Series Gaming Mouse', qty: 2 },
      { name: 'Apple AirPods', qty: 1 },
    ],
    cartPath: '/cart',
    unsubscribePath: '/unsubscribe/cart-reminders/u1.c2lnbmF0dXJl',
  },
  'order-paid': { ...ORDER, paidAt: '2026-11-25T19:50:00.000Z' },
  'order-shipped': {
    ...WITH_VARIANT,
    shippedAt: '2026-11-26T15:40:00.000Z',
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
  },
  'order-delivered': {
    ...WITH_VARIANT,
    deliveredAt: '2026-11-27T10:05:00.000Z',
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
  },
  'order-return-approved': ORDER,
  'order-cancelled': { ...ORDER, reason: 'expired' },
  'owner-order-paid': { ...ORDER, customerEmail: 'ann@example.com' },
  'owner-order-request': {
    ...WITH_VARIANT,
    customerEmail: 'ann@example.com',
    kind: 'return',
    reason: 'The left earbud crackles',
    requestedAt: '2026-11-28T13:05:00.000Z',
    items: [{ name: 'Airpods Wireless Bluetooth Headphones', variantLabel: 'White', sku: 'APW-WHITE', qty: 1 }],
  },
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

  it('issue 39: names where a refund went when part of it went to a gift card or store credit', async () => {
    const base = SAMPLES['order-refunded'];
    const toCard = await renderMail(
      'order-refunded',
      { ...base, amountCents: 500, refundedTo: [{ to: 'your gift card', cents: 500 }] },
      url,
    );
    expect(toCard.text).toContain(
      'We refunded $5.00 to your gift card on 28 Nov 2026, 09:30 UTC (Mouse arrived broken).',
    );
    // Nothing went through the provider: no card statement to wait for.
    expect(toCard.text).not.toContain('statement');
    const split = await renderMail(
      'order-refunded',
      {
        ...base,
        amountCents: 1_500,
        refundedTo: [
          { to: 'your original payment method', cents: 700 },
          { to: 'your gift card', cents: 500 },
          { to: 'your store credit', cents: 300 },
        ],
      },
      url,
    );
    expect(split.text).toContain(
      'We refunded $15.00 ($7.00 to your original payment method, $5.00 to your gift card, $3.00 to your store credit)',
    );
    expect(split.text).toContain('It may take a few days to show on your statement.');
    // Built from the refund's parts; a refund all to the provider keeps the message as it was.
    const record = {
      user: { _id: 'u1', name: 'Ada', email: 'ada@example.com' },
      orderItems: [],
      itemsCents: 10_000,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 10_000,
      paymentMethod: 'PayPal',
      shippingAddress: { address: '1 Main St', city: 'X', postalCode: '12345', country: 'US' },
    } as unknown as OrderRecord;
    const refund = {
      id: 'r1',
      amountCents: 1_200,
      reason: '',
      status: 'completed',
      createdAt: '2026-11-28T09:30:00.000Z',
      completedAt: '2026-11-28T09:30:00.000Z',
      cancelsOrder: false,
      parts: [
        { kind: 'giftCard', ref: 'CARD', amountCents: 500 },
        { kind: 'storeCredit', ref: 'u1', amountCents: 300, credit: true },
      ],
    } as unknown as RefundRecord;
    expect(refundMail('x'.repeat(24), record, refund).data.refundedTo).toEqual([
      { to: 'your original payment method', cents: 400 },
      { to: 'your gift card', cents: 500 },
      { to: 'your store credit', cents: 300 },
    ]);
    expect(refundMail('x'.repeat(24), record, { ...refund, parts: [] }).data.refundedTo).toBeUndefined();
  });

  it("holds each module's templates (CapabilityModule.mails), each name once beside the shop's (issue 39)", () => {
    const moduleMails = MODULES.flatMap((m) => ('mails' in m && m.mails ? Object.entries(m.mails) : []));
    const names = moduleMails.map(([name]) => name);
    expect(names).toContain('gift-card');
    expect(new Set(names).size).toBe(names.length);
    for (const [name, definition] of moduleMails) {
      expect(Object.hasOwn(SHOP_TEMPLATES, name)).toBe(false); // never replacing one of the shop's
      expect(TEMPLATES[name as MailTemplate]).toBe(definition);
    }
    expect(Object.keys(TEMPLATES).sort()).toEqual([...Object.keys(SHOP_TEMPLATES), ...names].sort());
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
      'order-shipped',
      'order-delivered',
      'order-cancelled',
      'owner-order-paid',
      'owner-order-request',
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

  it('cart reminder (issue 41): the lines, the cart link and the one-click unsubscribe link, absolute', async () => {
    const mail = await renderMail('cart-reminder', SAMPLES['cart-reminder'], url);
    expect(mail.subject).toBe('Your Voltshop cart is waiting for you');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Logitech G-Series Gaming Mouse');
      expect(part).toContain(`${ORIGIN}/cart`);
      expect(part).toContain(`${ORIGIN}/unsubscribe/cart-reminders/u1.c2lnbmF0dXJl`);
    }
    expect(mail.html).toContain('Ann &lt;Admin&gt;');
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
      user: { _id: 'u1', name: 'Ada', email: 'ada@example.com' },
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

  it('issue 39: shows what a gift card or store credit paid and the rest, paid or due, built from the order', async () => {
    const record = {
      user: { _id: 'u1', name: 'Ada', email: 'ada@example.com' },
      orderItems: [{ product: 'p1', name: 'Lamp', image: '', priceCents: 10_000, qty: 1 }],
      itemsCents: 10_000,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 10_000,
      paymentMethod: 'PayPal',
      paidAt: null,
      paymentResult: null,
      shippingAddress: { address: '1 Main St', city: 'X', postalCode: '12345', country: 'US' },
      tenders: [
        { kind: 'giftCard', ref: 'CARD', amountCents: 2_500, refundedCents: 0 },
        { kind: 'storeCredit', ref: 'u1', amountCents: 1_000, refundedCents: 0 },
      ],
    } as unknown as OrderRecord;
    const placed = orderMailData('65f0c0ffee0000000c595d7', record).order;
    expect(placed.payments).toEqual([
      { label: 'Paid by gift card', cents: -2_500 },
      { label: 'Paid by store credit', cents: -1_000 },
      { label: 'Amount due', cents: 6_500 },
    ]);
    const paidRecord = {
      ...record,
      paidAt: '2026-11-25T19:50:00.000Z',
      paymentResult: { id: 'CAP-1', provider: 'paypal', status: 'COMPLETED' },
    } as unknown as OrderRecord;
    const paid = orderMailData('65f0c0ffee0000000c595d7', paidRecord);
    expect(paid.order.payments!.at(-1)).toEqual({ label: 'Paid with PayPal', cents: 6_500 });
    const mail = await renderMail('order-paid', { ...paid, paidAt: '2026-11-25T19:50:00.000Z' }, url);
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Paid by gift card');
      expect(part).toContain('−$25.00');
      expect(part).toContain('Paid by store credit');
      expect(part).toContain('−$10.00');
      expect(part).toContain('Paid with PayPal');
      expect(part).toContain('$65.00');
    }
    const placedMail = await renderMail('order-placed', { order: placed, orderPath: '/order/x', expiresAt: null }, url);
    expect(placedMail.text).toContain('Amount due');
    // Paid in full by the card: no rest line; without tenders the messages stay as they were.
    const covered = { ...record, tenders: [{ kind: 'giftCard', ref: 'CARD', amountCents: 10_000, refundedCents: 0 }] };
    expect(orderMailData('x'.repeat(24), covered as OrderRecord).order.payments).toEqual([
      { label: 'Paid by gift card', cents: -10_000 },
    ]);
    expect(orderMailData('x'.repeat(24), { ...record, tenders: [] } as OrderRecord).order.payments).toBeUndefined();
    expect((await renderMail('order-paid', SAMPLES['order-paid'], url)).text).not.toContain('Paid by');
  });

  it('gives the pay-by time and tells an order its customer cancelled from one the shop cancelled and an expired one', async () => {
    expect((await renderMail('order-placed', SAMPLES['order-placed'], url)).text).toContain(
      'Please pay by 25 Nov 2026, 20:12 UTC',
    );
    const reminder = await renderMail('order-reminder', SAMPLES['order-reminder'], url);
    expect(reminder.subject).toBe('Reminder: please pay for your Voltshop order #C595D7 by 25 Nov 2026, 20:12 UTC');
    expect(reminder.text).toContain('until 25 Nov 2026, 20:12 UTC');
    expect(reminder.html).toContain(`href="${ORIGIN}/order/65f0c0ffee0000000c595d7"`);
    const expired = await renderMail('order-cancelled', SAMPLES['order-cancelled'], url);
    expect(expired.subject).toMatch(/expired/);
    const cancelled = await renderMail('order-cancelled', { ...ORDER, reason: 'cancelled' }, url);
    expect(cancelled.subject).toMatch(/was cancelled/);
    expect(cancelled.text).toContain('You cancelled this order');
    const byShop = await renderMail('order-cancelled', { ...ORDER, reason: 'shop' }, url);
    expect(byShop.subject).toMatch(/was cancelled/);
    expect(byShop.text).toContain('The shop cancelled this order before it was paid');
    expect(byShop.text).not.toContain('You cancelled');
  });

  it("names each line's variant and SKU, its share of the code, and the units refunded; totals with refunded and net", async () => {
    const data = {
      ...SAMPLES['order-paid'],
      order: {
        ...ORDER.order,
        lines: [
          {
            name: 'Studio Headphones',
            variantLabel: 'Sand',
            sku: 'HP-STUDIO-SAND',
            qty: 2,
            priceCents: 8999,
            discountCents: 1800,
            refundedQty: 1,
          },
          { name: 'Logitech G-Series Gaming Mouse', qty: 1, priceCents: 4999 },
        ],
        discountCents: 1800,
        couponCode: 'SPRING10',
        taxCents: 3180,
        totalCents: 24377,
        refundedCents: 9900,
      },
    };
    const mail = await renderMail('order-paid', data, url);
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('2 × Studio Headphones — Sand');
      expect(part).toContain('SKU HP-STUDIO-SAND');
      expect(part).toContain('$89.99 each');
      expect(part).toContain('$18.00 off with SPRING10');
      expect(part).toContain('1 of 2 refunded');
      expect(part).toContain('Discount (SPRING10)');
      expect(part).toContain('Refunded');
      expect(part).toContain('−$99.00');
      expect(part).toContain('Net paid');
      expect(part).toContain('$144.77');
    }
    // A line without a variant shows its name alone, and no refund rows without a refund.
    const plain = await renderMail('order-paid', SAMPLES['order-paid'], url);
    expect(plain.text).toContain('1 × Logitech G-Series Gaming Mouse');
    expect(plain.text).not.toContain(' — ');
    expect(plain.text).not.toContain('Net paid');
  });

  it('says the tax is inside the prices when they include it', async () => {
    const included = {
      ...SAMPLES['order-paid'],
      order: { ...ORDER.order, taxIncluded: true, taxCents: 3000, totalCents: 22997 },
    };
    expect((await renderMail('order-paid', included, url)).text).toContain('Tax (included above)');
    expect((await renderMail('order-paid', SAMPLES['order-paid'], url)).text).not.toContain('included');
  });

  it('gives the carrier and tracking number in the shipped and delivered mails, linked for a known carrier', async () => {
    const tracking = 'https://www.ups.com/track?tracknum=1Z999AA10123456784';
    for (const template of ['order-shipped', 'order-delivered'] as const) {
      const mail = await renderMail(template, SAMPLES[template], url);
      for (const part of [mail.html, mail.text]) {
        expect(part).toContain('UPS');
        expect(part).toContain('1Z999AA10123456784');
        expect(part).toContain(tracking);
      }
      expect(mail.html).toContain(`href="${tracking}"`);
    }
    expect((await renderMail('order-shipped', SAMPLES['order-shipped'], url)).subject).toBe(
      'Your Voltshop order #C595D7 is on its way',
    );
    // An unknown carrier: the number, no link.
    const hermes = { ...SAMPLES['order-delivered'], carrier: 'Hermes', trackingNumber: 'H1234567' };
    const mail = await renderMail('order-delivered', hermes, url);
    expect(mail.text).toContain('Carrier: Hermes');
    expect(mail.text).toContain('Tracking number: H1234567');
    expect(mail.html).not.toContain('Track your parcel');
    // None given (the spec's deliver without a body): no shipment block at all.
    const bare = { ...ORDER, deliveredAt: '2026-11-27T10:05:00.000Z' };
    expect((await renderMail('order-delivered', bare, url)).text).not.toContain('Carrier');
  });

  it('greets a guest by the name on the shipping address, never "Guest"; nobody by name without one', async () => {
    const guest = {
      user: { _id: 'guest:ann@example.com', name: 'Guest', email: 'ann@example.com' },
      orderItems: [{ product: 'p1', name: 'Lamp', image: '', priceCents: 1000, qty: 1 }],
      itemsCents: 1000,
      shippingCents: 0,
      taxCents: 150,
      totalCents: 1150,
      refunds: [],
      guestToken: 'o1.sig',
      shippingAddress: {
        recipientName: 'Ann Smith',
        address: '1 Main St',
        city: 'X',
        postalCode: '12345',
        country: 'US',
      },
    } as unknown as OrderRecord;
    const named = customerOrderMail('paid', 'o1', guest, new Date('2026-11-28T13:05:00.000Z'));
    expect((named.data as { order: { name: string } }).order.name).toBe('Ann Smith');
    const mail = await renderMail('order-paid', named.data as never, url);
    expect(mail.text).toContain('Hello Ann Smith,');
    expect(mail.text).not.toContain('Guest');
    const anonymous = {
      ...guest,
      shippingAddress: { address: '1 Main St', city: 'X', postalCode: '12345', country: 'US' },
    };
    const unnamed = customerOrderMail('paid', 'o1', anonymous as OrderRecord, new Date());
    const plain = await renderMail('order-paid', unnamed.data as never, url);
    expect(plain.text).toMatch(/Hello,/);
    expect(plain.text).not.toContain('Guest');
    // The owner's alert names the recipient too, or "a guest".
    const [alert] = ownerOrderPaidMails('o1', anonymous as OrderRecord, ['owner@example.com']);
    expect((await renderMail('owner-order-paid', alert!.data as never, url)).subject).toMatch(/from a guest$/);
    // An account's order keeps the account's name.
    const account = { ...guest, user: { _id: 'u1', name: 'Ann Account', email: 'ann@example.com' } };
    expect(orderMailData('o1', account as OrderRecord).order.name).toBe('Ann Account');
  });

  it("gives times in the shop's time zone: the one recorded with the message, else the renderer's, else UTC", async () => {
    const record = {
      user: { _id: 'u1', name: 'Ann', email: 'ann@example.com' },
      orderItems: [],
      itemsCents: 0,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 0,
      paidAt: '2026-11-28T13:05:00.000Z',
      shippingAddress: { address: '1 Main St', city: 'X', postalCode: '12345', country: 'US' },
    } as unknown as OrderRecord;
    const berlin = customerOrderMail('paid', 'o1', record, new Date(), { timeZone: 'Europe/Berlin' });
    expect(berlin.data.timeZone).toBe('Europe/Berlin');
    expect((await mailRenderer(ORIGIN)('order-paid', berlin.data)).text).toContain('on 28 Nov 2026, 14:05 CET');
    // Recorded without a zone (every message before issue 38): the renderer's zone, the settings in force.
    const plain = customerOrderMail('paid', 'o1', record, new Date());
    expect(plain.data).not.toHaveProperty('timeZone');
    const inTokyo = mailRenderer(ORIGIN, { timeZone: async () => 'Asia/Tokyo' });
    expect((await inTokyo('order-paid', plain.data)).text).toContain('on 28 Nov 2026, 22:05 GMT+9');
    // The recorded zone wins over the renderer's; a failing settings read or a bad name: UTC.
    expect((await inTokyo('order-paid', berlin.data)).text).toContain('14:05 CET');
    const failing = mailRenderer(ORIGIN, { timeZone: () => Promise.reject(new Error('settings unavailable')) });
    expect((await failing('order-paid', plain.data)).text).toContain('on 28 Nov 2026, 13:05 UTC');
    expect((await mailRenderer(ORIGIN)('order-paid', { ...plain.data, timeZone: 'Mars/Olympus' })).text).toContain(
      '13:05 UTC',
    );
    // Every builder takes the context.
    const reminder = holdReminderMail(
      'o1',
      { ...record, expiresAt: '2026-07-01T13:05:00.000Z' },
      { timeZone: 'Europe/Berlin' },
    );
    expect((await mailRenderer(ORIGIN)('order-reminder', reminder.data)).subject).toContain('1 Jul 2026, 15:05 CEST');
    const refund = {
      id: 'r1',
      amountCents: 100,
      reason: '',
      restock: false,
      items: [],
      status: 'completed',
      cancelsOrder: false,
      createdAt: '2026-11-28T13:05:00.000Z',
      completedAt: '2026-11-28T13:05:00.000Z',
      by: { _id: 'a', name: 'A' },
      providerRefundId: null,
      failure: null,
    } satisfies RefundRecord;
    const refunded = refundMail('o1', { ...record, refunds: [refund] }, refund, { timeZone: 'Europe/Berlin' });
    expect((await mailRenderer(ORIGIN)('order-refunded', refunded.data)).text).toContain('28 Nov 2026, 14:05 CET');
  });

  it("alerts the owners of a customer's request: one message per recipient and request, to the admin's order page", async () => {
    const record = {
      user: { _id: 'guest:ann@example.com', name: 'Guest', email: 'ann@example.com' },
      orderItems: [
        {
          product: 'p1',
          variant: 'v2',
          variantLabel: 'Sand',
          sku: 'HP-SAND',
          name: 'Studio Headphones',
          image: '',
          priceCents: 8999,
          qty: 2,
        },
        { product: 'p2', name: 'Mouse', image: '', priceCents: 4999, qty: 1 },
      ],
      itemsCents: 22997,
      shippingCents: 0,
      taxCents: 3450,
      totalCents: 26447,
      guestToken: 'o1.secret-signature',
      shippingAddress: {
        recipientName: 'Ann Smith',
        address: '1 Main St',
        city: 'X',
        postalCode: '12345',
        country: 'US',
      },
    } as unknown as OrderRecord;
    const returned = ownerRequestMails(
      'o1',
      record,
      {
        kind: 'return',
        id: 'ret-1',
        reason: 'Crackles',
        requestedAt: '2026-11-28T13:05:00.000Z',
        items: [{ product: 'p1', variant: 'v2', qty: 1 }],
      },
      ['owner@example.com', 'partner@example.com', 'owner@example.com'],
      { timeZone: 'Europe/Berlin' },
    );
    expect(returned.map((m) => [m.key, m.to, m.template])).toEqual([
      ['owner-return-request:o1:ret-1:owner@example.com', 'owner@example.com', 'owner-order-request'],
      ['owner-return-request:o1:ret-1:partner@example.com', 'partner@example.com', 'owner-order-request'],
    ]);
    // The admin signs in: no guest token in the owner's link.
    expect(returned[0]!.data.orderPath).toBe('/order/o1');
    const mail = await mailRenderer(ORIGIN)('owner-order-request', returned[0]!.data);
    expect(mail.subject).toBe('Return requested for order #O1 by Ann Smith');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Ann Smith (ann@example.com) asked for a return of order #O1 on 28 Nov 2026, 14:05 CET');
      expect(part).toContain('1 × Studio Headphones — Sand');
      expect(part).toContain('Crackles');
      expect(part).toContain(`${ORIGIN}/order/o1`);
      expect(part).not.toContain('secret-signature');
    }
    const cancellation = ownerRequestMails(
      'o1',
      record,
      {
        kind: 'cancellation',
        id: '2026-11-28T13:05:00.000Z',
        reason: 'Ordered twice',
        requestedAt: '2026-11-28T13:05:00.000Z',
      },
      ['owner@example.com'],
    );
    expect(cancellation.map((m) => m.key)).toEqual([
      'owner-cancellation-request:o1:2026-11-28T13:05:00.000Z:owner@example.com',
    ]);
    const asked = await mailRenderer(ORIGIN)('owner-order-request', cancellation[0]!.data);
    expect(asked.subject).toBe('Cancellation requested for order #O1 by Ann Smith');
    expect(asked.text).toContain('asked for the cancellation of order #O1');
    expect(asked.text).toContain('Ordered twice');
    expect(asked.text).not.toContain('To return');
  });

  it('refuses an unknown template', async () => {
    await expect(mailRenderer(ORIGIN)('nope', {})).rejects.toThrow(/Unknown mail template/);
  });
});
