import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import type { CartDto, ProductDto } from '@toolforge/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { TextField } from '../../components/forms/TextField';
import { onSubmit } from '../../components/forms/onSubmit';
import { useSchemaForm } from '../../components/forms/useSchemaForm';
import { useProductQuery } from '../catalog/catalogApi';
import { firstQuantity, ladderHint } from '../catalog/ladder';
import { formatPrice } from '../catalog/price';
import { quantityRule } from '../orders/quantityRule';
import { cartLineRemoveRequested, cartLineSetRequested, selectCartChanging } from './cartSlice';
import { NOT_AVAILABLE, PRODUCT_GONE, onlyAvailableText } from './cartTexts';

type CartLine = CartDto['lines'][number];

/**
 * A line's quantity, checked by the order page's rules against the product as it stands (from its
 * minimum order to what can be ordered now, in whole packs) before it is sent.
 */
function LineQuantityForm({ line, product, busy }: { line: CartLine; product: ProductDto; busy: boolean }) {
  const dispatch = useAppDispatch();
  const schema = useMemo(() => z.object({ quantity: quantityRule({ ...product, stock: line.available }) }), [product, line.available]);
  const { register, handleSubmit, errors } = useSchemaForm(schema, { quantity: String(line.quantity) });
  const { productId, productName } = line;
  return (
    <form
      className="cart-quantity"
      noValidate
      onSubmit={onSubmit(handleSubmit(({ quantity }) => dispatch(cartLineSetRequested({ productId, productName, quantity }))))}
    >
      <TextField
        label={`Quantity of ${productName}`}
        labelHidden
        type="number"
        inputMode="numeric"
        min={firstQuantity(product)}
        max={line.available}
        step={Math.max(1, product.packSize)}
        error={errors.quantity?.message}
        {...register('quantity')}
      />
      <button type="submit" className="button button--small" disabled={busy} aria-label={`Update quantity of ${productName}`}>
        Update
      </button>
    </form>
  );
}

/**
 * One line of the cart: the product (with where its quantity stands on the ladder), the unit price
 * and line total the server priced it at, its quantity and Remove. A product that is gone, or of
 * which fewer can be ordered now, says so; only Remove is left for one that is gone.
 */
export function CartLineRow({ line }: { line: CartLine }) {
  const dispatch = useAppDispatch();
  const product = useProductQuery(line.productId);
  const busy = useAppSelector((state) => selectCartChanging(state).includes(line.productId));
  const name = line.productName || PRODUCT_GONE;
  const hint = product.data ? ladderHint(product.data, line.quantity) : '';
  const shortage = line.available === 0 ? NOT_AVAILABLE : line.available < line.quantity ? onlyAvailableText(line.available) : '';
  return (
    <tr>
      <td data-label="Product" className="cell-long">
        {product.isError ? name : <Link to={`/order/${encodeURIComponent(line.productId)}`}>{name}</Link>}
        {hint && <p className="ladder-hint">{hint}</p>}
        {shortage && <p className="field-error">{shortage}</p>}
      </td>
      <td data-label="Unit price">{formatPrice(line.unitPrice)}</td>
      <td data-label="Quantity">
        {product.data && line.available > 0 ? (
          // Keyed by the quantity: a cart changed elsewhere starts the field from the new one.
          <LineQuantityForm key={line.quantity} line={line} product={product.data} busy={busy} />
        ) : (
          line.quantity
        )}
      </td>
      <td data-label="Line total">{formatPrice(line.lineTotal)}</td>
      <td className="cell-actions">
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          aria-label={`Remove ${name} from your cart`}
          onClick={() => dispatch(cartLineRemoveRequested({ productId: line.productId, productName: name }))}
        >
          Remove
        </button>
      </td>
    </tr>
  );
}
