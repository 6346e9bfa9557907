import { readErrorText } from '../../api/shopApi';
import { useAllOrdersQuery } from '../orders/ordersApi';
import { FormMessage } from '../../components/forms/FormMessage';
import { LoadingScreen } from '../../components/layout/LoadingScreen';
import { ResendEmailButton } from '../documents/ResendEmailButton';
import { OrderActions } from '../orderLifecycle/OrderActions';
import { OrdersTable } from '../orders/OrdersTable';

/**
 * Manage Orders: every order, with the moves its status allows, Cancel, its timeline and its e-mails sent
 * again (docs/architecture.md#9-the-products-rules), and its documents.
 */
export default function ManageOrdersPage() {
  const orders = useAllOrdersQuery();
  return (
    <div className="dashboard-panel">
      <h2>Manage Orders</h2>
      {orders.isLoading && <LoadingScreen label="Loading orders..." />}
      {orders.isError && <FormMessage kind="error">{readErrorText(orders.error)}</FormMessage>}
      {orders.data && orders.data.length === 0 && <p className="empty-state">No orders have been placed yet.</p>}
      {orders.data && orders.data.length > 0 && (
        <OrdersTable
          orders={orders.data}
          showCustomer
          caption="All orders"
          actions={(order) => <OrderActions order={order} viewer="admin" more={<ResendEmailButton order={order} />} />}
        />
      )}
    </div>
  );
}
