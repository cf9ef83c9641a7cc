import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cartStore, resetCart, saveShippingAddress } from '@/features/cart';
import { setUserInfo, signOut } from '@/lib/session';
import { LocationProbe, mockFetch, renderRoutes } from '@/testing/render';
import { ShippingPage } from './ShippingPage';

const routes = [
  { path: '/shipping', element: <ShippingPage /> },
  { path: '*', element: <LocationProbe /> },
];

describe('ShippingPage', () => {
  beforeEach(() => resetCart());

  it('requires recipient, phone, address, city, postal code and country', async () => {
    const { user } = renderRoutes(routes, { at: '/shipping' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    for (const msg of [
      'Recipient name is required',
      'Phone is required',
      'Address is required',
      'City is required',
      'Postal code is required',
      'Country is required',
    ]) {
      expect(await screen.findByText(msg)).toBeInTheDocument();
    }
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('shows the step indicator with Sign In and Shipping reached', () => {
    renderRoutes(routes, { at: '/shipping' });
    const steps = screen.getByRole('navigation', { name: 'Checkout steps' });
    expect(steps).toHaveTextContent(/Sign In.*Shipping.*Payment.*Place Order/);
    expect(screen.getByRole('link', { name: /Shipping/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Payment/ })).toBeNull();
  });

  it('saves the address under shippingAddress, the country as its code, and continues to /payment', async () => {
    const { user } = renderRoutes(routes, { at: '/shipping' });
    await user.type(screen.getByLabelText('Recipient name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Phone'), '+1 555 010 4477');
    await user.type(screen.getByLabelText('Address'), '1 Main St');
    await user.type(screen.getByLabelText('City'), 'Springfield');
    await user.type(screen.getByLabelText('Postal Code'), '12345');
    await user.selectOptions(screen.getByLabelText('Country'), 'United States');
    // Issue 40: a US address names its state, and the shipping methods are offered for it.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('State is required')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('State'), 'Illinois');
    expect(screen.getByRole('radio', { name: /Standard/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Express/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/payment'));
    expect(JSON.parse(localStorage.getItem('shippingMethod')!)).toBe('express');
    const saved = {
      recipientName: 'Ada Lovelace',
      phone: '+1 555 010 4477',
      address: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      postalCode: '12345',
      country: 'US',
    };
    expect(cartStore.get().shippingAddress).toEqual(saved);
    expect(JSON.parse(localStorage.getItem('shippingAddress')!)).toEqual(saved);
  }, 20_000); // many keystrokes: slow on a shared machine

  it('says inline what is wrong: a postcode of the country, a city with a letter, a phone number', async () => {
    const { user } = renderRoutes(routes, { at: '/shipping' });
    await user.type(screen.getByLabelText('Recipient name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Phone'), 'call me');
    await user.type(screen.getByLabelText('Address'), '1 Main St');
    await user.type(screen.getByLabelText('City'), '1');
    await user.type(screen.getByLabelText('Postal Code'), '!!!');
    await user.selectOptions(screen.getByLabelText('Country'), 'Germany');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('City must contain a letter')).toBeInTheDocument();
    expect(
      screen.getByText('Phone must be a number like +1 555 010 4477 (digits, spaces, dashes)'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Berlin');
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '+49 30 1234567');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Postal code is not valid for Germany')).toBeInTheDocument();
    expect(screen.getByLabelText('Postal Code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('starts from an address saved before the list, its free-text country chosen in the list', () => {
    saveShippingAddress({ address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' });
    renderRoutes(routes, { at: '/shipping' });
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('US');
    expect(screen.getByLabelText('Address')).toHaveValue('1 Main St');
  });

  describe('with saved addresses (signed in)', () => {
    const lastUsed = {
      _id: 'a1',
      recipientName: 'Ada Lovelace',
      phone: '+44 20 7946 0000',
      address: '12 Crane St',
      city: 'London',
      postalCode: 'SW1A 1AA',
      country: 'GB',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      lastUsedAt: '2026-02-01T00:00:00.000Z',
    };
    const older = {
      ...lastUsed,
      _id: 'a2',
      address: '1 Main St',
      city: 'Springfield',
      postalCode: '12345',
      country: 'US',
      lastUsedAt: null,
    };
    beforeEach(() => {
      setUserInfo({ _id: 'u1', name: 'Ada', email: 'ada@example.com', isAdmin: false, token: 't' });
      mockFetch({ 'GET /api/users/profile/addresses': () => ({ body: [lastUsed, older] }) });
    });
    afterEach(() => signOut());

    it('preselects the last used address, by name with its country named, and continues with it', async () => {
      const { user } = renderRoutes(routes, { at: '/shipping' });
      const first = await screen.findByRole('radio', { name: /12 Crane St/ });
      expect(first).toBeChecked();
      expect(first.closest('.form-check')).toHaveTextContent(
        'Ada Lovelace, 12 Crane St, London SW1A 1AA, United Kingdom',
      );
      expect(screen.queryByLabelText('Recipient name')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/payment'));
      const { _id: _i, createdAt: _c, updatedAt: _u, lastUsedAt: _l, ...address } = lastUsed;
      expect(cartStore.get().shippingAddress).toEqual(address);
    });

    it('offers a new address: the form opens', async () => {
      const { user } = renderRoutes(routes, { at: '/shipping' });
      await user.click(await screen.findByRole('radio', { name: 'A new address' }));
      expect(screen.getByLabelText('Recipient name')).toHaveValue('');
    });

    it('starts from the address already chosen in this checkout when it is a saved one', async () => {
      saveShippingAddress({
        address: '1 Main St',
        city: 'Springfield',
        postalCode: '12345',
        country: 'US',
        recipientName: 'Ada Lovelace',
        phone: '+44 20 7946 0000',
      });
      renderRoutes(routes, { at: '/shipping' });
      expect(await screen.findByRole('radio', { name: /1 Main St/ })).toBeChecked();
    });
  });
});
