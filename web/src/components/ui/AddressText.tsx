// A shipping address as people read it (issue 30): recipient, street, city and postal code, the country's name
// (not its code), and the phone. @domain/addresses decides the lines; lazy pages only (it brings the country list).
import type { ShippingAddress } from '@domain';
import { addressLines } from '@domain/addresses';

/** The address as lines (`block`) or on one line separated by commas; the phone after it when there is one. */
export function AddressText({ address, block = false }: { address: ShippingAddress; block?: boolean }) {
  const lines = addressLines(address);
  if (!block)
    return (
      <span data-testid="address-text">
        {lines.join(', ')}
        {address.phone && <span className="d-block small">Phone: {address.phone}</span>}
      </span>
    );
  return (
    <span data-testid="address-text">
      {lines.map((line, i) => (
        <span key={i} className="d-block">
          {line}
        </span>
      ))}
      {address.phone && <span className="d-block small">Phone: {address.phone}</span>}
    </span>
  );
}
