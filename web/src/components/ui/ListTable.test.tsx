import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListTable, numberColumn } from './ListTable';

const rows = [
  { id: 'a', name: 'Cable', qty: 2 },
  { id: 'b', name: 'Charger', qty: 1 },
];

describe('ListTable', () => {
  it('heads each column in order (a figure aligned right, a hidden one named for screen readers, a left-out one absent) and rows each item', () => {
    const { container } = render(
      <ListTable
        size="sm"
        caption="Lines"
        captionClassName="visually-hidden"
        columns={['Item', false, numberColumn('Qty'), { label: 'Actions', hidden: true }]}
        rows={rows}
        row={(r) => (
          <tr key={r.id}>
            <td>{r.name}</td>
            <td className="text-end">{r.qty}</td>
            <td />
          </tr>
        )}
      />,
    );
    const table = screen.getByRole('table', { name: 'Lines' });
    expect(table.className).toContain('table-sm');
    expect(container.querySelector('caption')!.className).toBe('visually-hidden');
    const heads = within(table).getAllByRole('columnheader');
    expect(heads.map((h) => h.textContent)).toEqual(['Item', 'Qty', 'Actions']);
    expect(heads.every((h) => h.getAttribute('scope') === 'col')).toBe(true);
    expect(heads[1]!.className).toBe('text-end');
    expect(heads[2]!.querySelector('span.visually-hidden')!.textContent).toBe('Actions');
    expect(container.querySelectorAll('tbody tr')).toHaveLength(2);
  });

  it('shows its empty row when there are no rows, and its footer after the body', () => {
    const { container } = render(
      <ListTable
        columns={['Item']}
        rows={[] as typeof rows}
        row={(r) => <tr key={r.id} />}
        empty={
          <tr>
            <td>Nothing yet</td>
          </tr>
        }
      >
        <tfoot>
          <tr>
            <td>Total</td>
          </tr>
        </tfoot>
      </ListTable>,
    );
    expect(container.querySelector('tbody')!.textContent).toBe('Nothing yet');
    expect(container.querySelector('tbody + tfoot')!.textContent).toBe('Total');
    expect(container.querySelector('caption')).toBeNull();
  });
});
