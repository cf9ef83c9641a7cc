import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { mockFetch, renderAt } from '@/testing/render';
import { AddressBook } from './AddressBook';

const saved = {
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

describe('AddressBook (Profile: My Addresses)', () => {
  beforeEach(() => setUserInfo({ _id: 'u1', name: 'Ada', email: 'ada@example.com', isAdmin: false, token: 't' }));
  afterEach(() => {
    signOut();
    vi.restoreAllMocks();
  });

  it('lists the saved addresses with the country by name and the phone', async () => {
    mockFetch({ 'GET /api/users/profile/addresses': () => ({ body: [saved] }) });
    renderAt(<AddressBook />, { path: '/profile', at: '/profile' });
    const item = await screen.findByTestId('saved-address');
    expect(item).toHaveTextContent('Ada Lovelace, 12 Crane St, London SW1A 1AA, United Kingdom');
    expect(item).toHaveTextContent('Phone: +44 20 7946 0000');
    expect(item).toHaveTextContent('Last used');
  });

  it('edits one: the form checks inline, then PUTs the address with the country as its code', async () => {
    let book = [saved];
    const calls = mockFetch({
      'GET /api/users/profile/addresses': () => ({ body: book }),
      'PUT /api/users/profile/addresses/a1': (body) => {
        book = [{ ...saved, ...(body as object) }];
        return { body: book[0] };
      },
    });
    const { user } = renderAt(<AddressBook />, { path: '/profile', at: '/profile' });
    await user.click(await screen.findByRole('button', { name: 'Edit 12 Crane St' }));
    const form = screen.getByRole('form', { name: 'Edit address' });
    const postal = within(form).getByLabelText('Postal Code');
    await user.clear(postal);
    await user.type(postal, '!!!');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByText('Postal code is not valid for United Kingdom')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.clear(postal);
    await user.type(postal, 'EC1A 1BB');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      recipientName: 'Ada Lovelace',
      phone: '+44 20 7946 0000',
      address: '12 Crane St',
      city: 'London',
      postalCode: 'EC1A 1BB',
      country: 'GB',
    });
    expect(await screen.findByText(/London EC1A 1BB/)).toBeInTheDocument();
  });

  it('adds one and removes one after asking', async () => {
    let book: (typeof saved)[] = [];
    const calls = mockFetch({
      'GET /api/users/profile/addresses': () => ({ body: book }),
      'POST /api/users/profile/addresses': (body) => {
        book = [{ ...saved, ...(body as object), _id: 'a2' }];
        return { status: 201, body: book[0] };
      },
      'DELETE /api/users/profile/addresses/a2': () => {
        book = [];
        return { body: { message: 'Address removed' } };
      },
    });
    const { user } = renderAt(<AddressBook />, { path: '/profile', at: '/profile' });
    expect(await screen.findByText(/No saved addresses yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add an address' }));
    await user.type(screen.getByLabelText('Recipient name'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Phone'), '+1 555 010 4477');
    await user.type(screen.getByLabelText('Address'), '1 Navy Way');
    await user.type(screen.getByLabelText('City'), 'Arlington');
    await user.type(screen.getByLabelText('Postal Code'), '22202');
    await user.selectOptions(screen.getByLabelText('Country'), 'United States');
    await user.selectOptions(screen.getByLabelText('State'), 'Virginia'); // issue 40: a US address names its state
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText(/1 Navy Way/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      country: 'US',
      state: 'VA',
      postalCode: '22202',
    });

    await user.click(screen.getByRole('button', { name: 'Remove 1 Navy Way' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the address “1 Navy Way, Arlington”?' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(/No saved addresses yet/)).toBeInTheDocument();
  });
});
