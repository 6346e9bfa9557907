import { useEffect } from 'react';
import { restockSchema, type ProductDto } from '@toolforge/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { FormDialog } from '../../components/forms/FormDialog';
import { FormMessage } from '../../components/forms/FormMessage';
import { TextField } from '../../components/forms/TextField';
import { onSubmit } from '../../components/forms/onSubmit';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { useServerFieldErrors } from '../../components/forms/useServerFieldErrors';
import { productRestockRequested, restockClosed, selectAdmin } from './adminSlice';

const FIELD_NAMES = ['quantity', 'reason'] as const;

/**
 * Restock or write off a product's stock: a whole number other than 0 (negative writes off), and
 * why, optionally. It closes once the shop took it; a refusal (more written off than is free of
 * reservations) stays on it.
 */
export function RestockDialog({ product }: { product: ProductDto }) {
  const dispatch = useAppDispatch();
  const restock = useAppSelector(selectAdmin).restock;
  const { register, handleSubmit, setError, errors } = useSchemaForm(restockSchema, { quantity: '', reason: '' });
  useServerFieldErrors(FIELD_NAMES, restock.fieldErrors, setError);
  // Leaving the page with the dialog open closes it: it does not reopen on the next visit.
  useEffect(() => () => void dispatch(restockClosed()), [dispatch]);

  return (
    <FormDialog
      title={`Restock ${product.name}`}
      submitLabel="Save stock"
      busy={restock.pending}
      onSubmit={onSubmit(
        handleSubmit((form) => dispatch(productRestockRequested({ productId: product._id, name: product.name, restock: form }))),
      )}
      onClose={() => dispatch(restockClosed())}
    >
      <p className="dialog-note">In stock: {product.stock}</p>
      <TextField
        label="Quantity"
        inputMode="numeric"
        hint="A negative number writes stock off"
        autoComplete="off"
        error={errors.quantity?.message}
        {...register('quantity')}
      />
      <TextField label="Reason (optional)" autoComplete="off" error={errors.reason?.message} {...register('reason')} />
      <FormMessage kind="error">{restock.error}</FormMessage>
    </FormDialog>
  );
}
