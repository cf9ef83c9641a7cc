import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { BRAND, button, Layout, small, text } from './Layout.js';

export interface WelcomeProps {
  name: string;
  verifyUrl: string;
  expiresInHours: number;
  shopUrl: string;
  /** A new link asked for later (or after an email change): no welcome, only the confirmation. */
  again?: boolean;
}

export function Welcome({ name, verifyUrl, expiresInHours, shopUrl }: WelcomeProps) {
  return (
    <Layout preview="Welcome to Voltshop: confirm your email address" shopUrl={shopUrl}>
      <Heading as="h1" style={{ fontSize: '22px', color: BRAND.ink, margin: '0 0 16px' }}>
        Welcome to Voltshop, {name}!
      </Heading>
      <Text style={text}>
        Your account is ready and you can shop right away. Please confirm that this email address is yours, so we can
        reach you about your orders:
      </Text>
      <Button href={verifyUrl} style={button}>
        Confirm my email address
      </Button>
      <Text style={{ ...small, marginTop: '16px' }}>
        The link works for {expiresInHours} hours. Or copy it into your browser:{' '}
        <Link href={verifyUrl} style={{ color: BRAND.primary, wordBreak: 'break-all' }}>
          {verifyUrl}
        </Link>
      </Text>
      <Text style={small}>Did not sign up at Voltshop? Ignore this email and nothing more will happen.</Text>
    </Layout>
  );
}
