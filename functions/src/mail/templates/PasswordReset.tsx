import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { BRAND, button, Layout, small, text } from './Layout.js';

export interface PasswordResetProps {
  name: string;
  resetUrl: string;
  expiresInMinutes: number;
  shopUrl: string;
}

export function PasswordReset({ name, resetUrl, expiresInMinutes, shopUrl }: PasswordResetProps) {
  return (
    <Layout preview="Reset your Voltshop password" shopUrl={shopUrl}>
      <Heading as="h1" style={{ fontSize: '22px', color: BRAND.ink, margin: '0 0 16px' }}>
        Reset your password
      </Heading>
      <Text style={text}>Hello {name},</Text>
      <Text style={text}>
        Someone (we hope you) asked to reset the password of your Voltshop account. Choose a new one here:
      </Text>
      <Button href={resetUrl} style={button}>
        Choose a new password
      </Button>
      <Text style={{ ...small, marginTop: '16px' }}>
        The link works once, for {expiresInMinutes} minutes. Or copy it into your browser:{' '}
        <Link href={resetUrl} style={{ color: BRAND.primary, wordBreak: 'break-all' }}>
          {resetUrl}
        </Link>
      </Text>
      <Text style={small}>
        Did not ask for this? Ignore this email: your password stays as it is, and nobody can use this link but you.
      </Text>
    </Layout>
  );
}
