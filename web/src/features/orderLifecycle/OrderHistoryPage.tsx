import { Link, useParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { readErrorText } from '../../api/shopApi';
import { useOrderHistoryQuery } from './orderHistoryApi';
import { FormMessage } from '../../components/forms/FormMessage';
import { LoadingScreen } from '../../components/layout/LoadingScreen';
import { shortOrderId } from '../orders/shortOrderId';
import { byText, detailLines, occurredText, whatText } from './historyEntry';
import type { OrderViewer } from './viewer';

/** Where "Back to orders" leads: the list the viewer came from. */
function useOrdersPath(viewer: OrderViewer): string {
  const uid = useAppSelector((state) => state.auth.session?.user.uid ?? '');
  return viewer === 'admin' ? '/admindashboard/manageorders' : `/userdashboard/orders/${encodeURIComponent(uid)}`;
}

/**
 * /…dashboard/orderhistory/{id}: an order's timeline, oldest first, as the query service reads it
 * from the log: when, what, by whom, and the status it left the order in (docs/architecture.md#9-the-products-rules).
 */
export default function OrderHistoryPage({ viewer }: { viewer: OrderViewer }) {
  const { id = '' } = useParams();
  const history = useOrderHistoryQuery(id);
  const ordersPath = useOrdersPath(viewer);

  return (
    <div className="dashboard-panel">
      <header className="panel-header">
        <h2>History of order {shortOrderId(id)}</h2>
        <Link to={ordersPath}>Back to orders</Link>
      </header>
      {history.isLoading && <LoadingScreen label="Loading the order's history..." />}
      {history.isError && <FormMessage kind="error">{readErrorText(history.error)}</FormMessage>}
      {history.data && (
        <ol className="timeline" aria-label="Order timeline">
          {history.data.entries.map((entry) => (
            <li key={entry.position} className="timeline-entry">
              <p className="timeline-what">
                <strong>{whatText(entry)}</strong> {byText(entry)}
              </p>
              <time dateTime={entry.occurredAt}>{occurredText(entry)}</time>
              {detailLines(entry).map((line) => (
                <p key={line} className="timeline-detail">
                  {line}
                </p>
              ))}
              <p className="timeline-status">
                Status: <span className={`status status--${entry.status}`}>{entry.status}</span>
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
