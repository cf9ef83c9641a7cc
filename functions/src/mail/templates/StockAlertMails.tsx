// Issue 41's back-in-stock messages (confirm the address, it is back) and issue 40's low-stock alert to the owner.
import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { BRAND, button, Layout, small, text } from './Layout.js';

const h1 = { fontSize: '22px', color: BRAND.ink, margin: '0 0 16px' } as const;
const linkStyle = { color: BRAND.primary, wordBreak: 'break-all' } as const;

/** "Product (Variant)", or the product's name alone. */
export const itemName = (productName: string, variantLabel: string) =>
  variantLabel ? `${productName} (${variantLabel})` : productName;

export interface StockAlertConfirmProps {
  productName: string;
  variantLabel: string;
  confirmUrl: string;
  unsubscribeUrl: string;
  shopUrl: string;
}

export function StockAlertConfirm({
  productName,
  variantLabel,
  confirmUrl,
  unsubscribeUrl,
  shopUrl,
}: StockAlertConfirmProps) {
  const item = itemName(productName, variantLabel);
  return (
    <Layout preview={`Confirm your back-in-stock alert for ${item}`} shopUrl={shopUrl}>
      <Heading as="h1" style={h1}>
        Confirm your alert
      </Heading>
      <Text style={text}>You asked to hear when {item} is back in stock. Please confirm it is your address:</Text>
      <Button href={confirmUrl} style={button}>
        Confirm my alert
      </Button>
      <Text style={{ ...small, marginTop: '16px' }}>
        Or copy this link into your browser:{' '}
        <Link href={confirmUrl} style={linkStyle}>
          {confirmUrl}
        </Link>
      </Text>
      <Text style={small}>
        Did not ask for this? Ignore this email and nothing will be sent, or{' '}
        <Link href={unsubscribeUrl} style={linkStyle}>
          remove this alert
        </Link>
        .
      </Text>
    </Layout>
  );
}

export interface BackInStockProps {
  productName: string;
  variantLabel: string;
  productUrl: string;
  unsubscribeUrl: string;
  shopUrl: string;
}

export function BackInStock({ productName, variantLabel, productUrl, unsubscribeUrl, shopUrl }: BackInStockProps) {
  const item = itemName(productName, variantLabel);
  return (
    <Layout preview={`${item} is back in stock`} shopUrl={shopUrl}>
      <Heading as="h1" style={h1}>
        Back in stock
      </Heading>
      <Text style={text}>Good news: {item} is back in stock. Stock is limited, so others may be quicker.</Text>
      <Button href={productUrl} style={button}>
        See it in the shop
      </Button>
      <Text style={{ ...small, marginTop: '16px' }}>
        This was a one-time alert.{' '}
        <Link href={unsubscribeUrl} style={linkStyle}>
          Unsubscribe
        </Link>{' '}
        if you no longer want it (nothing more is sent either way).
      </Text>
    </Layout>
  );
}

export interface LowStockProps {
  productName: string;
  variantLabel: string;
  sku: string;
  countInStock: number;
  threshold: number;
  productUrl: string;
  shopUrl: string;
}

export function LowStock({
  productName,
  variantLabel,
  sku,
  countInStock,
  threshold,
  productUrl,
  shopUrl,
}: LowStockProps) {
  const item = itemName(productName, variantLabel);
  return (
    <Layout preview={`Low stock: ${item}, ${countInStock} left`} shopUrl={shopUrl}>
      <Heading as="h1" style={h1}>
        Low stock
      </Heading>
      <Text style={text}>
        {item}
        {sku ? ` (SKU ${sku})` : ''} is down to {countInStock} in stock, at or below your threshold of {threshold}.
      </Text>
      <Button href={productUrl} style={button}>
        Edit the product
      </Button>
      <Text style={{ ...small, marginTop: '16px' }}>
        You hear of it once each time it falls to the threshold; it is mailed again after it has been above it.
      </Text>
    </Layout>
  );
}
