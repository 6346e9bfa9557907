import { Link } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { readErrorText, useUserOrdersQuery } from '../api/shopApi';
import { FormMessage } from '../forms/FormMessage';

/** Add Review: a product can be reviewed once its order has been delivered. */
export default function AddReviewPage() {
  const uid = useAppSelector((state) => state.auth.session?.user.uid ?? '');
  const orders = useUserOrdersQuery(uid, { skip: uid === '' });
  const delivered = (orders.data ?? []).filter((order) => order.status === 'delivered');
  return (
    <div className="dashboard-panel">
      <h2>Add Review</h2>
      <p>Tell other workshops how a tool performs once it has been delivered and put to work.</p>
      {orders.isError && <FormMessage kind="error">{readErrorText(orders.error)}</FormMessage>}
      {orders.data && delivered.length === 0 && (
        <p className="empty-state">
          None of your orders has been delivered yet, so there is nothing to review.{' '}
          <Link to={`/userdashboard/orders/${uid}`}>See my orders</Link>
        </p>
      )}
      {delivered.length > 0 && (
        <ul className="plain-list">
          {delivered.map((order) => (
            <li key={order._id}>{order.productName}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
