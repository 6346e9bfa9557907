import { TAX_PERCENT, type CartDto } from '@toolforge/contracts';
import { formatPrice } from '../catalog/price';

/** What the cart would cost as one order, as the server priced it: its lines, the surcharge, shipping and the total. */
export function CartTotals({ cart }: { cart: CartDto }) {
  const rows: [string, number][] = [
    ['Subtotal', cart.subtotal],
    [`Surcharge (${TAX_PERCENT}%)`, cart.surcharge],
    ['Shipping', cart.shipping],
  ];
  return (
    <table className="summary-table" aria-label="Cart totals">
      <tbody>
        {rows.map(([label, amount]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{formatPrice(amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total cost</th>
          <td className="total">{formatPrice(cart.totalCost)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
