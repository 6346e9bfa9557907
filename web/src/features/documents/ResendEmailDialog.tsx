import { resendOrderEmailSchema, type OrderEmail } from '@toolforge/contracts';
import { FormDialog } from '../../components/forms/FormDialog';
import { SelectField } from '../../components/forms/SelectField';
import { onSubmit } from '../../components/forms/onSubmit';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { shortOrderId } from '../orders/shortOrderId';
import { EMAIL_NAMES } from './documentTexts';

/** Asks which of the order's e-mails to send again, offering only those it had (`resendableEmails`), the first chosen. */
export function ResendEmailDialog({
  orderId,
  emails,
  onResend,
  onClose,
}: {
  orderId: string;
  emails: readonly OrderEmail[];
  onResend: (email: OrderEmail) => void;
  onClose: () => void;
}) {
  // Checked by the rule the server checks the body with: a value forced into the list is refused here too.
  const { register, handleSubmit, errors } = useSchemaForm(resendOrderEmailSchema, { email: emails[0] });
  return (
    <FormDialog
      title={`Resend an e-mail of order ${shortOrderId(orderId)}`}
      submitLabel="Send again"
      onSubmit={onSubmit(handleSubmit(({ email }) => onResend(email)))}
      onClose={onClose}
    >
      <SelectField
        label="E-mail"
        options={emails.map((email) => ({ value: email, label: EMAIL_NAMES[email] }))}
        error={errors.email?.message}
        {...register('email')}
      />
    </FormDialog>
  );
}
