import type { OrderDto } from '@toolforge/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { orderDocuments } from './orderDocuments';
import { documentDownloadRequested, selectDownloadingDocuments } from './documentsSlice';

/**
 * An order's documents, as the order lists show them in their Documents column: a button per
 * document (its invoice once paid, a credit note per cancellation after payment) that saves its
 * PDF, or a dash when it has none. Buttons, not links: the file is fetched with the bearer first.
 */
export function OrderDocuments({ order }: { order: OrderDto }) {
  const dispatch = useAppDispatch();
  const downloading = useAppSelector(selectDownloadingDocuments);
  const documents = orderDocuments(order);
  if (documents.length === 0)
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">No documents</span>
      </>
    );
  return (
    <div className="order-documents">
      {documents.map(({ label, path, fileName }) => (
        <button
          key={path}
          type="button"
          className="button button--link"
          disabled={downloading.includes(path)}
          onClick={() => dispatch(documentDownloadRequested({ path, fileName }))}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
