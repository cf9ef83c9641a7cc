import { type ShippingAddress } from '@domain';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router-dom';
import { CheckoutSteps } from '@/components/ui/CheckoutSteps';
import { AddressForm } from '@/components/ui/AddressForm';
import { FormContainer } from '@/components/ui/FormContainer';
import { Meta } from '@/components/ui/Meta';
import { paths } from '@domain/routes';
import { saveShippingAddress, useCart } from '@/features/cart';

export function ShippingForm({
  onSave,
  initial,
}: {
  onSave: (a: ShippingAddress) => void;
  initial: ShippingAddress | null;
}) {
  return (
    <AddressForm initial={initial} onSave={onSave} idPrefix="shipping">
      <Button type="submit" variant="primary">
        Continue
      </Button>
    </AddressForm>
  );
}

export function ShippingPage() {
  const { shippingAddress } = useCart();
  const navigate = useNavigate();
  return (
    <FormContainer>
      <Meta title="Shipping" />
      <CheckoutSteps step1 step2 current={2} />
      <h1 className="section-title">Shipping</h1>
      <ShippingForm
        initial={shippingAddress}
        onSave={(address) => {
          saveShippingAddress(address);
          navigate(paths.payment.href());
        }}
      />
    </FormContainer>
  );
}
