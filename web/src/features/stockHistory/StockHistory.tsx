import { useEffect } from 'react';
import { STOCK_HISTORY_PAGE_SIZE } from '@toolforge/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { readErrorText } from '../../api/shopApi';
import { FormMessage } from '../../components/forms/FormMessage';
import { LoadingScreen } from '../../components/layout/LoadingScreen';
import { DataTable } from '../../components/table/DataTable';
import { useStockHistoryQuery } from './stockHistoryApi';
import { selectStockHistoryPage, stockHistoryOpened, stockHistoryPageChosen } from './stockHistorySlice';
import {
  NEWER_CHANGES,
  OLDER_CHANGES,
  STOCK_HISTORY_CAPTION,
  STOCK_HISTORY_HEADING,
  STOCK_HISTORY_LOADING,
  changeText,
  changeTimeText,
  eventText,
} from './stockHistoryTexts';

/**
 * A product's stock history, as its edit page shows it to the admin: each change newest first, what
 * moved it (the event, and the order), by how much, and the stock on hand and reserved after it (the
 * newest row's are the product's own); a page of 50 at a time, Older and Newer between them.
 */
export function StockHistory({ productId }: { productId: string }) {
  const dispatch = useAppDispatch();
  useEffect(() => void dispatch(stockHistoryOpened(productId)), [dispatch, productId]);
  const page = useAppSelector((state) => selectStockHistoryPage(state, productId));
  const history = useStockHistoryQuery({ productId, page });
  const pageCount = history.data ? Math.ceil(history.data.total / STOCK_HISTORY_PAGE_SIZE) : 0;

  return (
    <section className="stock-history" aria-labelledby="stock-history-heading">
      <h3 id="stock-history-heading">{STOCK_HISTORY_HEADING}</h3>
      {history.isLoading && <LoadingScreen label={STOCK_HISTORY_LOADING} />}
      {history.isError && <FormMessage kind="error">{readErrorText(history.error)}</FormMessage>}
      {history.data && (
        <>
          <DataTable
            caption={
              <>
                {STOCK_HISTORY_CAPTION}
                {pageCount > 1 && `, page ${page + 1} of ${pageCount}`}
              </>
            }
            columns={['Time', 'Change', 'On hand', 'Reserved', 'Event']}
          >
            {history.data.changes.map((change) => (
              <tr key={`${change.position}/${change.type}`}>
                <td data-label="Time">
                  <time dateTime={change.occurredAt}>{changeTimeText(change)}</time>
                </td>
                <td data-label="Change">{changeText(change)}</td>
                <td data-label="On hand">{change.onHandAfter}</td>
                <td data-label="Reserved">{change.reservedAfter}</td>
                <td data-label="Event" className="cell-long">
                  {eventText(change)}
                </td>
              </tr>
            ))}
          </DataTable>
          {pageCount > 1 && (
            <nav className="pagination" aria-label="Stock history pages">
              <button type="button" onClick={() => dispatch(stockHistoryPageChosen(page - 1))} disabled={page === 0}>
                {NEWER_CHANGES}
              </button>
              <button type="button" onClick={() => dispatch(stockHistoryPageChosen(page + 1))} disabled={page >= pageCount - 1}>
                {OLDER_CHANGES}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
