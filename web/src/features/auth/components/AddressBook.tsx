// "My addresses" on the Profile page (issue 30): the saved addresses, the last used first, each with Edit and
// Remove; "Add an address" opens the same form as the Shipping step (components/ui/AddressForm.tsx).
import { MAX_SAVED_ADDRESSES, type SavedAddress } from '@domain/addresses';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { AddressForm } from '@/components/ui/AddressForm';
import { AddressText } from '@/components/ui/AddressText';
import { Loader } from '@/components/ui/Loader';
import { Message } from '@/components/ui/Message';
import { useConfirm } from '@/components/ui/ConfirmDialog';
import { useAddressBook, useDeleteAddress, useSaveAddress } from '@/lib/addressBook';
import { errorMessage } from '@/lib/api';

/** What is being edited: an address by id, a new one, or nothing. */
type Editing = { id: string } | 'new' | null;

export function AddressBook() {
  const book = useAddressBook();
  const save = useSaveAddress();
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState<Editing>(null);
  const { dialog: confirmDialog, ask } = useConfirm();
  if (book.isPending) return <Loader />;
  if (book.isError) return <Message variant="danger">{errorMessage(book.error)}</Message>;
  const addresses = book.data;
  const full = addresses.length >= MAX_SAVED_ADDRESSES;
  const form = (initial: SavedAddress | null, id?: string) => (
    <AddressForm
      initial={initial}
      idPrefix={id ? `edit-${id}` : 'new-address'}
      label={id ? 'Edit address' : 'New address'}
      onSave={(address) => save.mutate({ id, address }, { onSuccess: () => setEditing(null) })}
    >
      <div className="d-flex gap-2">
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? <Loader small label="Saving" /> : 'Save address'}
        </Button>
        <Button variant="outline-secondary" onClick={() => setEditing(null)}>
          Cancel
        </Button>
      </div>
    </AddressForm>
  );
  return (
    <section aria-labelledby="my-addresses" data-testid="address-book">
      {confirmDialog}
      <h2 id="my-addresses" className="section-title">
        My Addresses
      </h2>
      {save.isError && <Message variant="danger">{errorMessage(save.error)}</Message>}
      {remove.isError && <Message variant="danger">{errorMessage(remove.error)}</Message>}
      {addresses.length === 0 && editing !== 'new' && (
        <p className="text-muted">No saved addresses yet: the address of your next order is saved here.</p>
      )}
      <ListGroup variant="flush" className="mb-3">
        {addresses.map((a) => (
          <ListGroup.Item key={a._id} className="px-0" data-testid="saved-address">
            {editing !== null && editing !== 'new' && editing.id === a._id ? (
              form(a, a._id)
            ) : (
              <div className="d-flex flex-column flex-sm-row gap-2 justify-content-between">
                <div>
                  <AddressText address={a} />
                  {a === addresses[0] && a.lastUsedAt && <span className="badge text-bg-light ms-1">Last used</span>}
                </div>
                <div className="d-flex gap-2 align-items-start flex-shrink-0">
                  <Button
                    size="sm"
                    variant="outline-dark"
                    onClick={() => setEditing({ id: a._id })}
                    aria-label={`Edit ${a.address}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    disabled={remove.isPending}
                    aria-label={`Remove ${a.address}`}
                    onClick={async () => {
                      const yes = await ask({
                        title: `Remove the address “${a.address}, ${a.city}”?`,
                        body: 'Are you sure you want to delete?',
                        confirmLabel: 'Remove',
                      });
                      if (yes) remove.mutate(a._id);
                    }}
                  >
                    Remove
                  </Button>
                </div>
              </div>
            )}
          </ListGroup.Item>
        ))}
      </ListGroup>
      {editing === 'new' ? (
        form(null)
      ) : (
        <>
          <Button variant="outline-dark" onClick={() => setEditing('new')} disabled={full}>
            Add an address
          </Button>
          {full && <p className="text-muted small mt-2">At most {MAX_SAVED_ADDRESSES} addresses: remove one first.</p>}
        </>
      )}
    </section>
  );
}
