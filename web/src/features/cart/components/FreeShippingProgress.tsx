import { toCents, toDollars } from '@domain/money';
import { FREE_SHIPPING_OVER_CENTS } from '@domain/pricing';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { formatPrice } from '@/lib/format';

/** "$12.41 away from free shipping" with a bar, or "Your order ships free" once over the threshold: the owner's
 *  (`freeOverCents`, from the public settings; null: never free, nothing shown), the spec's $100 by default. */
export function FreeShippingProgress({
  itemsPrice,
  freeOverCents = FREE_SHIPPING_OVER_CENTS,
}: {
  itemsPrice: number;
  freeOverCents?: number | null;
}) {
  if (freeOverCents === null) return null;
  const itemsCents = toCents(itemsPrice);
  // Free shipping is strictly over the threshold: one cent more than it.
  const awayCents = Math.max(0, freeOverCents + 1 - itemsCents);
  const reached = freeOverCents === 0 ? 100 : Math.min(100, Math.round((itemsCents / freeOverCents) * 100));
  return (
    <div className="free-shipping small" data-testid="free-shipping">
      <p className="mb-1">
        {awayCents === 0 ? (
          <strong className="text-success">Your order ships free</strong>
        ) : (
          <>
            <strong>{formatPrice(toDollars(awayCents))}</strong> away from free shipping
          </>
        )}
      </p>
      {/* The sentence above says it all; the bar only draws it. */}
      <div aria-hidden="true">
        <ProgressBar now={awayCents === 0 ? 100 : reached} variant="success" className="free-shipping-bar" />
      </div>
    </div>
  );
}
