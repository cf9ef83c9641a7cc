import { type Order } from '@domain';
import { TEST_PAYMENT } from '@domain/payments';
import { lazy, Suspense, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { errorMessage } from '@/lib/api';
import { useShopConfig } from '@/lib/shopConfig';
import { usePayOrder } from '../api/payOrder';
import { createPayPalOrder, useCapturePayPalOrder } from '../api/paypal';

const PayPalPayment = lazy(() => import('./PayPalPayment'));

/**
 * The payment buttons of an unpaid order, for its owner: PayPal's (the server creates and captures the PayPal
 * order), or the labelled test payment when the server runs without PayPal; none where the server can take no
 * payment (production without PayPal).
 */
export function PaymentArea({ order }: { order: Order }) {
  const config = useShopConfig();
  const pay = usePayOrder(order._id);
  const capture = useCapturePayPalOrder(order._id);
  const [error, setError] = useState<string | null>(null);
  const pending = pay.isPending || capture.isPending;

  /** Runs one payment call; its error becomes the red alert. */
  const settle = async (call: () => Promise<unknown>, reset: () => void) => {
    setError(null);
    try {
      await call();
      reset();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  if (config.isPending) return <Loader label="Loading payment options" />;
  if (config.isError) return <Message variant="danger">{errorMessage(config.error)}</Message>;
  // Production without PayPal credentials: the server refuses test payments, so no button is offered.
  if (config.data.paymentMode === 'unavailable')
    return (
      <Message variant="warning">
        This shop cannot take payments yet: its payment provider is not set up. Your order is kept until its pay-by
        time; please contact the shop.
      </Message>
    );

  return (
    <div className="payment-area" data-testid="payment-area">
      {error && <Message variant="danger">{error}</Message>}
      {pending && <Loader label="Confirming payment" />}
      {config.data.paymentMode === 'simulated' ? (
        <div className="d-grid gap-2">
          <Button
            type="button"
            variant="success"
            disabled={pending}
            onClick={() => settle(() => pay.mutateAsync(TEST_PAYMENT), pay.reset)}
          >
            Pay with test payment (simulated, no money moves)
          </Button>
          <p className="small text-muted mb-0">
            This shop runs in test mode: no PayPal account is needed and nothing is charged.
          </p>
        </div>
      ) : (
        <Suspense fallback={<Loader label="Loading PayPal" />}>
          <PayPalPayment
            order={order}
            clientId={config.data.paypalClientId}
            createPayPalOrder={() => createPayPalOrder(order._id)}
            onApproved={(paypalOrderId) => settle(() => capture.mutateAsync(paypalOrderId), capture.reset)}
            onError={setError}
            disabled={pending}
          />
        </Suspense>
      )}
    </div>
  );
}
