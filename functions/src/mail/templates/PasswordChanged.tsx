import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { BRAND, button, Layout, small, text } from './Layout.js';

export interface PasswordChangedProps {
  name: string;
  /** How it changed: through a reset link, or on the profile page. */
  how: 'reset' | 'profile';
  /** Where to start a reset should it not have been the account's owner. */
  forgotUrl: string;
  shopUrl: string;
}

export function PasswordChanged({ name, how, forgotUrl, shopUrl }: PasswordChangedProps) {
  return (
    <Layout preview="Your Voltshop password was changed" shopUrl={shopUrl}>
      <Heading as="h1" style={{ fontSize: '22px', color: BRAND.ink, margin: '0 0 16px' }}>
        Your password was changed
      </Heading>
      <Text style={text}>Hello {name},</Text>
      <Text style={text}>
        The password of your Voltshop account was just changed
        {how === 'reset' ? ' with a password reset link' : ' on your profile page'}. Every device that was signed in has
        been signed out.
      </Text>
      <Text style={text}>If this was you, there is nothing more to do.</Text>
      <Text style={text}>If it was not you, take your account back now by choosing a new password:</Text>
      <Button href={forgotUrl} style={button}>
        Reset my password
      </Button>
      <Text style={{ ...small, marginTop: '16px' }}>For your safety this email holds no link that signs you in.</Text>
    </Layout>
  );
}
