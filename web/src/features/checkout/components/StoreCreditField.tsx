import { toDollars } from '@domain/money';
import Form from 'react-bootstrap/Form';
import { formatPrice } from '@/lib/format';

/** Issue 39: the Place Order page's store credit (a signed-in account with a balance only): a switch, on by default,
 *  and what the credit pays. The server takes the credit's share again when placing (useStoreCredit). */
export function StoreCreditField({
  balance,
  checked,
  onChange,
  paysCents,
}: {
  /** The account's balance, in dollars. */
  balance: number;
  checked: boolean;
  onChange: (use: boolean) => void;
  /** What the credit pays of the total (tenderPlan). */
  paysCents: number;
}) {
  return (
    <div data-testid="store-credit">
      <Form.Check
        type="switch"
        role="switch"
        id="use-store-credit"
        label={`Use my store credit (${formatPrice(balance)} available)`}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {checked && (
        <div className="small">
          Store credit pays <strong>{formatPrice(toDollars(paysCents))}</strong>
        </div>
      )}
    </div>
  );
}
