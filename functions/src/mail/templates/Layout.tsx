// The shop's frame for every email: brand bar, one narrow column (600 px, fluid below: readable in a phone's mail
// client), footer. Colours are the web's (web/src/index.css --vs-ink, --vs-accent, --vs-primary).
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import { SITE_NAME } from '../../domain/site.js';

export const BRAND = {
  ink: '#111827',
  accent: '#facc15',
  primary: '#1d4ed8',
  muted: '#5b6472',
  surface: '#f6f7f9',
  font: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
};

export const text = { fontSize: '16px', lineHeight: '24px', color: BRAND.ink, margin: '0 0 16px' };
export const small = { fontSize: '13px', lineHeight: '20px', color: BRAND.muted, margin: '0 0 12px' };
export const button = {
  backgroundColor: BRAND.primary,
  borderRadius: '6px',
  color: '#ffffff',
  fontSize: '16px',
  fontWeight: 600,
  textDecoration: 'none',
  textAlign: 'center' as const,
  display: 'inline-block',
  padding: '12px 22px',
};

export function Layout(props: { preview: string; shopUrl: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: BRAND.surface, fontFamily: BRAND.font, margin: 0, padding: '16px 0' }}>
        <Container style={{ maxWidth: '600px', width: '100%', backgroundColor: '#ffffff', borderRadius: '8px' }}>
          <Section style={{ backgroundColor: BRAND.ink, padding: '16px 24px', borderRadius: '8px 8px 0 0' }}>
            <Link href={props.shopUrl} style={{ color: '#ffffff', fontSize: '22px', fontWeight: 700 }}>
              Volt<span style={{ color: BRAND.accent }}>shop</span>
            </Link>
          </Section>
          <Section style={{ padding: '24px' }}>{props.children}</Section>
          <Hr style={{ borderColor: '#e5e7eb', margin: 0 }} />
          <Section style={{ padding: '16px 24px' }}>
            <Text style={small}>
              {SITE_NAME}: the best tech products at the best prices.{' '}
              <Link href={props.shopUrl} style={{ color: BRAND.primary }}>
                {props.shopUrl.replace(/^https?:\/\//, '').replace(/\/$/, '')}
              </Link>
            </Text>
            <Text style={small}>You receive this email because of your account at {SITE_NAME}.</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
