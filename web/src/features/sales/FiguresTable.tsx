import type { ReactNode } from 'react';

export interface FiguresTableProps {
  caption: string;
  /** The columns' names; each cell is labelled with its column's, for the cards narrow screens show. */
  columns: readonly string[];
  /** Each row's key and its cells, in the columns' order. */
  rows: readonly (readonly [key: string, cells: readonly ReactNode[]])[];
  /** A chart's figures, for screen readers only: the chart above them shows them to the eye. */
  hidden?: boolean;
}

/** One of the dashboard's tables, in the shop's table style (a card per row on a phone). */
export function FiguresTable({ caption, columns, rows, hidden = false }: FiguresTableProps) {
  return (
    <div className={hidden ? 'visually-hidden' : 'table-scroll'}>
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([key, cells]) => (
            <tr key={key}>
              {cells.map((cell, index) => (
                <td key={columns[index]} data-label={columns[index]}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
