// Loaded lazily (dynamic import from PaymentArea), so PayPal's code is never in the storefront's first bundle.
import type { Order } from '@domain';
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';

export interface PayPalPaymentProps {
  order: Pick<Order, '_id' | 'totalPrice' | 'currency'>;
  clientId: string;
  /** Called with PayPal's capture result; the caller sends it to PUT /api/orders/:id/pay. */
  onCaptured: (capture: unknown) => Promise<unknown>;
  onError: (message: string) => void;
  disabled?: boolean;
}

function Buttons({ order, onCaptured, onError, disabled }: Omit<PayPalPaymentProps, 'clientId'>) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  if (isPending) return <Loader label="Loading PayPal" />;
  if (isRejected) return <Message variant="danger">PayPal could not be loaded. Check your connection and reload the page.</Message>;
  return (
    <PayPalButtons
      style={{ layout: 'vertical', shape: 'rect' }}
      disabled={disabled}
      forceReRender={[order._id, order.totalPrice]}
      createOrder={(_data, actions) =>
        actions.order.create({
          intent: 'CAPTURE',
          purchase_units: [
            { reference_id: order._id, amount: { currency_code: order.currency || 'USD', value: order.totalPrice.toFixed(2) } },
          ],
        })
      }
      onApprove={async (_data, actions) => {
        if (!actions.order) throw new Error('PayPal did not return the order');
        const capture = await actions.order.capture();
        await onCaptured(capture);
      }}
      onError={(err) => {
        console.error('[paypal]', err);
        onError(err instanceof Error && err.message ? `PayPal payment failed: ${err.message}` : 'PayPal payment failed. Please try again.');
      }}
      onCancel={() => onError('Payment cancelled. Your order is not paid yet.')}
    />
  );
}

export default function PayPalPayment({ clientId, ...props }: PayPalPaymentProps) {
  return (
    <PayPalScriptProvider options={{ clientId, currency: props.order.currency || 'USD', intent: 'capture' }}>
      <Buttons {...props} />
    </PayPalScriptProvider>
  );
}
