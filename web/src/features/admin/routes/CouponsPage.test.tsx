import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { mockFetch, renderAt } from '@/testing/render';
import { CouponsPage } from './CouponsPage';

const admin = { _id: 'a1', name: 'Ada Admin', email: 'admin@voltshop.test', isAdmin: true };
const spring = {
  code: 'SPRING10',
  percentOff: 10,
  amountOff: null,
  minSubtotal: 50,
  startsAt: null,
  endsAt: null,
  maxUses: 100,
  maxUsesPerCustomer: 1,
  scope: null,
  active: true,
  uses: 7,
};

describe('CouponsPage', () => {
  beforeEach(() => setUserInfo({ ...admin, token: 't' }));
  afterEach(() => {
    cleanup();
    signOut();
    vi.restoreAllMocks();
  });

  it('lists the codes with what they give and their uses; creates a code as the API takes it', async () => {
    const calls = mockFetch({
      'GET /api/coupons': () => ({ body: [spring] }),
      'POST /api/coupons': (body) => ({ status: 201, body: { ...(body as object), uses: 0 } }),
    });
    const { user } = renderAt(<CouponsPage />, { path: '/admin/coupons', at: '/admin/coupons' });
    expect(await screen.findByText('SPRING10')).toBeInTheDocument();
    expect(screen.getByText('10% off')).toBeInTheDocument();
    expect(screen.getByText('7 / 100')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Code'), 'five');
    await user.selectOptions(screen.getByLabelText('Gives'), 'amount');
    await user.type(screen.getByLabelText('Amount off ($)'), '5');
    await user.type(screen.getByLabelText('Uses per customer (optional)'), '2');
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      code: 'FIVE',
      percentOff: null,
      amountOff: 5,
      minSubtotal: null,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      maxUsesPerCustomer: 2,
      scope: null,
      active: true,
    });
  });

  it('says what a code applies to in words; picks categories from the list and products by name (issue 40)', async () => {
    const cable = { _id: 'p-cable', name: 'USB-C Cable', brand: 'Volt', category: 'Cables', price: 9.99 };
    const hub = { _id: 'p-hub', name: 'USB-C Hub', brand: 'Volt', category: 'Cables', price: 29.99 };
    const scoped = {
      ...spring,
      code: 'AV20',
      scope: { categories: ['Audio', 'Cameras'], products: ['p-cable', 'p-hub'] },
    };
    const calls = mockFetch({
      'GET /api/coupons': () => ({ body: [spring, scoped] }),
      'GET /api/categories': () => ({
        body: [
          { _id: 'c1', name: 'Audio', slug: 'audio', productCount: 4 },
          { _id: 'c2', name: 'Cameras', slug: 'cameras', productCount: 2 },
        ],
      }),
      'GET /api/products/p-cable': () => ({ body: { ...cable, reviews: [] } }),
      'GET /api/products/p-hub': () => ({ body: { ...hub, reviews: [] } }),
      'GET /api/products': () => ({ body: { products: [cable, hub], page: 1, pages: 1 } }),
      'POST /api/coupons': (body) => ({ status: 201, body: { ...(body as object), uses: 0 } }),
    });
    const { user } = renderAt(<CouponsPage />, { path: '/admin/coupons', at: '/admin/coupons' });
    expect(await screen.findByText('Audio, Cameras · 2 products: USB-C Cable, USB-C Hub')).toBeInTheDocument();
    expect(screen.getByText('Everything')).toBeInTheDocument();
    expect(screen.queryByText(/limited scope/)).toBeNull();

    await user.type(screen.getByLabelText('Code'), 'audio5');
    await user.type(screen.getByLabelText('Percent off'), '5');
    const add = screen.getByLabelText('Only these categories');
    await waitFor(() => expect(add).toBeEnabled());
    await user.selectOptions(add, 'Audio');
    // Chosen: a chip, and no longer offered.
    expect(screen.getByRole('button', { name: 'Remove Audio' })).toBeInTheDocument();
    expect(within(add).queryByRole('option', { name: /^Audio/ })).toBeNull();
    await user.type(screen.getByRole('combobox', { name: 'Only these products' }), 'usb');
    await user.click(await screen.findByRole('option', { name: /USB-C Hub/ }));
    expect(screen.getByRole('button', { name: 'Remove USB-C Hub' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      code: 'AUDIO5',
      percentOff: 5,
      scope: { categories: ['Audio'], products: ['p-hub'] },
    });
  });

  it('an older code’s free-text category shows as the list’s entry; one the list lacks is flagged', async () => {
    const old = { ...spring, code: 'OLD', scope: { categories: ['audio', 'Gone'], products: [] } };
    mockFetch({
      'GET /api/coupons': () => ({ body: [old] }),
      'GET /api/categories': () => ({ body: [{ _id: 'c1', name: 'Audio', slug: 'audio', productCount: 4 }] }),
    });
    const { user } = renderAt(<CouponsPage />, { path: '/admin/coupons', at: '/admin/coupons' });
    await user.click(await screen.findByRole('button', { name: 'Edit OLD' }));
    const chips = screen.getByRole('list', { name: 'Only these categories: chosen' });
    expect(await within(chips).findByText('(not in the list)')).toBeInTheDocument();
    expect(within(chips).getByRole('button', { name: 'Remove Audio' })).toBeInTheDocument();
    expect(within(chips).getByRole('button', { name: 'Remove Gone' })).toBeInTheDocument();
  });

  it('says what is wrong before sending (the API’s own rules), and sends nothing', async () => {
    const calls = mockFetch({ 'GET /api/coupons': () => ({ body: [] }) });
    const { user } = renderAt(<CouponsPage />, { path: '/admin/coupons', at: '/admin/coupons' });
    await user.type(await screen.findByLabelText('Code'), 'ok-code');
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText('Give either a percent off or an amount off')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('edits a code in place (the code stays) and deletes one after the named confirmation', async () => {
    const calls = mockFetch({
      'GET /api/coupons': () => ({ body: [spring] }),
      'PUT /api/coupons/SPRING10': (body) => ({ body: { ...(body as object), uses: 7 } }),
      'DELETE /api/coupons/SPRING10': () => ({ body: { message: 'Discount code removed' } }),
    });
    const { user } = renderAt(<CouponsPage />, { path: '/admin/coupons', at: '/admin/coupons' });
    await user.click(await screen.findByRole('button', { name: 'Edit SPRING10' }));
    expect(screen.getByLabelText('Code')).toBeDisabled();
    const percent = screen.getByLabelText('Percent off');
    await user.clear(percent);
    await user.type(percent, '15');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      code: 'SPRING10',
      percentOff: 15,
      minSubtotal: 50,
    });

    await user.click(screen.getByRole('button', { name: 'Delete SPRING10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete discount code “SPRING10”?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});
