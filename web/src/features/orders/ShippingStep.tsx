import { FIELD_LABELS, shippingFormSchema } from '@toolforge/contracts';
import { TextAreaField } from '../../components/forms/TextAreaField';
import { onSubmit } from '../../components/forms/onSubmit';
import { useSchemaForm } from '../../components/forms/useSchemaForm';

/** Step two (docs/architecture.md#9-the-products-rules): where to ship, then Confirm Order. */
export function ShippingStep({ busy, onConfirm }: { busy: boolean; onConfirm: (shippingAddress: string) => void }) {
  const { register, handleSubmit, errors } = useSchemaForm(shippingFormSchema);
  return (
    <form className="order-step" noValidate onSubmit={onSubmit(handleSubmit(({ shippingAddress }) => onConfirm(shippingAddress)))}>
      <TextAreaField
        label={FIELD_LABELS.shippingAddress}
        rows={4}
        autoComplete="street-address"
        error={errors.shippingAddress?.message}
        {...register('shippingAddress')}
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        Confirm Order
      </button>
    </form>
  );
}
