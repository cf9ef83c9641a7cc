import type { CouponCheck } from '@domain/discounts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { Loader } from '@/components/ui/Loader';
import { errorMessage } from '@/lib/api';
import { formatPrice } from '@/lib/format';
import { useCheckCoupon } from '@/lib/checkCoupon';
import { rememberCouponCode, useRememberedCouponCode } from '@/lib/couponCode';

/** The "Discount code" of the cart and of Place Order: checks the code against the lines and says what it takes
 *  off or why not; `onApplied` hears the code that applies (null when removed or refused). The applied code is
 *  remembered for the rest of the checkout: a page that opens with one checks it again for its lines (and again
 *  when they change), so the amount shown is always the lines' own. */
export function DiscountCodeField({
  items,
  applied,
  onApplied,
}: {
  /** The lines (with their variant: the check prices each as it). */
  items: { product: string; qty: number; variant?: string }[];
  applied: CouponCheck | null;
  onApplied(check: CouponCheck | null): void;
}) {
  const remembered = useRememberedCouponCode();
  const [code, setCode] = useState('');
  const check = useCheckCoupon();
  const linesKey = JSON.stringify(items);
  const checkedFor = useRef<string | null>(null);

  function run(candidate: string) {
    checkedFor.current = `${candidate}|${linesKey}`;
    check.mutate(
      { code: candidate, items },
      {
        onSuccess: (answer) => {
          // The code as the server spells it is the one remembered: checked for these lines already.
          if (answer.ok) checkedFor.current = `${answer.code}|${linesKey}`;
          onApplied(answer.ok ? answer : null);
          rememberCouponCode(answer.ok ? answer.code : null);
          if (!answer.ok) setCode(candidate);
        },
        onError: () => onApplied(null),
      },
    );
  }

  // The remembered code, checked for these lines (on opening, and when the lines change).
  useEffect(() => {
    if (!remembered || items.length === 0 || checkedFor.current === `${remembered}|${linesKey}`) return;
    run(remembered);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `run` is this render's; the key says when to run
  }, [remembered, linesKey]);

  function apply(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return;
    run(code.trim());
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
            rememberCouponCode(null);
            check.reset();
            setCode('');
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
