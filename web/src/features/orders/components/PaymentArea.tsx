import type { Order } from '@domain';
import { lazy, Suspense, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { errorMessage } from '@/lib/api';
import { usePaymentConfig } from '../api/getPaymentConfig';
import { usePayOrder } from '../api/payOrder';

const PayPalPayment = lazy(() => import('./PayPalPayment'));

/** The payment buttons of an unpaid order: PayPal's, or the simulated test payment when the server runs without PayPal. */
export function PaymentArea({ order }: { order: Order }) {
  const config = usePaymentConfig();
  const pay = usePayOrder(order._id);
  const [error, setError] = useState<string | null>(null);

  const payWith = async (payment: unknown) => {
    setError(null);
    try {
      await pay.mutateAsync(payment);
      pay.reset();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  if (config.isPending) return <Loader label="Loading payment options" />;
  if (config.isError) return <Message variant="danger">{errorMessage(config.error)}</Message>;

  return (
    <div className="payment-area" data-testid="payment-area">
      {error && <Message variant="danger">{error}</Message>}
      {pay.isPending && <Loader label="Confirming payment" />}
      {config.data.paymentMode === 'simulated' ? (
        <div className="d-grid gap-2">
          <Button type="button" variant="success" disabled={pay.isPending} onClick={() => payWith({ simulated: true })}>
            Pay with test payment (simulated, no money moves)
          </Button>
          <p className="small text-muted mb-0">This shop runs in test mode: no PayPal account is needed and nothing is charged.</p>
        </div>
      ) : (
        <Suspense fallback={<Loader label="Loading PayPal" />}>
          <PayPalPayment
            order={order}
            clientId={config.data.paypalClientId}
            onCaptured={payWith}
            onError={setError}
            disabled={pay.isPending}
          />
        </Suspense>
      )}
    </div>
  );
}
