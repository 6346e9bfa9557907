import { z } from 'zod';
import { paymentReferenceSchema } from '@toolforge/contracts';
import { FormDialog } from '../../components/forms/FormDialog';
import { TextField } from '../../components/forms/TextField';
import { onSubmit } from '../../components/forms/onSubmit';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { shortOrderId } from '../orders/shortOrderId';

/** The reference, checked by the rule the server checks it with (required, one line, at most 100 characters). */
const markPaidSchema = z.object({ reference: paymentReferenceSchema });

/**
 * Asks for the reference of an offline payment (the bank transfer's) before an admin marks an order
 * paid: the order's OrderPaid names it, and My Orders and the history show it.
 */
export function MarkPaidDialog({
  orderId,
  onMarkPaid,
  onClose,
}: {
  orderId: string;
  onMarkPaid: (reference: string) => void;
  onClose: () => void;
}) {
  const { register, handleSubmit, errors } = useSchemaForm(markPaidSchema, { reference: '' });
  return (
    <FormDialog
      title={`Mark order ${shortOrderId(orderId)} paid?`}
      submitLabel="Mark paid"
      closeLabel="Keep unpaid"
      onSubmit={onSubmit(handleSubmit(({ reference }) => onMarkPaid(reference)))}
      onClose={onClose}
    >
      <TextField
        label="Payment reference"
        hint="The bank transfer’s reference, for a payment made outside the shop"
        autoComplete="off"
        error={errors.reference?.message}
        {...register('reference')}
      />
    </FormDialog>
  );
}
