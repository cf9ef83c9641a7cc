import type { CouponCheck } from '@domain/discounts';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { Loader } from '@/components/ui/Loader';
import { errorMessage } from '@/lib/api';
import { formatPrice } from '@/lib/format';
import { useCheckCoupon } from '../api/checkCoupon';

/** The Place Order page's "Discount code": checks the code against the cart and says what it takes off or why
 *  not; `onApplied` hears the code that applies (null when removed or refused). */
export function DiscountCodeField({
  items,
  applied,
  onApplied,
}: {
  items: { product: string; qty: number }[];
  applied: CouponCheck | null;
  onApplied(check: CouponCheck | null): void;
}) {
  const [code, setCode] = useState('');
  const check = useCheckCoupon();

  function apply(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return;
    check.mutate(
      { code: code.trim(), items },
      { onSuccess: (answer) => onApplied(answer.ok ? answer : null), onError: () => onApplied(null) },
    );
  }

  if (applied)
    return (
      <div className="d-flex align-items-center justify-content-between gap-2" role="status">
        <span>
          Code <strong>{applied.code}</strong>: {formatPrice(applied.discountPrice)} off
        </span>
        <Button
          variant="link"
          size="sm"
          className="p-0"
          onClick={() => {
            onApplied(null);
            check.reset();
          }}
        >
          Remove
        </Button>
      </div>
    );

  const refusal = check.isError ? errorMessage(check.error) : check.data && !check.data.ok ? check.data.message : null;
  return (
    <Form onSubmit={apply} noValidate>
      <Form.Label htmlFor="discount-code">Discount code</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          id="discount-code"
          value={code}
          maxLength={32}
          autoComplete="off"
          autoCapitalize="characters"
          isInvalid={!!refusal}
          aria-describedby={refusal ? 'discount-code-error' : undefined}
          onChange={(e) => setCode(e.target.value)}
        />
        <Button type="submit" variant="outline-primary" disabled={check.isPending || !code.trim()}>
          {check.isPending ? <Loader small label="Checking code" /> : 'Apply'}
        </Button>
        {refusal && (
          <Form.Control.Feedback type="invalid" id="discount-code-error">
            {refusal}
          </Form.Control.Feedback>
        )}
      </InputGroup>
    </Form>
  );
}
