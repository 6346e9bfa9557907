import { Link, useParams } from 'react-router-dom';
import { readErrorText } from '../../api/shopApi';
import { useUserOrdersQuery } from './ordersApi';
import { FormMessage } from '../../components/forms/FormMessage';
import { LoadingScreen } from '../../components/layout/LoadingScreen';
import { OrderActions } from '../orderLifecycle/OrderActions';
import { PaymentReturnNotice } from '../payments/PaymentReturnNotice';
import { OrdersTable } from './OrdersTable';

/**
 * /userdashboard/orders/{uid}: the user's orders, newest first as the query service sends them;
 * pending ones may be paid or cancelled, and a payment the customer is back from is confirmed here.
 */
export default function MyOrdersPage() {
  const { uid = '' } = useParams();
  const orders = useUserOrdersQuery(uid);
  return (
    <div className="dashboard-panel">
      <h2>My Orders</h2>
      <PaymentReturnNotice uid={uid} />
      {orders.isLoading && <LoadingScreen label="Loading orders..." />}
      {orders.isError && <FormMessage kind="error">{readErrorText(orders.error)}</FormMessage>}
      {orders.data && orders.data.length === 0 && (
        <p className="empty-state">
          You have no orders yet. <Link to="/allproducts">Browse all products</Link>
        </p>
      )}
      {orders.data && orders.data.length > 0 && (
        <OrdersTable orders={orders.data} caption="My orders" actions={(order) => <OrderActions order={order} viewer="customer" />} />
      )}
    </div>
  );
}
