import { useEffect } from 'react';
import { TOAST_AUTO_CLOSE_MS } from '@toolforge/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectToasts, toastClosed, type Toast } from './toastSlice';

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const timer = setTimeout(() => dispatch(toastClosed(toast.id)), TOAST_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id]);
  return (
    // A list item keeps its listitem role (the list holds only items): the text inside carries the status or alert.
    <li className={`toast toast--${toast.kind}`}>
      <span role={toast.kind === 'error' ? 'alert' : 'status'}>{toast.text}</span>
      <button type="button" className="toast-close" aria-label="Close notification" onClick={() => dispatch(toastClosed(toast.id))}>
        ×
      </button>
    </li>
  );
}

/** Notifications, top-right, each closing itself after 5 s (docs/architecture.md#9-the-products-rules). */
export function Toasts() {
  const toasts = useAppSelector(selectToasts);
  return (
    <ul className="toasts" aria-live="polite" aria-label="Notifications">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </ul>
  );
}
