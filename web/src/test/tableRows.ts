import { within } from '@testing-library/react';

/** A table's body rows as shown, each cell's text by its column's header. */
export function tableRows(table: HTMLElement): Record<string, string>[] {
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = within(row).getAllByRole('cell');
      return Object.fromEntries(cells.map((cell, index): [string, string] => [headers[index]!, cell.textContent]));
    });
}
