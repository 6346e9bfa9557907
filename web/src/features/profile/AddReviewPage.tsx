import { Link } from 'react-router-dom';
import type { OrderDto } from '@toolforge/contracts';
import { useAppSelector } from '../../app/hooks';
import { readErrorText } from '../../api/shopApi';
import { useUserOrdersQuery } from '../orders/ordersApi';
import { FormMessage } from '../../components/forms/FormMessage';
import { ReviewForm } from '../reviews/ReviewForm';

/** The products of every line of the customer's delivered orders, each once (several deliveries of one product are one review). */
export function deliveredProducts(orders: readonly OrderDto[]): { productId: string; productName: string }[] {
  const products = new Map<string, string>();
  for (const order of orders) {
    if (order.status !== 'delivered') continue;
    for (const line of order.lines) if (!products.has(line.productId)) products.set(line.productId, line.productName);
  }
  return [...products].map(([productId, productName]) => ({ productId, productName }));
}

/** Add Review: a product can be reviewed once its order has been delivered; a second post edits the review. */
export default function AddReviewPage() {
  const uid = useAppSelector((state) => state.auth.session?.user.uid ?? '');
  const orders = useUserOrdersQuery(uid, { skip: uid === '' });
  const delivered = deliveredProducts(orders.data ?? []);
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
        <ul className="plain-list review-forms">
          {delivered.map((product) => (
            <li key={product.productId}>
              <ReviewForm productId={product.productId} productName={product.productName} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
