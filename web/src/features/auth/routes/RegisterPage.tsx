import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { FormContainer } from '@/components/ui/FormContainer';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api';
import { useRegister } from '../api/register';
import { useRedirectWhenSignedIn } from '../redirect';
import { registerFormSchema, type RegisterForm } from '../schemas';

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

  return (
    <FormContainer>
      <Meta title="Register" />
      <h1 className="section-title">Sign Up</h1>
      {errors.confirmPassword?.message && <Message variant="danger">{errors.confirmPassword.message}</Message>}
      {signUp.isError && <Message variant="danger">{errorMessage(signUp.error)}</Message>}
      <Form onSubmit={handleSubmit(({ confirmPassword: _c, ...input }) => signUp.mutate(input))} noValidate>
        <Form.Group className="mb-3" controlId="name">
          <Form.Label>Name</Form.Label>
          <Form.Control type="text" placeholder="Enter name" autoComplete="name" {...register('name')} isInvalid={!!errors.name} />
          <Form.Control.Feedback type="invalid">{errors.name?.message}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-3" controlId="email">
          <Form.Label>Email Address</Form.Label>
          <Form.Control type="email" placeholder="Enter email" autoComplete="email" {...register('email')} isInvalid={!!errors.email} />
          <Form.Control.Feedback type="invalid">{errors.email?.message}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-3" controlId="password">
          <Form.Label>Password</Form.Label>
          <Form.Control type="password" placeholder="Enter password" autoComplete="new-password" {...register('password')} isInvalid={!!errors.password} />
          <Form.Control.Feedback type="invalid">{errors.password?.message}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-3" controlId="confirmPassword">
          <Form.Label>Confirm Password</Form.Label>
          <Form.Control
            type="password"
            placeholder="Confirm password"
            autoComplete="new-password"
            {...register('confirmPassword')}
            isInvalid={!!errors.confirmPassword}
          />
        </Form.Group>
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
