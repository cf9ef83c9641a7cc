import { Link } from 'react-router-dom';
import { paths } from '@domain/routes';

const STEPS = [
  { label: 'Sign In', to: paths.login.href() },
  { label: 'Shipping', to: paths.shipping.href() },
  { label: 'Payment', to: paths.payment.href() },
  { label: 'Place Order', to: paths.placeOrder.href() },
] as const;

/** The step indicator: reached steps are links, the others are disabled (spec 2, Checkout). */
export function CheckoutSteps({
  step1 = false,
  step2 = false,
  step3 = false,
  step4 = false,
  current,
}: {
  step1?: boolean;
  step2?: boolean;
  step3?: boolean;
  step4?: boolean;
  current?: 1 | 2 | 3 | 4;
}) {
  const reached = [step1, step2, step3, step4];
  return (
    <nav aria-label="Checkout steps" className="checkout-steps mb-4">
      <ol className="nav justify-content-center">
        {STEPS.map((s, i) =>
          reached[i] ? (
            <li key={s.label} className="nav-item">
              <Link
                className={`nav-link${current === i + 1 ? ' active' : ''}`}
                to={s.to}
                aria-current={current === i + 1 ? 'step' : undefined}
              >
                <span className="step-number" aria-hidden="true">
                  {i + 1}
                </span>{' '}
                {s.label}
              </Link>
            </li>
          ) : (
            <li key={s.label} className="nav-item">
              <span className="nav-link disabled" aria-disabled="true">
                <span className="step-number" aria-hidden="true">
                  {i + 1}
                </span>{' '}
                {s.label}
              </span>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
