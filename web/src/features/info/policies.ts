// The shop's policy texts, in one place: the policy pages (routes/PolicyPage.tsx) show them, the footer and the
// product page's "30-day returns" link to them. Placeholder texts (spec 1): the owner replaces them with their own.
import { FREE_SHIPPING_OVER_CENTS } from '@domain/pricing';
import { RETURN_DAYS } from '@domain/limits';
import { formatPrice } from '@domain/money';
import { CONTACT_EMAIL } from '@domain/site';

export type PolicyTopic = 'returns' | 'shipping' | 'privacy' | 'terms';

export interface Policy {
  title: string;
  /** The footer's link text. */
  short: string;
  summary: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export const POLICY_TOPICS: PolicyTopic[] = ['returns', 'shipping', 'privacy', 'terms'];

export const POLICIES: Record<PolicyTopic, Policy> = {
  returns: {
    title: 'Returns and refunds',
    short: 'Returns',
    summary: `Changed your mind? Return any product within ${RETURN_DAYS} days of delivery for a full refund.`,
    sections: [
      {
        heading: `${RETURN_DAYS}-day returns`,
        paragraphs: [
          `You may return any product within ${RETURN_DAYS} days of its delivery, for any reason, in its original condition with its accessories.`,
          `Ask for a return on your order's page (Request a return), choosing the items and saying why; we answer there within one business day, with the return address. Questions: ${CONTACT_EMAIL}.`,
        ],
      },
      {
        heading: 'Refunds',
        paragraphs: [
          'Once the return arrives we refund the price of the returned products through the payment you used (PayPal or card), usually within five business days.',
          'A faulty or wrong product is returned at our cost; otherwise the return postage is yours.',
        ],
      },
    ],
  },
  shipping: {
    title: 'Shipping',
    short: 'Shipping',
    summary: `Free shipping on orders over ${formatPrice(FREE_SHIPPING_OVER_CENTS / 100)}; otherwise a flat rate shown before you pay.`,
    sections: [
      {
        heading: 'Costs',
        paragraphs: [
          `Orders over ${formatPrice(FREE_SHIPPING_OVER_CENTS / 100)} ship free. Below that, the shipping cost is shown in the order summary before you pay.`,
        ],
      },
      {
        heading: 'Times and tracking',
        paragraphs: [
          'We ship paid orders within two business days. When your order leaves us, its page shows the carrier and the tracking number.',
          `Something not arrived? Write to ${CONTACT_EMAIL} with your order number.`,
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy',
    short: 'Privacy',
    summary: 'We keep only what we need to deliver your order and run your account.',
    sections: [
      {
        heading: 'What we keep',
        paragraphs: [
          'Your name, email and password (stored as a hash), your shipping addresses and your orders. Payments are handled by PayPal: we never see your card number.',
        ],
      },
      {
        heading: 'What we do with it',
        paragraphs: [
          'We use it to deliver your orders, send you the emails about them and answer your questions. We do not sell it or share it with advertisers.',
          `To see, correct or delete your data, write to ${CONTACT_EMAIL}.`,
        ],
      },
    ],
  },
  terms: {
    title: 'Terms of sale',
    short: 'Terms',
    summary: 'The terms under which Voltshop sells to you.',
    sections: [
      {
        heading: 'Orders and prices',
        paragraphs: [
          'Prices include tax as shown in the order summary. An order is binding once paid; an unpaid order holds its items for a short time and then expires.',
        ],
      },
      {
        heading: 'Warranty',
        paragraphs: [
          `Every product carries the legal warranty. Returns follow our returns policy (${RETURN_DAYS} days from delivery).`,
        ],
      },
    ],
  },
};

export const isPolicyTopic = (topic: string | undefined): topic is PolicyTopic =>
  !!topic && (POLICY_TOPICS as string[]).includes(topic);
