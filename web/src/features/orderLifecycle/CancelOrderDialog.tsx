import { cancelOrderSchema } from '@toolforge/contracts';
import { FormDialog } from '../../components/forms/FormDialog';
import { TextField } from '../../components/forms/TextField';
import { onSubmit } from '../../components/forms/onSubmit';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { shortOrderId } from '../orders/shortOrderId';

/** Asks why an order is cancelled (optional, checked by the rules the server checks) before cancelling it. */
export function CancelOrderDialog({
  orderId,
  onCancel,
  onClose,
}: {
  orderId: string;
  onCancel: (reason: string) => void;
  onClose: () => void;
}) {
  const { register, handleSubmit, errors } = useSchemaForm(cancelOrderSchema, { reason: '' });
  return (
    <FormDialog
      title={`Cancel order ${shortOrderId(orderId)}?`}
      submitLabel="Cancel order"
      closeLabel="Keep order"
      danger
      onSubmit={onSubmit(handleSubmit(({ reason }) => onCancel(reason)))}
      onClose={onClose}
    >
      <TextField label="Reason (optional)" autoComplete="off" error={errors.reason?.message} {...register('reason')} />
    </FormDialog>
  );
}
