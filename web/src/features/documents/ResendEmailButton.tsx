import { useCallback, useState } from 'react';
import type { OrderDto } from '@toolforge/contracts';
import { useAppDispatch } from '../../app/hooks';
import { shortOrderId } from '../orders/shortOrderId';
import { resendEmailLabel } from './documentTexts';
import { emailResendRequested } from './documentsSlice';
import { ResendEmailDialog } from './ResendEmailDialog';
import { resendableEmails } from './resendableEmails';

/** Manage Orders' "Resend e-mail" of one order: the dialog asks which, the saga sends the admin's command. */
export function ResendEmailButton({ order }: { order: OrderDto }) {
  const dispatch = useAppDispatch();
  const [asking, setAsking] = useState(false);
  const close = useCallback(() => setAsking(false), []);
  return (
    <>
      <button
        type="button"
        className="button button--small"
        aria-label={`${resendEmailLabel} for order ${shortOrderId(order._id)}`}
        onClick={() => setAsking(true)}
      >
        {resendEmailLabel}
      </button>
      {asking && (
        <ResendEmailDialog
          orderId={order._id}
          emails={resendableEmails(order)}
          onClose={close}
          onResend={(email) => {
            dispatch(emailResendRequested({ orderId: order._id, email }));
            setAsking(false);
          }}
        />
      )}
    </>
  );
}
