// What the order pages' tests share: an unpaid order as GET /api/orders/:id answers it, and GET /api/config with
// payments simulated.
import type { Order } from '@domain';

/** An unpaid order of two mice to a US address (`over` changes any field: a guest's, a paid one…). */
export const unpaidOrder = (over: Partial<Order> = {}): Order => ({
  _id: 'o1',
  isGuest: false,
  tenders: [],
  giftCardPrice: 0,
  user: { _id: 'u1', name: 'Alice Walker', email: 'alice@voltshop.test' },
  orderItems: [{ product: 'p1', name: 'Glide Mouse', image: '/m.svg', price: 24.5, qty: 2 }],
  shippingAddress: { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' },
  paymentMethod: 'PayPal',
  itemsPrice: 49,
  discountPrice: 0,
  couponCode: null,
  shippingPrice: 100,
  taxPrice: 7.35,
  totalPrice: 156.35,
  currency: 'USD',
  isPaid: false,
  paidAt: null,
  paymentResult: null,
  isShipped: false,
  shippedAt: null,
  isDelivered: false,
  deliveredAt: null,
  shippingMethod: null,
  carrier: null,
  trackingNumber: null,
  undeliveries: [],
  status: 'awaiting_payment',
  expiresAt: '2030-01-02T03:04:00.000Z',
  isCancelled: false,
  cancelledAt: null,
  createdAt: '2029-12-31T03:04:00.000Z',
  paymentStatus: 'unpaid',
  refunds: [],
  refundedTotal: 0,
  cancellationRequest: null,
  returns: [],
  ...over,
});

/** GET /api/config of an embedded shop whose payments are simulated (no PayPal), without the development mailbox. */
export const simulatedConfig = {
  paymentMode: 'simulated',
  paypalClientId: '',
  currency: 'USD',
  backend: 'embedded',
  devMailbox: false,
} as const;
