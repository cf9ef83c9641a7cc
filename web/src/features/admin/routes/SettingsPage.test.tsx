import { DEFAULT_SETTINGS } from '@domain/settings';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { mockFetch, renderAt } from '@/testing/render';
import { SettingsPage } from './SettingsPage';

const admin = { _id: 'a1', name: 'Ada Admin', email: 'admin@voltshop.test', isAdmin: true };
const history = [
  {
    at: '2026-03-01T10:00:00.000Z',
    by: { _id: 'a1', name: 'Ada Admin' },
    changes: [{ field: 'holdMinutes', from: 30, to: 45 }],
  },
];

describe('SettingsPage', () => {
  beforeEach(() => setUserInfo({ ...admin, token: 't' }));
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('saves a country tax rate and the limits, as numbers, and lists the history', async () => {
    const calls = mockFetch({
      'GET /api/settings': () => ({ body: DEFAULT_SETTINGS }),
      'GET /api/settings/history': () => ({ body: history }),
      'PUT /api/settings': (body) => ({ body }),
    });
    const { user } = renderAt(<SettingsPage />, { path: '/admin/settings', at: '/admin/settings' });
    expect(await screen.findByText('holdMinutes: 30 → 45')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: "Add a country's tax rate" }));
    await user.selectOptions(screen.getByLabelText('Country'), 'Germany');
    await user.clear(screen.getByLabelText('Rate (%)'));
    await user.type(screen.getByLabelText('Rate (%)'), '19');
    await user.clear(screen.getByLabelText('Open orders'));
    await user.type(screen.getByLabelText('Open orders'), '2');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      ...DEFAULT_SETTINGS,
      tax: { ...DEFAULT_SETTINGS.tax, countries: [{ country: 'DE', percent: 19 }] },
      limits: { ...DEFAULT_SETTINGS.limits, maxOpenOrders: 2 },
    });
  }, 20_000); // a busy machine renders the whole form (420 time zones) slowly, as the case below

  it('saves whether sale prices show their 30-day low (issue 41); settings saved without it show Automatic', async () => {
    const { showLowestPrice30Days: _unset, ...older } = DEFAULT_SETTINGS;
    void _unset;
    const calls = mockFetch({
      'GET /api/settings': () => ({ body: older }),
      'GET /api/settings/history': () => ({ body: [] }),
      'PUT /api/settings': (body) => ({ body }),
    });
    const { user } = renderAt(<SettingsPage />, { path: '/admin/settings', at: '/admin/settings' });
    const select = await screen.findByLabelText(/Lowest price in the last 30 days/);
    expect(select).toHaveValue('auto');
    await user.selectOptions(select, 'off');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ...DEFAULT_SETTINGS, showLowestPrice30Days: 'off' });
  }, 20_000);

  it("saves a state's tax rate (typed by name, sent as its code) and Express's price (issue 40)", async () => {
    const calls = mockFetch({
      'GET /api/settings': () => ({ body: DEFAULT_SETTINGS }),
      'GET /api/settings/history': () => ({ body: [] }),
      'PUT /api/settings': (body) => ({ body }),
    });
    const { user } = renderAt(<SettingsPage />, { path: '/admin/settings', at: '/admin/settings' });
    await user.click(await screen.findByRole('button', { name: "Add a state's tax rate" }));
    await user.type(screen.getByLabelText('State (code or name)'), 'Texas');
    await user.clear(screen.getByLabelText('Rate (%)'));
    await user.type(screen.getByLabelText('Rate (%)'), '8.25');
    expect(screen.getByLabelText('Name')).toHaveValue('Express');
    await user.clear(screen.getByLabelText('Price ($)'));
    await user.type(screen.getByLabelText('Price ($)'), '20');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      ...DEFAULT_SETTINGS,
      tax: { ...DEFAULT_SETTINGS.tax, states: [{ country: 'US', state: 'TX', percent: 8.25 }] },
      shipping: {
        ...DEFAULT_SETTINGS.shipping,
        methods: [{ ...DEFAULT_SETTINGS.shipping.methods[0], price: 20 }],
      },
    });
  }, 20_000);

  it("saves the shop's time zone chosen from the list; settings saved without one show UTC", async () => {
    const { timeZone: _, ...old } = DEFAULT_SETTINGS;
    const calls = mockFetch({
      'GET /api/settings': () => ({ body: old }),
      'GET /api/settings/history': () => ({ body: [] }),
      'PUT /api/settings': (body) => ({ body }),
    });
    const { user } = renderAt(<SettingsPage />, { path: '/admin/settings', at: '/admin/settings' });
    const zone = (await screen.findByLabelText("The shop's time zone (times in the emails)")) as HTMLSelectElement;
    expect(zone.value).toBe('UTC');
    await user.selectOptions(zone, 'Europe/Berlin');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ...DEFAULT_SETTINGS, timeZone: 'Europe/Berlin' });
  });

  it('cart reminders (issue 41): settings saved without the hours show 24; 0 turns them off', async () => {
    const { cartReminderHours: _, ...old } = DEFAULT_SETTINGS;
    const calls = mockFetch({
      'GET /api/settings': () => ({ body: old }),
      'GET /api/settings/history': () => ({ body: [] }),
      'PUT /api/settings': (body) => ({ body }),
    });
    const { user } = renderAt(<SettingsPage />, { path: '/admin/settings', at: '/admin/settings' });
    const hours = await screen.findByLabelText(/Hours a signed-in cart stays idle/);
    expect(hours).toHaveValue(24);
    await user.clear(hours);
    await user.type(hours, '0');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ...DEFAULT_SETTINGS, cartReminderHours: 0 });
  }, 20_000);

  it('shows a country saved as a name by its list entry, and saves its code', async () => {
    const old = {
      ...DEFAULT_SETTINGS,
      shipping: { ...DEFAULT_SETTINGS.shipping, countries: [{ country: 'USA', price: 5 }] },
    };
    const calls = mockFetch({
      'GET /api/settings': () => ({ body: old }),
      'GET /api/settings/history': () => ({ body: [] }),
      'PUT /api/settings': (body) => ({ body }),
    });
    const { user } = renderAt(<SettingsPage />, { path: '/admin/settings', at: '/admin/settings' });
    const country = (await screen.findByLabelText('Country')) as HTMLSelectElement;
    expect(country.value).toBe('US');
    expect(country.selectedOptions[0].textContent).toBe('United States');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      shipping: { countries: [{ country: 'US', price: 5 }] },
    });
  });

  it('names each Remove after its row, and removes that row', async () => {
    const saved = {
      ...DEFAULT_SETTINGS,
      tax: { ...DEFAULT_SETTINGS.tax, states: [{ country: 'US', state: 'TX', percent: 8.25 }] },
      shipping: {
        ...DEFAULT_SETTINGS.shipping,
        countries: [
          { country: 'US', price: 5 },
          { country: 'DE', price: 9 },
        ],
      },
    };
    const calls = mockFetch({
      'GET /api/settings': () => ({ body: saved }),
      'GET /api/settings/history': () => ({ body: [] }),
      'PUT /api/settings': (body) => ({ body }),
    });
    const { user } = renderAt(<SettingsPage />, { path: '/admin/settings', at: '/admin/settings' });
    expect(await screen.findByRole('button', { name: 'Remove state tax rate 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove country shipping price 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Remove shipping method \d$/ })).toHaveLength(
      DEFAULT_SETTINGS.shipping.methods.length,
    );
    await user.click(screen.getByRole('button', { name: 'Remove country shipping price 2' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      shipping: { countries: [{ country: 'US', price: 5 }] },
    });
  }, 20_000);

  it('refuses a bad value inline, sending nothing', async () => {
    const calls = mockFetch({
      'GET /api/settings': () => ({ body: DEFAULT_SETTINGS }),
      'GET /api/settings/history': () => ({ body: [] }),
    });
    const { user } = renderAt(<SettingsPage />, { path: '/admin/settings', at: '/admin/settings' });
    const rate = await screen.findByLabelText('Default tax rate (%)');
    await user.clear(rate);
    await user.type(rate, '150');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Default tax rate must be at most 100')).toBeInTheDocument();
    expect(screen.getByText('No changes yet: the defaults apply.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('saves the store details and a policy text; a bad support email is refused inline (issue 40)', async () => {
    const calls = mockFetch({
      'GET /api/settings': () => ({ body: DEFAULT_SETTINGS }),
      'GET /api/settings/history': () => ({ body: [] }),
      'PUT /api/settings': (body) => ({ body }),
    });
    const { user } = renderAt(<SettingsPage />, { path: '/admin/settings', at: '/admin/settings' });
    const name = await screen.findByLabelText('Store name');
    await user.clear(name);
    await user.type(name, 'Volt Co');
    const email = screen.getByLabelText('Support email');
    await user.clear(email);
    await user.type(email, 'nope');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Support email must be an email address')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.clear(email);
    await user.type(email, 'help@volt.example');
    await user.type(screen.getByLabelText('Returns policy'), '## Returns{Enter}{Enter}Within 14 days.');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      ...DEFAULT_SETTINGS,
      store: { ...DEFAULT_SETTINGS.store, name: 'Volt Co', email: 'help@volt.example' },
      policies: { ...DEFAULT_SETTINGS.policies, returns: '## Returns\n\nWithin 14 days.' },
    });
  });
});
