import { TAX_PERCENT, formatCents } from '@toolforge/contracts';
import type { OrderSummary } from './orderSummary';

export function OrderSummaryTable({ summary, productName }: { summary: OrderSummary; productName: string }) {
  const rows: [string, string][] = [
    ['Product', productName],
    ['Unit price', `$${formatCents(summary.unitPriceCents)}`],
    ['Quantity', String(summary.quantity)],
    ['Subtotal', `$${formatCents(summary.subtotalCents)}`],
    [`Tax (${TAX_PERCENT}%)`, `$${formatCents(summary.taxCents)}`],
    ['Handling', `$${formatCents(summary.flatFeeCents)}`],
  ];
  return (
    <table className="summary-table" aria-label="Order summary">
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total cost</th>
          <td className="total">${formatCents(summary.totalCents)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
