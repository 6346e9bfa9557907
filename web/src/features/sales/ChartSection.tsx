import type { ChartConfiguration, ChartType } from 'chart.js';
import { FiguresTable, type FiguresTableProps } from './FiguresTable';
import { SalesChart } from './SalesChart';

interface ChartSectionProps<Type extends ChartType> extends Pick<FiguresTableProps, 'columns' | 'rows'> {
  /** The heading's id, naming the section. */
  id: string;
  title: string;
  /** What the chart is, as a screen reader says it instead of drawing it: "Bar chart of …". */
  description: string;
  config: ChartConfiguration<Type>;
  /** Across the whole row of charts. */
  wide?: boolean;
}

/** One of the dashboard's charts under its heading, its figures (`columns`, `rows`) in a table for screen readers. */
export function ChartSection<Type extends ChartType>({
  id,
  title,
  description,
  config,
  columns,
  rows,
  wide = false,
}: ChartSectionProps<Type>) {
  return (
    <section aria-labelledby={id} className={wide ? 'sales-chart-card sales-chart-card--wide' : 'sales-chart-card'}>
      <h3 id={id}>{title}</h3>
      <SalesChart config={config} summary={`${description}; its figures are in the table that follows`} />
      <FiguresTable hidden caption={title} columns={columns} rows={rows} />
    </section>
  );
}
