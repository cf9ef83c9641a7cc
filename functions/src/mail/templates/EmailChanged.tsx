import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { BRAND, button, Layout, small, text } from './Layout.js';

export interface EmailChangedProps {
  name: string;
  /** The account's new address (this notice goes to the old one). */
  newEmail: string;
  /** Where to start a reset should it not have been the account's owner. */
  forgotUrl: string;
  shopUrl: string;
}

/** To the OLD address after the account's email changed: the owner hears of it even if someone else did it. */
export function EmailChanged({ name, newEmail, forgotUrl, shopUrl }: EmailChangedProps) {
  return (
    <Layout preview="The email address of your Voltshop account was changed" shopUrl={shopUrl}>
      <Heading as="h1" style={{ fontSize: '22px', color: BRAND.ink, margin: '0 0 16px' }}>
        Your email address was changed
      </Heading>
      <Text style={text}>Hello {name},</Text>
      <Text style={text}>
        The email address of your Voltshop account was just changed from this address to {newEmail}. Every device that
        was signed in has been signed out, and from now on the shop writes to the new address.
      </Text>
      <Text style={text}>If this was you, there is nothing more to do.</Text>
      <Text style={text}>
        If it was not you, reply to this email or contact the shop at once, and do not share your password.
      </Text>
      <Button href={forgotUrl} style={button}>
        Reset my password
      </Button>
      <Text style={{ ...small, marginTop: '16px' }}>For your safety this email holds no link that signs you in.</Text>
    </Layout>
  );
}
