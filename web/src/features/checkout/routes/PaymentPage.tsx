import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Navigate, useNavigate } from 'react-router-dom';
import { CheckoutSteps } from '@/components/ui/CheckoutSteps';
import { FormContainer } from '@/components/ui/FormContainer';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { paths } from '@domain/routes';
import { DEFAULT_PAYMENT_METHOD, savePaymentMethod, useCart } from '@/features/cart';
import { usePaymentsUnavailable } from '@/lib/shopConfig';

export function PaymentPage() {
  const { shippingAddress, paymentMethod: saved } = useCart();
  const navigate = useNavigate();
  const [method, setMethod] = useState(saved || DEFAULT_PAYMENT_METHOD);
  // Production without PayPal (GET /api/config): said here, before an order is placed that nothing could pay.
  const paymentsUnavailable = usePaymentsUnavailable();

  if (!shippingAddress) return <Navigate to={paths.shipping.href()} replace />;

  function submit(e: FormEvent) {
    e.preventDefault();
    savePaymentMethod(method);
    navigate(paths.placeOrder.href());
  }

  return (
    <FormContainer>
      <Meta title="Payment Method" />
      <CheckoutSteps step1 step2 step3 current={3} />
      <h1 className="section-title">Payment Method</h1>
      <Form onSubmit={submit}>
        <fieldset className="mb-3">
          <legend className="form-label fs-6">Select Method</legend>
          <Form.Check
            type="radio"
            id="PayPal"
            name="paymentMethod"
            label="Paypal or Credit Card"
            value="PayPal"
            checked={method === 'PayPal'}
            onChange={(e) => setMethod(e.target.value)}
          />
        </fieldset>
        {paymentsUnavailable && (
          <Message variant="warning" role="status">
            This shop cannot take payments yet: its payment provider is not set up. Store credit or a gift card that
            covers the whole total can still pay an order at the next step.
          </Message>
        )}
        <Button type="submit" variant="primary">
          Continue
        </Button>
      </Form>
    </FormContainer>
  );
}
