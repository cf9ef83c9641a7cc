import { DEFAULT_SETTINGS } from '@domain/settings';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderAt } from '@/testing/render';
import { ContactPage } from './ContactPage';

describe('ContactPage (issue 40: the store details from the settings)', () => {
  it("shows the owner's name, address, email and phone", async () => {
    mockFetch({
      'GET /api/settings/public': () => ({
        body: {
          ...DEFAULT_SETTINGS,
          store: {
            name: 'Volt Co',
            address: '1 Main St\n\nSpringfield',
            email: 'hi@volt.example',
            phone: '+1 555 0100',
          },
        },
      }),
    });
    renderAt(<ContactPage />);
    expect(await screen.findByRole('link', { name: 'hi@volt.example' })).toHaveAttribute(
      'href',
      'mailto:hi@volt.example',
    );
    expect(screen.getByRole('link', { name: '+1 555 0100' })).toHaveAttribute('href', 'tel:+15550100');
    expect(screen.getByText('Volt Co')).toBeVisible();
    expect(screen.getByText('1 Main St')).toBeVisible();
    expect(screen.getByText('Springfield')).toBeVisible();
  });

  it('leaves out what the owner left empty; the placeholders when the settings cannot be read', async () => {
    mockFetch({
      'GET /api/settings/public': () => ({
        body: { ...DEFAULT_SETTINGS, store: { name: 'Volt Co', address: '', email: 'hi@volt.example', phone: '' } },
      }),
    });
    const { unmount } = renderAt(<ContactPage />);
    await screen.findByRole('link', { name: 'hi@volt.example' });
    expect(screen.queryByText(/Phone:/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Visit us' })).toBeNull();
    unmount();
    mockFetch({ 'GET /api/settings/public': () => ({ status: 500, body: { message: 'down' } }) });
    renderAt(<ContactPage />);
    expect(await screen.findByRole('link', { name: DEFAULT_SETTINGS.store.email })).toBeVisible();
    expect(screen.getByRole('link', { name: '+1 (555) 010-0199' })).toHaveAttribute('href', 'tel:+15550100199');
  });
});
