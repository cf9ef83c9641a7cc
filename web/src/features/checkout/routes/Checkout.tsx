// The checkout steps as routed (app/router.tsx, under the same names as the pages): each open to a signed-in
// shopper or a guest (lib/guestCheckout.tsx, issue 30), one chunk for the three.
import { GuestGate } from '@/lib/guestCheckout';
import { PaymentPage as Payment } from './PaymentPage';
import { PlaceOrderPage as PlaceOrder } from './PlaceOrderPage';
import { ShippingPage as Shipping } from './ShippingPage';

export const ShippingPage = () => (
  <GuestGate>
    <Shipping />
  </GuestGate>
);

export const PaymentPage = () => (
  <GuestGate>
    <Payment />
  </GuestGate>
);

export const PlaceOrderPage = () => (
  <GuestGate>
    <PlaceOrder />
  </GuestGate>
);
