import type { ReactNode } from 'react';

/** A column: its header, or one only a screen reader reads (an actions column's). */
export type DataColumn = string | { label: string; hidden: true };

/** The header of a row's buttons: read to a screen reader, not shown. */
export const ACTIONS_COLUMN: DataColumn = { label: 'Actions', hidden: true };

interface DataTableProps {
  /** What the table lists, for a screen reader (the caption is not shown). */
  caption: ReactNode;
  /** The columns in order; `false` leaves one out (a column only some viewers see). */
  columns: (DataColumn | false)[];
  /**
   * Many columns (ten or more): the rows become cards while the table is narrower than 1120 px,
   * not 640 px, since below that its columns cannot all fit (docs/web.md#tables-that-fit).
   */
  wide?: boolean;
  className?: string;
  /** The rows: each cell a `<td data-label="…">` named after its column, the actions cell `<td className="cell-actions">`. */
  children: ReactNode;
}

/**
 * A list as a table that fits its width (docs/web.md#tables-that-fit): every column and action in
 * view, long texts wrapping, and each row a card of labelled cells where the table is narrow.
 */
export function DataTable({ caption, columns, wide = false, className, children }: DataTableProps) {
  return (
    <div className={wide ? 'table-frame table-frame--wide' : 'table-frame'}>
      <table className={className ? `data-table ${className}` : 'data-table'}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns
              .filter((column): column is DataColumn => column !== false)
              .map((column) =>
                typeof column === 'string' ? (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ) : (
                  <th key={column.label} scope="col">
                    <span className="visually-hidden">{column.label}</span>
                  </th>
                ),
              )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
