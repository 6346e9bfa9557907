import type { ReactNode } from 'react';
import { DataTable } from '../../components/table/DataTable';

export interface FiguresTableProps {
  caption: string;
  /** The columns' names, the first the row's name; each cell is labelled with its column's, for the cards narrow screens show. */
  columns: readonly string[];
  /** Each row's key and its cells, in the columns' order. */
  rows: readonly (readonly [key: string, cells: readonly ReactNode[]])[];
  /** A chart's figures, for screen readers only: the chart above them shows them to the eye. */
  hidden?: boolean;
}

/** One of the dashboard's tables: the shop's table that fits (docs/web.md#tables-that-fit), a card per row on a phone. */
export function FiguresTable({ caption, columns, rows, hidden = false }: FiguresTableProps) {
  const table = (
    <DataTable caption={caption} columns={[...columns]}>
      {rows.map(([key, cells]) => (
        <tr key={key}>
          {cells.map((cell, index) => (
            // The first column names the row (a product, a customer, a day): a long name wraps anywhere.
            <td key={columns[index]} data-label={columns[index]} className={index === 0 ? 'cell-long' : undefined}>
              {cell}
            </td>
          ))}
        </tr>
      ))}
    </DataTable>
  );
  return hidden ? <div className="visually-hidden">{table}</div> : table;
}
