import { centsToFreeShipping } from '@domain/cart';
import { toCents, toDollars } from '@domain/money';
import { FREE_SHIPPING_OVER_CENTS } from '@domain/pricing';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { formatPrice } from '@/lib/format';

/** "$12.41 away from free shipping" with a bar, or "Your order ships free" once over the threshold (domain/pricing). */
export function FreeShippingProgress({ itemsPrice }: { itemsPrice: number }) {
  const awayCents = centsToFreeShipping(toCents(itemsPrice));
  const reached = Math.min(100, Math.round((toCents(itemsPrice) / FREE_SHIPPING_OVER_CENTS) * 100));
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
