// The shop's policy texts, in one place: the policy pages (routes/PolicyPage.tsx) show them, the footer and the
// product page's "30-day returns" link to them. Issue 40: written from the settings in force (the free-shipping
// threshold, the support email), and an owner's own text (settings.policies, read by @domain/policyText) replaces a
// built-in one's sections.
import { RETURN_DAYS } from '@domain/limits';
import { formatPrice } from '@domain/money';
import { policyBlocks, policySummary, type PolicyBlock } from '@domain/policyText';
import { POLICY_TOPICS, type PolicyTopic, type ShopSettings } from '@domain/settings';

export { POLICY_TOPICS, type PolicyTopic };

export interface Policy {
  title: string;
  /** The footer's link text. */
  short: string;
  summary: string;
  sections: { heading: string; paragraphs: string[] }[];
  /** The owner's own text, when they wrote one: shown instead of the summary and sections. */
  blocks?: PolicyBlock[];
}

/** The policies as the settings make them. */
export function policiesFor(settings: ShopSettings): Record<PolicyTopic, Policy> {
  const email = settings.store.email;
  const freeOver = settings.shipping.freeOver;
  const shippingSummary =
    freeOver === null
      ? 'A flat rate, shown with the shipping methods below and in the order summary before you pay.'
      : `Free shipping on orders over ${formatPrice(freeOver)}; otherwise a flat rate shown before you pay.`;
  const shippingCosts =
    freeOver === null
      ? 'The shipping cost is shown in the order summary before you pay.'
      : `Orders over ${formatPrice(freeOver)} ship free. Below that, the shipping cost is shown in the order summary before you pay.`;
  const builtIn: Record<PolicyTopic, Policy> = {
    returns: {
      title: 'Returns and refunds',
      short: 'Returns',
      summary: `Changed your mind? Return any product within ${RETURN_DAYS} days of delivery for a full refund.`,
      sections: [
        {
          heading: `${RETURN_DAYS}-day returns`,
          paragraphs: [
            `You may return any product within ${RETURN_DAYS} days of its delivery, for any reason, in its original condition with its accessories.`,
            `Ask for a return on your order's page (Request a return), choosing the items and saying why; we answer there within one business day, with the return address. Questions: ${email}.`,
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
      summary: shippingSummary,
      sections: [
        {
          heading: 'Costs',
          paragraphs: [shippingCosts],
        },
        {
          heading: 'Times and tracking',
          paragraphs: [
            'We ship paid orders within two business days. When your order leaves us, its page shows the carrier and the tracking number.',
            `Something not arrived? Write to ${email} with your order number.`,
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
            `To see, correct or delete your data, write to ${email}.`,
          ],
        },
      ],
    },
    terms: {
      title: 'Terms of sale',
      short: 'Terms',
      summary: `The terms under which ${settings.store.name} sells to you.`,
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
  for (const topic of POLICY_TOPICS) {
    const blocks = policyBlocks(settings.policies[topic]);
    if (blocks.length > 0) {
      const own = builtIn[topic];
      builtIn[topic] = { ...own, summary: policySummary(blocks) ?? own.summary, sections: [], blocks };
    }
  }
  return builtIn;
}

export const isPolicyTopic = (topic: string | undefined): topic is PolicyTopic =>
  !!topic && (POLICY_TOPICS as readonly string[]).includes(topic);
