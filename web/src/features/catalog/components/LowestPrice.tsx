import { formatPrice } from '@/lib/format';

/** Issue 41, honest sale prices: "Lowest price in the last 30 days" under a price shown against a higher compare-at
 *  ("was") price, when the product answers one (the API answers it only where the owner's settings ask). */
export function LowestPrice({
  price,
  compareAtPrice,
  lowest,
}: {
  price: number;
  compareAtPrice?: number;
  lowest?: number;
}) {
  if (lowest === undefined || compareAtPrice === undefined || compareAtPrice <= price) return null;
  return (
    // Inside the price's large line: its own small size and weight, not the price's.
    <small
      className="lowest-price-30 d-block text-muted fw-normal mt-1"
      style={{ fontSize: '0.875rem' }}
      data-testid="lowest-price-30"
    >
      Lowest price in the last 30 days: {formatPrice(lowest)}
    </small>
  );
}
