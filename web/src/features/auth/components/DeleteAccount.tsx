import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { errorMessage } from '@/lib/api';
import { useDeleteAccount } from '../api/deleteAccount';

/** "Delete my account": a dialog that says what goes and what stays, and asks for the password again. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const remove = useDeleteAccount();
  const close = () => {
    if (remove.isPending) return;
    setOpen(false);
    setPassword('');
    remove.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate(password);
  };

  return (
    <>
      <Button variant="outline-danger" className="btn-delete-account" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <Modal show={open} onHide={close} centered aria-labelledby="delete-account-title">
        <Form onSubmit={submit} noValidate aria-label="Delete my account">
          <Modal.Header closeButton>
            <Modal.Title id="delete-account-title" as="h2" className="h5">
              Delete your account?
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <ul className="mb-3 ps-3">
              <li>You are signed out everywhere and can no longer sign in with this email and password.</li>
              <li>Your profile and your saved cart are deleted.</li>
              <li>
                Your orders stay in the shop’s books for its accounts, without your name, email or address. Your reviews
                stay, signed “Deleted customer”.
              </li>
              <li>
                This cannot be undone. Unpaid orders must be paid or cancelled first, and paid orders must have arrived:
                the shop needs your name and address to ship them.
              </li>
            </ul>
            {remove.isError && <Message variant="danger">{errorMessage(remove.error)}</Message>}
            <Form.Group controlId="delete-account-password">
              <Form.Label>Your password</Form.Label>
              <Form.Control
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Form.Group>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="light" onClick={close} disabled={remove.isPending}>
              Keep my account
            </Button>
            <Button type="submit" variant="danger" disabled={remove.isPending || !password}>
              {remove.isPending ? <Loader small label="Deleting your account" /> : 'Delete my account for good'}
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </>
  );
}
