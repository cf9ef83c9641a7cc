import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUserInfo, signOut } from '@/lib/session';
import { renderAt } from '@/testing/render';
import { ExportOrdersButton, exportUrl } from './ExportOrdersButton';

afterEach(() => {
  signOut();
  vi.restoreAllMocks();
});

describe('ExportOrdersButton', () => {
  it('builds the export URL from the filters given', () => {
    expect(exportUrl({})).toBe('/api/orders/export.csv');
    expect(exportUrl({ status: 'paid', search: '#D0728E', from: '2031-01-01', to: '' })).toBe(
      '/api/orders/export.csv?status=paid&search=%23D0728E&from=2031-01-01',
    );
  });

  it("downloads the list's filters and the dates with the admin's token, saved under the server's file name", async () => {
    setUserInfo({ _id: 'a1', name: 'Admin', email: 'admin@x.test', isAdmin: true, token: 'tok' });
    const fetchSpy = vi.fn(
      async () =>
        new Response('\uFEFFOrder number\r\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="voltshop-orders-x.csv"',
          },
        }),
    );
    globalThis.fetch = fetchSpy as unknown as typeof fetch;
    const created = vi.fn(() => 'blob:csv');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = renderAt(<ExportOrdersButton status="paid" search="ann" />);
    await user.type(screen.getByLabelText('Placed from'), '2031-01-01');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toEqual(['voltshop-orders-x.csv']));
    expect(fetchSpy).toHaveBeenCalledWith('/api/orders/export.csv?status=paid&search=ann&from=2031-01-01', {
      headers: { Authorization: 'Bearer tok' },
    });
    expect(created).toHaveBeenCalledOnce();
  });

  it("shows the server's refusal", async () => {
    setUserInfo({ _id: 'a1', name: 'Admin', email: 'admin@x.test', isAdmin: true, token: 'tok' });
    globalThis.fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ message: 'to must not be before from' }), {
          status: 400,
          headers: { 'Content-Type': 'application/json' },
        }),
    ) as unknown as typeof fetch;
    const { user } = renderAt(<ExportOrdersButton />);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('to must not be before from')).toBeVisible();
  });
});
