import { emailSchema } from '@domain/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { Field } from '@/components/ui/Field';
import { fieldBinding } from '@/components/ui/fieldBinding';
import { guestEmail, setGuestEmail } from '@/lib/guestCheckout';

const guestSchema = z.object({ email: emailSchema });
type GuestForm = z.infer<typeof guestSchema>;

/**
 * "Continue as guest" at the sign-in step of checkout (issue 30): the email the order confirmation and its link go
 * to; then Shipping, Payment and Place Order without an account (the order is placed with POST /api/orders/guest).
 */
export function ContinueAsGuest({ next }: { next: string }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<GuestForm>({ resolver: zodResolver(guestSchema), defaultValues: { email: guestEmail() ?? '' } });
  const field = fieldBinding(register, errors);

  return (
    <section aria-labelledby="guest-checkout" className="border-top pt-3 mt-2">
      <h2 id="guest-checkout" className="section-title fs-5">
        Continue as guest
      </h2>
      <p className="small text-muted">No account needed: we send the order confirmation and its link to this email.</p>
      <Form
        noValidate
        onSubmit={handleSubmit(({ email }) => {
          setGuestEmail(email);
          navigate(next);
        })}
      >
        <Field id="guest-email" label="Email for your order" type="email" autoComplete="email" {...field('email')} />
        <Button type="submit" variant="outline-primary">
          Continue as guest
        </Button>
      </Form>
    </section>
  );
}
