import type { OrderDto } from '@toolforge/contracts';
import { formatPrice } from '../catalog/price';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** Orders as lists show them (docs/architecture.md §9), with the customer's name for the admin's list. */
export function OrdersTable({ orders, showCustomer = false, caption }: { orders: OrderDto[]; showCustomer?: boolean; caption: string }) {
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Product</th>
            {showCustomer && <th scope="col">Customer</th>}
            <th scope="col">Quantity</th>
            <th scope="col">Total cost</th>
            <th scope="col">Shipping address</th>
            <th scope="col">Status</th>
            <th scope="col">Placed</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order._id}>
              <td data-label="Order" className="mono">
                {order._id.slice(0, 8)}
              </td>
              <td data-label="Product">{order.productName}</td>
              {showCustomer && <td data-label="Customer">{order.userName || order.userId}</td>}
              <td data-label="Quantity">{order.orderQuantity}</td>
              <td data-label="Total cost">{formatPrice(order.totalCost)}</td>
              <td data-label="Shipping address" className="address">
                {order.shippingAddress}
              </td>
              <td data-label="Status">
                <span className={`status status--${order.status}`}>{order.status}</span>
                {!order.payment && <span className="status status--unpaid">unpaid</span>}
              </td>
              <td data-label="Placed">{order.placedAt ? dateFormat.format(new Date(order.placedAt)) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
