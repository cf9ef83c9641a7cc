import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { BRAND, button, Layout, small, text } from './Layout.js';

export interface CartReminderProps {
  name: string;
  /** The cart's lines by product name (no prices: they may have changed; the cart shows today's). */
  lines: { name: string; qty: number }[];
  cartUrl: string;
  unsubscribeUrl: string;
  shopUrl: string;
}

/** Issue 41: the one reminder of a signed-in cart left idle (domain/cartReminders.ts). */
export function CartReminder({ name, lines, cartUrl, unsubscribeUrl, shopUrl }: CartReminderProps) {
  return (
    <Layout preview="Your Voltshop cart is waiting for you" shopUrl={shopUrl}>
      <Heading as="h1" style={{ fontSize: '22px', color: BRAND.ink, margin: '0 0 16px' }}>
        Still thinking it over, {name}?
      </Heading>
      <Text style={text}>You left these in your cart. They are still there whenever you are ready:</Text>
      {lines.map((line, i) => (
        <Text key={i} style={{ ...text, margin: '0 0 4px' }}>
          {line.qty} × {line.name}
        </Text>
      ))}
      <Button href={cartUrl} style={{ ...button, marginTop: '16px' }}>
        Go to my cart
      </Button>
      <Text style={{ ...small, marginTop: '16px' }}>
        Prices and stock are those of the shop when you open your cart. We send this reminder once per cart.
      </Text>
      <Text style={small}>
        Do not want these reminders?{' '}
        <Link href={unsubscribeUrl} style={{ color: BRAND.primary }}>
          Unsubscribe from cart reminders
        </Link>{' '}
        (one click, no sign-in needed).
      </Text>
    </Layout>
  );
}
