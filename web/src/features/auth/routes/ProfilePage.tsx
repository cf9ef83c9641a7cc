import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { MyOrders } from '@/features/orders';
import { errorMessage } from '@/lib/api';
import { useUpdateProfile } from '../api/updateProfile';
import { profileFormSchema, type ProfileForm } from '../schemas';
import { useUserInfo } from '@/lib/session';

export function ProfilePage() {
  const user = useUserInfo();
  const update = useUpdateProfile();
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ confirmPassword: _c, ...values }) => {
    setSaved(false);
    update.mutate(
      { id: user?._id, ...values },
      {
        onSuccess: (u) => {
          setSaved(true);
          reset({ name: u.name, email: u.email, password: '', confirmPassword: '' });
        },
      },
    );
  });

  return (
    <Row className="g-5">
      <Meta title="Profile" />
      <Col md={4}>
        <h1 className="section-title">User Profile</h1>
        {errors.confirmPassword?.message && <Message variant="danger">{errors.confirmPassword.message}</Message>}
        {update.isError && <Message variant="danger">{errorMessage(update.error)}</Message>}
        {saved && <Message variant="success">Profile Updated</Message>}
        <Form onSubmit={onSubmit} noValidate>
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
            <Form.Control
              type="password"
              placeholder="Leave empty to keep it"
              autoComplete="new-password"
              {...register('password')}
              isInvalid={!!errors.password}
            />
            <Form.Control.Feedback type="invalid">{errors.password?.message}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId="confirmPassword">
            <Form.Label>Confirm Password</Form.Label>
            <Form.Control type="password" placeholder="Confirm password" autoComplete="new-password" {...register('confirmPassword')} isInvalid={!!errors.confirmPassword} />
          </Form.Group>
          <Button type="submit" variant="primary" disabled={update.isPending}>
            {update.isPending ? <Loader small label="Updating profile" /> : 'Update'}
          </Button>
        </Form>
      </Col>
      <Col md={8}>
        <h2 className="section-title">My Orders</h2>
        <MyOrders />
      </Col>
    </Row>
  );
}
