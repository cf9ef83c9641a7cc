// Loaded lazily (dynamic import from PaymentArea), so PayPal's code is never in the storefront's first bundle.
import type { Order } from '@domain';
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';

export interface PayPalPaymentProps {
  order: Pick<Order, '_id' | 'totalPrice' | 'currency'>;
  clientId: string;
  /** Asks the shop to create the PayPal order (for the stored total); resolves to PayPal's order id. */
  createPayPalOrder: () => Promise<string>;
  /** Called once the buyer approved; the caller asks the shop to capture (the browser never captures). */
  onApproved: (paypalOrderId: string) => Promise<unknown>;
  onError: (message: string) => void;
  disabled?: boolean;
}

function Buttons({ order, createPayPalOrder, onApproved, onError, disabled }: Omit<PayPalPaymentProps, 'clientId'>) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  if (isPending) return <Loader label="Loading PayPal" />;
  if (isRejected)
    return <Message variant="danger">PayPal could not be loaded. Check your connection and reload the page.</Message>;
  return (
    <PayPalButtons
      style={{ layout: 'vertical', shape: 'rect' }}
      disabled={disabled}
      forceReRender={[order._id, order.totalPrice]}
      createOrder={createPayPalOrder}
      onApprove={async (data) => {
        await onApproved(data.orderID);
      }}
      onError={(err) => {
        console.error('[paypal]', err);
        onError(
          err instanceof Error && err.message
            ? `PayPal payment failed: ${err.message}`
            : 'PayPal payment failed. Please try again.',
        );
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
