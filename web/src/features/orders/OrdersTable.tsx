import type { ReactNode } from 'react';
import type { OrderDto } from '@toolforge/contracts';
import { ACTIONS_COLUMN, DataTable } from '../../components/table/DataTable';
import { formatPrice } from '../catalog/price';
import { OrderDocuments } from '../documents/OrderDocuments';
import { OrderPayment } from '../payments/OrderPayment';
import { shortOrderId } from './shortOrderId';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * What an order holds, in the Product column: its product's name for an order of one line (its
 * quantity has its own column), each line's quantity and product for an order of several
 * ("3 × Claw Hammer, 2 × Bench Vise"; the Quantity column then sums them).
 */
export const orderedText = (order: OrderDto) =>
  order.lines.length > 1 ? order.lines.map((line) => `${line.quantity} × ${line.productName}`).join(', ') : order.productName;

interface OrdersTableProps {
  orders: OrderDto[];
  showCustomer?: boolean;
  caption: string;
  /** What the viewer may do with each order (status moves, cancel, its timeline). */
  actions?: (order: OrderDto) => ReactNode;
}

/** Orders as lists show them (docs/architecture.md#9-the-products-rules), with the customer's name for the admin's list. */
export function OrdersTable({ orders, showCustomer = false, caption, actions }: OrdersTableProps) {
  return (
    <DataTable
      caption={caption}
      wide
      columns={[
        'Order',
        'Product',
        showCustomer && 'Customer',
        'Quantity',
        'Total cost',
        'Shipping address',
        'Status',
        'Payment',
        'Documents',
        'Placed',
        actions ? ACTIONS_COLUMN : false,
      ]}
    >
      {orders.map((order) => (
        <tr key={order._id}>
          <td data-label="Order" className="mono">
            {shortOrderId(order._id)}
          </td>
          <td data-label="Product" className="cell-long">
            {orderedText(order)}
          </td>
          {showCustomer && (
            <td data-label="Customer" className="cell-long">
              {order.userName || order.userId}
            </td>
          )}
          <td data-label="Quantity">{order.orderQuantity}</td>
          <td data-label="Total cost">{formatPrice(order.totalCost)}</td>
          <td data-label="Shipping address" className="cell-long address">
            {order.shippingAddress}
          </td>
          <td data-label="Status">
            <span className={`status status--${order.status}`}>{order.status}</span>
          </td>
          <td data-label="Payment">
            <OrderPayment order={order} />
          </td>
          <td data-label="Documents">
            <OrderDocuments order={order} />
          </td>
          <td data-label="Placed">{order.placedAt ? dateFormat.format(new Date(order.placedAt)) : ''}</td>
          {actions && <td className="cell-actions">{actions(order)}</td>}
        </tr>
      ))}
    </DataTable>
  );
}
