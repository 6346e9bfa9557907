import { useEffect } from 'react';
import { FIELD_LABELS, shippingFormSchema } from '@toolforge/contracts';
import { TextAreaField } from '../../components/forms/TextAreaField';
import { onSubmit } from '../../components/forms/onSubmit';
import { useSchemaForm } from '../../components/forms/useSchemaForm';

interface ShippingStepProps {
  busy: boolean;
  onConfirm: (shippingAddress: string) => void;
  /** Put the focus in the address when the step appears in place of the button that asked for it (the cart's Checkout). */
  focusOnShow?: boolean;
}

/** Step two (docs/architecture.md#9-the-products-rules): where to ship, then Confirm Order. */
export function ShippingStep({ busy, onConfirm, focusOnShow = false }: ShippingStepProps) {
  const { register, handleSubmit, setFocus, errors } = useSchemaForm(shippingFormSchema);
  useEffect(() => {
    if (focusOnShow) setFocus('shippingAddress');
  }, [focusOnShow, setFocus]);
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
