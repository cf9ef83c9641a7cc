// The Shipping step (issue 30): a signed-in shopper picks one of the saved addresses (the last used preselected)
// or enters a new one; the form checks as the API does (components/ui/AddressForm.tsx). The order saves its
// address to the book (the server), so the next checkout starts from it. Issue 40: the shipping method is chosen
// here too, among those offered to the address's country (components/ShippingMethodChoice.tsx).
import { type ShippingAddress } from '@domain';
import { addressKey, shippingAddressOf, type SavedAddress } from '@domain/addresses';
import { paths } from '@domain/routes';
import { toCents } from '@domain/money';
import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router-dom';
import { AddressForm } from '@/components/ui/AddressForm';
import { AddressText } from '@/components/ui/AddressText';
import { CheckoutSteps } from '@/components/ui/CheckoutSteps';
import { FormContainer } from '@/components/ui/FormContainer';
import { Loader } from '@/components/ui/Loader';
import { Meta } from '@/components/ui/Meta';
import { saveShippingAddress, useCart } from '@/features/cart';
import { useAddressBook } from '@/lib/addressBook';
import { useUserInfo } from '@/lib/session';
import { usePublicSettings } from '@/lib/shopSettings';
import { ShippingMethodChoice } from '../components/ShippingMethodChoice';
import { shippingChoice, useRememberedShippingMethod } from '../shippingMethod';

/** The method choice for a country ('' before one is chosen: none shown). */
type MethodsFor = (country: string) => ReactNode;

function useMethodsFor(idPrefix: string): MethodsFor {
  const { cartItems } = useCart();
  const settings = usePublicSettings();
  const remembered = useRememberedShippingMethod();
  const itemsCents = cartItems.reduce((sum, i) => sum + toCents(i.price) * i.qty, 0);
  return (country) => {
    if (!country) return null;
    const { offers, chosen } = shippingChoice(settings.data, country, itemsCents, remembered);
    return <ShippingMethodChoice offers={offers} chosen={chosen} itemsCents={itemsCents} idPrefix={idPrefix} />;
  };
}

const NEW = 'new';

export function ShippingForm({
  onSave,
  initial,
  methodsFor,
}: {
  onSave: (a: ShippingAddress) => void;
  initial: ShippingAddress | null;
  methodsFor?: MethodsFor;
}) {
  return (
    <AddressForm initial={initial} onSave={onSave} idPrefix="shipping">
      {(country) => (
        <>
          {methodsFor?.(country)}
          <Button type="submit" variant="primary">
            Continue
          </Button>
        </>
      )}
    </AddressForm>
  );
}

/** Which choice starts selected: the address already chosen in this checkout when it is a saved one, else a new
 *  address prefilled with it, else the last used saved address, else a new one. */
function firstChoice(book: readonly SavedAddress[], current: ShippingAddress | null): string {
  if (current) return book.find((a) => addressKey(a) === addressKey(current))?._id ?? NEW;
  return book[0]?._id ?? NEW;
}

function AddressChoice({
  book,
  current,
  onSave,
}: {
  book: readonly SavedAddress[];
  current: ShippingAddress | null;
  onSave: (a: ShippingAddress) => void;
}) {
  const [choice, setChoice] = useState(() => firstChoice(book, current));
  const chosen = book.find((a) => a._id === choice);
  const savedMethods = useMethodsFor('saved');
  const newMethods = useMethodsFor('shipping');
  return (
    <>
      {book.length > 0 && (
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            if (chosen) onSave(shippingAddressOf(chosen));
          }}
          aria-label="Saved addresses"
        >
          <fieldset className="mb-3">
            <legend className="h6">Ship to</legend>
            {book.map((a) => (
              <Form.Check
                key={a._id}
                type="radio"
                id={`saved-address-${a._id}`}
                name="saved-address"
                className="saved-address mb-2"
                checked={choice === a._id}
                onChange={() => setChoice(a._id)}
                label={<AddressText address={a} />}
              />
            ))}
            <Form.Check
              type="radio"
              id="saved-address-new"
              name="saved-address"
              label="A new address"
              checked={choice === NEW}
              onChange={() => setChoice(NEW)}
            />
          </fieldset>
          {chosen && savedMethods(chosen.country)}
          {chosen && (
            <Button type="submit" variant="primary">
              Continue
            </Button>
          )}
        </Form>
      )}
      {choice === NEW && <ShippingForm initial={current} onSave={onSave} methodsFor={newMethods} />}
    </>
  );
}

export function ShippingPage() {
  const { shippingAddress } = useCart();
  const navigate = useNavigate();
  const signedIn = !!useUserInfo();
  const book = useAddressBook(signedIn);
  const onSave = (address: ShippingAddress) => {
    saveShippingAddress(address);
    navigate(paths.payment.href());
  };
  return (
    <FormContainer>
      <Meta title="Shipping" />
      <CheckoutSteps step1 step2 current={2} />
      <h1 className="section-title">Shipping</h1>
      {signedIn && book.isPending ? (
        <Loader />
      ) : (
        // A book that failed to load leaves the form: the shopper can always type the address.
        <AddressChoice book={book.data ?? []} current={shippingAddress} onSave={onSave} />
      )}
    </FormContainer>
  );
}
