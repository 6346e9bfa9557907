import { Navigate, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';

/**
 * /myorders: My Orders at an address that names no user, where the payment provider sends the
 * customer back (the command service cannot put the uid in it); the query (`?paid=<orderId>`) is kept.
 */
export default function MyOrdersRedirect() {
  const uid = useAppSelector((state) => state.auth.session?.user.uid ?? '');
  const { search } = useLocation();
  return <Navigate to={{ pathname: `/userdashboard/orders/${encodeURIComponent(uid)}`, search }} replace />;
}
