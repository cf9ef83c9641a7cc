import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartStore, resetCart, saveShippingAddress } from '@/features/cart';
import { LocationProbe, renderRoutes } from '@/testing/render';
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
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/payment'));
    const saved = {
      recipientName: 'Ada Lovelace',
      phone: '+1 555 010 4477',
      address: '1 Main St',
      city: 'Springfield',
      postalCode: '12345',
      country: 'US',
    };
    expect(cartStore.get().shippingAddress).toEqual(saved);
    expect(JSON.parse(localStorage.getItem('shippingAddress')!)).toEqual(saved);
  });

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
});
