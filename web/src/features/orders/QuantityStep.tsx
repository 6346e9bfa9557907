import { useMemo } from 'react';
import { z } from 'zod';
import { orderQuantitySchema, type ProductDto } from '@toolforge/contracts';
import { TextField } from '../../components/forms/TextField';
import { onSubmit } from '../../components/forms/onSubmit';
import { useSchemaForm } from '../../components/forms/useSchemaForm';

/** Step one (docs/architecture.md#9-the-products-rules): a quantity from the product's minimum order to its stock, then Proceed. */
export function QuantityStep({ product, onProceed }: { product: ProductDto; onProceed: (quantity: number) => void }) {
  const schema = useMemo(() => z.object({ orderQuantity: orderQuantitySchema(product) }), [product]);
  const { register, handleSubmit, errors } = useSchemaForm(schema, { orderQuantity: String(product.minOrder) });
  return (
    <form className="order-step" noValidate onSubmit={onSubmit(handleSubmit(({ orderQuantity }) => onProceed(orderQuantity)))}>
      <TextField
        label="Quantity"
        type="number"
        inputMode="numeric"
        min={product.minOrder}
        max={product.stock}
        hint={`From ${product.minOrder} to ${product.stock}`}
        error={errors.orderQuantity?.message}
        {...register('orderQuantity')}
      />
      <button type="submit" className="button button--primary">
        Proceed
      </button>
    </form>
  );
}
