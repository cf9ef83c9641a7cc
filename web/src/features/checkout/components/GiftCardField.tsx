import { toCents, toDollars } from '@domain/money';
import { tenderShare } from '@domain/tenders';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { call, errorMessage } from '@/lib/api';
import { giftCardCheck } from '@/lib/endpoints/gift-cards.gen';
import { formatPrice } from '@/lib/format';

export interface AppliedGiftCard {
  code: string;
  balance: number;
}

/** Issue 39: the Place Order page's gift card: the code checked (GET /api/gift-cards/:code), then what it pays of
 *  what is due (the summary shows the rest to pay). The server takes the card's share again when placing (the
 *  balance may have moved). */
export function GiftCardField({
  dueCents,
  applied,
  onApplied,
}: {
  /** What is still due when the card pays: the total less the store credit's share (the server asks the credit
   *  first). */
  dueCents: number;
  applied: AppliedGiftCard | null;
  onApplied: (card: AppliedGiftCard | null) => void;
}) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const apply = async () => {
    setChecking(true);
    setError(null);
    try {
      const card = await call(giftCardCheck, { params: { code: typed.trim() } });
      onApplied({ code: card.code, balance: card.balance });
    } catch (e) {
      setError(errorMessage(e));
      onApplied(null);
    } finally {
      setChecking(false);
    }
  };

  if (applied) {
    const pays = toDollars(tenderShare(dueCents, toCents(applied.balance)));
    return (
      <div data-testid="gift-card-applied">
        <div>
          Gift card {applied.code.slice(-4)} pays <strong>{formatPrice(pays)}</strong>
        </div>
        <Button variant="link" className="p-0" onClick={() => onApplied(null)}>
          Remove gift card
        </Button>
      </div>
    );
  }
  return (
    <Form.Group controlId="gift-card-code">
      <Form.Label>Gift card</Form.Label>
      <InputGroup>
        <Form.Control
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder="XXXX-XXXX-XXXX-XXXX"
          isInvalid={!!error}
          autoComplete="off"
        />
        <Button
          variant="outline-primary"
          aria-label="Apply gift card"
          disabled={!typed.trim() || checking}
          onClick={() => void apply()}
        >
          Apply
        </Button>
        {error && <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>}
      </InputGroup>
    </Form.Group>
  );
}
