import { useMemo } from 'react';
import { z } from 'zod';
import type { ProductDto } from '@toolforge/contracts';
import { TextField } from '../../components/forms/TextField';
import { onSubmit } from '../../components/forms/onSubmit';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { firstQuantity, ladderHint } from '../catalog/ladder';
import { quantityRule } from './quantityRule';

interface QuantityStepProps {
  product: ProductDto;
  onProceed: (quantity: number) => void;
  /** "Add to cart" beside Proceed, for a customer: the quantity, checked by the same rules, goes into the cart. */
  addToCart?: { busy: boolean; add: (quantity: number) => void };
}

/**
 * Step one (docs/architecture.md#9-the-products-rules): a quantity from the product's minimum order
 * to its stock, in whole packs, with where it stands on the product's ladder; then Proceed.
 */
export function QuantityStep({ product, onProceed, addToCart }: QuantityStepProps) {
  const schema = useMemo(() => z.object({ orderQuantity: quantityRule(product) }), [product]);
  const first = firstQuantity(product);
  const { register, handleSubmit, watch, errors } = useSchemaForm(schema, { orderQuantity: String(first) });
  const typed = Number(watch('orderQuantity'));
  const hint = Number.isSafeInteger(typed) && typed > 0 ? ladderHint(product, typed) : '';
  const pack = Math.max(1, product.packSize);
  return (
    <form className="order-step" noValidate onSubmit={onSubmit(handleSubmit(({ orderQuantity }) => onProceed(orderQuantity)))}>
      <TextField
        label="Quantity"
        type="number"
        inputMode="numeric"
        min={first}
        max={product.stock}
        step={pack}
        hint={`From ${first} to ${product.stock}${pack > 1 ? `, in packs of ${pack}` : ''}`}
        error={errors.orderQuantity?.message}
        {...register('orderQuantity')}
      />
      {hint && <p className="ladder-hint">{hint}</p>}
      <div className="step-actions">
        <button type="submit" className="button button--primary">
          Proceed
        </button>
        {addToCart && (
          <button
            type="button"
            className="button"
            disabled={addToCart.busy}
            onClick={() => void handleSubmit(({ orderQuantity }) => addToCart.add(orderQuantity))()}
          >
            Add to cart
          </button>
        )}
      </div>
    </form>
  );
}
