import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { orderQuantitySchema, type ProductDto } from '@toolforge/contracts';
import { TextField } from '../forms/TextField';
import { onSubmit } from '../forms/onSubmit';

/** Step one (docs/architecture.md §9): a quantity from the product's minimum order to its stock, then Proceed. */
export function QuantityStep({ product, onProceed }: { product: ProductDto; onProceed: (quantity: number) => void }) {
  const schema = useMemo(() => z.object({ orderQuantity: orderQuantitySchema(product) }), [product]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(schema),
    mode: 'onBlur',
    defaultValues: { orderQuantity: String(product.minOrder) },
  });
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
