import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Field } from '@/components/ui/Field';
import { fieldBinding } from '@/components/ui/fieldBinding';
import { accountFields } from '../components/accountFields';
import { FormContainer } from '@/components/ui/FormContainer';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { paths } from '@domain/routes';
import { errorMessage } from '@/lib/api';
import { useRegister } from '../api/register';
import { useRedirectWhenSignedIn } from '../redirect';
import { MISMATCH_ALERT_ID, registerFormSchema, type RegisterForm } from '../schemas';

export function RegisterPage() {
  // Signed in (now or already): go to the redirect target.
  const { redirect, asked } = useRedirectWhenSignedIn();
  const signUp = useRegister();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterForm>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const field = fieldBinding(register, errors);

  return (
    <FormContainer>
      <Meta title="Register" />
      <h1 className="section-title">Sign Up</h1>
      {errors.confirmPassword?.message && (
        <Message variant="danger" id={MISMATCH_ALERT_ID}>
          {errors.confirmPassword.message}
        </Message>
      )}
      {signUp.isError && <Message variant="danger">{errorMessage(signUp.error)}</Message>}
      <Form onSubmit={handleSubmit(({ confirmPassword: _c, ...input }) => signUp.mutate(input))} noValidate>
        <Field {...accountFields.name} {...field('name')} />
        <Field {...accountFields.email} {...field('email')} />
        <Field {...accountFields.newPassword} {...field('password')} />
        <Field {...accountFields.confirmPassword} {...field('confirmPassword')} />
        <Button type="submit" variant="primary" disabled={signUp.isPending}>
          {signUp.isPending ? <Loader small label="Registering" /> : 'Register'}
        </Button>
      </Form>
      <p className="py-3 mb-0">
        Have an Account? <Link to={paths.login.href(asked ? redirect : undefined)}>Login</Link>
      </p>
    </FormContainer>
  );
}
