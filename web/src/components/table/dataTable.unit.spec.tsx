import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACTIONS_COLUMN, DataTable } from './DataTable';

/** A table of two products, the Customer column left out as a customer's list leaves it out. */
function renderProducts(wide = false) {
  return render(
    <DataTable caption="Products in the catalogue" columns={['Product', false, 'Price', ACTIONS_COLUMN]} wide={wide}>
      <tr>
        <td data-label="Product">Claw Hammer</td>
        <td data-label="Price">$19.99</td>
        <td className="cell-actions">
          <button type="button">Edit</button>
        </td>
      </tr>
    </DataTable>,
  );
}

describe('a table that fits (docs/web.md#tables-that-fit)', () => {
  it('is a table named by its caption, with a header per column but the ones left out, the actions column named for a screen reader only', () => {
    renderProducts();
    const table = screen.getByRole('table', { name: 'Products in the catalogue' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Product', 'Price', 'Actions']);
    expect(within(headers[2]!).getByText('Actions')).toHaveProperty('className', 'visually-hidden');
    expect(within(table).getByRole('cell', { name: '$19.99' })).toHaveProperty('dataset.label', 'Price');
    expect(table.parentElement).toHaveProperty('className', 'table-frame');
  });

  it('marks a table of many columns wide: its rows become cards at a wider breakpoint', () => {
    renderProducts(true);
    expect(screen.getByRole('table').parentElement).toHaveProperty('className', 'table-frame table-frame--wide');
  });
});
