import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminTable, type AdminColumn } from './AdminTable';

interface Item {
  id: string;
  name: string;
  price: number;
  secret: string;
}

const items: Item[] = [
  { id: '1', name: 'Widget 10', price: 20, secret: 'zzz' },
  { id: '2', name: 'widget 9', price: 5.5, secret: 'zzz' },
  { id: '3', name: 'Gadget', price: 100, secret: 'zzz' },
];

const columns: AdminColumn<Item>[] = [
  { key: 'name', header: 'NAME', sortValue: (i) => i.name, cell: (i) => i.name },
  {
    key: 'price',
    header: 'PRICE',
    sortValue: (i) => i.price,
    filterValue: (i) => `$${i.price.toFixed(2)}`,
    cell: (i) => `$${i.price.toFixed(2)}`,
  },
  { key: 'secret', header: 'SECRET', filterValue: false, cell: (i) => i.secret },
];

function setup() {
  const user = userEvent.setup();
  render(
    <AdminTable
      caption="Items"
      noun="items"
      rows={items}
      rowKey={(i) => i.id}
      columns={columns}
      actions={(i) => <button type="button">Edit {i.name}</button>}
    />,
  );
  const names = () =>
    within(screen.getByRole('table', { name: 'Items' }))
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0].textContent);
  return { user, names };
}

describe('AdminTable', () => {
  it('is a named table whose sortable headers are buttons with aria-sort', () => {
    setup();
    const table = screen.getByRole('table', { name: 'Items' });
    const [name, price, secret] = within(table).getAllByRole('columnheader');
    expect(name).toHaveAttribute('aria-sort', 'none');
    expect(within(name).getByRole('button', { name: /NAME/ })).toBeInTheDocument();
    expect(price).toHaveAttribute('aria-sort', 'none');
    expect(secret).not.toHaveAttribute('aria-sort');
    expect(within(secret).queryByRole('button')).toBeNull();
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
  });

  it('sorts ascending on the first click and descending on the second, text naturally', async () => {
    const { user, names } = setup();
    expect(names()).toEqual(['Widget 10', 'widget 9', 'Gadget']);
    await user.click(screen.getByRole('button', { name: /NAME/ }));
    expect(screen.getByRole('columnheader', { name: /NAME/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Gadget', 'widget 9', 'Widget 10']);
    await user.click(screen.getByRole('button', { name: /NAME/ }));
    expect(screen.getByRole('columnheader', { name: /NAME/ })).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Widget 10', 'widget 9', 'Gadget']);
  });

  it('sorts numbers numerically and resets the other headers', async () => {
    const { user, names } = setup();
    await user.click(screen.getByRole('button', { name: /NAME/ }));
    await user.click(screen.getByRole('button', { name: /PRICE/ }));
    expect(names()).toEqual(['widget 9', 'Widget 10', 'Gadget']);
    expect(screen.getByRole('columnheader', { name: /NAME/ })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: /PRICE/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('filters by the labelled text box, counts the rows shown and keeps the sort', async () => {
    const { user, names } = setup();
    expect(screen.getByTestId('row-count')).toHaveTextContent('3 items');
    await user.click(screen.getByRole('button', { name: /NAME/ }));
    await user.type(screen.getByLabelText('Filter items'), 'WIDGET');
    expect(names()).toEqual(['widget 9', 'Widget 10']);
    expect(screen.getByTestId('row-count')).toHaveTextContent('Showing 2 of 3 items');

    await user.clear(screen.getByLabelText('Filter items'));
    await user.type(screen.getByLabelText('Filter items'), '$100');
    expect(names()).toEqual(['Gadget']);
  });

  it('does not search columns left out of the filter, and says when nothing matches', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Filter items'), 'zzz');
    expect(screen.getByText('No items match “zzz”.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
  });

  it('shows the empty element instead of the table when there are no rows', () => {
    render(
      <AdminTable
        caption="Items"
        noun="items"
        rows={[]}
        rowKey={(i: Item) => i.id}
        columns={columns}
        empty={<p>Nothing yet</p>}
      />,
    );
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
