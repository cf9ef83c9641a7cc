import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { createElement } from 'react';
import { paths } from '../../domain/routes.js';
import { BRAND, button, Layout, small, text } from '../../mail/templates/Layout.js';
import { mailTime } from '../../mail/templates/OrderMails.js';
import type { ModuleMails } from '../module.js';
import type { giftCardMail } from './giftCards.js';

export interface GiftCardProps {
  /** Grouped (ABCD-EFGH-JKLM-NPQR). */
  code: string;
  /** Formatted ($50.00). */
  amount: string;
  /** The day it ends, as shown in the shop's zone; null: it never expires. */
  expires: string | null;
  shopUrl: string;
}

/** Issue 39: to the recipient of a gift card the owner issued: its code and amount, how to spend it. */
export function GiftCard({ code, amount, expires, shopUrl }: GiftCardProps) {
  return (
    <Layout preview={`A Voltshop gift card of ${amount} for you`} shopUrl={shopUrl}>
      <Heading as="h1" style={{ fontSize: '22px', color: BRAND.ink, margin: '0 0 16px' }}>
        A Voltshop gift card of {amount} for you
      </Heading>
      <Text style={text}>Your gift card code:</Text>
      <Text style={{ ...text, fontSize: '22px', fontFamily: 'monospace', letterSpacing: '2px', fontWeight: 700 }}>
        {code}
      </Text>
      <Text style={text}>
        Enter it in the Gift card field when you place your order: it pays up to its balance, and whatever is left stays
        on the card for next time.
      </Text>
      <Button href={shopUrl} style={button}>
        Start shopping
      </Button>
      <Text style={{ ...small, marginTop: '16px' }}>
        {expires ? `The card can be used until ${expires}.` : 'The card does not expire.'} Keep the code safe: whoever
        has it can spend the balance.
      </Text>
    </Layout>
  );
}

/** The module's templates (CapabilityModule.mails; mail/templates/index.ts gathers them): to a gift card's recipient
 *  when the owner issues it (store.ts records it with the card). */
export const giftCardMails = {
  'gift-card': {
    subject: (d) => `Your Voltshop gift card of ${d.amount}`,
    element: (d, context) =>
      createElement(GiftCard, {
        code: d.code,
        amount: d.amount,
        expires: d.expiresAt ? mailTime(d.expiresAt, context.timeZone) : null,
        shopUrl: context.url(paths.home.href()),
      }),
  },
} satisfies ModuleMails<{ 'gift-card': ReturnType<typeof giftCardMail> }>;
