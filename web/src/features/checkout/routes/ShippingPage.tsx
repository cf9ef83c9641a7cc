import { type ShippingAddress } from '@domain';
import { shippingAddressSchema } from '@domain/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { CheckoutSteps } from '@/components/ui/CheckoutSteps';
import { Field } from '@/components/ui/Field';
import { FormContainer } from '@/components/ui/FormContainer';
import { Meta } from '@/components/ui/Meta';
import { paths } from '@domain/routes';
import { saveShippingAddress, useCart } from '@/features/cart';

const FIELDS: { name: keyof ShippingAddress; label: string; placeholder: string; autoComplete: string }[] = [
  { name: 'address', label: 'Address', placeholder: 'Enter address', autoComplete: 'street-address' },
  { name: 'city', label: 'City', placeholder: 'Enter city', autoComplete: 'address-level2' },
  { name: 'postalCode', label: 'Postal Code', placeholder: 'Enter postal code', autoComplete: 'postal-code' },
  { name: 'country', label: 'Country', placeholder: 'Enter country', autoComplete: 'country-name' },
];

export function ShippingForm({
  onSave,
  initial,
}: {
  onSave: (a: ShippingAddress) => void;
  initial: ShippingAddress | null;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ShippingAddress>({
    resolver: zodResolver(shippingAddressSchema),
    defaultValues: initial ?? { address: '', city: '', postalCode: '', country: '' },
  });
  return (
    <Form onSubmit={handleSubmit(onSave)} noValidate>
      {FIELDS.map((f) => (
        <Field
          key={f.name}
          label={f.label}
          type="text"
          placeholder={f.placeholder}
          autoComplete={f.autoComplete}
          aria-required="true"
          error={errors[f.name]}
          {...register(f.name)}
        />
      ))}
      <Button type="submit" variant="primary">
        Continue
      </Button>
    </Form>
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
