import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { Field } from '@/components/ui/Field';
import { fieldBinding } from '@/components/ui/fieldBinding';
import { accountFields } from '../components/accountFields';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { Meta } from '@/components/ui/Meta';
import { MyOrders } from '@/features/orders';
import { errorMessage } from '@/lib/api';
import { useExportData } from '../api/exportData';
import { useLogoutAll } from '../api/logoutAll';
import { useUpdateProfile } from '../api/updateProfile';
import { MISMATCH_ALERT_ID, profileFormSchema, type ProfileForm } from '../schemas';
import { useUserInfo } from '@/lib/session';
import { shop } from '@/lib/shop';
import { AddressBook } from '../components/AddressBook';
import { DeleteAccount } from '../components/DeleteAccount';
import { EmailStatus } from '../components/EmailStatus';
import { CartReminderToggle } from '../components/CartReminderToggle';
import { StoreCreditBalance } from '../components/StoreCreditBalance';

export function ProfilePage() {
  const user = useUserInfo();
  const update = useUpdateProfile();
  const logoutAll = useLogoutAll();
  const exportData = useExportData();
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema(user?.email ?? '')),
    defaultValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      password: '',
      confirmPassword: '',
      currentPassword: '',
    },
  });
  const field = fieldBinding(register, errors);

  const onSubmit = handleSubmit(({ confirmPassword: _c, currentPassword, ...values }) => {
    setSaved(false);
    update.mutate(
      // Sent only when filled: it is needed for a new email or password only.
      { id: user?._id, ...values, ...(currentPassword ? { currentPassword } : {}) },
      {
        onSuccess: (u) => {
          setSaved(true);
          reset({ name: u.name, email: u.email, password: '', confirmPassword: '', currentPassword: '' });
        },
      },
    );
  });

  return (
    <Row className="g-4 g-md-5">
      <Meta title="Profile" />
      {/* On phones the orders come first (what a shopper opens the account page for); side by side from md up. */}
      <Col md={4} className="order-2 order-md-1">
        <h1 className="section-title">User Profile</h1>
        <StoreCreditBalance />
        {shop.accounts.shopLinks && <EmailStatus />}
        {errors.confirmPassword?.message && (
          <Message variant="danger" id={MISMATCH_ALERT_ID}>
            {errors.confirmPassword.message}
          </Message>
        )}
        {update.isError && <Message variant="danger">{errorMessage(update.error)}</Message>}
        {saved && <Message variant="success">Profile Updated</Message>}
        <Form onSubmit={onSubmit} noValidate>
          <Field {...accountFields.name} {...field('name')} />
          <Field {...accountFields.email} {...field('email')} />
          <Field {...accountFields.newPassword} placeholder="Leave empty to keep it" {...field('password')} />
          <Field {...accountFields.confirmPassword} {...field('confirmPassword')} />
          <Field {...accountFields.currentPassword} {...field('currentPassword')} />
          <Button type="submit" variant="primary" disabled={update.isPending}>
            {update.isPending ? <Loader small label="Updating profile" /> : 'Update'}
          </Button>
        </Form>
        <hr />
        {logoutAll.isError && <Message variant="danger">{errorMessage(logoutAll.error)}</Message>}
        <p className="text-muted small mb-2">
          Ends every session of this account, on every device and browser, this one included.
        </p>
        <Button variant="outline-dark" onClick={() => logoutAll.mutate()} disabled={logoutAll.isPending}>
          {logoutAll.isPending ? <Loader small label="Signing out everywhere" /> : 'Sign out everywhere'}
        </Button>
        <hr />
        <CartReminderToggle />
        <hr />
        <h2 className="h6">Your data</h2>
        {exportData.isError && <Message variant="danger">{errorMessage(exportData.error)}</Message>}
        <p className="text-muted small mb-2">
          A file (JSON) with your profile, the addresses you ship to, your orders and your reviews.
        </p>
        <Button variant="outline-dark" onClick={() => exportData.mutate()} disabled={exportData.isPending}>
          {exportData.isPending ? <Loader small label="Preparing your data" /> : 'Download my data'}
        </Button>
        <p className="text-muted small mt-3 mb-2">Deleting your account signs you out for good.</p>
        <DeleteAccount />
      </Col>
      <Col md={8} className="order-1 order-md-2">
        <h2 className="section-title">My Orders</h2>
        <MyOrders />
        <hr className="my-4" />
        <AddressBook />
      </Col>
    </Row>
  );
}
